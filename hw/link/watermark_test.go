package link

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
)

// TestWatermarkNeverPassesAnUndeliveredEvent: presses whose first send is
// spoilt on the wire arrive 100 ms later, after the frames sent behind
// them (heartbeats, pongs, later presses). The watermark must hold: no
// press is delivered with a stamp below a watermark already reported, yet
// the watermark moves on once all is in. An unplug makes the device not
// live.
func TestWatermarkNeverPassesAnUndeliveredEvent(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 5, Start: 3e9, DriftPPM: -40, Latency: time.Millisecond,
		Jitter: 500 * time.Microsecond, Literal: true})
	p := newPlug(t, dev)
	var r record
	l, _ := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock}, &r)
	waitFor(t, "a clock fit", func() bool { return l.Health().SyncSamples > 3 })

	n := 0
	for i := range 24 {
		switch i % 4 {
		case 0: // spoilt alone: only pongs and heartbeats pass it
			dev.SpoilNext(1)
		case 2: // spoilt, and a later press passes it: a gap
			dev.SpoilNext(1)
			dev.Press(uint8(i))
			n++
		}
		dev.Press(uint8(i))
		n++
		// Long enough for pongs to pass a spoilt press before it comes again.
		time.Sleep(60 * time.Millisecond)
	}
	waitFor(t, "every press", func() bool { return len(r.events()) == n && dev.Unacked() == 0 })
	last := r.events()[n-1].At
	waitFor(t, "the watermark past the last press", func() bool { return l.Health().Watermark > last })

	var mark time.Duration
	marks := 0
	for _, e := range r.entries() {
		switch {
		case e.isMark:
			if e.mark < mark {
				t.Fatalf("watermark went back from %v to %v", mark, e.mark)
			}
			mark = e.mark
			marks++
		case e.ev != nil && e.ev.At < mark:
			t.Errorf("%s of channel %d stamped %v delivered after the watermark reached %v", e.ev.Kind, e.ev.Channel, e.ev.At, mark)
		}
	}
	if h := l.Health(); h.BadFrames < 12 {
		t.Errorf("health %+v: the spoilt sends were not seen", h)
	}
	t.Logf("%d presses, %d watermarks", n, marks)

	// A table closing a window at t0 probes: the pong brings the watermark
	// past t0 the device lag and a round trip later, not at the next ping.
	var waits []time.Duration
	for range 20 {
		t0 := clock() + 5*time.Millisecond // a window about to end
		l.ProbeAt(t0)
		waitFor(t, "the probe's watermark", func() bool { return l.Health().Watermark >= t0 })
		waits = append(waits, clock()-t0)
		time.Sleep(30 * time.Millisecond)
	}
	slices.Sort(waits)
	t.Logf("watermark past the window's end after: p50 %v, max %v (the device lag is 10 ms)", waits[len(waits)/2], waits[len(waits)-1])

	p.unplug()
	waitFor(t, "not live", func() bool {
		es := r.entries()
		return es[len(es)-1].isMark && !es[len(es)-1].live
	})
}

// TestEventsAreAcknowledgedOnlyWhenDurable: while OnEvent says the input
// is not durable, the frame is not acknowledged and the device sends it
// again; it is delivered once OnEvent takes it, and only then.
func TestEventsAreAcknowledgedOnlyWhenDurable(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 6})
	p := newPlug(t, dev)
	r := record{refuse: 3}
	l, _ := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock}, &r)
	waitFor(t, "a clock fit", func() bool { return l.Health().SyncSamples > 0 })
	truth := dev.Press(3)
	waitFor(t, "the press", func() bool { return len(r.events()) == 1 && dev.Unacked() == 0 })
	ev := r.events()[0]
	if h := l.Health(); h.NotDurable != 3 || h.Events != 1 || h.Duplicates != 0 {
		t.Fatalf("health %+v: want 3 refused, 1 event", h)
	}
	// Stamped by the device's clock, not by when it was finally taken.
	if d := (ev.At - truth).Abs(); d > 20*time.Millisecond || ev.Arrived-truth < 250*time.Millisecond {
		t.Fatalf("press at %v stamped %v, taken at %v", truth, ev.At, ev.Arrived)
	}
}

// TestStatusBecomesANotice: a reader fault and an event-queue overflow
// reach OnNotice and Health, not only the log.
func TestStatusBecomesANotice(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 8, DeviceID: 0x77, Literal: true})
	p := newPlug(t, dev)
	var r record
	l, _ := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock}, &r)
	waitFor(t, "up", func() bool { return l.Health().Up })
	if err := dev.Report(fwproto.StatusReaderFault, "reader 0 does not answer"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the reader fault", func() bool { return len(r.notices(NoticeReaderFault)) == 1 })

	p.unplug()
	for ch := range uint8(fwsim.MaxUnacked + 5) { // more than the device holds
		dev.Press(ch)
	}
	p.plug()
	waitFor(t, "the overflow", func() bool { return len(r.notices(NoticeEventsLost)) >= 1 })
	waitFor(t, "the queue delivered", func() bool { return dev.Unacked() == 0 })
	h := l.Health()
	if h.ReaderFaults != 1 || h.EventsLost < 1 {
		t.Fatalf("health %+v", h)
	}
	for _, k := range []NoticeKind{NoticeReaderFault, NoticeEventsLost} {
		if n := r.notices(k)[0]; !strings.Contains(n.Text, "device 00000077") || !strings.Contains(n.Text, "status") {
			t.Errorf("%s notice %q does not name the device and the status", k, n.Text)
		}
	}
}

// TestAnotherDeviceIsRefused: with DeviceID pinned, another device on the
// path (a reused pty, a swapped adapter) is refused with a notice naming
// both ids, its events are not taken, and the link keeps trying, so the
// right device plugged back in is taken.
func TestAnotherDeviceIsRefused(t *testing.T) {
	clock := hostClock()
	wrong := fwsim.New(fwsim.Config{Clock: clock, BootID: 1, DeviceID: 0xB0B, Literal: true})
	right := fwsim.New(fwsim.Config{Clock: clock, BootID: 1, DeviceID: 0xA11CE, Literal: true})
	wrong.Press(1)
	p := newPlug(t, wrong)
	var r record
	want := uint32(0xA11CE)
	l, _ := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock, DeviceID: &want}, &r)
	waitFor(t, "two refusals", func() bool { return l.Health().Refused >= 1 && l.Health().Opens >= 2 })
	ns := r.notices(NoticeDeviceRefused)
	if len(ns) != 1 || !strings.Contains(ns[0].Text, "00000b0b") || !strings.Contains(ns[0].Text, "000a11ce") {
		t.Fatalf("refusal notices %+v: want one naming both ids", ns)
	}
	if h := l.Health(); h.Up || len(r.events()) != 0 || wrong.Unacked() != 1 {
		t.Fatalf("health %+v, %d events: the wrong device was taken", h, len(r.events()))
	}
	p.unplug()
	p.dev = right
	p.plug()
	waitFor(t, "the right device", func() bool { return l.Health().Up })
	right.Press(2)
	waitFor(t, "its press", func() bool { return len(r.events()) == 1 })
	if r.events()[0].Channel != 2 {
		t.Fatalf("event %+v", r.events()[0])
	}
}
