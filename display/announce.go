package display

import (
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// announce fills the board from the newest outcome of the hand.
func (w Words) announce(b *Board, st engine.State, o engine.Outcome) {
	switch o.Kind {
	case engine.KindDecision:
		w.decision(b, st, o)
	case engine.KindRejection:
		b.Mode, b.Tags = ModeRejected, []string{w.Tag("rejected")}
		b.Headline = w.Label(o.Call, o.Seat, o.Dealer)
		b.Detail = []string{w.reason(o)}
		b.Brief = w.Brief(o.Code)
	case engine.KindFlag:
		b.Mode, b.Tags = ModeReferee, []string{w.Tag("referee")}
		b.Headline = w.Text("panel.check", "wind", w.Wind(o.Wind(o.Seat)))
		if !o.Seat.Valid() {
			b.Headline = w.Text("panel.check_table")
		}
		b.Detail = []string{w.reason(o)}
		b.Brief = w.Brief(o.Code)
	case engine.KindDora:
		b.Mode, b.Tags = ModeDora, []string{w.Tag("dora")}
		if o.Code == engine.CodeDoraWithdrawn {
			// The kong never happened: its indicator is turned back.
			b.Headline, b.Detail, b.Brief = w.Text("panel.no_kan_dora"), []string{w.reason(o)}, w.Brief(o.Code)
			break
		}
		if n := len(o.Dora); n > 0 {
			b.Tile = o.Dora[n-1]
			dora := outcome.TileWords(w.l, o.Dora[n-1])
			b.Headline = w.Text("panel.dora", "tile", dora)
			if n > 1 {
				b.Tags = []string{w.Tag("kan_dora")}
				b.Headline = w.Text("panel.kan_dora", "tile", dora)
			}
			b.Detail = []string{w.Text("panel.indicator", "indicator", outcome.TileWords(w.l, o.Indicators[n-1]), "dora", dora)}
		}
	case engine.KindDeal:
		b.Mode = ModeIdle
		b.Headline = w.Round(o.RoundWind, o.HandNumber)
		b.Detail = []string{w.Text("panel.deal", "honba", o.Honba, "sticks", o.RiichiSticks, "seat", int(o.Dealer))}
	case engine.KindKongStands:
		b.Mode, b.Tile = ModeOpen, o.Claimed.Tile
		b.Tags = []string{w.Tag("kong")}
		b.Headline = w.Text("panel.kong_stands", "wind", w.Wind(o.Wind(o.Claimed.Seat)))
	case engine.KindHandEnd:
		w.handEnd(b, st, o)
	}
	if !st.Ended {
		b.Detail = append(b.Detail, w.turnLine(st))
	}
}

// decision fills the board from a decision: who won the call, the tags,
// why each other claim lost.
func (w Words) decision(b *Board, st engine.State, o engine.Outcome) {
	b.Mode, b.Tile = ModeDecision, o.Claimed.Tile
	var won []string
	call := engine.ActNone
	for _, c := range o.Won {
		if call == engine.ActNone {
			call = c.Call
		}
		won = append(won, w.who(st, c.Seat, o.Dealer))
	}
	b.Headline = w.Text("panel.won", "call", w.Call(call), "who", strings.Join(won, ", "))
	for _, t := range []struct {
		on   bool
		code string
	}{{o.Late, "late"}, {o.Overrides > 0, "override"}, {o.Robbing, "robs_kong"}, {o.Referee != "", "referee"}} {
		if t.on {
			b.Tags = append(b.Tags, w.Tag(t.code))
		}
	}
	for _, c := range o.Lost {
		why := c.Why
		if why == "" {
			why = c.Reason // a record logged before the rule was kept apart
		}
		b.Detail = append(b.Detail, w.Text("panel.lost", "label", w.Label(c.Call, c.Seat, o.Dealer), "why", w.lostWhy(o, c, why)))
	}
	b.Brief = w.briefDecision(o)
	if o.Late {
		b.Detail = append(b.Detail, w.Text("panel.late"))
	}
	if o.Referee != "" {
		b.Detail = append(b.Detail, w.Text("panel.referee", "what", w.referee(o.Referee)))
	}
}

// handEnd fills the board from the end of the hand.
func (w Words) handEnd(b *Board, st engine.State, o engine.Outcome) {
	b.Mode = ModeHandEnd
	switch o.Result {
	case engine.ResultDraw:
		b.Headline = w.Text("panel.draw")
		b.Detail = []string{w.reason(o)} // a win's reason only repeats the headline
	case engine.ResultChombo:
		b.Headline = w.Text("panel.chombo")
		if o.Seat.Valid() {
			b.Headline = w.Text("panel.chombo_by", "who", w.who(st, o.Seat, o.Dealer))
		}
		b.Detail = []string{w.reason(o)}
	default:
		var ws []string
		for _, s := range o.Winners {
			ws = append(ws, w.who(st, s, o.Dealer))
		}
		call := engine.Ron
		if o.Result == engine.ResultTsumo {
			call = engine.Tsumo
		}
		b.Headline = w.Text("panel.won", "call", w.Call(call), "who", strings.Join(ws, ", "))
	}
}

// reason is an outcome's reason in the panel's language: the engine's
// words (the claim log's English) in English; in another language its
// code and arguments in that language's words (outcome.Words.Reason), or
// the rule's few words (Brief) for an outcome without arguments, rather
// than a sentence in English.
func (w Words) reason(o engine.Outcome) string {
	if w.l.Code() == catalog.Default {
		return o.Reason
	}
	if o.Args != nil {
		return outcome.In(w.l).Reason(outcome.Of(o))
	}
	if s := w.Brief(o.Code); s != "" {
		return s
	}
	return o.Reason
}

// referee is what the referee is asked to check, in the panel's language:
// the engine's words in English, the rule's few words otherwise.
func (w Words) referee(english string) string {
	if w.l.Code() == catalog.Default {
		return english
	}
	if s := w.Brief(engine.CodeMayBeConcealed); s != "" {
		return s
	}
	return english
}

// lostWhy is why claim c lost in decision o, in the panel's language:
// the engine's words in English, the rule's few words otherwise ("pon
// wins" for a pon over a chii).
func (w Words) lostWhy(o engine.Outcome, c engine.Claim, english string) string {
	if w.l.Code() == catalog.Default {
		return english
	}
	if s := w.lostBrief(o, c); s != "" {
		return s
	}
	return english
}
