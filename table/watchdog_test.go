package table

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
)

// stuckJournal blocks every Append until release is closed: a hung fsync.
type stuckJournal struct{ release chan struct{} }

func (j stuckJournal) Append([]Entry) error {
	<-j.release
	return nil
}

// TestAliveAsksTheLoop: the watchdog's question is answered by an idle
// loop that has slept an hour (it no longer wakes on its own), not by a
// loop stuck in its journal, and not by a stopped table.
func TestAliveAsksTheLoop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := stuckJournal{release: make(chan struct{})}
		tb, err := New(Config{Profile: engine.EMA2016, Journal: j})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- tb.Run(ctx) }()
		time.Sleep(time.Hour)
		if !tb.Alive(time.Second) {
			t.Fatal("an idle loop did not answer")
		}
		go tb.Submit(t.Context(), engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1m")})
		synctest.Wait()
		if tb.Alive(time.Second) {
			t.Fatal("a loop stuck in its journal answered")
		}
		close(j.release)
		if !tb.Alive(time.Second) {
			t.Fatal("the loop did not answer once the journal returned")
		}
		cancel()
		<-done
		if tb.Alive(time.Second) {
			t.Fatal("a stopped table answered")
		}
	})
}

// TestWatermarkWakesOnlyAHoldingLoop: with nothing held the loop sets no
// timer and a source's moving watermark (a pong every 100 ms) does not
// wake it; once it holds an input, it does.
func TestWatermarkWakesOnlyAHoldingLoop(t *testing.T) {
	tb, err := New(Config{Profile: engine.EMA2016, Clock: func() time.Duration { return time.Second }})
	if err != nil {
		t.Fatal(err)
	}
	src := tb.NewSource(SourceConfig{Name: "serial", Explicit: true})
	src.Advance(time.Millisecond, true) // live: that wakes the loop
	<-tb.moved
	if _, ok := tb.sleep(tb.Now()); ok {
		t.Fatal("an idle loop set a timer")
	}
	src.Advance(2*time.Millisecond, true)
	if len(tb.moved) != 0 {
		t.Fatal("a watermark moving under an idle loop woke it")
	}
	tb.core.receive(engine.Event{At: 900 * time.Millisecond, Seat: 0, Action: engine.Discard, Dealer: engine.NoSeat})
	if _, ok := tb.sleep(tb.Now()); !ok {
		t.Fatal("a loop holding an input set no timer")
	}
	src.Advance(3*time.Millisecond, true)
	if len(tb.moved) != 1 {
		t.Fatal("a watermark moving under a loop that holds an input did not wake it")
	}
}
