package table

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
)

// TestRecentDropsRetracted: once a void withdraws outcomes (a wrong value
// and the score it paid), Recent, what a page that joins late is shown,
// no longer holds them.
func TestRecentDropsRetracted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, err := New(Config{Profile: engine.EMA2016})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- tb.Run(ctx) }()
		defer func() { cancel(); <-done }()
		submit := func(ev engine.Event) uint64 {
			ev.At, ev.Dealer = tb.Now(), engine.NoSeat
			seq, err := tb.Submit(t.Context(), ev)
			if err != nil {
				t.Fatal(err)
			}
			synctest.Wait()
			return seq
		}
		submit(engine.Event{Seat: 0, Action: engine.Discard, Tile: engine.MustTile("1z")})
		submit(engine.Event{Seat: 1, Action: engine.Discard, Tile: engine.MustTile("5m")})
		submit(engine.Event{Seat: 3, Action: engine.Ron})
		time.Sleep(5 * time.Second) // fake time in the bubble: the window and the deadline pass
		value := submit(engine.Event{Seat: 3, Action: engine.Value, Value: &engine.HandValue{Value: payment.Value{Han: 2, Fu: 40}, Pao: engine.NoSeat}})
		scores := func() int {
			recent, _ := tb.Recent()
			n := 0
			for _, e := range recent {
				if e.Outcome != nil && e.Outcome.Kind == engine.KindScore {
					n++
				}
			}
			return n
		}
		if n := scores(); n != 1 {
			t.Fatalf("%d score outcomes in Recent after the value, want 1", n)
		}
		if _, refused, err := tb.Void(t.Context(), value); err != nil || refused != nil {
			t.Fatalf("void: %v %+v", err, refused)
		}
		synctest.Wait()
		if n := scores(); n != 0 {
			t.Fatalf("%d score outcomes in Recent after the value was voided, want 0", n)
		}
	})
}

// TestVoidStampedWhenItComes: a referee's void 73 s after the last press
// is stamped at its own time, not the press's; replaying the journal
// reproduces it.
func TestVoidStampedWhenItComes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &memJournal{}
		tb, err := New(Config{Profile: engine.EMA2016, Journal: j})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- tb.Run(ctx) }()
		defer func() { cancel(); <-done }()
		seq, err := tb.Submit(t.Context(), engine.Event{At: tb.Now(), Seat: 0, Action: engine.Discard, Tile: engine.MustTile("1z"), Dealer: engine.NoSeat})
		if err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		time.Sleep(73 * time.Second) // fake time in the bubble
		came := tb.Now()
		voidSeq, refused, err := tb.Void(t.Context(), seq)
		if err != nil || refused != nil {
			t.Fatalf("void: %v %+v", err, refused)
		}
		synctest.Wait()
		j.mu.Lock()
		entries := append([]Entry(nil), j.entries...)
		j.mu.Unlock()
		var at time.Duration = -1
		for _, e := range entries {
			if e.Seq == voidSeq {
				at = e.At
			}
		}
		if at < came-time.Second {
			t.Errorf("the void came at %v and is stamped %v", came, at)
		}
		if err := Verify(engine.EMA2016, 0, entries); err != nil {
			t.Errorf("replay: %v", err)
		}
	})
}
