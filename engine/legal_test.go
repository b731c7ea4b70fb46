package engine

import (
	"strings"
	"testing"
	"time"
)

// legalWords is Legal for every seat, "E: discard kan | S: ... " by wind
// (the dealer, seat 0, is East).
func legalWords(e *Engine) string {
	var b []string
	for s := Seat(0); s < 4; s++ {
		var as []string
		for _, a := range e.Legal(s) {
			as = append(as, a.String())
		}
		b = append(b, Wind(s).Letter()+": "+strings.Join(as, " "))
	}
	return strings.Join(b, " | ")
}

// discards are n discards in turn from the dealer, one a second from at.
func discards(at time.Duration, n int) []Event {
	var evs []Event
	for i := 0; i < n; i++ {
		evs = append(evs, tiled(at+time.Duration(i)*time.Second, Seat(i%4), Discard, "9s"))
	}
	return evs
}

// TestLegal: what each seat may press now, one row per rule the page's
// buttons follow; and at every step of every row, each press Legal offers
// is one Apply takes, and each it leaves out is one Apply refuses.
func TestLegal(t *testing.T) {
	wall := discards(time.Second, LiveDraws-3) // the live wall down to 3 tiles
	for _, tc := range []struct {
		name  string
		evs   []Event
		until time.Duration // Advance to this time after the events (0: not)
		want  string
	}{
		{"the dealer's first turn", nil, 0,
			"E: discard kan tsumo riichi | S:  | W:  | N: "},
		{"a suit discard: chii for the next seat only; the next seat may draw and tsumo or riichi while a ron is possible",
			[]Event{tiled(time.Second, 0, Discard, "3p")}, 0,
			"E:  | S: discard chii pon kan ron tsumo riichi | W: pon kan ron | N: pon kan ron"},
		{"after the call deadline the next seat still may tsumo and riichi, and a ron is still possible",
			[]Event{tiled(time.Second, 0, Discard, "3p")}, 10 * time.Second,
			"E:  | S: discard chii pon kan ron tsumo riichi | W: pon kan ron | N: pon kan ron"},
		{"a wind discard: no chii",
			[]Event{tiled(time.Second, 0, Discard, "1z")}, 0,
			"E:  | S: discard pon kan ron tsumo riichi | W: pon kan ron | N: pon kan ron"},
		{"a claim pending: the window decides; the caller may cancel, the others join or ron",
			[]Event{tiled(time.Second, 0, Discard, "3p"), ev(1100*ms, 2, Pon)}, 0,
			"E:  | S: chii pon kan ron | W: pon kan ron cancel | N: pon kan ron"},
		{"after a pon: the caller discards; no tsumo, riichi or kan in that turn",
			[]Event{tiled(time.Second, 0, Discard, "3p"), ev(1100*ms, 2, Pon)}, 5 * time.Second,
			"E:  | S: ron | W: discard | N: ron"},
		{"a riichi seat calls nothing but ron",
			[]Event{ev(time.Second, 0, Riichi), tiled(2*time.Second, 0, Discard, "3p"), tiled(3*time.Second, 1, Discard, "4p")}, 0,
			"E: ron | S:  | W: discard chii pon kan ron tsumo riichi | N: pon kan ron"},
		{"riichi needs four tiles in the wall after the draw",
			wall, 0,
			"E: pon kan ron | S:  | W: discard chii pon kan ron tsumo | N: pon kan ron"},
		{"a tsumo ends the hand: nothing more from the seats",
			[]Event{tiled(time.Second, 0, Discard, "3p"), ev(9*time.Second, 1, Tsumo)}, 0,
			"E:  | S:  | W:  | N: "},
		{"a decided ron: the others may still ron on the tile",
			[]Event{tiled(time.Second, 0, Discard, "3p"), ev(1100*ms, 2, Ron)}, 5 * time.Second,
			"E:  | S: ron | W:  | N: ron"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEngine(t, EMA2016)
			for i := 0; i <= len(tc.evs); i++ {
				checkLegalIsApply(t, tc.evs[:i], 0)
				if i < len(tc.evs) {
					apply(t, e, tc.evs[i])
				}
			}
			if tc.until > 0 {
				e.Advance(tc.until, nil)
				checkLegalIsApply(t, tc.evs, tc.until)
			}
			if got := legalWords(e); got != tc.want {
				t.Errorf("Legal:\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

// checkLegalIsApply replays evs (then Advance to until, when set) and
// checks, for each seat and each of SeatActions, that Legal offers the
// press exactly when Apply at that moment does not refuse it.
func checkLegalIsApply(t *testing.T, evs []Event, until time.Duration) {
	t.Helper()
	replay := func() *Engine {
		e := newEngine(t, EMA2016)
		apply(t, e, evs...)
		if until > 0 {
			e.Advance(until, nil)
		}
		return e
	}
	legal := replay()
	for s := Seat(0); s < 4; s++ {
		offered := map[Action]bool{}
		for _, a := range legal.Legal(s) {
			offered[a] = true
		}
		for _, a := range SeatActions {
			e := replay()
			out := apply(t, e, Event{At: e.Now(), Seat: s, Action: a, Dealer: NoSeat, Source: SourceWeb})
			refused := false
			for _, o := range out {
				refused = refused || (o.Kind == KindRejection && o.Seat == s && o.Call == a)
			}
			if refused == offered[a] {
				t.Errorf("after %d events: seat %d %s: Legal offers it %v, Apply refuses it %v (%v)", len(evs), s, a, offered[a], refused, out)
			}
		}
	}
}
