package outcome

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// This file is the one place where a record becomes words, in any of the
// catalog's languages. The reasons are the engine's codes and arguments
// (reason.go, said.go); these sentences say what a record is, and each
// surface (the terminal, the panel, the page, the log's text, the console)
// puts its own tag before them. The package's functions of the same names
// are English: In(nil).

// Words are the sentences of records in one language.
type Words struct {
	l *catalog.Lang
	// Window and Deadline are the session's claim window and call
	// deadline, when the reader knows them: a record logged before
	// reasons kept their arguments names them only in its English words.
	Window, Deadline time.Duration
}

// In is the sentences of records in l (nil: English).
func In(l *catalog.Lang) Words { return Words{l: l} }

// Lang is the language the sentences are in.
func (w Words) Lang() *catalog.Lang { return w.l }

// english reports the catalog's Default language, whose reasons are the
// ones logged.
func (w Words) english() bool { return w.l.Code() == catalog.Default }

// WindName is a wind letter as players say it ("E" is "East", "Est");
// anything else is returned as it is.
func (w Words) WindName(letter string) string {
	if _, err := engine.ParseWind(letter); err != nil {
		return letter
	}
	return w.l.Text("wind." + letter)
}

// CallLabel is a call as the panel and the reasons name it: "PON North",
// "ÉCART Sud"; with no seat, the call alone.
func (w Words) CallLabel(call, seat string) string {
	if seat == "" {
		return CallWord(w.l, call)
	}
	return CallWord(w.l, call) + " " + w.WindName(seat)
}

// DealHand is a deal's hand: "East 2".
func (w Words) DealHand(r Record) string {
	return w.l.Text("record.deal_hand", "round", w.WindName(r.RoundWind), "hand", r.Hand)
}

// DealTable is what a deal leaves on the table: "1 honba, 0 riichi
// sticks; seat 1 deals".
func (w Words) DealTable(r Record) string {
	return w.l.Text("record.deal_table", "honba", r.Honba, "sticks", r.RiichiSticks, "dealer", r.DealerSeat)
}

// Deal is a deal line: "East 2, 1 honba, 0 riichi sticks; seat 1 deals".
func (w Words) Deal(r Record) string {
	return w.l.Text("record.deal", "hand", w.DealHand(r), "table", w.DealTable(r))
}

// Won names a decision's winning claims: "PON North", "RON West and RON
// North".
func (w Words) Won(r Record) string {
	ws := make([]string, 0, len(r.Won))
	for _, c := range r.Won {
		ws = append(ws, w.CallLabel(c.Call, c.Seat))
	}
	return strings.Join(ws, w.l.Text("decision.and"))
}

// Claimed is what a decision was about: "East's 6s", or "East's kong of
// 6s" when a ron robs it.
func (w Words) Claimed(r Record) string {
	switch {
	case r.Discard == nil:
		return w.l.Text("record.the_table")
	case r.Robbing:
		return w.l.Text("record.claimed_kong", "seat", w.WindName(r.Discard.Seat), "tile", tileCodeIn(w.l, r.Discard.Tile))
	}
	return w.l.Text("record.claimed", "seat", w.WindName(r.Discard.Seat), "tile", tileCodeIn(w.l, r.Discard.Tile))
}

// LostLine says why a claim lost: "CHII South lost: called within 250 ms
// ..." (the rule in words; a record logged before the rule was kept apart
// gives the engine's whole sentence).
func (w Words) LostLine(c SeatCall) string { return w.lostLine(c, nil) }

// LostLineOf is LostLine of a claim that lost in decision r, which tells a
// record logged before reasons kept their arguments what they were.
func (w Words) LostLineOf(r Record, c SeatCall) string { return w.lostLine(c, &r) }

func (w Words) lostLine(c SeatCall, r *Record) string {
	why := c.Why
	if why == "" {
		why = c.Reason
	}
	if s, ok := w.lostWhy(c, r, false); ok {
		why = s
	}
	return w.l.Text("record.lost", "call", w.CallLabel(c.Call, c.Seat), "why", why)
}

// Rejected is a refused input: "CHII West: only South, next in turn, ...".
func (w Words) Rejected(r Record) string {
	return w.l.Text("record.rejected", "call", w.CallLabel(r.Call, r.Seat), "reason", w.Reason(r))
}

// Flag is what the referee must check: "check West: ..." ("check the
// table: ..." when no seat is concerned).
func (w Words) Flag(r Record) string {
	who := w.l.Text("record.the_table")
	if r.Seat != "" {
		who = w.WindName(r.Seat)
	}
	return w.l.Text("record.flag", "who", who, "reason", w.Reason(r))
}

// Dora is the indicators shown and the dora they point to: "indicators 3p
// 7z -> dora 4p 5z"; a withdrawn kan dora read says so first ("kan dora
// indicator 4m withdrawn: ...; indicators 1m -> dora 2m").
func (w Words) Dora(r Record) string {
	s := w.l.Text("record.dora", "indicators", strings.Join(r.Indicators, " "), "dora", strings.Join(r.Dora, " "))
	if r.Reason != "" {
		s = w.l.Text("record.dora_withdrawn", "reason", w.Reason(r), "dora", s)
	}
	return s
}

// Revision is a revision in the table's words, with the lines it
// withdraws: "... arrived after the table had decided up to 350ms ...;
// withdraws line 1".
func (w Words) Revision(r Record) string {
	reason := w.TableNote(r.note, r.Reason)
	if len(r.Withdraws) == 0 {
		return reason
	}
	ls := make([]string, len(r.Withdraws))
	for i, l := range r.Withdraws {
		ls[i] = strconv.Itoa(l)
	}
	return w.l.Text("record.withdraws", "reason", reason, "lines", strings.Join(ls, ", "))
}

// NewDora is the latest indicator and its dora, "indicator 7z -> dora 5z",
// and the tiles themselves; ok is false for a record without one.
func (w Words) NewDora(r Record) (text, indicator, dora string, ok bool) {
	n := len(r.Indicators)
	if n == 0 || len(r.Dora) != n {
		return "", "", "", false
	}
	return w.l.Text("record.new_dora", "indicator", r.Indicators[n-1], "dora", r.Dora[n-1]), r.Indicators[n-1], r.Dora[n-1], true
}

// HandEnd is how a hand ended: "ron by West and North", "draw", or the
// result alone when nobody is named.
func (w Words) HandEnd(r Record) string {
	ws := make([]string, 0, len(r.Winners))
	for _, s := range r.Winners {
		ws = append(ws, w.WindName(s))
	}
	result := w.Result(r.Result)
	switch {
	case r.Result == engine.ResultChombo.String() && r.Reason != "":
		return w.Reason(r) // the engine's words name the offender
	case len(ws) == 0:
		return result
	}
	return w.l.Text("record.hand_end", "result", result, "winners", strings.Join(ws, w.l.Text("decision.and")))
}

// Result is how a hand ended, in a word: "ron", "draw"; one it does not
// know is returned as it is.
func (w Words) Result(result string) string {
	key := map[string]string{"ron": "record.result.ron", "tsumo": "record.result.tsumo", "draw": "record.result.draw", "chombo": "record.result.chombo"}[result]
	if key == "" {
		return result
	}
	return w.l.Text(key)
}

// KongStands is a kong nobody robbed, in the engine's words.
func (w Words) KongStands(r Record) string { return w.Reason(r) }

// Line is a record as one line of the terminal and the page, a tag and
// its sentence: "DECISION on East's 6s: PON North: the only claim", each
// lost claim on a line of its own below.
func (w Words) Line(r Record) string {
	tag := func(key, s string) string { return fmt.Sprintf("%-8s %s", w.l.Text(key), s) }
	switch r.Type {
	case TypeDecision:
		s := w.l.Text("record.line.decision", "claimed", w.Claimed(r), "reason", w.Reason(r))
		for _, c := range r.Lost {
			reason := c.Reason
			if why, ok := w.lostWhy(c, &r, true); ok {
				reason = why
			}
			s += "\n           " + w.l.Text("record.line.lost", "reason", reason)
		}
		return s
	case TypeRejected:
		return tag("record.tag.rejected", w.Rejected(r))
	case TypeFlag:
		return tag("record.tag.flag", w.Flag(r))
	case TypeDeal:
		return tag("record.tag.deal", w.Deal(r))
	case TypeKongStands:
		return tag("record.tag.kong", w.KongStands(r))
	case TypeDora:
		return tag("record.tag.dora", w.Dora(r))
	case TypeHandEnd:
		return tag("record.tag.hand_end", w.HandEnd(r))
	case TypeScore:
		return tag("record.tag.score", w.Score(r))
	case TypeGameEnd:
		return tag("record.tag.game_end", w.GameEnd(r))
	case TypeRevision:
		return tag("record.tag.revision", w.Revision(r))
	case TypeSeated:
		return tag("record.tag.seated", w.Reason(r))
	case TypeConfirmed:
		return tag("record.tag.confirmed", w.Reason(r))
	}
	return string(r.Type)
}

// The package's sentences in English, for the surfaces that have no
// reader's language yet.

// WindName is Words.WindName in English.
func WindName(letter string) string { return In(nil).WindName(letter) }

// CallLabel is Words.CallLabel in English.
func CallLabel(call, seat string) string { return In(nil).CallLabel(call, seat) }

// DealHand is Words.DealHand in English.
func DealHand(r Record) string { return In(nil).DealHand(r) }

// DealTable is Words.DealTable in English.
func DealTable(r Record) string { return In(nil).DealTable(r) }

// Deal is Words.Deal in English.
func Deal(r Record) string { return In(nil).Deal(r) }

// Won is Words.Won in English.
func Won(r Record) string { return In(nil).Won(r) }

// Claimed is Words.Claimed in English.
func Claimed(r Record) string { return In(nil).Claimed(r) }

// LostLine is Words.LostLine in English.
func LostLine(c SeatCall) string { return In(nil).LostLine(c) }

// Rejected is Words.Rejected in English.
func Rejected(r Record) string { return In(nil).Rejected(r) }

// Flag is Words.Flag in English.
func Flag(r Record) string { return In(nil).Flag(r) }

// Dora is Words.Dora in English.
func Dora(r Record) string { return In(nil).Dora(r) }

// Revision is Words.Revision in English.
func Revision(r Record) string { return In(nil).Revision(r) }

// NewDora is Words.NewDora in English.
func NewDora(r Record) (text, indicator, dora string, ok bool) { return In(nil).NewDora(r) }

// HandEnd is Words.HandEnd in English.
func HandEnd(r Record) string { return In(nil).HandEnd(r) }

// KongStands is Words.KongStands in English.
func KongStands(r Record) string { return In(nil).KongStands(r) }

// Line is Words.Line in English.
func Line(r Record) string { return In(nil).Line(r) }
