package club

import (
	"sort"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
)

// SeatNow is one physical seat of a table as the console's page names it
// where a person picks one (the names form): its number as the table's
// status page numbers it, its wind this hand and its player's name.
type SeatNow struct {
	Seat int    `json:"seat"`
	Wind string `json:"wind"`
	Name string `json:"name,omitempty"`
}

// DealView is a deal as the console's page words it in its reader's
// language: the round's wind letter, the hand's number in the round, the
// counters and the dealer's physical seat.
type DealView struct {
	Wind   string `json:"wind"`
	Hand   int    `json:"hand"`
	Honba  int    `json:"honba"`
	Sticks int    `json:"sticks"`
	Dealer int    `json:"dealer"`
}

// dealOf is a deal line's DealView.
func dealOf(o outcome.Record) *DealView {
	return &DealView{Wind: o.RoundWind, Hand: o.Hand, Honba: o.Honba, Sticks: o.RiichiSticks, Dealer: o.DealerSeat}
}

// Happening is a table's latest event as the console's page words it in
// its reader's language. What is discard, press (a seat's other input:
// Action names it), name, referee (Action: the referee's input), void
// (Input: the voided input's number, Note the table's refusal of the void
// if any) or decision (Text: its reason, in the table's words, or in the
// reader's language in a view worded for one: TablesIn). Seat is the
// physical seat an input names and Wind that seat's wind then.
type Happening struct {
	What   string `json:"what"`
	Seat   *int   `json:"seat,omitempty"`
	Wind   string `json:"wind,omitempty"`
	Action string `json:"action,omitempty"`
	Name   string `json:"name,omitempty"`
	Input  uint64 `json:"input,omitempty"`
	Note   string `json:"note,omitempty"`
	Text   string `json:"text,omitempty"`
	// said is the decision Text is the reason of; noteSaid a refused
	// void's Note by its code (outcome.TableNote).
	said     *outcome.Record
	noteSaid *outcome.TableNote
}

// happening is the Happening of an input record: its body in, read.
func happening(rec record, in journal.InputBody) *Happening {
	h := &Happening{What: "press", Action: rec.Type, Wind: rec.Seat}
	if s := in.Event.Seat; s.Valid() {
		n := int(s)
		h.Seat = &n
	}
	switch {
	case rec.Type == "name":
		h.What, h.Name = "name", in.Event.Name
	case rec.Type == "discard":
		h.What = "discard"
	case rec.Source == "referee":
		h.What = "referee"
	}
	return h
}

// voided is the Happening of a void record.
func voided(b claimlog.VoidBody, said *outcome.TableNote) *Happening {
	return &Happening{What: "void", Input: b.Void, Note: b.Note, noteSaid: said}
}

// seatsNow are a table's seats by physical seat, with their winds this
// hand (dealer deals) and their players.
func seatsNow(dealer int, names engine.Names) []SeatNow {
	out := make([]SeatNow, 4)
	for s := range out {
		out[s] = SeatNow{Seat: s, Wind: engine.Seat(s).Wind(engine.Seat(dealer)).Letter(), Name: names[s]}
	}
	return out
}

// tookOutcome takes an outcome record into the table's view; add puts an
// alert on its list.
func (t *TableView) tookOutcome(o outcome.Record, add func(Alert)) {
	said := &o
	english := outcome.In(nil)
	switch o.Type {
	case outcome.TypeDecision:
		t.Decision, t.decided = o.Reason, said
		t.Last, t.Event = o.Reason, &Happening{What: "decision", Text: o.Reason, said: said}
		if o.Overrides > 0 {
			add(Alert{Kind: "override", Text: outcomeAlert(english, "override", o), said: said})
		}
		if o.Late {
			add(Alert{Kind: "late", Text: outcomeAlert(english, "late", o), said: said})
		}
	case outcome.TypeDeal:
		t.Deal, t.Round = outcome.Deal(o), dealOf(o)
		t.Decision, t.decided, t.Discards = "", nil, 0
		if engine.Seat(o.DealerSeat).Valid() {
			t.dealer = o.DealerSeat
		}
	case outcome.TypeFlag, outcome.TypeRejected:
		add(Alert{Kind: string(o.Type), Text: outcomeAlert(english, string(o.Type), o), said: said})
	case outcome.TypeScore:
		t.Scores, t.scoreDealer, t.Scored, t.ScoredHand = t.Scores[:0], t.dealer, t.Round, t.Hand
		for w := engine.East; w <= engine.North; w++ {
			l := w.Letter()
			t.Scores = append(t.Scores, SeatScore{Seat: int(w.Seat(engine.Seat(t.dealer))), Wind: l, Points: o.Scores[l], Delta: o.Deltas[l]})
		}
		t.Standings = nil
	case outcome.TypeGameEnd:
		t.Standings = t.Standings[:0]
		for _, s := range o.Standings {
			t.Standings = append(t.Standings, Place{Standing: s})
		}
		sort.SliceStable(t.Standings, func(i, j int) bool { return t.Standings[i].Place < t.Standings[j].Place })
	}
}
