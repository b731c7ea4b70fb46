package table

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/tabled/tabled/engine"
)

// slowJournal holds its first Append until release is closed (an fsync
// that takes long) and keeps every batch it was given.
type slowJournal struct {
	release chan struct{}
	mu      sync.Mutex
	batches [][]Entry
}

func (j *slowJournal) Append(es []Entry) error {
	j.mu.Lock()
	first := len(j.batches) == 0
	j.batches = append(j.batches, append([]Entry(nil), es...))
	j.mu.Unlock()
	if first {
		<-j.release
	}
	return nil
}

// TestInputsThatArriveTogetherShareOneAppend: inputs that come while the
// journal is busy are journaled together, in one Append (one fsync), and
// each is acknowledged only once that Append returned. In a synctest
// bubble, "while the journal is busy" is exact: nothing depends on how
// fast the machine runs.
func TestInputsThatArriveTogetherShareOneAppend(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &slowJournal{release: make(chan struct{})}
		tb, err := New(Config{Profile: engine.EMA2016, Journal: j})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- tb.Run(ctx) }()
		dora := func() engine.Event {
			return engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1m"), Dealer: engine.NoSeat}
		}
		acked := make(chan uint64, 6)
		submit := func() {
			seq, err := tb.Submit(t.Context(), dora())
			if err != nil {
				t.Error(err)
			}
			acked <- seq
		}
		go submit()
		synctest.Wait() // the first input is in the journal, which holds it
		const together = 5
		for range together {
			go submit()
		}
		synctest.Wait()
		if len(acked) != 0 {
			t.Fatalf("%d inputs acknowledged while the journal held the first", len(acked))
		}
		close(j.release)
		for range together + 1 {
			<-acked
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		j.mu.Lock()
		defer j.mu.Unlock()
		if len(j.batches) < 2 {
			t.Fatalf("%d appends", len(j.batches))
		}
		inputs := 0
		for _, e := range j.batches[1] {
			if e.Input != nil {
				inputs++
			}
		}
		if inputs != together {
			t.Fatalf("the second append holds %d inputs, want the %d that came together", inputs, together)
		}
	})
}
