// Package enginetest plays short games on the real engine for the tests of
// the packages that read its state (the outcome words, the LAN server's
// hand preview): one way to write "East discards 4s, South wins by ron"
// instead of a loop of events in each test.
package enginetest

import (
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

// Play is an engine under p, East at seat 0, after steps: "E discard 1z",
// "S ron", "N pon", "dora 1s" (a seat's wind letter, an action and its
// tile). Each step comes 4 s after the one before, a ron 0.5 s after the
// discard it wins on (inside its window); the last window is closed. A
// step the engine takes as malformed fails the test.
func Play(tb testing.TB, p engine.Profile, steps ...string) *engine.Engine {
	tb.Helper()
	e, err := engine.New(p, 0)
	if err != nil {
		tb.Fatal(err)
	}
	var out []engine.Outcome
	at := time.Duration(0)
	for i, s := range steps {
		f := strings.Fields(s)
		if len(f) < 2 {
			tb.Fatalf("step %d %q: want a wind letter (or dora) and an action", i, s)
		}
		ev := engine.Event{Seat: engine.NoSeat, Dealer: engine.NoSeat}
		tile := ""
		if f[0] == "dora" {
			ev.Action, tile = engine.Dora, f[1]
		} else {
			w, err := engine.ParseWind(f[0])
			if err != nil {
				tb.Fatalf("step %d %q: %v", i, s, err)
			}
			if ev.Action, err = engine.ParseAction(f[1]); err != nil {
				tb.Fatalf("step %d %q: %v", i, s, err)
			}
			ev.Seat = w.Seat(0)
			if len(f) > 2 {
				tile = f[2]
			}
		}
		if tile != "" {
			if ev.Tile, err = engine.ParseTile(tile); err != nil {
				tb.Fatalf("step %d %q: %v", i, s, err)
			}
		}
		switch {
		case i == 0:
		case ev.Action == engine.Ron:
			at += 500 * time.Millisecond
		default:
			at += 4 * time.Second
		}
		ev.At = at
		if out, err = e.Apply(ev, out[:0]); err != nil {
			tb.Fatalf("step %d %q: %v", i, s, err)
		}
	}
	e.Advance(at+time.Second, out[:0])
	return e
}
