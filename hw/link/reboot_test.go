package link

import (
	"cmp"
	"context"
	"errors"
	"net"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
)

// pipePlug is a simulated device behind a port the link reopens after a
// loss, on net.Pipe in a synctest bubble: each Open is a new connection to
// the same device; while unplugged, Open fails.
type pipePlug struct {
	dev *fwsim.Device
	ctx context.Context

	mu        sync.Mutex
	device    net.Conn
	served    chan struct{}
	unplugged bool
}

func (p *pipePlug) open() (Port, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.disconnect()
	if p.unplugged {
		return nil, errors.New("no such device")
	}
	host, device := net.Pipe()
	p.device, p.served = device, make(chan struct{})
	go func(done chan struct{}) { p.dev.Serve(p.ctx, device); close(done) }(p.served)
	return host, nil
}

// disconnect ends the current connection. Callers hold mu.
func (p *pipePlug) disconnect() {
	if p.device != nil {
		p.device.Close()
		<-p.served
		p.device = nil
	}
}

// setPlugged pulls the cable (false) or plugs it back in (true).
func (p *pipePlug) setPlugged(in bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.unplugged = !in
	if !in {
		p.disconnect()
	}
}

// runOverPipe runs a link with cfg (its Name and Open set here) to dev on
// a pipePlug, in t's synctest bubble, until t ends.
func runOverPipe(t *testing.T, dev *fwsim.Device, cfg Config) (*Link, *pipePlug) {
	ctx, cancel := context.WithCancel(t.Context())
	p := &pipePlug{dev: dev, ctx: ctx}
	cfg.Name, cfg.Open = "virtual", p.open
	l := New(cfg)
	done := make(chan struct{})
	go func() { l.Run(ctx); close(done) }()
	t.Cleanup(func() {
		cancel()
		<-done
		p.setPlugged(false)
	})
	return l, p
}

// TestRebootAfterABrokenStream: the device reboots behind the open port
// after a spell in which the host heard nothing from it, or none of its
// pongs: its wire stalled, it was deaf to the pings, it was unplugged. The
// old boot was young, so by the time the host hears the new boot its
// clock is past the old boot's latest reading: a clock that went back
// from that reading does not show the reboot; the clock fit does (a pong
// read after its ping left cannot map to before it). The link notes the
// reboot once, drops the old fit (the new boot's presses are stamped on
// the new one) and takes every acknowledged press once: none a new boot
// made, before the link saw the reboot, is taken on the old fit.
func TestRebootAfterABrokenStream(t *testing.T) {
	const ms = time.Millisecond
	type steps struct {
		// before runs while the old boot's stream is broken, then the
		// device reboots, then after runs; pressNew presses on the new
		// boot right after the reboot.
		before, after func(dev *fwsim.Device, p *pipePlug)
		pressNew      bool
		// up is how long the old boot runs first (0: 200 ms, its clock fit
		// warm; 100 ms: still young).
		up time.Duration
	}
	wait := func(d time.Duration) func(*fwsim.Device, *pipePlug) {
		return func(*fwsim.Device, *pipePlug) { time.Sleep(d) }
	}
	seq := func(fs ...func(*fwsim.Device, *pipePlug)) func(*fwsim.Device, *pipePlug) {
		return func(dev *fwsim.Device, p *pipePlug) {
			for _, f := range fs {
				f(dev, p)
			}
		}
	}
	stall := func(dev *fwsim.Device, _ *pipePlug) { dev.Stall() }
	resume := func(dev *fwsim.Device, _ *pipePlug) { dev.Resume() }
	deaf := func(d time.Duration) func(*fwsim.Device, *pipePlug) {
		return func(dev *fwsim.Device, _ *pipePlug) { dev.Deaf(d) }
	}
	unplug := func(_ *fwsim.Device, p *pipePlug) { p.setPlugged(false) }
	replug := func(_ *fwsim.Device, p *pipePlug) { p.setPlugged(true) }
	for _, tc := range []struct {
		name string
		steps
	}{
		// The report: stalled, then deaf for 250 ms, then a reboot.
		{"stalled and deaf, reboot, resume", steps{before: seq(stall, wait(100*ms), deaf(250*ms), wait(250*ms)), after: resume}},
		{"stalled and deaf, reboot, a new press, resume", steps{before: seq(stall, wait(100*ms), deaf(250*ms), wait(250*ms)), after: resume, pressNew: true}},
		{"stalled, reboot, resume once the new clock is past the old", steps{before: seq(stall, wait(100*ms)), after: seq(wait(400*ms), resume)}},
		{"stalled, reboot, a new press, resume later", steps{before: seq(stall, wait(100*ms)), after: seq(wait(400*ms), resume), pressNew: true}},
		{"deaf to the pings, reboot", steps{before: seq(deaf(400*ms), wait(400*ms)), after: wait(0)}},
		{"deaf to the pings, reboot, a new press", steps{before: seq(deaf(400*ms), wait(400*ms)), after: wait(0), pressNew: true}},
		{"stalled past the silence limit, reboot, resume", steps{before: seq(stall, wait(2500*ms)), after: seq(wait(300*ms), resume), pressNew: true}},
		{"unplugged, reboot, replugged", steps{before: seq(unplug, wait(500*ms)), after: seq(wait(500*ms), replug), pressNew: true}},
		{"stalled, unplugged, reboot, replugged", steps{before: seq(stall, wait(200*ms), unplug), after: seq(wait(300*ms), replug, resume), pressNew: true}},
		{"stalled and deaf while the fit is young, reboot, resume", steps{before: seq(stall, deaf(250*ms), wait(250*ms)), after: resume, up: 100 * ms}},
		{"stalled and deaf while the fit is young, reboot, a new press, resume", steps{before: seq(stall, deaf(250*ms), wait(250*ms)), after: resume, pressNew: true, up: 100 * ms}},
		// A reboot with no break at all: seen as before.
		{"no break", steps{before: wait(0), after: wait(0), pressNew: true}},
	} {
		for _, oldPress := range []bool{false, true} {
			name := tc.name + ", quiet old boot"
			if oldPress {
				// Its seq 1 is remembered: the new boot's seq 1 shows the
				// reboot too.
				name = tc.name + ", a press on the old boot"
			}
			t.Run(name, func(t *testing.T) {
				synctest.Test(t, func(t *testing.T) {
					start := time.Now()
					clock := func() time.Duration { return time.Since(start) }
					// Start 0: the device clock counts from its boot, as the
					// firmware's does.
					dev := fwsim.New(fwsim.Config{Clock: clock, Latency: ms, BootID: 1, DeviceID: 7, Literal: true})
					var r record
					l, p := runOverPipe(t, dev, Config{Clock: clock, MaxBackoff: 200 * ms, Logf: t.Logf,
						OnEvent: r.onEvent, OnWatermark: r.onWatermark, OnNotice: r.onNotice})

					// The old boot: up for a while, one press made or none.
					up := cmp.Or(tc.up, 200*ms)
					truth := map[uint8]time.Duration{}
					time.Sleep(up - 30*ms)
					if oldPress {
						truth[1] = dev.Press(1)
					}
					time.Sleep(30 * ms)
					synctest.Wait()
					tc.before(dev, p)
					truth[2] = dev.Press(2) // in the broken stream: the host may never see it
					dev.Reboot()
					if tc.pressNew {
						truth[3] = dev.Press(3)
					}
					tc.after(dev, p)
					time.Sleep(3 * time.Second)
					truth[4] = dev.Press(4) // well after, on the new boot
					time.Sleep(17 * time.Second)
					synctest.Wait()

					checkTakenOnce(t, l, &r, dev, truth, tc.pressNew, oldPress)
				})
			})
		}
	}
}

// checkTakenOnce checks a link after its device rebooted once: the reboot
// noted once, every press the device had acknowledged taken once on its
// own boot's fit (truth: when each was made, by channel; the new boot's
// later press, and its first one with pressNew, among them), and frames
// noted lost only for an old boot's press seen and not taken.
func checkTakenOnce(t *testing.T, l *Link, r *record, dev *fwsim.Device, truth map[uint8]time.Duration, pressNew, oldPress bool) {
	t.Helper()
	h := l.Health()
	if h.Reboots != 1 || h.Device == nil || h.Device.BootID != 2 || !h.Up {
		t.Fatalf("health %+v: want the reboot noted once, boot 2, up", h)
	}
	if n := r.notices(NoticeReboot); len(n) != 1 {
		t.Fatalf("reboot notices %+v", n)
	}
	// Every press the device had acknowledged is taken once (the
	// old boot's, if it was taken before the break), and
	// stamped on its own boot's fit: the old fit puts a new
	// boot's stamp hundreds of ms off.
	taken := pressesTaken(t, r, truth)
	acked := map[uint8]bool{}
	for _, m := range dev.Acked() {
		if b, ok := m.(fwproto.Button); ok {
			acked[b.Channel] = true
		}
	}
	for ch, n := range taken {
		if n != 1 || !acked[ch] {
			t.Errorf("press on %d taken %d times (acknowledged: %v)", ch, n, acked[ch])
		}
	}
	for ch := range acked {
		if taken[ch] != 1 {
			t.Errorf("press on %d acknowledged, taken %d times", ch, taken[ch])
		}
	}
	want := []uint8{4}
	if pressNew {
		want = append(want, 3)
	}
	for _, ch := range want {
		if taken[ch] != 1 {
			t.Errorf("press on %d not taken (taken: %v)", ch, taken)
		}
	}
	// Frames are noted lost when the host saw a press and did not
	// take it (press 1 on a young fit): not for press 2, which the
	// reboot took off the wire, nor for a new boot's press held until
	// the reboot showed.
	lost := r.notices(NoticeEventsLost)
	if want := oldPress && taken[1] == 0; (len(lost) > 0) != want {
		t.Errorf("events lost noted: %+v, want a note: %v", lost, want)
	}
	if dev.Unacked() != 0 {
		t.Errorf("the device still holds %d events", dev.Unacked())
	}
}

// pressesTaken counts the presses r took by channel, each stamped within
// 5 ms of when it was made (truth, by channel): the wrong boot's fit puts
// a stamp hundreds of ms off.
func pressesTaken(t *testing.T, r *record, truth map[uint8]time.Duration) map[uint8]int {
	t.Helper()
	taken := map[uint8]int{}
	for _, e := range r.events() {
		if e.Kind != Press {
			continue
		}
		taken[e.Channel]++
		if d := (e.At - truth[e.Channel]).Abs(); d > 5*time.Millisecond {
			t.Errorf("press on %d stamped %v, made at %v: %v off", e.Channel, e.At, truth[e.Channel], d)
		}
	}
	return taken
}

// TestClockBehindPing: a pong read after its ping left is at least the
// latest round trip's device time plus the host time from that round
// trip's pong to the ping, at 1% slow, less 50 ms: a slow crystal, a
// long unplug or a pong held on a stalled wire is no reboot; a clock that
// began again is, however long the silence before it.
func TestClockBehindPing(t *testing.T) {
	const ms = time.Millisecond
	for _, tc := range []struct {
		name string
		// The latest round trip's pong came at 1 s with device time
		// rtDev; the ping went at sent, and its pong read dev.
		rtDev     uint64
		sent      time.Duration
		dev       uint64
		want      bool
		noHistory bool
	}{
		{"on time", 5_000_000, 1100 * ms, 5_100_000, false, false},
		{"0.5% slow over a minute's unplug", 5_000_000, 61 * time.Second, 5_000_000 + 59_700_000, false, false},
		{"pong held on a stalled wire (sent soon, read soon)", 5_000_000, 1020 * ms, 5_020_000, false, false},
		{"40 ms behind: within the slack", 5_000_000, 1100 * ms, 5_060_000, false, false},
		{"a young boot rebooted after a 500 ms silence, its clock past the old reading", 143_000, 1500 * ms, 160_000, true, false},
		{"rebooted after a minute, read 2 s into the new boot", 5_000_000, 61 * time.Second, 2_000_000, true, false},
		{"no round trip yet in this boot", 5_000_000, 61 * time.Second, 1_000, false, true},
		{"ping sent before the latest pong came", 5_000_000, 990 * ms, 4_900_000, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := New(Config{})
			l.hello = true
			if !tc.noHistory {
				l.roundTrip(time.Second, tc.rtDev)
			}
			if got := l.clockBehindPing(tc.sent, tc.dev, tc.sent+2*ms); got != tc.want {
				t.Fatalf("reboot seen: %v, want %v", got, tc.want)
			}
			if tc.want && l.hello {
				t.Fatal("a reboot seen, yet the link still takes the device's frames unasked")
			}
		})
	}
}

// TestRebootOfABootKnownByOneReading: a boot the host knows only by the
// clock reading that showed its reboot (a pong that read its clock behind
// the old boot's), and its Hello. Its wire stalls and it goes deaf before
// it answers another ping; it reboots again and its wire resumes. The new
// boot's clock, 300 ms on, is behind where that one reading says the
// boot's must be: the host notes the second reboot and takes the newest
// boot's press once, on its own fit. Without that reading kept, nothing
// showed the second reboot: it was taken for the boot it followed. When
// the newest boot's heartbeat comes before the pong that shows it (a
// longer deaf spell, a later resume: a loaded host's test takes longer
// over its steps), its count of the press it holds is no loss of the boot
// before.
func TestRebootOfABootKnownByOneReading(t *testing.T) {
	const ms = time.Millisecond
	for _, tc := range []struct {
		name     string
		stall    bool
		deaf     time.Duration
		pressNew bool
		// resumeAfter is how long the wire stays stalled after the reboot.
		resumeAfter time.Duration
	}{
		{"stalled and deaf, reboot, a new press, resume", true, 250 * ms, true, 0},
		{"stalled and deaf, reboot, resume", true, 250 * ms, false, 0},
		{"deaf, reboot, a new press", false, 250 * ms, true, 0},
		{"stalled and deaf longer, reboot, a new press, its heartbeat before the pong", true, 400 * ms, true, 0},
		{"stalled and deaf longer, reboot, a new press, resume later, its heartbeat before the pong", true, 390 * ms, true, 100 * ms},
		{"stalled and deaf longest, reboot, a new press, its heartbeat before the pong", true, 630 * ms, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start := time.Now()
				clock := func() time.Duration { return time.Since(start) }
				dev := fwsim.New(fwsim.Config{Clock: clock, Latency: ms, BootID: 1, DeviceID: 7, Literal: true})
				var r record
				l, _ := runOverPipe(t, dev, Config{Clock: clock, MaxBackoff: 200 * ms, Logf: t.Logf,
					OnEvent: r.onEvent, OnWatermark: r.onWatermark, OnNotice: r.onNotice})

				time.Sleep(300 * ms)
				dev.Reboot()
				// The moment the second boot's Hello is taken (its ping, sent
				// then, not yet answered), its wire stalls and it goes deaf.
				for len(r.notices(NoticeReboot)) == 0 {
					time.Sleep(100 * time.Microsecond)
				}
				if tc.stall {
					dev.Stall()
				}
				dev.Deaf(tc.deaf)
				time.Sleep(tc.deaf)
				dev.Reboot()
				truth := map[uint8]time.Duration{}
				if tc.pressNew {
					truth[3] = dev.Press(3)
				}
				if tc.stall {
					time.Sleep(tc.resumeAfter)
					dev.Resume()
				}
				time.Sleep(3 * time.Second)
				truth[4] = dev.Press(4) // well after, on the newest boot
				time.Sleep(2 * time.Second)
				synctest.Wait()

				if h := l.Health(); h.Reboots != 2 || h.Device == nil || h.Device.BootID != 3 {
					t.Fatalf("health %+v: want two reboots noted, boot 3", h)
				}
				taken := pressesTaken(t, &r, truth)
				for ch := range truth {
					if taken[ch] != 1 {
						t.Errorf("press on %d taken %d times", ch, taken[ch])
					}
				}
				if lost := r.notices(NoticeEventsLost); len(lost) > 0 {
					t.Errorf("events lost noted: %+v", lost)
				}
			})
		})
	}
}
