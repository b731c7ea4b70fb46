package engine

import (
	"fmt"
	"reflect"
	"time"
)

// Dealt is the whole state of a game at the moment a hand has been dealt
// and nothing has happened in it yet: what the game carries from hand to
// hand (the scores, the round, the counters, the players, the round's
// seating and clock, the last hand's score). A hand's own state is empty
// then, so Dealt and the profile make an engine that decides everything
// after the deal exactly as the engine that dealt it does.
//
// The table keeps one in its log at each deal, so that a restart picks the
// game up at the last deal instead of applying every input of the session
// again; a replay checks each against the state it reached itself.
type Dealt struct {
	FirstDealer Seat          `json:"first_dealer"`
	Dealer      Seat          `json:"dealer"`
	RoundWind   Wind          `json:"round_wind"`
	HandNumber  int           `json:"hand_number"`
	Honba       int           `json:"honba"`
	Sticks      int           `json:"sticks"`
	Now         time.Duration `json:"now_ns"`
	// Decision is the ordinal of the latest decision of the session.
	Decision  int           `json:"decision"`
	Seating   *Seating      `json:"seating,omitempty"`
	SeatingAt time.Duration `json:"seating_at_ns,omitempty"`
	Scores    [4]int        `json:"scores"`
	// Total is what the scores and the deposits added up to when the game
	// began.
	Total     int      `json:"total"`
	Penalty   [4]int   `json:"penalty"`
	Names     Names    `json:"names"`
	Last      *Score   `json:"last,omitempty"`
	Over      bool     `json:"over,omitempty"`
	End       *GameEnd `json:"end,omitempty"`
	TimeUp    bool     `json:"time_up,omitempty"`
	HandsLeft int      `json:"hands_left,omitempty"`
	Confirmed [4]bool  `json:"confirmed"`
}

// Dealt is the game's state when the hand in play has just been dealt;
// false when anything has happened in the hand since (a snapshot then
// would leave the hand's own state out).
func (e *Engine) Dealt() (Dealt, bool) {
	fresh := Engine{dealer: e.dealer}
	fresh.deal()
	if !reflect.DeepEqual(e.h, fresh.h) || !reflect.DeepEqual(e.w, fresh.w) || !reflect.DeepEqual(e.fast, fresh.fast) {
		return Dealt{}, false
	}
	g := e.game
	return Dealt{
		FirstDealer: e.firstDealer, Dealer: e.dealer, RoundWind: e.roundWind, HandNumber: e.handNumber,
		Honba: e.honba, Sticks: e.riichiSticks, Now: e.now, Decision: e.decision,
		Seating: e.seating, SeatingAt: e.seatingAt,
		Scores: g.scores, Total: g.total, Penalty: g.penalty, Names: g.names, Last: g.last,
		Over: g.over, End: g.end, TimeUp: g.timeUp, HandsLeft: g.handsLeft, Confirmed: g.confirmed,
	}, true
}

// Resume is an engine under p at the deal d describes, in the state the
// engine that made d was in: it decides every input after the deal as
// that one does. The profile is the session's own, as the log records it.
func Resume(p Profile, d Dealt) (*Engine, error) {
	if !d.FirstDealer.Valid() || !d.Dealer.Valid() {
		return nil, fmt.Errorf("engine: resume at a deal: dealer seats %d and %d are not 0..3", d.FirstDealer, d.Dealer)
	}
	e, err := New(p, d.FirstDealer)
	if err != nil {
		return nil, err
	}
	switch {
	case d.HandNumber < 1 || d.HandNumber > 4:
		return nil, fmt.Errorf("engine: resume at a deal: hand number %d is not 1..4", d.HandNumber)
	case d.RoundWind < East || d.RoundWind > North:
		return nil, fmt.Errorf("engine: resume at a deal: round wind %d is not East..North", d.RoundWind)
	case d.Honba < 0 || d.Sticks < 0 || d.Decision < 0 || d.HandsLeft < 0:
		return nil, fmt.Errorf("engine: resume at a deal: negative counters (honba %d, sticks %d, decision %d, hands left %d)", d.Honba, d.Sticks, d.Decision, d.HandsLeft)
	}
	e.dealer, e.roundWind, e.handNumber, e.honba, e.riichiSticks = d.Dealer, d.RoundWind, d.HandNumber, d.Honba, d.Sticks
	e.now, e.decision, e.seating, e.seatingAt = d.Now, d.Decision, d.Seating, d.SeatingAt
	e.game = game{scores: d.Scores, total: d.Total, penalty: d.Penalty, names: d.Names, last: d.Last,
		over: d.Over, end: d.End, clock: clock{timeUp: d.TimeUp, handsLeft: d.HandsLeft}, confirmed: d.Confirmed}
	e.deal()
	if err := e.CheckInvariant(); err != nil {
		return nil, fmt.Errorf("engine: resume at a deal: %w", err)
	}
	return e, nil
}
