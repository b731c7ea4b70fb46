package link

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
)

// record is what a link reported, in the order it reported it: the
// callbacks all run on the link's goroutine.
type record struct {
	mu      sync.Mutex
	log     []entry
	refuse  int // refuse this many OnEvent calls first ("not durable")
	refused int
}

type entry struct {
	ev     *Event
	mark   time.Duration
	live   bool
	isMark bool
	notice *Notice
}

func (r *record) onEvent(ev Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refused < r.refuse {
		r.refused++
		return errors.New("claim log: fsync failed")
	}
	r.log = append(r.log, entry{ev: &ev})
	return nil
}

func (r *record) onWatermark(at time.Duration, live bool) {
	r.mu.Lock()
	r.log = append(r.log, entry{mark: at, live: live, isMark: true})
	r.mu.Unlock()
}

func (r *record) onNotice(n Notice) {
	r.mu.Lock()
	r.log = append(r.log, entry{notice: &n})
	r.mu.Unlock()
}

func (r *record) entries() []entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.log)
}

func (r *record) events() []Event {
	var evs []Event
	for _, e := range r.entries() {
		if e.ev != nil {
			evs = append(evs, *e.ev)
		}
	}
	return evs
}

func (r *record) notices(kind NoticeKind) []Notice {
	var ns []Notice
	for _, e := range r.entries() {
		if e.notice != nil && e.notice.Kind == kind {
			ns = append(ns, *e.notice)
		}
	}
	return ns
}

// runLink starts a link with cfg's callbacks on r; stop ends it and waits.
func runLink(t *testing.T, cfg Config, r *record) (l *Link, stop func()) {
	t.Helper()
	cfg.Name = "test"
	cfg.OnEvent, cfg.OnWatermark, cfg.OnNotice = r.onEvent, r.onWatermark, r.onNotice
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	if cfg.MaxBackoff == 0 {
		cfg.MaxBackoff = 200 * time.Millisecond
	}
	l = New(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Error("link did not stop within 5s of its context ending")
			}
		})
	}
	t.Cleanup(stop)
	return l, stop
}

// TestRebootBehindAnOpenPort: the device reboots (new boot id, clock from
// near zero, seqs from 1) while its USB adapter keeps the port open. The
// link sees it in the stream, queries the device, drops the old clock fit
// and says so in a notice; the new boot's events are delivered, not taken
// for repeats of the old boot's seqs, and stamped on the new fit.
func TestRebootBehindAnOpenPort(t *testing.T) {
	for _, tc := range []struct {
		name           string
		literal, quiet bool
	}{
		// Pressed at once: the new boot's seq 1 is not the old seq 1.
		{"literal protocol-1 device, Hello only on Query", true, false},
		// Nothing pressed: its heartbeats' and pongs' clock went back.
		{"literal device, quiet after the reboot", true, true},
		{"device that says Hello after boot", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := hostClock()
			dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 1, DeviceID: 0xC0, Start: 1e12, DriftPPM: 80,
				Latency: time.Millisecond, Jitter: 500 * time.Microsecond, Literal: tc.literal})
			p := newPlug(t, dev)
			var r record
			l, _ := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock}, &r)
			waitFor(t, "a clock fit", func() bool { return l.Health().SyncSamples > 5 })
			for ch := range uint8(3) {
				dev.Press(ch)
			}
			// Acknowledged on the device too: an Ack still on its way would
			// be taken by the new boot for its own seq (a real device's
			// start-up takes longer than an Ack's flight).
			waitFor(t, "the old boot's presses", func() bool { return len(r.events()) == 3 && dev.Unacked() == 0 })

			dev.Reboot()
			// Seqs 1..3 again, which the link remembers.
			var truth []time.Duration
			press := func() {
				for ch := range uint8(3) {
					truth = append(truth, dev.Press(10+ch))
				}
			}
			if !tc.quiet {
				press()
			}
			waitFor(t, "the reboot notice", func() bool { return len(r.notices(NoticeReboot)) == 1 })
			if tc.quiet {
				press()
			}
			waitFor(t, "the new boot's presses", func() bool { return len(r.events()) == 6 })
			// Then presses spread over a few seconds, for the stamp error on
			// the new fit.
			for i := range 30 {
				truth = append(truth, dev.Press(uint8(20+i%4)))
				time.Sleep(47 * time.Millisecond)
			}
			waitFor(t, "every press", func() bool { return len(r.events()) == 36 && dev.Unacked() == 0 })

			evs := r.events()[3:]
			var errs []time.Duration
			for i, e := range evs {
				if !e.Synced || e.At > e.Arrived {
					t.Errorf("press %d: stamped %v (synced %v), arrived %v", i, e.At, e.Synced, e.Arrived)
				}
				errs = append(errs, (e.At - truth[i]).Abs())
			}
			slices.Sort(errs)
			t.Logf("stamp error of %d presses after the reboot: p50 %v, p90 %v, max %v", len(errs), errs[len(errs)/2], errs[len(errs)*9/10], errs[len(errs)-1])
			// The old fit would put them 1e12 µs away; the arrival time is
			// within a few ms: anything near is the new fit's.
			if errs[len(errs)-1] > 50*time.Millisecond {
				t.Errorf("a press after the reboot is stamped %v off", errs[len(errs)-1])
			}
			h := l.Health()
			if h.Reboots != 1 || h.Device.BootID != 2 {
				t.Errorf("health %+v: want 1 reboot, boot 2", h)
			}
			if n := r.notices(NoticeReboot)[0]; !strings.Contains(n.Text, "000000c0") || !strings.Contains(n.Text, "rebooted") {
				t.Errorf("notice %q does not name the device and the reboot", n.Text)
			}
			if ns := r.notices(NoticeEventsLost); len(ns) != 0 {
				t.Errorf("events lost noted, though the device held none: %+v", ns)
			}
		})
	}
}

// TestRebootLosesWhatWasNotTaken: a reboot while the device holds an
// event the host could not take loses it, and the notes say so.
func TestRebootLosesWhatWasNotTaken(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 1, Start: 1e12, Literal: true})
	p := newPlug(t, dev)
	r := record{refuse: 1 << 30}
	l, _ := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock}, &r)
	waitFor(t, "a clock fit", func() bool { return l.Health().SyncSamples >= warmSamples })
	dev.Press(1)
	waitFor(t, "the press refused, and a heartbeat counting it", func() bool {
		h := l.Health()
		return h.NotDurable > 0 && h.DeviceHeartbeat.Queued == 1
	})
	dev.Reboot()
	waitFor(t, "the notes", func() bool { return len(r.notices(NoticeReboot)) == 1 && len(r.notices(NoticeEventsLost)) == 1 })
	if n := r.notices(NoticeEventsLost)[0]; !strings.Contains(n.Text, "up to 1 frames") {
		t.Fatalf("notice %q", n.Text)
	}
}

// TestLostQueryIsRetried: the device is deaf for its first second on the
// port, so the link's first Query is lost. The link queries again (with a
// bounded backoff) until a Hello comes, and until then it acknowledges
// nothing, sends no command and is not live.
func TestLostQueryIsRetried(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 4, Literal: true})
	dev.Deaf(time.Second)
	deafEnd := clock() + time.Second
	dev.Press(7) // queued on the device, resent every 100 ms meanwhile
	p := newPlug(t, dev)
	var r record
	l, _ := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock, MaxQueryBackoff: 400 * time.Millisecond}, &r)
	if err := l.Send(fwproto.LED{Channel: 1, G: 255}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the press", func() bool { return len(r.events()) == 1 })
	waitFor(t, "the LED", func() bool { _, ok := dev.LED(1); return ok })
	h := l.Health()
	if h.Queries < 2 || !h.Up || h.Opens != 1 || h.Dropped != 0 {
		t.Fatalf("health %+v: want one open, several queries, up, nothing dropped", h)
	}
	for _, e := range r.entries() {
		if e.isMark && e.live && clock() < deafEnd {
			t.Fatal("live before the device could hear a Query")
		}
	}
	if ev := r.events()[0]; ev.Arrived < deafEnd {
		t.Fatalf("the press was taken at %v, before the device heard a Query (%v)", ev.Arrived, deafEnd)
	}
	t.Logf("%d queries sent, %d heard", h.Queries, dev.Queries())
}

// TestHostSeqsSurviveARestart: a device remembers the last 128 seqs it
// took until it boots, not until the host restarts. With a state file the
// restarted link goes on past every seq it used; without one it starts at
// 1 again and the device takes its commands for repeats.
func TestHostSeqsSurviveARestart(t *testing.T) {
	for _, tc := range []struct {
		name    string
		state   bool
		applied bool
	}{{"with a state file", true, true}, {"without one", false, false}} {
		t.Run(tc.name, func(t *testing.T) {
			clock := hostClock()
			dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 9, Literal: true})
			p := newPlug(t, dev)
			state := ""
			if tc.state {
				state = filepath.Join(t.TempDir(), "serial-seq")
			}
			run := func(leds ...fwproto.LED) {
				var r record
				l, stop := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock, StateFile: state}, &r)
				defer stop()
				waitFor(t, "up", func() bool { return l.Health().Up })
				for _, led := range leds {
					if err := l.Send(led); err != nil {
						t.Fatal(err)
					}
				}
				waitFor(t, "every command acknowledged", func() bool { h := l.Health(); return h.Commands == len(leds) && h.Pending == 0 })
			}
			run(fwproto.LED{Channel: 0, G: 255}, fwproto.LED{Channel: 1, G: 255}, fwproto.LED{Channel: 2, G: 255})
			waitFor(t, "the first run's lights", func() bool { l, ok := dev.LED(2); return ok && l.G == 255 })
			run(fwproto.LED{Channel: 0, R: 255})
			got, _ := dev.LED(0)
			if applied := got.R == 255; applied != tc.applied {
				t.Fatalf("after the restart the light is %+v; applied %v, want %v", got, applied, tc.applied)
			}
			if tc.state {
				b, err := os.ReadFile(state)
				if err != nil || strings.TrimSpace(string(b)) != "32" {
					t.Fatalf("state file %q, %v; want 32 (two runs, a block of 16 reserved each)", b, err)
				}
			}
		})
	}
}

// TestLossAndReturnAreNoted: a controller that had answered and then goes
// away (a hang, an unplug) leaves a note, and so does its return, saying
// how long it was gone; a press made meanwhile is taken when it is back.
func TestLossAndReturnAreNoted(t *testing.T) {
	clock := hostClock()
	dev := fwsim.New(fwsim.Config{Clock: clock, BootID: 12})
	p := newPlug(t, dev)
	var r record
	l, _ := runLink(t, Config{Open: Serial(p.path, 115200), Clock: clock, Silence: 300 * time.Millisecond}, &r)
	waitFor(t, "up", func() bool { return l.Health().Up })
	p.unplug()
	waitFor(t, "the loss noted", func() bool { return len(r.notices(NoticeLinkLost)) == 1 })
	dev.Press(3)
	p.plug()
	waitFor(t, "the return noted", func() bool { return len(r.notices(NoticeLinkBack)) == 1 })
	waitFor(t, "the press made meanwhile", func() bool { return len(r.events()) == 1 })
	if n := r.notices(NoticeLinkBack)[0]; !strings.Contains(n.Text, "answers again after") {
		t.Errorf("return notice %q", n.Text)
	}
}
