package engine

import (
	"errors"
	"strings"

	"github.com/tabled/tabled/payment"
)

// This file takes the inputs of a hand's worth: a winner's concealed tiles
// (Hand), scored and settled like an entered value, and the ura dora
// indicators read after a riichi win (Ura).

// hand scores a winner's concealed tiles and takes the value. A hand for a
// seat whose value was entered as han and fu is checked against it.
// valueFault is the parameters of the payment rules' refusal of a value,
// nil for an error of another kind.
func valueFault(err error) *payment.Fault {
	var ve *payment.ValueError
	if errors.As(err, &ve) && ve.Fault.Code != "" {
		return &ve.Fault
	}
	return nil
}

func (e *Engine) hand(ev Event, out []Outcome) []Outcome {
	h := &e.h
	in := h.values[ev.Seat]
	entered := in != nil && in.Hand == nil && e.p.Score != nil
	if !entered {
		if code := e.valueRefusal(ev); code != CodeNone {
			return e.refuse(out, ev, code, args{seat: ev.Seat})
		}
	}
	wh, err := scoreHand(e.handRules(), h.seen[ev.Seat], h.melds[ev.Seat], h.indicators, h.ura, ev.Hand, ev.Tile)
	if err != nil {
		a := args{seat: ev.Seat, text: err.Error()}
		var he *HandError
		if errors.As(err, &he) && he.Fault.Code != "" {
			a.refusal = &he.Fault
		}
		return e.refuse(out, ev, CodeHandRefused, a)
	}
	if d, from, ok := furiten(h.seen[ev.Seat], ev.Seat, h.discards, wh); ok {
		out = e.flag(out, ev.Seat, Hand, CodeFuriten, e.why(CodeFuriten, args{seat: ev.Seat, other: from, tile: d.Tile, waits: wh.waits()}))
	}
	if entered {
		return e.compareValues(out, ev, in.Value, &wh, true)
	}
	if err := e.p.Score.Check(wh.Result.Value, h.result == ResultTsumo); err != nil {
		// The scorer and the payment rules disagree: a fault shown, not hidden.
		return e.refuse(out, ev, CodeBadValue, args{seat: ev.Seat, value: wh.Result.Value, text: err.Error(), refusal: valueFault(err), n: 1})
	}
	return e.takeValue(out, ev.Seat, &HandValue{Value: wh.Result.Value, Pao: NoSeat, Hand: &wh})
}

// compareValues checks an entered value against a scored hand for the
// same win: the first one in stands; a second that pays the same is
// refused as already entered, one that does not is flagged for the
// referee (who can replace one input with the other).
func (e *Engine) compareValues(out []Outcome, ev Event, entered payment.Value, wh *WonHand, handLast bool) []Outcome {
	a := args{seat: ev.Seat, value: wh.Result.Value, yaku: wh.Result.Yaku}
	b1, _ := e.p.Score.Basic(entered)
	b2, _ := e.p.Score.Basic(wh.Result.Value)
	if b1 == b2 {
		return e.refuse(out, ev, CodeValueIn, a)
	}
	a.entered = entered
	if handLast {
		a.n = 1
	}
	return e.flag(out, ev.Seat, ev.Action, CodeValueDisagrees, e.why(CodeValueDisagrees, a))
}

// ura takes a read of an ura dora indicator: after a riichi win, before
// the riichi winners' hands, one under each dora and kan dora indicator.
func (e *Engine) ura(ev Event, out []Outcome) []Outcome {
	h := &e.h
	a := args{n: len(h.ura), m: len(h.indicators)}
	switch {
	case e.p.Score == nil:
		return e.refuse(out, ev, CodeNoScore, a)
	case h.scored || e.over:
		return e.refuse(out, ev, CodeScored, a)
	case !e.riichiWinner():
		return e.refuse(out, ev, CodeNoRiichiWinner, a)
	case !e.uraDue():
		return e.refuse(out, ev, CodeNoUraDue, a)
	}
	h.ura = append(h.ura, ev.Tile)
	return out
}

// riichiWinner reports whether the hand was won by a seat in riichi.
func (e *Engine) riichiWinner() bool {
	h := &e.h
	if !h.ended || (h.result != ResultRon && h.result != ResultTsumo) {
		return false
	}
	for _, s := range h.winners {
		if sit := h.seen[s]; sit != nil && sit.Riichi {
			return true
		}
	}
	return false
}

// uraDue reports whether an ura indicator can still be read: a riichi
// winner's hand is still to come, and fewer are read than dora indicators.
func (e *Engine) uraDue() bool {
	h := &e.h
	if !e.riichiWinner() || h.scored || len(h.ura) >= max(len(h.indicators), 1) {
		return false
	}
	for _, s := range h.winners {
		if sit := h.seen[s]; sit != nil && sit.Riichi && h.values[s] == nil {
			return true
		}
	}
	return false
}

// waitsWords are the tiles a hand waited on, for a furiten flag.
func waitsWords(wh WonHand) string {
	ws := wh.waits()
	l := make([]string, len(ws))
	for i, t := range ws {
		l[i] = t.String()
	}
	return strings.Join(l, " ")
}
