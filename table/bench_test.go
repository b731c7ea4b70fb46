package table

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
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

// fakeSerial is a serial controller's watermark as hw/link reports it:
// the device's time less its confirmation lag (a press is sent 5-10 ms
// after its first edge). Asked (Need) to pass a time, the link pings once
// the host clock is past it and the lag, and the pong moves the watermark
// one round trip later. A frame not yet delivered (a retransmission due)
// holds the watermark below it.
type fakeSerial struct {
	src      *Source
	now      func() time.Duration
	rtt, lag time.Duration
	hold     chan time.Duration // a stamp the watermark may not pass yet
}

func (f *fakeSerial) need(at time.Duration) {
	go func() {
		time.Sleep(max(at+f.lag-f.now(), 0) + f.rtt)
		mark := f.now() - f.rtt/2 - f.lag
		select {
		case h := <-f.hold:
			mark = min(mark, h)
			f.hold <- h
		default:
		}
		f.src.Advance(mark, true)
	}()
}

// BenchmarkDecisionPublished measures, through the running loop with an
// fsynced journal, the time from a window's close to the decision reaching
// a subscriber (p50, p99), and how long Submit takes to acknowledge an
// input (it waits for the fsync; inputs that arrive together share one):
//
//	go test -run=^$ -bench=DecisionPublished -benchmem -benchtime=300x ./table
//
// web: inputs stamped by the table itself (a tablet), held 5 ms (the default input_latency). serial: a
// serial controller's presses; the window closes when the controller's
// watermark passes its end (a ping 10 ms after the end, the device's
// confirmation lag, and its pong 1 ms later).
// serial-late: the pon's first frame is spoilt and its retransmission comes
// 100 ms later; the window waits for it rather than decide without it.
func BenchmarkDecisionPublished(b *testing.B) {
	for _, mode := range []string{"web", "serial", "serial-late"} {
		b.Run(mode, func(b *testing.B) { benchDecision(b, mode) })
	}
}

func benchDecision(b *testing.B, mode string) {
	f, err := os.Create(filepath.Join(b.TempDir(), "journal.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	p := engine.EMA2016
	p.Window = 20 * time.Millisecond // short windows keep the benchmark quick; the path is the same
	var j Journal = &fileJournal{f}
	if os.Getenv("TABLED_BENCH_NO_FSYNC") != "" {
		j = nil // to see the fsync's share
	}
	tb, err := New(Config{Profile: p, Latency: 5 * time.Millisecond, Journal: j}) // input_latency's default
	if err != nil {
		b.Fatal(err)
	}
	var serial *fakeSerial
	if mode != "web" {
		serial = &fakeSerial{now: tb.Now, rtt: time.Millisecond, lag: 10 * time.Millisecond, hold: make(chan time.Duration, 1)}
		serial.src = tb.NewSource(SourceConfig{Name: "serial", Explicit: true, Need: serial.need})
		serial.src.Advance(tb.Now(), true)
	}
	sub := tb.Subscribe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	lat := make([]time.Duration, 0, b.N)
	var acks []time.Duration
	submit := func(ev engine.Event) {
		start := time.Now()
		if _, err := tb.Submit(ctx, ev); err != nil {
			b.Fatal(err)
		}
		acks = append(acks, time.Since(start))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := tb.State()
		seat := st.Turn
		if st.Ended {
			submit(engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.NewHand, Dealer: 0})
			seat = 0
		}
		now := tb.Now()
		pon := engine.Event{At: now + 100*time.Microsecond, Seat: seat.Next().Next(), Action: engine.Pon}
		if mode == "serial-late" {
			serial.hold <- pon.At - 1 // the spoilt frame holds the controller's watermark
		}
		submit(engine.Event{At: now, Seat: seat, Action: engine.Discard})
		if mode == "serial-late" {
			time.Sleep(100 * time.Millisecond) // the retransmission
			<-serial.hold
		} else {
			for tb.Now() < pon.At {
			}
		}
		submit(pon)
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
		// The state is published before the update that carries the
		// decision, so the pon's seat discards next time.
		if st := tb.State(); st.Turn != pon.Seat && !st.Ended {
			b.Fatalf("after the pon the turn is %d, not %d", st.Turn, pon.Seat)
		}
	}
	b.StopTimer()
	cancel()
	<-done
	report := func(d []time.Duration, name string) {
		if len(d) == 0 {
			return
		}
		slices.Sort(d)
		b.ReportMetric(float64(d[len(d)/2].Microseconds()), name+"-p50-µs")
		b.ReportMetric(float64(d[len(d)*99/100].Microseconds()), name+"-p99-µs")
	}
	report(lat, "decision")
	report(acks, "ack")
}

// BenchmarkPlayWithVoids measures a table's core through a random game of
// 300 inputs, some late, with the referee voiding a press now and then
// (each void rebuilds from the voided press and compares what was shown
// with what is decided again), then the replay that verifies its journal:
// what TestReplayReproducesEveryDecision does for each seed.
//
//	go test -run=^$ -bench=PlayWithVoids -benchmem -count=5 ./table
func BenchmarkPlayWithVoids(b *testing.B) {
	for b.Loop() {
		_, j := playWithVoids(b, engine.EMA2016, 1)
		if err := Verify(engine.EMA2016, 0, j.entries); err != nil {
			b.Fatal(err)
		}
	}
}
