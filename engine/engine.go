package engine

import (
	"fmt"
	"time"
)

// Engine applies events to a table under one rule profile. It is
// deterministic: the same profile, dealer and events give the same outcomes.
type Engine struct {
	p Profile
	// words put the codes whose words live outside the engine into words.
	words Words

	firstDealer, dealer Seat
	roundWind           Wind
	handNumber, honba   int
	riichiSticks        int

	h        hand
	w        claimWindow
	fast     fastDraw
	now      time.Duration
	decision int // ordinal of the latest decision
	// seating is the tournament round's latest seating, nil before one.
	seating   *Seating
	seatingAt time.Duration

	game
}

// New returns an engine at the start of a game: the first hand, dealer East.
func New(p Profile, dealer Seat) (*Engine, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if !dealer.Valid() {
		return nil, fmt.Errorf("engine: dealer seat %d is not 0..3", dealer)
	}
	e := &Engine{p: p, firstDealer: dealer, dealer: dealer, handNumber: 1}
	e.startScore()
	e.deal()
	return e, nil
}

// Profile is the rule profile in force.
func (e *Engine) Profile() Profile { return e.p }

// Dealer is the physical seat of the current dealer (East).
func (e *Engine) Dealer() Seat { return e.dealer }

// Now is the time of the latest event or Advance.
func (e *Engine) Now() time.Duration { return e.now }

// deal starts a fresh hand with the current dealer.
func (e *Engine) deal() {
	e.h = hand{turn: e.dealer, phase: ToDiscard, wall: LiveDraws, chombo: NoSeat, from: NoSeat}
	e.atDeal = e.scores
	e.w = claimWindow{putBack: NoSeat}
	e.fast = fastDraw{}
}

// Apply applies one event and appends what it decided to out. Decisions
// whose windows closed before ev.At come first. A claim the rules do not
// allow is an outcome (KindRejection), not an error; an error means the
// event itself is malformed or out of time order, and nothing changed.
func (e *Engine) Apply(ev Event, out []Outcome) ([]Outcome, error) {
	if err := ev.Validate(); err != nil {
		return out, err
	}
	if ev.At < e.now {
		return out, fmt.Errorf("engine: %s at %v is before the previous input at %v: inputs must come in time order", ev.Action, ev.At, e.now)
	}
	out = e.advance(ev.At, false, out)
	e.now = ev.At
	if e.h.ended && !e.openAfterEnd(ev) {
		return e.reject(out, ev, CodeHandOver, e.why(CodeHandOver, args{})), nil
	}
	switch ev.Action {
	case Discard:
		if e.laying(ev) {
			out = e.lay(ev, out)
		} else {
			out = e.discard(ev, out)
		}
	case Chii, Pon:
		out = e.claim(ev, out)
	case Kan:
		if e.ownTurnKan(ev) {
			out = e.kan(ev, out)
		} else {
			out = e.claim(ev, out)
		}
	case Ron:
		out = e.ron(ev, out)
	case Tsumo:
		out = e.tsumo(ev, out)
	case Riichi:
		out = e.declareRiichi(ev, out)
	case Cancel:
		if e.unlaying(ev) {
			e.unlay(ev)
		} else {
			out = e.cancel(ev, out)
		}
	case Dora:
		out = e.dora(ev, out)
	case NewHand:
		out = e.newHand(ev, out)
	case Tenpai:
		e.h.tenpai[ev.Seat] = true
	case DeadHand:
		e.h.dead[ev.Seat] = true
	case Value:
		out = e.value(ev, out)
	case Chombo:
		out = e.chombo(ev, out)
	case Name:
		e.nameSeat(ev)
	case Hand:
		out = e.hand(ev, out)
	case Ura:
		out = e.ura(ev, out)
	case Time:
		out = e.timeSignal(ev, out)
	case Round:
		out = e.seat(ev, out)
	case Card:
		out = e.card(ev, out)
	case Confirm:
		out = e.confirm(ev, out)
	}
	return out, nil
}

// openAfterEnd reports whether ev can still be applied once the hand has
// ended: table and referee actions; a ron on the tile a ron was decided on
// (until the next deal); a call or a ron that puts back a too-fast tsumo;
// a winner's tile laid on its reader, and its cancel while it lays.
func (e *Engine) openAfterEnd(ev Event) bool {
	switch ev.Action {
	case Discard:
		return e.laying(ev)
	case Cancel:
		return e.unlaying(ev)
	case Dora, NewHand, Tenpai, DeadHand, Value, Chombo, Name, Hand, Ura, Time, Round, Card, Confirm:
		return true
	case Ron:
		return (e.w.open && e.w.ronDecided()) || (e.p.ClaimChecks && e.h.result == ResultTsumo && e.fast.undoable(e.p, ev.At))
	case Chii, Pon, Kan:
		return e.fast.undoable(e.p, ev.At)
	}
	return false
}

// Advance moves time to now and appends what became due: decisions whose
// simultaneity window has closed, an exhaustive draw. Call it when nothing
// stamped at or before now can still arrive.
func (e *Engine) Advance(now time.Duration, out []Outcome) []Outcome {
	if now < e.now {
		now = e.now // time never goes back; what is due now is still closed
	}
	out = e.advance(now, true, out)
	e.now = now
	return out
}

// NextDeadline is the next time at which Advance would change something;
// ok is false when nothing is pending.
func (e *Engine) NextDeadline() (t time.Duration, ok bool) {
	w := &e.w
	if t, ok := e.scoreDue(); ok {
		return t, true
	}
	switch {
	case !w.open:
		return 0, false
	case w.windowOpen:
		return w.windowEnd, true
	case !e.h.ended && !w.quiet && len(w.won) == 0:
		// Until the horizon a claim on the tile could still be on time;
		// once a call is decided, only a ron could still come, and it
		// would arrive as an input of its own.
		return w.quietAt(e.p), true
	}
	return 0, false
}

// advance closes what is due before t (or at t, when inclusive).
func (e *Engine) advance(t time.Duration, inclusive bool, out []Outcome) []Outcome {
	due := func(at time.Duration) bool { return at < t || (inclusive && at == t) }
	if at, ok := e.scoreDue(); ok && due(at) {
		e.now = max(e.now, at)
		out = e.settle(out)
	}
	w := &e.w
	for w.open && (!e.h.ended || w.windowOpen) {
		switch {
		case w.windowOpen && due(w.windowEnd):
			e.now = w.windowEnd
			out = e.decide(out)
		case !e.h.ended && !w.windowOpen && !w.quiet && due(w.quietAt(e.p)):
			// A window that closed after the horizon was decided first:
			// time never goes back.
			e.now = max(e.now, w.quietAt(e.p))
			w.quiet = true
			if w.claimed.Kong {
				return e.kongStands(out)
			}
			if !w.lastTile {
				return out
			}
			// The last discard of the hand went unclaimed: exhaustive draw.
			out = e.closeWindow(false, out)
			return e.endHand(out, ResultDraw, nil, CodeExhausted, e.why(CodeExhausted, args{}))
		default:
			return out
		}
	}
	return out
}

func (e *Engine) reject(out []Outcome, ev Event, code RuleCode, w why) []Outcome {
	return append(out, Outcome{Kind: KindRejection, At: e.now, Dealer: e.dealer, Seat: ev.Seat, Call: ev.Action, Code: code, Reason: w.text, Args: w.args})
}

func (e *Engine) flag(out []Outcome, seat Seat, call Action, code RuleCode, w why) []Outcome {
	return append(out, Outcome{Kind: KindFlag, At: e.now, Dealer: e.dealer, Seat: seat, Call: call, Code: code, Reason: w.text, Args: w.args})
}

func (e *Engine) endHand(out []Outcome, res Result, winners []Seat, code RuleCode, w why) []Outcome {
	h := &e.h
	h.ended, h.result, h.winners = true, res, winners
	if (res == ResultRon || res == ResultTsumo) && e.p.Score == nil {
		e.riichiSticks = 0 // the winner closest to the discarder takes them
	}
	if res != ResultTsumo {
		e.fast = fastDraw{} // only a too-fast tsumo can still be put back
	}
	return append(out, Outcome{Kind: KindHandEnd, At: e.now, Dealer: e.dealer, Result: res, Winners: append([]Seat(nil), winners...), Code: code, Reason: w.text, Args: w.args})
}

func (e *Engine) dora(ev Event, out []Outcome) []Outcome {
	h := &e.h
	if ev.Source == SourceNFC && e.p.Hand != nil && len(h.indicators) >= 1+h.kongs && e.uraDue() {
		// The dora reader reads the ura indicators after a riichi win,
		// when no dora indicator is due (rules without hand scoring,
		// older logs, refuse the read as before).
		return e.ura(ev, out)
	}
	held := 0
	if e.p.ExtendedKong == KongReadRefused {
		// Logs of that time refused a read within the robbing time.
		held = e.heldDora()
	}
	if due := 1 + h.kongs - held; len(h.indicators) >= due {
		if held > 0 {
			return e.reject(out, ev, CodeKongMayBeRobbed, e.why(CodeKongMayBeRobbed, args{other: e.w.claimed.Seat}))
		}
		return e.reject(out, ev, CodeNoDoraDue, e.why(CodeNoDoraDue, args{n: len(h.indicators), m: h.kongs}))
	}
	h.indicators = append(h.indicators, ev.Tile)
	o := Outcome{Kind: KindDora, At: e.now, Dealer: e.dealer, Seat: NoSeat, Indicators: append([]Tile(nil), h.indicators...)}
	o.Dora = make([]Tile, len(h.indicators))
	for i, t := range h.indicators {
		o.Dora[i] = t.Dora()
	}
	return append(out, o)
}

// newHand ends the hand if it is still running and deals the next one,
// rotating the dealer by the result unless the referee names one.
func (e *Engine) newHand(ev Event, out []Outcome) []Outcome {
	out = e.advance(ev.At, true, out)
	e.now = ev.At
	h := &e.h
	if !h.ended {
		out = e.closeWindow(false, out)
		out = e.endHand(out, ResultDraw, nil, CodeRefereeEnded, e.why(CodeRefereeEnded, args{}))
	}
	switch {
	case e.over:
		// The game has ended: this deal begins the next game.
		d := e.firstDealer
		if ev.Dealer != NoSeat {
			d = ev.Dealer
		}
		e.newGame(d)
		e.deal()
		return append(out, e.tell(Outcome{Kind: KindDeal, At: e.now, Dealer: e.dealer, Seat: NoSeat, Code: CodeDeal,
			RoundWind: e.roundWind, HandNumber: e.handNumber, Honba: e.honba, RiichiSticks: e.riichiSticks}, args{}))
	case e.p.Score != nil && !h.scored:
		if out = e.settle(out); e.over {
			return out // the last hand: no deal follows
		}
	}
	old := e.dealer
	next, honba := e.next()
	e.honba = honba
	if ev.Dealer != NoSeat {
		next = ev.Dealer
	}
	if next != old && distance(e.firstDealer, next) <= distance(e.firstDealer, old) {
		e.roundWind = (e.roundWind + 1) & 3
	}
	e.dealer = next
	e.handNumber = distance(e.firstDealer, next) + 1
	e.deal()
	return append(out, e.tell(Outcome{Kind: KindDeal, At: e.now, Dealer: e.dealer, Seat: NoSeat, Code: CodeDeal,
		RoundWind: e.roundWind, HandNumber: e.handNumber, Honba: e.honba, RiichiSticks: e.riichiSticks}, args{}))
}
