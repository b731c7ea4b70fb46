package engine

import "time"

// Args are what a reason names, for words made outside the engine: the
// engine decides and names the rule (a RuleCode) and these values; a view
// puts them into the words of its reader's language. Seats are physical:
// Dealer names their winds. Each code reads the fields it needs.
type Args struct {
	Dealer Seat
	// Seat is the seat concerned; Other another one (a discarder, a
	// kong's owner).
	Seat, Other Seat
	Call        Action
	Tile, Tile2 Tile
	N, M        int
	// Calls are what a seat declared on a draw that was put back.
	Calls []Action
	// Shown are the tiles a call shows from the hand.
	Shown [2]Tile
	// Decided is the standing decision a call comes too late to change.
	Decided []Claim
	// Deadline is the rules' call deadline.
	Deadline time.Duration
	// Turn is the seat whose turn it is; ToDraw: it is to draw, not to
	// discard.
	Turn   Seat
	ToDraw bool
}

// Words puts a rule code and its Args into words; false: it has no words
// for this code, and the engine's own are used.
type Words func(code RuleCode, a Args) (string, bool)

// SetWords sets the words of the reasons the engine gives in Outcome.Reason
// and a refusal: the table sets the catalog's English, so a reason has one
// home. Without them, a code whose words live outside the engine reads as
// the code itself.
func (e *Engine) SetWords(w Words) { e.words = w }

// sayOutside is code in the words set by SetWords.
func (e *Engine) sayOutside(code RuleCode, a args) (string, bool) {
	if e.words == nil {
		return "", false
	}
	return e.words(code, Args{
		Dealer: e.dealer, Seat: a.seat, Other: a.other, Call: a.call, Tile: a.tile, Tile2: a.tile2,
		N: a.n, M: a.m, Calls: a.calls, Shown: a.shown, Decided: a.decided,
		Deadline: e.p.CallDeadline, Turn: e.h.turn, ToDraw: e.h.phase == ToDraw,
	})
}
