package table

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

// fileJournal appends JSON lines and fsyncs each batch, as the claim log
// does, so the loop's latency includes a real fsync.
type fileJournal struct{ f *os.File }

func (j *fileJournal) Append(es []Entry) error {
	var b []byte
	for _, e := range es {
		line, err := json.Marshal(e)
		if err != nil {
			return err
		}
		b = append(append(b, line...), '\n')
	}
	if _, err := j.f.Write(b); err != nil {
		return err
	}
	return j.f.Sync()
}

// BenchmarkDecisionPublished measures, through the running loop with an
// fsynced journal, the time from a window's close to the decision reaching a
// subscriber; it reports p50 and p99:
//
//	go test -run=^$ -bench=DecisionPublished -benchmem ./table
func BenchmarkDecisionPublished(b *testing.B) {
	f, err := os.Create(filepath.Join(b.TempDir(), "journal.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	p := engine.EMA2016
	p.Window = 2 * time.Millisecond // short windows keep the benchmark quick; the path is the same
	var j Journal = &fileJournal{f}
	if os.Getenv("TABLED_BENCH_NO_FSYNC") != "" {
		j = nil // to see the fsync's share
	}
	tb, err := New(Config{Profile: p, Latency: time.Millisecond, Journal: j})
	if err != nil {
		b.Fatal(err)
	}
	sub := tb.Subscribe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := tb.State()
		seat := st.Turn
		if st.Ended {
			tb.Submit(ctx, engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.NewHand, Dealer: 0})
			seat = 0
		}
		now := tb.Now()
		tb.Submit(ctx, engine.Event{At: now, Seat: seat, Action: engine.Discard})
		pon := engine.Event{At: now + 100*time.Microsecond, Seat: seat.Next().Next(), Action: engine.Pon}
		tb.Submit(ctx, pon)
		closeAt := pon.At + p.Window
	wait:
		for u := range sub.C() {
			for _, e := range u.Entries {
				if e.Outcome != nil && e.Outcome.Kind == engine.KindDecision {
					lat = append(lat, tb.Now()-closeAt)
					break wait
				}
			}
		}
		// Hand the turn back to a seat that can discard next time.
		for tb.State().Turn != pon.Seat && !tb.State().Ended {
			time.Sleep(10 * time.Microsecond)
		}
	}
	b.StopTimer()
	cancel()
	<-done
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	}
}
