package engine

import (
	"fmt"
	"time"

	"github.com/tabled/tabled/payment"
)

// This file keeps the game's score: values entered for wins, riichi
// deposits, the settlement of each hand (payment does the arithmetic), the
// game's end. Nothing here is stored as truth: the scores are derived from
// the inputs, so a replay (or a re-decision after a void) recomputes them.

// Start is how a game begins when it is picked up mid-way (a script's
// headers); the zero Start is a fresh game.
type Start struct {
	// Scores are the points by physical seat; all zero: every seat has the
	// profile's starting points.
	Scores [4]int
	// RoundWind and HandNumber (1..4; 0 is 1) are the first hand's.
	RoundWind  Wind
	HandNumber int
	// Honba and Sticks are the counters and riichi deposits on the table
	// at the first hand.
	Honba, Sticks int
}

// NewGame returns an engine at the start of a game picked up as st says;
// dealer is the first hand's East.
func NewGame(p Profile, dealer Seat, st Start) (*Engine, error) {
	e, err := New(p, dealer)
	if err != nil {
		return nil, err
	}
	if st.HandNumber == 0 {
		st.HandNumber = 1
	}
	switch {
	case st.HandNumber < 1 || st.HandNumber > 4:
		return nil, fmt.Errorf("engine: hand number %d is not 1..4", st.HandNumber)
	case st.RoundWind < East || st.RoundWind > North:
		return nil, fmt.Errorf("engine: round wind %d is not East..North", st.RoundWind)
	case st.Honba < 0 || st.Honba > 1000 || st.Sticks < 0 || st.Sticks > 1000:
		return nil, fmt.Errorf("engine: counters and deposits must be 0..1000")
	}
	e.firstDealer = (dealer - Seat(st.HandNumber-1) + 8) & 3
	e.roundWind, e.handNumber, e.honba, e.riichiSticks = st.RoundWind, st.HandNumber, st.Honba, st.Sticks
	if st.Scores != [4]int{} {
		for _, s := range st.Scores {
			if s%100 != 0 || s < -10_000_000 || s > 10_000_000 {
				return nil, fmt.Errorf("engine: starting scores %v must be multiples of 100", st.Scores)
			}
		}
		e.scores = st.Scores
	}
	e.atDeal = e.scores
	e.total = e.tableTotal()
	return e, nil
}

// game is the score the engine keeps across hands.
type game struct {
	// scores are the points by physical seat; atDeal as the hand was dealt.
	scores, atDeal [4]int
	// total is what the scores and the deposits on the table add up to.
	total   int
	penalty [4]int
	names   Names
	last    *Score
	over    bool
	end     *GameEnd
	clock
	// confirmed marks the seats whose player confirmed the ended game's
	// result.
	confirmed [4]bool
}

// startScore readies a fresh game's score, when the profile keeps one.
func (e *Engine) startScore() {
	e.game = game{names: e.game.names}
	if r := e.p.Score; r != nil {
		for s := range e.scores {
			e.scores[s] = r.StartPoints
		}
	}
	e.atDeal = e.scores
	e.total = e.tableTotal()
}

// tableTotal is the scores plus the deposits on the table.
func (e *Engine) tableTotal() int {
	t := e.scores[0] + e.scores[1] + e.scores[2] + e.scores[3]
	if r := e.p.Score; r != nil {
		t += e.riichiSticks * r.Riichi
	}
	return t
}

// CheckInvariant reports a score that does not add up: the four scores
// plus the deposits on the table must equal the game's starting total.
func (e *Engine) CheckInvariant() error {
	if e.p.Score == nil {
		return nil
	}
	if t := e.tableTotal(); t != e.total {
		return fmt.Errorf("engine: scores %v plus %d deposits on the table make %d, not the %d the game started with", e.scores, e.riichiSticks, t, e.total)
	}
	return nil
}

// placeRiichi puts seat's riichi deposit on the table: its declaration
// tile passed without a win.
func (e *Engine) placeRiichi(s Seat) {
	e.riichiSticks++
	if r := e.p.Score; r != nil {
		e.scores[s] -= r.Riichi
		e.h.placed[s] = true
	}
}

// valueRefusal is why seat's value (or hand) cannot be taken now, or CodeNone.
func (e *Engine) valueRefusal(ev Event) RuleCode {
	h := &e.h
	switch {
	case e.p.Score == nil:
		return CodeNoScore
	case h.scored || e.over:
		return CodeScored
	case !h.ended || (h.result != ResultRon && h.result != ResultTsumo):
		return CodeNoWin
	case e.w.windowOpen:
		return CodeDeciding
	case !seatIn(h.winners, ev.Seat):
		return CodeNotWinner
	case h.values[ev.Seat] != nil:
		return CodeValueIn
	}
	return CodeNone
}

// value takes a winner's value.
func (e *Engine) value(ev Event, out []Outcome) []Outcome {
	h := &e.h
	a := args{seat: ev.Seat}
	v := *ev.Value
	scored := h.values[ev.Seat] != nil && h.values[ev.Seat].Hand != nil && e.p.Score != nil
	if !scored {
		if code := e.valueRefusal(ev); code != CodeNone {
			return e.refuse(out, ev, code, a)
		}
	}
	// One rule for a value from every path (terminal, phone, referee).
	if err := e.p.Score.CheckEntered(v.Value, h.result == ResultTsumo); err != nil {
		a.value, a.text, a.refusal = v.Value, err.Error(), valueFault(err)
		return e.refuse(out, ev, CodeBadValue, a)
	}
	if scored {
		// The hand is scored already: the value entered is checked
		// against it, and a difference is the referee's to judge.
		return e.compareValues(out, ev, v.Value, h.values[ev.Seat].Hand, false)
	}
	if p := v.Pao; p != NoSeat {
		a.other = p
		switch {
		case v.Limit != payment.Yakuman:
			a.n = 1 // liability is for a yakuman only
		case p == ev.Seat:
			a.n = 2 // a winner is not liable for its own hand
		}
		if a.n != 0 {
			return e.refuse(out, ev, CodeBadPao, a)
		}
	}
	return e.takeValue(out, ev.Seat, &v)
}

// takeValue puts seat's value in and settles the hand once every winner's
// is.
func (e *Engine) takeValue(out []Outcome, s Seat, v *HandValue) []Outcome {
	h := &e.h
	h.values[s] = v
	for _, s := range h.winners {
		if h.values[s] == nil {
			return out
		}
	}
	if e.fast.undoable(e.p, e.now) {
		// A call on the discard before the tsumo's draw can still put the
		// draw back, and the tsumo and its value with it.
		h.scoreAt, h.scorePending = e.fast.window.at+e.p.CallDeadline, true
		return out
	}
	return e.settle(out)
}

func seatIn(ss []Seat, s Seat) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// chombo is the referee's penalty on a seat: the hand ends (or its win is
// set aside) and is dealt again.
func (e *Engine) chombo(ev Event, out []Outcome) []Outcome {
	h := &e.h
	switch {
	case e.p.Score == nil:
		return e.refuse(out, ev, CodeNoScore, args{})
	case h.scored || e.over:
		return e.refuse(out, ev, CodeScored, args{})
	}
	if !h.ended {
		out = e.closeWindow(false, out)
		out = e.endHand(out, ResultChombo, nil, CodeChombo, e.why(CodeChombo, args{seat: ev.Seat}))
		out[len(out)-1].Seat = ev.Seat // the offender, for the headline
	}
	h.result, h.winners, h.chombo = ResultChombo, nil, ev.Seat
	e.fast = fastDraw{}
	return e.settle(out)
}

// next is the dealer and the counters of the hand after this one, as the
// rules rotate them (RCR 2016 3.4.10-3.4.11): East stays after a win of
// its own, when tenpai at a draw, and after a chombo; a counter is added
// after an East win and after a draw, and all are removed after another
// seat's win; a chombo adds none.
func (e *Engine) next() (dealer Seat, honba int) {
	h := &e.h
	keeps := false
	honba = e.honba
	switch h.result {
	case ResultChombo:
		keeps = true
	case ResultRon, ResultTsumo:
		keeps = seatIn(h.winners, e.dealer)
		honba = 0
		if keeps {
			honba = e.honba + 1
		}
	default:
		keeps = h.tenpai[e.dealer]
		honba++
	}
	if keeps {
		return e.dealer, honba
	}
	return e.dealer.Next(), honba
}

// settle pays the ended hand and appends its score, and the game's end
// when this hand was the last.
func (e *Engine) settle(out []Outcome) []Outcome {
	h := &e.h
	r := e.p.Score
	h.scored, h.scorePending = true, false
	ph := payment.Hand{Dealer: int(e.dealer), From: -1, Honba: e.honba, Sticks: e.riichiSticks, Tenpai: h.tenpai, Chombo: -1, Tsumo: h.result == ResultTsumo}
	for s, p := range h.placed {
		ph.Riichi[s] = p
	}
	sc := &Score{Result: h.result}
	if h.result == ResultChombo {
		ph.Chombo = int(h.chombo)
	}
	if h.result == ResultRon {
		ph.From = int(h.from)
	}
	if h.result == ResultRon || h.result == ResultTsumo {
		for _, s := range h.winners {
			w := payment.Win{Seat: int(s), Pao: -1}
			sw := ScoreWin{Seat: s, From: NoSeat, Pao: NoSeat}
			if h.result == ResultRon {
				sw.From = h.from
			}
			// A win dealt on with no value entered pays nothing (its
			// score line shows 0 points); the deposits still move.
			if v := h.values[s]; v != nil {
				w.Value, sw.Value, sw.Hand = v.Value, v.Value, v.Hand
				if v.Pao != NoSeat {
					w.Pao, sw.Pao = int(v.Pao), v.Pao
				}
			}
			ph.Wins = append(ph.Wins, w)
			sc.Wins = append(sc.Wins, sw)
		}
	}
	set, err := r.Settle(ph)
	if err != nil {
		// The engine checked every value as it came: a settlement that
		// fails is a fault of the engine, shown rather than hidden.
		return e.flag(out, NoSeat, ActNone, CodeScore, e.why(CodeScore, args{text: err.Error(), refusal: valueFault(err)}))
	}
	for i := range sc.Wins {
		sc.Wins[i].Points, sc.Wins[i].Limit = set.Points[i], set.Limits[i]
	}
	for s := range e.scores {
		e.scores[s] += set.Deltas[s]
		e.penalty[s] += set.Penalty[s]
		sc.Deltas[s] = e.scores[s] - e.atDeal[s]
	}
	e.riichiSticks = set.Sticks
	dealer, honba := e.next()
	sc.Scores, sc.Honba, sc.Sticks, sc.Penalty = e.scores, honba, e.riichiSticks, set.Penalty
	e.last = sc
	o := e.tell(Outcome{Kind: KindScore, At: e.now, Dealer: e.dealer, Seat: NoSeat, Code: CodeScore, Score: sc}, args{})
	if h.result == ResultChombo {
		o.Seat = h.chombo
	}
	out = append(out, o)
	if why := e.afterSettle(dealer); why != "" {
		out = e.endGame(out, why)
	}
	return out
}

// ends says why the game is over once the hand just settled is followed
// by next's deal, "" when it is not: after the last round's last hand
// when the dealer passes, or when a seat is below zero under rules that
// end there.
func (e *Engine) ends(next Seat) End {
	r := e.p.Score
	if r.BustEnds {
		for _, s := range e.scores {
			if s < 0 {
				return EndBust
			}
		}
	}
	rounds := r.Game.Rounds()
	if rounds == 0 || next == e.dealer {
		return ""
	}
	if distance(e.firstDealer, next) <= distance(e.firstDealer, e.dealer) && int(e.roundWind)+1 >= rounds {
		if rounds == 1 {
			return EndEast4
		}
		return EndSouth4
	}
	return ""
}

// endGame appends the final standings and why the game ended.
func (e *Engine) endGame(out []Outcome, why End) []Outcome {
	g := &GameEnd{Scores: e.scores, Sticks: e.riichiSticks, Standings: e.p.Score.Standings(e.scores, e.riichiSticks, e.penalty, int(e.firstDealer)), End: why}
	e.over, e.end = true, g
	return append(out, e.tell(Outcome{Kind: KindGameEnd, At: e.now, Dealer: e.dealer, Seat: NoSeat, Code: CodeGameEnd, GameEnd: g}, args{end: why}))
}

// newGame starts the next game at the table after one has ended: every
// score back to the start, East 1 with dealer East, nothing on the table.
func (e *Engine) newGame(dealer Seat) {
	e.firstDealer, e.dealer, e.roundWind, e.handNumber, e.honba, e.riichiSticks = dealer, dealer, East, 1, 0, 0
	e.startScore()
}

// nameSeat gives a seat's player a name.
func (e *Engine) nameSeat(ev Event) { e.names.Take(ev) }

// scoreDue reports when a settled-later hand's score is due.
func (e *Engine) scoreDue() (time.Duration, bool) { return e.h.scoreAt, e.h.scorePending }

// Flush settles a drawn hand that no deal has followed (the end of a
// script), so that its score is out. It does nothing while a win waits for
// values.
func (e *Engine) Flush(out []Outcome) []Outcome {
	h := &e.h
	if e.p.Score == nil || !h.ended || h.scored || h.result != ResultDraw || e.w.windowOpen {
		return out
	}
	return e.settle(out)
}
