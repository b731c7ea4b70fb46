package logtext

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/tile"
)

// Reader puts records into words as it reads a log in order: it follows
// the session (its window and call deadline, which an old record's words
// name), the dealer of each hand and the players' names by physical seat,
// so that a record's seat (a wind of its hand) is printed with the name of
// the player who sat there.
type Reader struct {
	w      outcome.Words
	dealer int
	// dealers are the dealers of the hands dealt so far, by hand: an
	// outcome a revision published again of a hand before is named by
	// its own hand's seats.
	dealers map[int]int
	names   [4]string
}

// NewReader is a Reader in language l (nil: English).
func NewReader(l *catalog.Lang) *Reader { return &Reader{w: outcome.In(l)} }

// See takes what r says of the session, the dealer or a name.
func (n *Reader) See(r claimlog.Record) {
	switch {
	case r.Kind == claimlog.KindNote && (r.Type == claimlog.TypeSession || r.Type == claimlog.TypeRestart):
		if s, err := journal.SessionOf(r); err == nil {
			n.w.Window, n.w.Deadline = time.Duration(s.WindowNS), time.Duration(s.DeadlineNS)
			if s.Dealer >= 0 && s.Dealer < 4 {
				n.dealer = s.Dealer
			}
		}
	case r.Kind == claimlog.KindOutcome && r.Type == string(outcome.TypeDeal):
		if o, err := journal.Outcome(r); err == nil && o.DealerSeat >= 0 && o.DealerSeat < 4 {
			n.dealer = o.DealerSeat
			if n.dealers == nil {
				n.dealers = map[int]int{}
			}
			n.dealers[r.Hand] = o.DealerSeat
		}
	case r.Kind == claimlog.KindInput && r.Type == "name":
		if b, err := journal.Input(r); err == nil && b.Event.Seat.Valid() {
			n.names[b.Event.Seat] = b.Event.Name
		}
	}
}

// player is the name of the player at wind (a letter of the hand whose
// dealer's seat is dealer), "" when none was given.
func (n *Reader) player(wind string, dealer int) string {
	w, err := engine.ParseWind(wind)
	if err != nil {
		return ""
	}
	return n.names[w.Seat(engine.Seat(dealer))]
}

// dealerOf is the dealer's seat of hand, as far as r has read: the seat
// its deal named, else the latest dealer.
func (n *Reader) dealerOf(hand int) int {
	if d, ok := n.dealers[hand]; ok {
		return d
	}
	return n.dealer
}

// Line is one record as a line of `tabled log`: inHand is its time within
// the hand. A voided input or a withdrawn outcome says by what.
func (n *Reader) Line(m claimlog.Marked, inHand time.Duration) string {
	l := n.w.Lang()
	r := m.Record
	what := string(r.Body)
	dealer := n.dealerOf(r.Hand)
	switch r.Kind {
	case claimlog.KindInput:
		if b, err := journal.Input(r); err == nil {
			what = n.input(b)
			if b.Dealer.Valid() {
				dealer = int(b.Dealer) // its seat's letter was written with it
			}
		}
	case claimlog.KindVoid:
		if b, err := journal.Void(r); err == nil {
			what = l.Text("log.void", "record", strconv.FormatUint(b.Void, 10))
			if len(b.Retracted) > 0 {
				rs := make([]string, len(b.Retracted))
				for i, o := range b.Retracted {
					rs[i] = strconv.FormatUint(o, 10)
				}
				what = l.Text("log.void_withdrawing", "record", strconv.FormatUint(b.Void, 10), "records", strings.Join(rs, " "))
			}
			if b.Note != "" {
				what += " [" + n.w.TableNote(journal.Said(r), b.Note) + "]"
			}
		}
	case claimlog.KindNote:
		what = journal.NoteTag(l, r.Type) + " " + n.note(r)
	case claimlog.KindOutcome:
		if o, err := journal.Outcome(r); err == nil {
			what = n.outcome(o)
		}
	}
	switch {
	case m.VoidedBy != 0:
		what = l.Text("log.voided", "record", strconv.FormatUint(m.VoidedBy, 10), "what", what)
	case m.WithdrawnBy != 0:
		what = l.Text("log.withdrawn", "record", strconv.FormatUint(m.WithdrawnBy, 10), "what", what)
	}
	t := "-" // a session's notes belong to no hand
	if r.Hand > 0 {
		t = fmt.Sprintf("%.3fs", inHand.Truncate(time.Millisecond).Seconds()) // in whole ms, as the page and the CSV give it
	}
	if p := n.player(r.Seat, dealer); p != "" {
		what = "(" + p + ") " + what
	}
	return fmt.Sprintf("%6d  %11s  %s  %s  %-7s %-2s %s", r.Seq, t, r.Wall.Local().Format("15:04:05.000"),
		l.Text("log.hand", "hand", strconv.Itoa(r.Hand)), r.Source, r.Seat, what)
}

// input is an input's body in words: its action, tiles, value, name,
// seating, card, and the table's notes on it.
func (n *Reader) input(b journal.InputBody) string {
	l, ev := n.w.Lang(), b.Event
	// English keeps the action's name as scripts and logs spell it;
	// another language its word (outcome.InputWord: "écart", "valeur").
	what := ev.Action.String()
	if l.Code() != catalog.Default {
		what = outcome.InputWord(l, what)
	}
	if len(ev.Hand) > 0 {
		what += " " + tile.Format(ev.Hand)
		if ev.Tile.Known() {
			what += " " + l.Text("log.win")
		}
	}
	if ev.Tile.Known() {
		what += " " + ev.Tile.String()
	}
	if sh := ev.Shown; sh[0].Known() || sh[1].Known() {
		what += " " + l.Text("log.showing", "tiles", tile.Format(knownTiles(sh[:])))
	}
	if v := ev.Value; v != nil {
		what += " " + outcome.ValueWords(l, v.Value)
	}
	if ev.Name != "" {
		what += " " + ev.Name
	}
	if s := ev.Seating; s != nil {
		what += " " + n.seating(s)
	}
	if ev.Card != "" {
		what += " " + ev.Card
	}
	if a := ev.AfterTime; a != nil {
		what += " " + l.Count("log.after_time", *a)
	}
	if ev.Uncertainty > 0 {
		what += " " + l.Text("log.uncertainty", "d", l.Duration(ev.Uncertainty))
	}
	if b.Note != "" {
		what += " [" + b.Note + "]"
	}
	return what
}

// seating is a round's seating as the log says it: `round 2 of "Spring
// Open": East Ana (7), South Bo (12), West Cy (3), North Di (30); clock
// running, 90m0s left`.
func (n *Reader) seating(s *engine.Seating) string {
	l := n.w.Lang()
	ps := make([]string, len(s.Players))
	for i, p := range s.Players {
		ps[i] = l.Text("log.seated", "wind", l.Text("wind."+engine.Wind(i).Letter()), "name", p.Name, "player", strconv.Itoa(p.Player))
	}
	clock := map[string]string{"waiting": "log.clock.waiting", "running": "log.clock.running", "paused": "log.clock.paused", "over": "log.clock.over"}[s.ClockState]
	state := s.ClockState
	if clock != "" {
		state = l.Text(clock)
	}
	return l.Text("log.seating", "round", strconv.Itoa(s.Round), "tournament", strconv.Quote(s.Tournament), "players", strings.Join(ps, ", "),
		"clock", state, "left", l.Duration(time.Duration(s.RemainingMS)*time.Millisecond))
}

// knownTiles are the tiles of ts that were seen.
func knownTiles(ts []engine.Tile) []engine.Tile {
	var out []engine.Tile
	for _, t := range ts {
		if t.Known() {
			out = append(out, t)
		}
	}
	return out
}

// note is a note's body in words.
func (n *Reader) note(r claimlog.Record) string {
	l := n.w.Lang()
	switch r.Type {
	case claimlog.TypeSession, claimlog.TypeRestart:
		s, err := journal.SessionOf(r)
		if err != nil {
			break
		}
		return l.Text("log.session", "rules", s.Rules, "window", l.Duration(time.Duration(s.WindowNS)), "deadline", l.Duration(time.Duration(s.DeadlineNS)),
			"dealer", strconv.Itoa(s.Dealer), "table", strconv.Quote(s.Table), "version", s.Version, "record", strconv.FormatUint(s.FirstSeq, 10))
	case journal.TypeRevision:
		if b, err := journal.Revision(r); err == nil {
			return n.w.TableNote(journal.Said(r), b.Note)
		}
	}
	var b struct{ Note, Text string }
	if json.Unmarshal(r.Body, &b) == nil && b.Note+b.Text != "" {
		return b.Note + b.Text
	}
	return string(r.Body)
}

// outcome is an outcome in words, with every loser's rule.
func (n *Reader) outcome(o outcome.Record) string {
	w, l := n.w, n.w.Lang()
	switch o.Type {
	case outcome.TypeDeal:
		return l.Text("log.outcome", "tag", l.Text("log.tag.deal"), "what", w.Deal(o))
	case outcome.TypeDora:
		return l.Text("log.outcome", "tag", l.Text("log.tag.dora"), "what", w.Dora(o))
	case outcome.TypeHandEnd:
		return l.Text("log.outcome", "tag", l.Text("log.tag.hand_end"), "what", w.HandEnd(o))
	case outcome.TypeScore:
		// The hand's settlement: each win's value, its yaku and hand.
		return l.Text("log.outcome", "tag", l.Text("log.tag.score"), "what", w.Score(o))
	case outcome.TypeGameEnd:
		// The standings, and why the game ended.
		return l.Text("log.outcome", "tag", l.Text("log.tag.game_end"), "what", w.GameEnd(o))
	}
	key := map[outcome.Type]string{outcome.TypeDecision: "log.tag.decision", outcome.TypeRejected: "log.tag.rejected",
		outcome.TypeFlag: "log.tag.flag", outcome.TypeKongStands: "log.tag.kong_stands", outcome.TypeSeated: "log.tag.seated",
		outcome.TypeConfirmed: "log.tag.confirmed"}[o.Type]
	tag := strings.ToUpper(string(o.Type))
	if key != "" {
		tag = l.Text(key)
	}
	what := l.Text("log.outcome", "tag", tag, "what", w.Reason(o))
	for _, c := range o.Lost {
		what += "; " + w.LostLineOf(o, c)
	}
	return what
}
