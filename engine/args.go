package engine

import (
	"time"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
)

// Args are what a reason names, for words made outside the engine: the
// engine decides and names the rule (a RuleCode) and these values; a view
// puts them into the words of its reader's language (outcome.Reason). Seats
// are physical: Dealer names their winds. Each code reads the fields it
// needs. An outcome carries them (Outcome.Args), and the claim log keeps
// them as this JSON, so a record logged in English reads in any language.
type Args struct {
	Dealer Seat `json:"dealer,omitempty"`
	// Seat is the seat concerned; Other another one (a discarder, a
	// kong's owner).
	Seat  Seat   `json:"seat,omitempty"`
	Other Seat   `json:"other,omitempty"`
	Call  Action `json:"call,omitempty"`
	Tile  Tile   `json:"tile,omitzero"`
	Tile2 Tile   `json:"tile2,omitzero"`
	N     int    `json:"n,omitempty"`
	M     int    `json:"m,omitempty"`
	// Calls are what a seat declared on a draw that was put back.
	Calls []Action `json:"calls,omitempty"`
	// Shown are the tiles a call shows from the hand.
	Shown [2]Tile `json:"shown,omitzero"`
	// Won and Lost are a decision's winning and losing claims (Lost[0] the
	// claim that lost, for a lost claim's rule); Decided is the standing
	// decision a call comes too late to change, or a new one overrides.
	Won     []Called `json:"won,omitempty"`
	Lost    []Called `json:"lost,omitempty"`
	Decided []Called `json:"decided,omitempty"`
	// Deadline is the rules' call deadline, Window their claim window,
	// Within the time a call of higher precedence has (2008's rule).
	Deadline time.Duration `json:"deadline_ns,omitempty"`
	Window   time.Duration `json:"window_ns,omitempty"`
	Within   time.Duration `json:"within_ns,omitempty"`
	// Turn is the seat whose turn it is; ToDraw: it is to draw, not to
	// discard.
	Turn   Seat `json:"turn,omitempty"`
	ToDraw bool `json:"to_draw,omitempty"`
	// Rules is the profile's name (rules that keep no score).
	Rules string `json:"rules,omitempty"`
	// RoundWind, Hand, Honba and Sticks are a deal's: the round, the
	// hand's number in it, the counters and the riichi sticks.
	RoundWind Wind `json:"round_wind,omitempty"`
	Hand      int  `json:"hand,omitempty"`
	Honba     int  `json:"honba,omitempty"`
	Sticks    int  `json:"sticks,omitempty"`
	// End is why a game ended.
	End End `json:"end,omitempty"`
	// Name is a player's name, or a card's number.
	Name string `json:"name,omitempty"`
	// Value is a hand's value and Yaku its yaku; Entered the value as
	// entered beside it; Waits the tiles a hand waited on.
	Value   payment.Value `json:"value,omitzero"`
	Entered payment.Value `json:"entered,omitzero"`
	Yaku    []scorer.Yaku `json:"yaku,omitempty"`
	Waits   []Tile        `json:"waits,omitempty"`
	// Fault is words made outside the catalog: a scorer's or the payment
	// rules' refusal of a hand or a value, in English.
	Fault string `json:"fault,omitempty"`
	// Refusal is a refused hand's or value's fault as parameters (Fault
	// in English): a view words it in its reader's language
	// (outcome.FaultWords, outcome.ValueFaultWords).
	Refusal *payment.Fault `json:"refusal,omitempty"`
}

// Called is a claim as a reason names it: a seat and its call, and whether
// it had been decided before a later decision took it back.
type Called struct {
	Seat       Seat   `json:"seat"`
	Call       Action `json:"call"`
	Overridden bool   `json:"overridden,omitempty"`
}

// Note is a rule said after an outcome's own, in brackets: a decision's
// late call, the draw it put back.
type Note struct {
	Code RuleCode `json:"code"`
	Args Args     `json:"args"`
}

// Words put the engine's reasons into words: the table gives the
// catalog's English (outcome.EnglishReason), so every reason has one home.
// Without them, a reason reads as its rule code.
type Words struct {
	// Reason is code with its arguments in words; false: no words for it.
	Reason func(code RuleCode, a Args) (string, bool)
	// Lost is a lost claim's whole sentence from the rule it lost by, in
	// words (why): "RON West beats RON East: " + why. a names the winner
	// (Seat, Call) and the loser (Lost[0]).
	Lost func(a Args, why string) string
	// Noted is a reason with a note after it: "... (" + note + ")".
	Noted func(reason, note string) string
}

// SetWords sets the words of the reasons the engine gives in
// Outcome.Reason, a lost claim's Why and Reason, and Referee.
func (e *Engine) SetWords(w Words) { e.words = w }

// full is a's values with the engine's own: the dealer, the rules, whose
// turn it is, the deal.
func (e *Engine) full(a args) Args {
	out := Args{
		Dealer: e.dealer, Seat: a.seat, Other: a.other, Call: a.call, Tile: a.tile, Tile2: a.tile2,
		N: a.n, M: a.m, Calls: a.calls, Shown: a.shown,
		Won: called(a.won), Lost: called(a.lost), Decided: called(a.decided),
		Deadline: e.p.CallDeadline, Window: e.p.Window, Turn: e.h.turn, ToDraw: e.h.phase == ToDraw,
		Rules: e.p.Name, RoundWind: e.roundWind, Hand: e.handNumber, Honba: e.honba, Sticks: e.riichiSticks,
		End: a.end, Name: a.name, Value: a.value, Entered: a.entered, Yaku: a.yaku, Waits: a.waits, Fault: a.text,
		Refusal: a.refusal,
	}
	if a.n >= 0 && a.n < len(e.p.Precedence) {
		out.Within = e.p.Precedence[a.n].Within
	}
	return out
}

// called are claims as a reason names them.
func called(cs []Claim) []Called {
	if len(cs) == 0 {
		return nil
	}
	out := make([]Called, len(cs))
	for i, c := range cs {
		out[i] = Called{Seat: c.Seat, Call: c.Call, Overridden: c.Overridden}
	}
	return out
}

// said is code with a in words, and a as an outcome carries it: the
// engine's own values only where the code names them.
func (e *Engine) said(code RuleCode, a args) (string, *Args) {
	full := e.full(a)
	if code != CodeNextDrew && code != CodeLate {
		full.Deadline = 0
	}
	if code != CodeCallOverChii {
		full.Window = 0
	}
	if code != CodeCallWithin {
		full.Within = 0
	}
	if code != CodeNotYourTurn {
		full.Turn, full.ToDraw = 0, false
	}
	if code != CodeNoScore {
		full.Rules = ""
	}
	if code != CodeDeal {
		full.RoundWind, full.Hand, full.Honba, full.Sticks = 0, 0, 0, 0
	}
	if e.words.Reason != nil {
		if s, ok := e.words.Reason(code, full); ok {
			return s, &full
		}
	}
	return code.String(), &full
}

// say is code with a in words.
func (e *Engine) say(code RuleCode, a args) string {
	s, _ := e.said(code, a)
	return s
}

// noted is reason with a note after it.
func (e *Engine) noted(reason, note string) string {
	if e.words.Noted == nil {
		return reason + " (" + note + ")"
	}
	return e.words.Noted(reason, note)
}

// why is a reason in words with what it names.
type why struct {
	text string
	args *Args
}

// why is code with a in words.
func (e *Engine) why(code RuleCode, a args) why {
	s, full := e.said(code, a)
	return why{s, full}
}

// tell is o with its Code's reason, naming a.
func (e *Engine) tell(o Outcome, a args) Outcome {
	o.Reason, o.Args = e.said(o.Code, a)
	return o
}

// note is o with the rule code said after its reason, in brackets.
func (e *Engine) note(o Outcome, code RuleCode, a args) Outcome {
	s, full := e.said(code, a)
	o.Reason = e.noted(o.Reason, s)
	o.Notes = append(o.Notes, Note{Code: code, Args: *full})
	return o
}
