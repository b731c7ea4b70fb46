package link

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
)

// plug is a simulated controller on a real pty, reached through a stable
// symlink the way /dev/serial/by-id/ reaches a USB serial adapter: unplug
// closes the pty, plug opens a new one and moves the link.
type plug struct {
	t      *testing.T
	dev    *fwsim.Device
	path   string
	mu     sync.Mutex
	master *os.File
	done   chan error
}

func newPlug(t *testing.T, dev *fwsim.Device) *plug {
	p := &plug{t: t, dev: dev, path: filepath.Join(t.TempDir(), "usb-tabled_seats-if00")}
	p.plug()
	t.Cleanup(p.unplug)
	return p
}

func (p *plug) plug() {
	master, name, err := fwsim.OpenPTY() // the link opens it by name, like a serial device
	if err != nil {
		p.t.Fatal(err)
	}
	os.Remove(p.path)
	if err := os.Symlink(name, p.path); err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	p.master = master
	p.done = make(chan error, 1)
	done := p.done
	p.mu.Unlock()
	go func() { done <- p.dev.Serve(context.Background(), master) }()
}

func (p *plug) unplug() {
	p.mu.Lock()
	m, done := p.master, p.done
	p.master = nil
	p.mu.Unlock()
	if m == nil {
		return
	}
	os.Remove(p.path)
	m.Close()
	<-done
}

// collector gathers a link's events.
type collector struct {
	mu  sync.Mutex
	evs []Event
}

func (c *collector) add(ev Event) error {
	c.mu.Lock()
	c.evs = append(c.evs, ev)
	c.mu.Unlock()
	return nil
}

func (c *collector) events() []Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.evs)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func startLink(t *testing.T, path string, c *collector, clock func() time.Duration) *Link {
	l := New(Config{Open: Serial(path, 115200), Name: path, Clock: clock, OnEvent: c.add, Logf: t.Logf, MaxBackoff: 200 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("link did not stop within 5s of its context ending")
		}
	})
	return l
}

func hostClock() func() time.Duration {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}

// presses returns the channels of the delivered presses, in order.
func presses(evs []Event) []uint8 {
	var chs []uint8
	for _, e := range evs {
		if e.Kind == Press {
			chs = append(chs, e.Channel)
		}
	}
	return chs
}

func TestFramesRoundTripOverPty(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, DriftPPM: 100, Start: 5e9, Latency: time.Millisecond, Jitter: 500 * time.Microsecond, BootID: 1})
	p := newPlug(t, dev)
	var c collector
	l := startLink(t, p.path, &c, clock)
	// Events wait for the clock fit's first round trips; after them they
	// arrive in the order pressed.
	waitFor(t, "hello and a warm clock fit", func() bool { return l.Health().SyncSamples >= warmSamples })

	var want []uint8
	truth := map[uint8]time.Duration{}
	for ch := range uint8(24) {
		truth[ch] = dev.Press(ch)
		dev.Release(ch)
		want = append(want, ch)
		time.Sleep(2 * time.Millisecond)
	}
	uid := []byte{0x04, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6}
	dev.PlaceTile(0, uid)
	waitFor(t, "24 presses and a tile", func() bool { return len(c.events()) == 49 })
	evs := c.events()
	if got := presses(evs); !slices.Equal(got, want) {
		t.Fatalf("presses %v, want %v", got, want)
	}
	last := evs[len(evs)-1]
	if last.Kind != TileRead || !slices.Equal(last.UID, uid) || last.Reader != 0 {
		t.Fatalf("last event %+v, want the tile read", last)
	}
	for _, e := range evs {
		if e.At > e.Arrived {
			t.Errorf("%s stamped %v after it arrived at %v", e.Kind, e.At, e.Arrived)
		}
	}
	if err := l.Send(fwproto.LED{Channel: 2, G: 255, Pattern: fwproto.PatternDouble}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the LED command", func() bool { led, ok := dev.LED(2); return ok && led.G == 255 })
	waitFor(t, "its ack", func() bool { return l.Health().Pending == 0 })
	h := l.Health()
	// (BadFrames may count a block mangled by the pty's line discipline
	// before the port is set raw.)
	if h.Opens != 1 || h.Events != 49 {
		t.Fatalf("health %+v", h)
	}
}

// TestUnplugLosesNoAcknowledgedFrame pulls the cable three times while a
// player presses as fast as a finger can: every press arrives once.
func TestUnplugLosesNoAcknowledgedFrame(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, Latency: time.Millisecond, Jitter: time.Millisecond, BootID: 7})
	p := newPlug(t, dev)
	var c collector
	l := startLink(t, p.path, &c, clock)
	waitFor(t, "hello", func() bool { return l.Health().Device != nil })

	var want []uint8
	for i := range 120 {
		ch := uint8(i % 24)
		dev.Press(ch)
		want = append(want, ch)
		time.Sleep(3 * time.Millisecond)
		if i%40 == 20 {
			p.unplug()
			time.Sleep(50 * time.Millisecond) // presses go on while the cable is out
			for range 3 {
				dev.Press(uint8(i % 24))
				want = append(want, uint8(i%24))
			}
			p.plug()
			// The device queues 32 events: pressing on at this pace while
			// the link reopens (slowly on a loaded machine) would overflow
			// it, a loss the device reports and no link can prevent.
			waitFor(t, "the queue to drain after the replug", func() bool { return dev.Unacked() == 0 })
		}
	}
	waitFor(t, "every press", func() bool { return len(presses(c.events())) >= len(want) && dev.Unacked() == 0 })
	got := presses(c.events())
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("delivered %d presses %v, want %d %v", len(got), got, len(want), want)
	}
	h := l.Health()
	if h.Losses < 3 || h.Opens < 4 {
		t.Fatalf("health %+v: want at least 3 losses and 4 opens", h)
	}
	t.Logf("health after 3 unplugs: opens %d, losses %d, duplicates %d, events %d", h.Opens, h.Losses, h.Duplicates, h.Events)
}

// TestGarbageNeverYieldsAFalseEvent sprays line noise between and into
// frames: no false event, no crash, and every real press still arrives.
func TestGarbageNeverYieldsAFalseEvent(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 3})
	p := newPlug(t, dev)
	var c collector
	l := startLink(t, p.path, &c, clock)
	waitFor(t, "hello", func() bool { return l.Health().Device != nil })

	rng := rand.New(rand.NewPCG(11, 12))
	var want []uint8
	for i := range 100 {
		noise := make([]byte, 1+rng.IntN(80))
		for j := range noise {
			noise[j] = byte(rng.Uint32())
		}
		dev.Inject(noise) // often without a zero: it spoils the next frame too
		if i%2 == 0 {
			ch := uint8(rng.IntN(24))
			dev.Press(ch)
			want = append(want, ch)
		}
		// A frame spoilt is sent again 100 ms later; at this pace fewer
		// than the device's 32 wait, so none is lost to an overflow.
		time.Sleep(8 * time.Millisecond)
	}
	waitFor(t, "every press", func() bool { return len(presses(c.events())) >= len(want) && dev.Unacked() == 0 })
	// A fence: the device holds nothing more, and the wire keeps order, so
	// any press delivered twice has come by the time a release sent now
	// has.
	dev.Release(0)
	waitFor(t, "the fence", func() bool { evs := c.events(); return len(evs) > 0 && evs[len(evs)-1].Kind == Release })
	evs := c.events()
	evs = evs[:len(evs)-1]
	if got := presses(evs); len(got) != len(want) || len(evs) != len(want) {
		t.Fatalf("%d events (%d presses), want exactly %d presses", len(evs), len(got), len(want))
	}
	got := presses(evs)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("presses %v, want %v", got, want)
	}
	if h := l.Health(); h.BadFrames == 0 {
		t.Fatalf("health %+v: garbage not counted", h)
	}
}

// TestRebootResetsTheClockFit: a device that restarts (new boot id) gets a
// fresh clock fit and sequence window; its events are not taken for
// duplicates of the last boot's.
func TestRebootResetsTheClockFit(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 1, Start: 1e12})
	p := newPlug(t, dev)
	var c collector
	l := startLink(t, p.path, &c, clock)
	waitFor(t, "clock fit", func() bool { return l.Health().SyncSamples > 5 })
	dev.Press(1)
	waitFor(t, "first press", func() bool { return len(c.events()) == 1 })
	p.unplug()
	dev.Reboot() // same sequence numbers again, clock from zero
	p.plug()
	waitFor(t, "the new boot", func() bool { d := l.Health().Device; return d != nil && d.BootID == 2 })
	waitFor(t, "a new clock fit", func() bool { return l.Health().SyncSamples > 3 })
	truth := dev.Press(1)
	waitFor(t, "second press", func() bool { return len(c.events()) == 2 })
	e := c.events()[1]
	if !e.Synced || e.At < truth-50*time.Millisecond || e.At > e.Arrived {
		t.Fatalf("press after reboot stamped %v (synced %v), pressed at %v, arrived %v", e.At, e.Synced, truth, e.Arrived)
	}
}

func TestOpenFailureRetries(t *testing.T) {
	var c collector
	path := filepath.Join(t.TempDir(), "absent")
	l := startLink(t, path, &c, hostClock())
	waitFor(t, "an error in health", func() bool { return l.Health().LastError != "" })
	if h := l.Health(); h.Connected || h.Opens != 0 {
		t.Fatalf("health %+v", h)
	}
}

// TestSilenceReconnects: a port that opens but never speaks (a device hung
// or powered off behind its USB adapter) is closed and reopened.
func TestSilenceReconnects(t *testing.T) {
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer master.Close()
	defer slave.Close()
	go func() { // drain what the host writes, answer nothing
		buf := make([]byte, 256)
		for {
			if _, err := master.Read(buf); err != nil {
				return
			}
		}
	}()
	l := New(Config{Open: Serial(slave.Name(), 115200), Name: slave.Name(), Clock: hostClock(), Silence: 300 * time.Millisecond,
		MaxBackoff: 100 * time.Millisecond, Logf: t.Logf})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go l.Run(ctx)
	waitFor(t, "two silent sessions", func() bool { return l.Health().Losses >= 2 })
	if h := l.Health(); h.Opens < 2 || h.Device != nil {
		t.Fatalf("health %+v", h)
	}
}
