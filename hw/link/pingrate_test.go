package link

import (
	"context"
	"errors"
	"net"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/hw/clocksync"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
)

// pingTap is a port that notes when the host sent each Ping.
type pingTap struct {
	net.Conn
	clock func() time.Duration
	mu    sync.Mutex
	dec   fwproto.Decoder
	at    []time.Duration
}

func (p *pingTap) Write(b []byte) (int, error) {
	p.mu.Lock()
	now := p.clock()
	p.dec.Feed(b, func(f fwproto.Frame, err error) {
		if err == nil && f.Type == fwproto.TypePing {
			p.at = append(p.at, now)
		}
	})
	p.mu.Unlock()
	return p.Conn.Write(b)
}

// gaps returns the periods between the pings sent in [from, to).
func (p *pingTap) gaps(from, to time.Duration) []time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	var gaps []time.Duration
	for i := 1; i < len(p.at); i++ {
		if p.at[i-1] >= from && p.at[i] < to {
			gaps = append(gaps, p.at[i]-p.at[i-1])
		}
	}
	return gaps
}

// since is the first ping sent at or after t.
func (p *pingTap) since(t time.Duration) (time.Duration, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, at := range p.at {
		if at >= t {
			return at, true
		}
	}
	return 0, false
}

// allEqual reports whether every gap is want (and there are some).
func allEqual(gaps []time.Duration, want time.Duration) bool {
	for _, g := range gaps {
		if g != want {
			return false
		}
	}
	return len(gaps) > 0
}

// virtualLink runs a link to a device over a net.Pipe, on the virtual
// time of the synctest bubble it is called in; stop ends both and returns
// how long the link took to end.
func virtualLink(t *testing.T) (l *Link, dev *fwsim.Device, tap *pingTap, clock func() time.Duration, stop func() time.Duration) {
	const ms = time.Millisecond
	start := time.Now()
	clock = func() time.Duration { return time.Since(start) }
	dev = fwsim.New(fwsim.Config{Clock: clock, Latency: ms, BootID: 1, DeviceID: 7})
	host, device := net.Pipe()
	tap = &pingTap{Conn: host, clock: clock}
	opened := false
	var r record
	l = New(Config{Name: "virtual", Clock: clock, OnEvent: r.onEvent, OnWatermark: r.onWatermark, OnNotice: r.onNotice,
		Open: func() (Port, error) {
			if opened { // one port: the test ends before any reopen
				return nil, errors.New("already opened")
			}
			opened = true
			return tap, nil
		}})
	ctx, cancel := context.WithCancel(t.Context())
	devDone := make(chan struct{})
	go func() { dev.Serve(ctx, device); close(devDone) }()
	linkDone := make(chan struct{})
	go func() { l.Run(ctx); close(linkDone) }()
	var once sync.Once
	var took time.Duration
	stop = func() time.Duration {
		once.Do(func() {
			at := clock()
			cancel()
			<-linkDone
			took = clock() - at
			device.Close()
			<-devDone
		})
		return took
	}
	t.Cleanup(func() { stop() })
	return l, dev, tap, clock, stop
}

// TestPingRateSettles runs a link and a device on virtual time: the host
// pings every 20 ms until the boot's fit has its first round trips, every
// 100 ms for its first 20 s, then ever less often, every 500 ms from
// 100 s on; a probe still pings at once; after a reboot behind the open port
// the pings are fast again.
func TestPingRateSettles(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const ms = time.Millisecond
		l, dev, tap, clock, _ := virtualLink(t)
		time.Sleep(130 * time.Second)
		synctest.Wait()
		if g := tap.gaps(0, 150*ms); !allEqual(g, 20*ms) {
			t.Errorf("pings of a young fit %v apart, want 20 ms", g)
		}
		if g := tap.gaps(time.Second, 20*time.Second); !allEqual(g, 100*ms) {
			t.Errorf("pings in the fit's first 20 s %v apart, want 100 ms", g)
		}
		g := tap.gaps(21*time.Second, 100*time.Second)
		if len(g) < 2 || !slices.IsSorted(g) || g[0] >= g[len(g)-1] || g[len(g)-1] > 500*ms {
			t.Errorf("pings from 21 s to 100 s %v apart, want growing up to 500 ms", g)
		}
		if g := tap.gaps(102*time.Second, 130*time.Second); !allEqual(g, 500*ms) {
			t.Errorf("pings of a settled fit %v apart, want 500 ms", g)
		}
		if h := l.Health(); !h.Up || h.Losses != 0 {
			t.Fatalf("health %+v: want up, never lost (the heartbeats keep the link alive)", h)
		}

		// A probe pings once the moment asked for plus DeviceLag has passed.
		time.Sleep(123 * ms)
		probe := clock()
		l.ProbeAt(probe)
		time.Sleep(50 * ms)
		synctest.Wait()
		if at, ok := tap.since(probe); !ok || at != probe+10*ms {
			t.Errorf("probe at %v pinged at %v (%v), want at once after the 10 ms device lag", probe, at, ok)
		}
		before := l.Health().Watermark
		if before < probe {
			t.Errorf("watermark %v after a probe at %v", before, probe)
		}

		time.Sleep(2 * time.Second)
		dev.Reboot()
		rebootAt := clock()
		time.Sleep(3 * time.Second)
		synctest.Wait()
		if h := l.Health(); h.Reboots != 1 || h.Device == nil || h.Device.BootID != 2 {
			t.Fatalf("health %+v: want the reboot seen", h)
		}
		if g := tap.gaps(rebootAt+time.Second, rebootAt+3*time.Second); !allEqual(g, 100*ms) {
			t.Errorf("pings after a reboot %v apart, want 100 ms", g)
		}
	})
}

// TestSessionWakesAtOnce: a session waiting in its read for the next
// ping (500 ms away once the fit is settled) sends a command as soon as it
// is given, and ends as soon as its context does.
func TestSessionWakesAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l, dev, tap, clock, stop := virtualLink(t)
		time.Sleep(2*time.Minute + 123*time.Millisecond) // between heartbeats
		synctest.Wait()
		if at, ok := tap.since(clock() - 100*time.Millisecond); ok {
			t.Fatalf("a ping at %v, less than 100 ms before the test's Send", at)
		}
		sent := clock()
		if err := l.Send(fwproto.LED{Channel: 3, B: 200}); err != nil {
			t.Fatal(err)
		}
		// The device has it after one way of the transport (1 ms); the
		// next ping is up to 500 ms away.
		time.Sleep(5 * time.Millisecond)
		synctest.Wait()
		if led, ok := dev.LED(3); !ok || led.B != 200 {
			t.Fatalf("5 ms after Send at %v the device's light is %+v (%v)", sent, led, ok)
		}
		if took := stop(); took != 0 {
			t.Fatalf("the link took %v to end after its context", took)
		}
	})
}

// TestFitFoundOffPingsFast: a settled fit that maps a round trip's device
// time outside the round trip (the crystal changed its rate, the host's
// clock stepped) goes back to PingEvery for refitPings round trips.
func TestFitFoundOffPingsFast(t *testing.T) {
	const ms = time.Millisecond
	l := New(Config{})
	l.hello = true
	const n = 1200 // two minutes of round trips: settled
	for i := range n {
		d := time.Duration(i) * 100 * ms
		l.sync.Add(clocksync.Sample{Sent: d, Received: d + 2*ms, Device: uint64((d + ms).Microseconds())})
		l.checkFit(d, d+2*ms, uint64((d + ms).Microseconds()))
	}
	if got := l.pingEvery(); got != 500*ms {
		t.Fatalf("settled fit pings every %v, want 500 ms", got)
	}
	at := time.Duration(n) * 100 * ms
	l.checkFit(at, at+2*ms, uint64((at + ms).Microseconds()))
	if got := l.pingEvery(); got != 500*ms {
		t.Fatalf("a round trip on the fit: pings every %v, want 500 ms", got)
	}
	// The device's clock is 5 ms ahead of the fit.
	l.checkFit(at, at+2*ms, uint64((at + 6*ms).Microseconds()))
	if got, n := l.pingEvery(), l.fastPings; got != 100*ms || n != refitPings {
		t.Fatalf("a round trip off the fit: pings every %v for %d more, want 100 ms for %d", got, n, refitPings)
	}
}
