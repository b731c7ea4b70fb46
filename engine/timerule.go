package engine

import "github.com/tabled/tabled/payment"

// The round's time rule: a tournament's round has a time limit, and at its
// signal the game is played out by the rule book's time rule and ends with
// its standings, before its last round if need be. The signal is an input
// (Time), stamped like any other, so a replay ends the game where the
// table did.
//
// What the books say:
//   - RCR 2016 5.9 (tournament sessions): at the signal the hand in play is
//     finished and one more hand is played (AfterTime 1).
//   - WRC 2015 8.2 (tournament hanchans): "When the time ends, players must
//     finish the current hand. If the walls are not set up or the dice not
//     thrown when the time ends, the hanchan ends immediately. In case of
//     chonbo during the last hand, the hand is not re-dealt." (AfterTime 0)
//   - RCR 2008/2012: its text on sessions was not read; as RCR 2016.
//
// Where the books are silent, the table counts hands as they are played:
//   - every hand settled after the signal counts, a dealer's repeat
//     (renchan) and a chombo's re-deal included: a repeat is a hand played,
//     and a chombo in the last hand is not dealt again (as WRC 8.2 says);
//   - a hand "in play" is one dealt and not yet settled (a drawn hand still
//     waiting for its tenpai declarations, a win waiting for its value);
//     between hands (settled, not yet dealt) the signal counts only the
//     hands after it: none left ends the game at once (WRC 8.2's walls not
//     set up), under RCR 2016 the next hand is the last;
//   - a game that ends by itself first (after South 4, a bust) ends as it
//     would have without the signal, and says so (End).

// MaxAfterTime bounds the hands played after the time signal.
const MaxAfterTime = payment.MaxAfterTime

// End is why a game ended, as the game_end line's "reason" says it.
type End string

// The ends of a game.
const (
	// EndSouth4: the last hand of the game's length was played (after South
	// 4 in a hanchan when East passes).
	EndSouth4 End = "south4"
	// EndEast4: a tonpuu's last hand (East 4) was played.
	EndEast4 End = "east4"
	// EndBust: a seat fell below zero under rules that end there.
	EndBust End = "bust"
	// EndTime: the round's time was up and the hands its rule allows
	// after the signal were played.
	EndTime End = "time"
)

// clock is the time rule's state in a game.
type clock struct {
	// timeUp: the signal came in this game; handsLeft counts the hands
	// still to be settled before the game ends by it.
	timeUp    bool
	handsLeft int
}

// timeSignal takes the round's time signal.
func (e *Engine) timeSignal(ev Event, out []Outcome) []Outcome {
	switch {
	case e.p.Score == nil:
		return e.refuse(out, ev, CodeNoScore, args{})
	case e.over:
		return e.refuse(out, ev, CodeGameOver, args{})
	case e.timeUp:
		return e.refuse(out, ev, CodeTimeUp, args{n: e.handsLeft})
	}
	after := e.p.Score.AfterTime
	if ev.AfterTime != nil {
		after = *ev.AfterTime
	}
	e.timeUp, e.handsLeft = true, after
	if !e.h.scored {
		e.handsLeft++ // the hand in play is finished first
	}
	if e.handsLeft == 0 {
		return e.endGame(out, EndTime)
	}
	return out
}

// afterSettle counts the hand just settled against the time rule and
// says why the game ends once next deals, or "" when it goes on.
func (e *Engine) afterSettle(next Seat) End {
	if e.timeUp {
		e.handsLeft--
	}
	if why := e.ends(next); why != "" {
		return why
	}
	if e.timeUp && e.handsLeft <= 0 {
		return EndTime
	}
	return ""
}

// seat takes a tournament round's seating: the players' names go to their
// seats, East at the game's first dealer's seat so that the round's East
// deals first. A new round at a table whose game is over starts the next
// game; the same round sent again (its clock changed) only names the seats.
func (e *Engine) seat(ev Event, out []Outcome) []Outcome {
	prev, s := e.seating, *ev.Seating // a copy, its cards too: the input's are the caller's
	for i := range s.Players {
		s.Players[i].Cards = append([]string(nil), s.Players[i].Cards...)
	}
	e.seating, e.seatingAt = &s, ev.At
	newRound := prev == nil || prev.Round != s.Round || prev.Tournament != s.Tournament
	if e.over && newRound {
		e.newGame(e.firstDealer)
		e.deal()
		out = append(out, e.tell(Outcome{Kind: KindDeal, At: e.now, Dealer: e.dealer, Seat: NoSeat, Code: CodeDeal,
			RoundWind: e.roundWind, HandNumber: e.handNumber, Honba: e.honba, RiichiSticks: e.riichiSticks}, args{}))
	}
	for i, p := range s.Players {
		e.names[(e.firstDealer+Seat(i))&3] = p.Name
	}
	return out
}
