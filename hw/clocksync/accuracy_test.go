package clocksync

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// link simulates a seat controller on a serial link: a device clock that
// runs driftPPM fast from an arbitrary start, and a transport whose one-way
// delay is base ± jitter, uniformly.
type link struct {
	rng             *rand.Rand
	driftPPM        float64
	start           uint64
	base, jitter    time.Duration
	pingEvery, warm time.Duration
}

func (l link) device(host time.Duration) uint64 {
	return l.start + uint64(float64(host.Microseconds())*(1+l.driftPPM*1e-6))
}

func (l link) delay() time.Duration {
	return l.base + time.Duration((l.rng.Float64()*2-1)*float64(l.jitter))
}

// accuracy is one run: presses at random moments over span, each stamped by
// the device and sent over the link; it returns the errors of the mapped
// stamps and of stamping on arrival, and how often the true time lay within
// the reported uncertainty.
func (l link) accuracy(span time.Duration) (mapped, arrival []time.Duration, covered float64) {
	var s Sync
	nextPing := time.Duration(0)
	inside, n := 0, 0
	for h := time.Duration(0); h < span; h += 37 * time.Millisecond {
		for nextPing <= h {
			sent := nextPing
			arrive := sent + l.delay()
			s.Add(Sample{Sent: sent, Device: l.device(arrive), Received: arrive + l.delay()})
			nextPing += l.pingEvery
		}
		if h < l.warm || l.rng.IntN(3) != 0 {
			continue
		}
		got, unc, ok := s.Map(l.device(h))
		if !ok {
			continue
		}
		e := (got - h).Abs()
		mapped = append(mapped, e)
		arrival = append(arrival, l.delay())
		n++
		if e <= unc {
			inside++
		}
	}
	return mapped, arrival, float64(inside) / float64(n)
}

func quantile(d []time.Duration, q float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(math.Min(float64(len(s)-1), q*float64(len(s))))]
}

var ms = time.Millisecond

// TestMappedStampsBeatArrival is the target: with 100 ppm drift and
// ±3 ms transport jitter, mapped stamps are within 0.2 ms at the 99th
// percentile and at least ten times better than stamping on arrival. The
// times are simulated, so this is an accuracy check, not a timing one.
func TestMappedStampsBeatArrival(t *testing.T) {
	for _, tc := range []struct {
		name     string
		driftPPM float64
	}{{"fast", 100}, {"slow", -100}, {"exact", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			l := link{rng: rand.New(rand.NewPCG(1, 2)), driftPPM: tc.driftPPM, start: 987654321, base: 4 * ms, jitter: 3 * ms,
				pingEvery: 100 * ms, warm: 5 * time.Second}
			mapped, arrival, covered := l.accuracy(10 * time.Minute)
			p99, a99 := quantile(mapped, 0.99), quantile(arrival, 0.99)
			t.Logf("%d presses: mapped p50 %v p99 %v max %v; on arrival p50 %v p99 %v max %v; uncertainty covers %.0f%%",
				len(mapped), quantile(mapped, 0.5), p99, quantile(mapped, 1), quantile(arrival, 0.5), a99, quantile(arrival, 1), covered*100)
			if p99 > 200*time.Microsecond {
				t.Errorf("mapped p99 %v, want <= 200µs", p99)
			}
			if a99 < 10*p99 {
				t.Errorf("mapped p99 %v is not ten times better than on arrival %v", p99, a99)
			}
			if covered < 0.9 {
				t.Errorf("the reported uncertainty covers the true time only %.0f%% of the time", covered*100)
			}
		})
	}
}

// TestDriftIsFitted: the fitted rate recovers the device's drift.
func TestDriftIsFitted(t *testing.T) {
	l := link{rng: rand.New(rand.NewPCG(3, 4)), driftPPM: 100, base: ms, jitter: 3 * ms, pingEvery: 100 * ms}
	var s Sync
	for h := time.Duration(0); h < time.Minute; h += l.pingEvery {
		arrive := h + l.delay()
		s.Add(Sample{Sent: h, Device: l.device(arrive), Received: arrive + l.delay()})
	}
	if d := s.Drift(); math.Abs(d-100) > 20 {
		t.Fatalf("drift %.1f ppm, want about 100", d)
	}
}

func TestSyncBeforeAndAfterReset(t *testing.T) {
	var s Sync
	if _, _, ok := s.Map(5); ok {
		t.Fatal("mapped without a sample")
	}
	s.Add(Sample{Sent: 10 * ms, Received: 12 * ms, Device: 1000})
	h, unc, ok := s.Map(1000)
	if !ok || h != 11*ms || unc != ms {
		t.Fatalf("one sample: %v ± %v, %v; want 11ms ± 1ms", h, unc, ok)
	}
	s.Add(Sample{Sent: 20 * ms, Received: 19 * ms, Device: 2000}) // impossible: ignored
	if s.Samples() != 1 {
		t.Fatalf("%d samples, want 1", s.Samples())
	}
	s.Reset()
	if _, _, ok := s.Map(1000); ok || s.Samples() != 0 {
		t.Fatal("mapped after Reset")
	}
}

// BenchmarkClockSync measures Add+Map and reports the accuracy figures of
// the 100 ppm, ±3 ms run (µs): go test -run XXX -bench ClockSync -benchmem ./hw/clocksync/
func BenchmarkClockSync(b *testing.B) {
	l := link{rng: rand.New(rand.NewPCG(1, 2)), driftPPM: 100, start: 987654321, base: 4 * ms, jitter: 3 * ms,
		pingEvery: 100 * ms, warm: 5 * time.Second}
	mapped, arrival, _ := l.accuracy(10 * time.Minute)
	var s Sync
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		h := time.Duration(i) * 250 * ms
		s.Add(Sample{Sent: h, Received: h + 8*ms, Device: uint64(h.Microseconds())})
		s.Map(uint64(h.Microseconds()))
	}
	us := func(d time.Duration) float64 { return float64(d) / 1e3 }
	b.ReportMetric(us(quantile(mapped, 0.5)), "mapped-p50-µs")
	b.ReportMetric(us(quantile(mapped, 0.99)), "mapped-p99-µs")
	b.ReportMetric(us(quantile(mapped, 1)), "mapped-max-µs")
	b.ReportMetric(us(quantile(arrival, 0.5)), "arrival-p50-µs")
	b.ReportMetric(us(quantile(arrival, 0.99)), "arrival-p99-µs")
	b.ReportMetric(us(quantile(arrival, 1)), "arrival-max-µs")
}
