package engine

import (
	"testing"
	"time"
)

// gameEvents is a busy stream: every discard draws a claim, every fourth a
// pair of simultaneous ones, with kongs, dora reads and new hands.
func gameEvents(n int) []Event {
	evs := make([]Event, 0, n)
	at := time.Duration(0)
	turn := Seat(0)
	for len(evs) < n {
		at += 400 * time.Millisecond
		evs = append(evs, Event{At: at, Seat: turn, Action: Discard, Tile: Tile(1 + len(evs)%34)})
		switch len(evs) % 4 {
		case 0:
			evs = append(evs, Event{At: at + 100*time.Millisecond, Seat: turn.Next(), Action: Chii},
				Event{At: at + 150*time.Millisecond, Seat: turn.Next().Next(), Action: Pon})
			turn = turn.Next().Next()
		case 2:
			evs = append(evs, Event{At: at + 3500*time.Millisecond, Seat: turn.Next(), Action: Riichi})
			turn = turn.Next()
		default:
			turn = turn.Next()
		}
		at += 3600 * time.Millisecond
		if len(evs)%97 == 0 {
			evs = append(evs, Event{At: at, Seat: NoSeat, Action: NewHand, Dealer: 0})
			turn = 0
		}
	}
	return evs
}

// BenchmarkApply measures events per second through the engine and
// allocations per event: go test -run=^$ -bench=Apply -benchmem ./engine
func BenchmarkApply(b *testing.B) {
	evs := gameEvents(4096)
	out := make([]Outcome, 0, 16)
	b.ReportAllocs()
	var e *Engine
	for i := 0; i < b.N; i++ {
		j := i % len(evs)
		if j == 0 {
			e, _ = New(EMA2016, 0)
		}
		var err error
		if out, err = e.Apply(evs[j], out[:0]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkState measures a snapshot of a hand under way (a discard open,
// a claim pending), what the table takes after every decision: go test
// -run=^$ -bench=State -benchmem ./engine
func BenchmarkState(b *testing.B) {
	e, err := New(EMA2016, 0)
	if err != nil {
		b.Fatal(err)
	}
	for _, ev := range []Event{
		{At: time.Second, Seat: 0, Action: Discard, Tile: MustTile("3p"), Dealer: NoSeat},
		{At: 1100 * time.Millisecond, Seat: 2, Action: Pon, Dealer: NoSeat},
	} {
		if _, err := e.Apply(ev, nil); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		_ = e.State()
	}
}
