package web

import (
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

func TestTurnTimes(t *testing.T) {
	e, _ := engine.New(engine.EMA2016, 0)
	for i, at := range []time.Duration{0, 2 * time.Second, 5 * time.Second, 6 * time.Second, 10 * time.Second, 11 * time.Second} {
		if _, err := e.Apply(engine.Event{At: at, Seat: engine.Seat(i % 4), Action: engine.Discard, Dealer: engine.NoSeat}, nil); err != nil {
			t.Fatal(err)
		}
	}
	v := stateView(e.State(), 0, engine.EMA2016, nil)
	// Discards by seats 0 1 2 3 0 1 at 0 2 5 6 10 11 s: a turn runs from the previous discard.
	for _, tc := range []struct {
		seat       int
		last, mean int64
	}{{0, 4000, 4000}, {1, 1000, 1500}, {2, 3000, 3000}, {3, 1000, 1000}} {
		if s := v.Seats[tc.seat]; s.LastTurnMS != tc.last || s.AvgTurnMS != tc.mean {
			t.Errorf("seat %d: last %d avg %d, want %d %d", tc.seat, s.LastTurnMS, s.AvgTurnMS, tc.last, tc.mean)
		}
	}
}
