package outcome

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/scorer"
)

// byWind turns numbers by physical seat into numbers by the wind each
// seat has when dealer is East.
func byWind(p [4]int, dealer engine.Seat) ByWind {
	m := make(ByWind, 4)
	for w := engine.East; w <= engine.North; w++ {
		m[w.Letter()] = p[w.Seat(dealer)]
	}
	return m
}

// Seat is the number of a physical seat, dealer being East's seat.
func (m ByWind) Seat(s, dealer engine.Seat) int { return m[s.Wind(dealer).Letter()] }

// nonNilMap is a ByWind written {} rather than null when empty.
func nonNilMap(m ByWind) ByWind {
	if m == nil {
		return ByWind{}
	}
	return m
}

// Win is one winner's hand in a score line: its seat, the discarder (null
// for a tsumo), the value as entered (han and fu, 0 after a limit entered
// by name), the limit it reached ("" below mangan), how many yakuman, the
// liable seat, its worth before counters and deposits, its yaku (with
// their han, dora included; none for a value entered as han and fu). A
// win scored from its hand has the han and fu the scorer counted, and in
// the log (not in the scenario output) the hand's tiles and its fu.
type Win struct {
	Seat    string        `json:"seat"`
	From    *string       `json:"from"`
	Han     int           `json:"han"`
	Fu      int           `json:"fu"`
	Limit   string        `json:"limit"`
	Yakuman int           `json:"yakuman,omitempty"`
	Pao     string        `json:"pao,omitempty"`
	Points  int           `json:"points"`
	Yaku    []scorer.Yaku `json:"yaku"`
	// Hand is the scored hand's tiles: the concealed ones, the winning
	// tile and the melds ("234m 456p 789s 55z 5p win 5p, pon 4z4z4z").
	Hand string `json:"hand,omitempty"`
	// FuParts are the scored hand's fu, part by part.
	FuParts []scorer.FuPart `json:"fu_parts,omitempty"`
}

// Standing is one seat's place at the game's end: the physical seat, its
// wind in the last hand, its place (shared on a tie), its points and its
// result after uma, leftover deposits and penalties.
type Standing struct {
	Seat   int    `json:"seat"`
	Wind   string `json:"wind"`
	Place  int    `json:"place"`
	Points int    `json:"points"`
	Result int    `json:"result"`
}

func scoreOf(r *Record, o engine.Outcome) {
	sc := o.Score
	if sc == nil {
		return
	}
	r.Result, r.Honba, r.Sticks = sc.Result.String(), sc.Honba, sc.Sticks
	r.Deltas, r.Scores = byWind(sc.Deltas, o.Dealer), byWind(sc.Scores, o.Dealer)
	if o.Seat.Valid() {
		r.Chombo = letter(o.Seat, o.Dealer)
	}
	if sc.Penalty != [4]int{} {
		r.Penalty = byWind(sc.Penalty, o.Dealer)
	}
	r.Wins = make([]Win, 0, len(sc.Wins))
	for _, w := range sc.Wins {
		jw := Win{Seat: letter(w.Seat, o.Dealer), Han: w.Value.Han, Fu: w.Value.Fu, Limit: w.Limit.String(), Points: w.Points, Yaku: []scorer.Yaku{}}
		if h := w.Hand; h != nil {
			jw.Han, jw.Fu, jw.Hand = h.Result.Han, h.Result.Fu, h.String()
			jw.Yaku = append(jw.Yaku, h.Result.Yaku...)
			jw.FuParts = append([]scorer.FuPart(nil), h.Result.FuParts...)
		}
		if w.Value.Yakuman > 1 {
			jw.Yakuman = w.Value.Yakuman
		}
		if w.From.Valid() {
			f := letter(w.From, o.Dealer)
			jw.From = &f
		}
		if w.Pao.Valid() {
			jw.Pao = letter(w.Pao, o.Dealer)
		}
		r.Wins = append(r.Wins, jw)
	}
}

func gameEndOf(r *Record, o engine.Outcome) {
	g := o.GameEnd
	if g == nil {
		return
	}
	r.Scores, r.Sticks, r.Standings = byWind(g.Scores, o.Dealer), g.Sticks, make([]Standing, 0, len(g.Standings))
	r.Reason = string(g.End)
	var penalty [4]int
	for _, st := range g.Standings {
		r.Standings = append(r.Standings, Standing{Seat: st.Seat, Wind: letter(engine.Seat(st.Seat), o.Dealer), Place: st.Place, Points: st.Points, Result: st.Result})
		penalty[st.Seat] = st.Penalty
	}
	if penalty != [4]int{} {
		r.Penalty = byWind(penalty, o.Dealer)
	}
}

// WinValue is a win's worth as people say it: "3 han 40 fu 5200 from
// South", "mangan 8000", "2x yakuman 64000 (pao North)".
func (wd Words) WinValue(w Win) string {
	l := wd.l
	var s string
	switch {
	case w.Han == 0 && w.Fu == 0 && w.Limit == "":
		s = l.Text("record.score.no_value")
	case w.Han == 0 && w.Fu == 0 && w.Yakuman > 1:
		s = l.Text("value.yakuman_times", "n", w.Yakuman)
	case w.Han == 0 && w.Fu == 0:
		s = wd.limit(w.Limit)
	case w.Fu == 0:
		s = l.Text("value.han", "han", w.Han)
	default:
		s = l.Text("value.han_fu", "han", w.Han, "fu", w.Fu)
	}
	if w.Limit != "" && (w.Han != 0 || w.Fu != 0) {
		s += " (" + wd.limit(w.Limit) + ")"
	}
	if len(w.Yaku) > 0 {
		s += " [" + YakuList(l, w.Yaku) + "]"
	}
	s += " " + strconv.Itoa(w.Points)
	if w.From != nil {
		s += " " + l.Text("record.score.from", "seat", wd.WindName(*w.From))
	}
	if w.Pao != "" {
		s += " (" + l.Text("record.score.pao", "seat", wd.WindName(w.Pao)) + ")"
	}
	if w.Hand != "" {
		s += ", " + l.Text("record.score.hand", "hand", handIn(l, w.Hand))
	}
	return s
}

// limit is a limit's name in words; one the catalog lacks as it is.
func (wd Words) limit(name string) string {
	if !wd.l.Has("limit."+name) && !catalog.English().Has("limit."+name) {
		return name
	}
	return wd.l.Text("limit." + name)
}

// PointsLine is points by wind: "E 24800 S 25000 W 30200 N 20000"; signed
// for changes ("E -5200 ...").
func (wd Words) PointsLine(p ByWind, signed bool) string {
	var b strings.Builder
	for i, w := range windOrder {
		if i > 0 {
			b.WriteByte(' ')
		}
		letter := wd.l.Text("wind.letter." + w)
		if signed {
			fmt.Fprintf(&b, "%s %+d", letter, p[w])
		} else {
			fmt.Fprintf(&b, "%s %d", letter, p[w])
		}
	}
	return b.String()
}

// Score is a hand's settlement in words: "ron: West 3 han 40 fu 5200
// from South; changes E +0 S -5200 W +5200 N +0; scores E 30000 ...;
// honba 0, sticks 0".
func (wd Words) Score(r Record) string {
	l := wd.l
	what := wd.Result(r.Result)
	ws := make([]string, 0, len(r.Wins))
	for _, w := range r.Wins {
		ws = append(ws, wd.WindName(w.Seat)+" "+wd.WinValue(w))
	}
	if len(ws) > 0 {
		what = l.Text("record.score.wins", "result", what, "wins", strings.Join(ws, ", "))
	}
	if r.Chombo != "" {
		what = l.Text("record.score.chombo", "result", what, "seat", wd.WindName(r.Chombo))
	}
	line := l.Text("record.score.line", "what", what, "changes", wd.PointsLine(r.Deltas, true), "scores", wd.PointsLine(r.Scores, false),
		"honba", strconv.Itoa(r.Honba), "sticks", strconv.Itoa(r.Sticks))
	for _, w := range windOrder {
		if p := r.Penalty[w]; p != 0 {
			line += "; " + l.Text("record.score.penalty", "seat", wd.WindName(w), "points", strconv.Itoa(p))
		}
	}
	return line
}

// WinValue is Words.WinValue in English.
func WinValue(w Win) string { return In(nil).WinValue(w) }

// PointsLine is Words.PointsLine in English.
func PointsLine(p ByWind, signed bool) string { return In(nil).PointsLine(p, signed) }

// Score is Words.Score in English.
func Score(r Record) string { return In(nil).Score(r) }
