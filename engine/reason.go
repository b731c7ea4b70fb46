package engine

import (
	"strings"
	"time"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
)

// This file is what a reason names (args) and a lost claim's reason; the
// words of every rule code are the catalog's (outcome.Reason, given to the
// engine with SetWords).

// Label is a call as the panel and the reasons name it: "PON South". With
// no valid seat it is the call alone.
func Label(call Action, s, dealer Seat) string {
	if !s.Valid() {
		return strings.ToUpper(call.String())
	}
	return strings.ToUpper(call.String()) + " " + s.Wind(dealer).String()
}

// name is a seat as players say it: its wind in this hand.
func (e *Engine) name(s Seat) string { return s.Wind(e.dealer).String() }

// args are what a reason names; each code reads the ones it needs. full
// makes them the Args an outcome carries.
type args struct {
	seat, other Seat // the seat concerned; another seat (a discarder, a kong's owner)
	call        Action
	tile, tile2 Tile
	n, m        int
	won, lost   []Claim  // a decision's winners and losers; lost[0] for one loser
	decided     []Claim  // the standing decision a new one overrides
	calls       []Action // what a seat declared on a draw that was put back
	shown       [2]Tile  // the tiles a call shows from the hand
	end         End      // why a game ended
	name        string   // a player's name, a card's number
	value       payment.Value
	entered     payment.Value // a value as entered beside a hand's (value)
	yaku        []scorer.Yaku
	waits       []Tile
	text        string         // words made elsewhere (a scorer's or the payment rules' refusal)
	refusal     *payment.Fault // a refused hand's or value's parameters, for its words in any language
}

// lose fills in a lost claim's rule: Why, and Reason naming winner w.
func (e *Engine) lose(c Claim, w Claim, from Seat, at time.Duration, decided []Claim) Claim {
	a := args{seat: w.Seat, other: from, call: w.Call, lost: []Claim{c}, decided: decided, n: e.p.rank(w, at)}
	c.Why, c.Args = e.said(c.Code, a)
	c.Reason = c.Why
	if c.Code != CodeAlreadyDecided && e.words.Lost != nil {
		c.Reason = e.words.Lost(*c.Args, c.Why)
	}
	return c
}

func containsSeat(cs []Claim, s Seat) bool {
	for _, c := range cs {
		if c.Seat == s {
			return true
		}
	}
	return false
}
