package show

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
)

// selfBlinking is recorded lights that blink by themselves, as a seat
// controller does.
type selfBlinking struct{ *recLights }

func (selfBlinking) BlinksItself() bool { return true }

func (l *recLights) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.shown)
}

// TestDriverEndsTimedSignals runs a table and a Driver on a virtual clock
// (testing/synctest), with no Clock set, as `tabled run` does: the pon's
// won and the chii's lost end exactly a Hold after the decision, South's
// light going back to its turn. The strip is redrawn at each blink's edge;
// seat controllers only when a signal ends; and once nothing blinks or
// expires, nothing wakes the Driver for a minute.
func TestDriverEndsTimedSignals(t *testing.T) {
	for _, tc := range []struct {
		name  string
		self  bool
		shows int // lights shown from the decision to the Hold's end, both included
	}{
		{"strip", false, 1 + 6}, // the lost blink's 6 edges; the last is the Hold's end
		{"seat controllers", true, 1 + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				rec := &recLights{}
				var lights Lights = rec
				if tc.self {
					lights = selfBlinking{rec}
				}
				d := &Driver{Lights: lights}
				tb, err := table.New(table.Config{Profile: engine.EMA2016})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go tb.Run(ctx)
				go func() { done <- d.Run(ctx, tb) }()

				playOn(t, tb, "@0ms E discard 1z\n+100ms S discard 2z\n+100ms W discard 6s\n+100ms N chii\n+180ms S pon", tb.Now())
				time.Sleep(time.Second)
				synctest.Wait()
				decided, ok := rec.first(display.SignalWon)
				if !ok || displaytest.Signals(decided) != "E:- S:won W:- N:lost" {
					t.Fatalf("the decision never reached the lights: %q", displaytest.Signals(rec.last()))
				}
				since := decided.Seats[1].Since
				time.Sleep(since + display.Hold - tb.Now() - time.Millisecond)
				synctest.Wait()
				if got := displaytest.Signals(rec.last()); got != "E:- S:won W:- N:lost" {
					t.Fatalf("a millisecond before the Hold's end the lights show %q", got)
				}
				time.Sleep(time.Millisecond)
				synctest.Wait()
				end := rec.last()
				if got := displaytest.Signals(end); got != "E:- S:turn W:- N:-" || end.Now != since+display.Hold {
					t.Fatalf("at the Hold's end (%v) the lights show %q at %v", since+display.Hold, got, end.Now)
				}
				rec.mu.Lock()
				shows := 0
				for _, v := range rec.shown {
					if v.Now >= decided.Now {
						shows++
					}
				}
				rec.mu.Unlock()
				if shows != tc.shows {
					t.Errorf("%d lights shown from the decision to the Hold's end, want %d", shows, tc.shows)
				}

				n := rec.count()
				time.Sleep(time.Minute)
				synctest.Wait()
				if rec.count() != n {
					t.Errorf("the Driver woke %d times in a minute with nothing blinking or expiring", rec.count()-n)
				}
				cancel()
				if err := <-done; err != nil && err != context.Canceled {
					t.Fatal(err)
				}
			})
		})
	}
}
