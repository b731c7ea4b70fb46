package link

import (
	"testing"
	"time"

	"github.com/tabled/tabled/hw/clocksync"
)

// TestDeadline: the session sleeps until its next duty and no longer: the
// first Query at once, its retry, the next ping (fast while the clock fit
// is young), a retransmission, the silence check.
func TestDeadline(t *testing.T) {
	const ms = time.Millisecond
	warm := func(l *Link) {
		for i := range warmSamples {
			d := time.Duration(i) * 100 * ms
			l.sync.Add(clocksync.Sample{Sent: d, Received: d + ms, Device: uint64(d.Microseconds())})
		}
	}
	for _, tc := range []struct {
		name                string
		setup               func(l *Link)
		lastFrame, lastPing time.Duration
		want                time.Duration
	}{
		{"no Query sent yet: at once", func(l *Link) {}, 5 * ms, 0, 5 * ms},
		{"Query retry before the ping", func(l *Link) { l.q = querier{sent: true, next: 50 * ms} }, 0, 20 * ms, 50 * ms},
		{"the ping before the Query retry", func(l *Link) { l.q = querier{sent: true, next: 500 * ms} }, 0, 20 * ms, 120 * ms},
		{"a young fit pings every 20 ms", func(l *Link) { l.hello = true }, 0, 40 * ms, 60 * ms},
		{"a warm fit every 100 ms", func(l *Link) { l.hello = true; warm(l) }, 0, 40 * ms, 140 * ms},
		{"a fit of 60 s every 300 ms", func(l *Link) { l.hello = true; warm(l); l.fitSpan = 60 * time.Second }, 0, 40 * ms, 340 * ms},
		{"a settled fit every 500 ms", func(l *Link) { l.hello = true; warm(l); l.fitSpan = time.Hour }, 0, 40 * ms, 540 * ms},
		{"a fit found off every 100 ms", func(l *Link) { l.hello = true; warm(l); l.fitSpan, l.fastPings = time.Hour, 1 }, 0, 40 * ms, 140 * ms},
		{"a ping asked for: at once", func(l *Link) { l.hello = true; warm(l); l.pingNow = true }, 0, 40 * ms, 40 * ms},
		{"a retransmission first", func(l *Link) {
			l.hello = true
			warm(l)
			l.pending = []outgoing{{sentAt: 30 * ms}, {sentAt: 10 * ms}}
		}, 0, 40 * ms, 110 * ms},
		{"retransmissions wait for the Hello", func(l *Link) {
			l.q = querier{sent: true, next: time.Hour}
			l.pending = []outgoing{{sentAt: 10 * ms}}
		}, 0, 40 * ms, 140 * ms},
		{"silence, when nothing else is sooner", func(l *Link) {
			l.cfg.PingEvery, l.cfg.SettledPingEvery = time.Hour, time.Hour
			l.hello = true
			warm(l)
		}, 300 * ms, 0, 300*ms + 2*time.Second + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := New(Config{})
			tc.setup(l)
			if got := l.deadline(tc.lastFrame, tc.lastPing); got != tc.want {
				t.Fatalf("deadline %v, want %v", got, tc.want)
			}
		})
	}
}
