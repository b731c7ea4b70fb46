package link

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/clocksync"
)

// TestSettledPingsKeepStampsGood replays the link's own ping schedule
// (pingEvery, checkFit) on simulated time over a transport of 4 ms ± 3 ms
// each way to a device 100 ppm fast: a press stamped by the device and
// mapped through the fit is within 200 µs at the 99th percentile with the
// settled period, as with pings every 100 ms throughout. The times are
// simulated, so this is an accuracy check, not a timing one. Eight runs
// with other transport delays; each run's presses come at the same
// moments in both cases.
func TestSettledPingsKeepStampsGood(t *testing.T) {
	const ms = time.Millisecond
	for _, tc := range []struct {
		name    string
		settled time.Duration
	}{{"every 100 ms throughout", 100 * ms}, {"settled every 500 ms", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			var errs []time.Duration
			pings := 0
			for seed := range uint64(8) {
				// The transport's delays and the presses' moments from
				// their own sources: the same presses in both cases.
				wire, presses := rand.New(rand.NewPCG(seed, 2)), rand.New(rand.NewPCG(seed, 3))
				delay := func() time.Duration { return 4*ms + time.Duration((wire.Float64()*2-1)*float64(3*ms)) }
				device := func(h time.Duration) uint64 { return 987654321 + uint64(float64(h.Microseconds())*(1+100e-6)) }
				l := New(Config{SettledPingEvery: tc.settled})
				l.hello = true
				next := time.Duration(0)
				for h := time.Duration(0); h < 10*time.Minute; h += 37 * ms {
					for next <= h {
						arrive := next + delay()
						dev, back := device(arrive), arrive+delay()
						l.checkFit(next, back, dev)
						l.sync.Add(clocksync.Sample{Sent: next, Received: back, Device: dev})
						pings++
						next += l.pingEvery()
					}
					if h < 5*time.Second || presses.IntN(3) != 0 {
						continue
					}
					got, _, _ := l.sync.Map(device(h))
					errs = append(errs, (got - h).Abs())
				}
			}
			slices.Sort(errs)
			p50, p99 := errs[len(errs)/2], errs[len(errs)*99/100]
			t.Logf("%d pings in 8 runs of 10 min; %d presses: mapped p50 %v p99 %v max %v", pings, len(errs), p50, p99, errs[len(errs)-1])
			if p99 > 200*time.Microsecond {
				t.Errorf("mapped p99 %v, want <= 200µs", p99)
			}
		})
	}
}
