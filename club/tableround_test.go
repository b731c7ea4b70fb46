package club

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
)

// fakeTable is a table's clock and input path for the tournament: its
// inputs are recorded, its state is what the test sets.
type fakeTable struct {
	start time.Time
	mu    sync.Mutex
	evs   []engine.Event
	st    engine.State
}

func (f *fakeTable) Now() time.Duration { return time.Since(f.start) }
func (f *fakeTable) State() engine.State {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.st
}
func (f *fakeTable) Submit(_ context.Context, ev engine.Event) (uint64, error) {
	if err := ev.Validate(); err != nil {
		return 0, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.evs = append(f.evs, ev)
	return uint64(len(f.evs)), nil
}
func (f *fakeTable) actions() []engine.Action {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []engine.Action
	for _, ev := range f.evs {
		out = append(out, ev.Action)
	}
	return out
}

func round(sent uint64, state string, remaining int64, after int) Round {
	return Round{Tournament: "Spring Open", Round: 1, Sent: sent, AfterTime: after, Clock: RoundClock{State: state, RemainingMS: remaining},
		Seats: [4]RoundSeat{{Player: 1, Name: "Ana"}, {Player: 2, Name: "Bo"}, {Player: 3, Name: "Cy"}, {Player: 4, Name: "Di"}}}
}

// TestRoundClock: on a virtual clock, a round is logged once however often
// it is sent, the clock counts down from the moment the table took it,
// turns to its warnings, and at zero the time signal is logged (with the
// round's hands after it), once; a round that says "over" signals at once.
func TestRoundClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ft := &fakeTable{start: time.Now()}
		tr := NewTableRound(ft, t.Logf)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go tr.Run(ctx)
		time.Sleep(time.Second) // the console's round comes a second into the run
		tr.Take(round(1, "running", int64(12*time.Minute/time.Millisecond), 2))
		tr.Take(round(1, "running", int64(12*time.Minute/time.Millisecond), 2)) // sent again: not logged twice
		synctest.Wait()
		if got := ft.actions(); len(got) != 1 || got[0] != engine.Round || tr.Have() != 1 {
			t.Fatalf("inputs %v, have %d: want the round once", got, tr.Have())
		}
		for _, step := range []struct {
			after, left time.Duration
		}{{time.Minute, 11 * time.Minute}, {2*time.Minute + time.Second, 8*time.Minute + 59*time.Second}, {5 * time.Minute, 3*time.Minute + 59*time.Second}} {
			time.Sleep(step.after)
			synctest.Wait()
			if left, state, ok := tr.Clock(); !ok || left != step.left || state != "running" || len(ft.actions()) != 1 {
				t.Fatalf("after %v more: clock %v %s %v, inputs %v; want %v left", step.after, left, state, ok, ft.actions(), step.left)
			}
		}
		time.Sleep(4*time.Minute + time.Second)
		synctest.Wait()
		if got := ft.actions(); len(got) != 2 || got[1] != engine.Time || ft.evs[1].AfterTime == nil || *ft.evs[1].AfterTime != 2 || ft.evs[1].At != 12*time.Minute+time.Second {
			t.Fatalf("inputs %+v: want the time signal at 12m1s (taken at 1s, 12 minutes left) with 2 hands after it", ft.evs)
		}
		if left, state, _ := tr.Clock(); left != 0 || state != "over" {
			t.Fatalf("clock %v %s after the time", left, state)
		}
		time.Sleep(time.Hour)
		synctest.Wait()
		if n := len(ft.actions()); n != 2 {
			t.Fatalf("%d inputs: the signal was logged again", n)
		}
		// The next round, sent as over (the referee ended it at once).
		r := round(2, "over", 0, -1)
		r.Round = 2
		tr.Take(r)
		synctest.Wait()
		if got := ft.actions(); len(got) != 4 || got[2] != engine.Round || got[3] != engine.Time || ft.evs[3].AfterTime != nil {
			t.Fatalf("inputs %v: want round 2 and its time signal, the profile's hands after it", got)
		}
	})
}

// TestRoundClockAfterRestart: a restarted table goes on from the round its
// log holds (counted from the round input's stamp), until the console
// answers; a paused clock does not run.
func TestRoundClockAfterRestart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ft := &fakeTable{start: time.Now().Add(-10 * time.Minute)} // the table's clock goes on from the log
		s := round(4, "running", int64(15*time.Minute/time.Millisecond), -1).Seating()
		ft.st = engine.State{Seating: &s, SeatingAt: 2 * time.Minute}
		tr := NewTableRound(ft, t.Logf)
		if left, state, ok := tr.Clock(); !ok || state != "running" || left != 7*time.Minute || tr.Have() != 4 {
			t.Fatalf("clock %v %s %v have %d: want 7 minutes left of round sent 4", left, state, ok, tr.Have())
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go tr.Run(ctx)
		tr.Take(round(5, "paused", int64(3*time.Minute/time.Millisecond), -1))
		time.Sleep(time.Hour)
		synctest.Wait()
		if got := ft.actions(); len(got) != 1 || got[0] != engine.Round {
			t.Fatalf("inputs %v: a paused clock signalled", got)
		}
		if left, state, _ := tr.Clock(); left != 3*time.Minute || state != "paused" {
			t.Fatalf("paused clock %v %s", left, state)
		}
	})
}
