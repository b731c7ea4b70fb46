package table

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
)

// TestADealNoPressFollowsIsJournaledOnceSettled: a table left idle after
// a deal (the players build the wall, or take a break) journals the deal
// once it has stood dealSettle, not at the next press, which may be
// minutes away: a restart then begins there. Before that, nothing is
// journaled. With a press after the deal, it is journaled all the same,
// once.
func TestADealNoPressFollowsIsJournaledOnceSettled(t *testing.T) {
	for _, tc := range []struct {
		name  string
		press bool // a discard a second after the deal
	}{
		{"idle after the deal", false},
		{"a press after the deal", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				j := &memJournal{}
				tb, err := New(Config{Profile: engine.EMA2016, Journal: j})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go func() { done <- tb.Run(ctx) }()
				deal, err := tb.Submit(t.Context(), engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.NewHand, Dealer: engine.NoSeat, Source: engine.SourceWeb})
				if err != nil {
					t.Fatal(err)
				}
				if tc.press {
					time.Sleep(time.Second) // fake time
					if _, err := tb.Submit(t.Context(), ev(tb.Now(), 1, engine.Discard)); err != nil {
						t.Fatal(err)
					}
				}
				deals := func() (n int, input uint64) {
					for _, e := range j.all() {
						if e.Deal != nil {
							n, input = n+1, e.Deal.Input
						}
					}
					return n, input
				}
				time.Sleep(dealSettle - 2*time.Second)
				synctest.Wait()
				if n, _ := deals(); n != 0 {
					t.Fatalf("a deal journaled before it had stood %v", dealSettle)
				}
				time.Sleep(3 * time.Second)
				synctest.Wait()
				if n, input := deals(); n != 1 || input != deal {
					t.Fatalf("%d deals journaled (the last of input %d) %v after the deal of input %d, want it once", n, input, dealSettle+time.Second, deal)
				}
				time.Sleep(time.Minute)
				synctest.Wait()
				if n, _ := deals(); n != 1 {
					t.Fatalf("the deal journaled %d times", n)
				}
				cancel()
				if err := <-done; err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}
