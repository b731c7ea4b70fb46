package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/display"
)

// TestSeatController plays one session through `tabled run` against a
// seat and tile-reader controller on a pty, twice: the Go simulator
// (hw/fwsim) and the firmware (firmware/) run cycle-accurately in simavr
// with a +80 ppm crystal, so both are held to one behaviour. Presses are
// decided at their device stamps (each stamp compared with the moment the
// button's first edge was driven, on the one CLOCK_MONOTONIC); a pon beats
// a simultaneous chii from another seat; a tag is read as a dora indicator
// and as a seat's discard; the winner's light shows the decision and
// leaves it; a reboot, a hung main loop (the watchdog), an unplug and a
// burst of garbage on the wire lose no press and add none; a queue that
// overflows while unplugged says so.
func TestSeatController(t *testing.T) {
	for _, tc := range []struct {
		name string
		dev  func(*testing.T) seatDevice
	}{
		{"fwsim", newSimDevice},
		{"firmware", newHarnessDevice},
	} {
		t.Run(tc.name, func(t *testing.T) { playSeatController(t, tc.dev(t)) })
	}
}

// The session's channels: discards of East, South and West on the pins
// stamped to the µs, North's through the 74HC165 chain (read every ms);
// South's chii and West's pon; the lights of the seats on 10..13.
const (
	chEast, chSouth, chWest, chNorth = 0, 1, 2, 9
	chSouthChii, chWestPon           = 4, 5
	chUnmapped                       = 20
	lightSouth, lightWest            = 11, 12
)

// unmappedChannels are the buttons (of 30) no [[button]] has.
var unmappedChannels = []int{3, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29}

var (
	tagDora = []byte{0x04, 0x35, 0x01, 0x00}                   // 5z, 4 bytes
	tag3p   = []byte{0x04, 0x03, 0x01, 0x22, 0x33, 0x44, 0x55} // 3p, 7 bytes
)

// seatPress is a press the test made and the record it became.
type seatPress struct {
	ch    int
	what  string // the log's words for it
	edge  time.Duration
	stamp time.Duration
}

func playSeatController(t *testing.T, dev seatDevice) {
	prev := tableClock
	tableClock = monoClock
	t.Cleanup(func() { tableClock = prev })

	reg := filepath.Join(t.TempDir(), "tiles.txt")
	if err := os.WriteFile(reg, []byte(fmt.Sprintf("%X 5z\n%X 3p\n", tagDora, tag3p)), 0o644); err != nil {
		t.Fatal(err)
	}
	// The claims come after East's discard is seen in the claim log and
	// its release acknowledged, which a loaded machine takes seconds over:
	// past the rules' 3 s call deadline they were late, the first decided
	// alone. This test is about the controller's path, not the deadline.
	d := startDaemon(t, fmt.Sprintf(`[table]
wait_bound = "5s"
call_deadline = "30s"

[serial]
path = %q
device_id = "0000002A"

[nfc]
reader = "serial"
registry = %q

[[button]]
seat = 0
call = "discard"
channel = %d

[[button]]
seat = 1
call = "discard"
channel = %d

[[button]]
seat = 2
call = "discard"
channel = %d

[[button]]
seat = 3
call = "discard"
channel = %d

[[button]]
seat = 1
call = "chii"
channel = %d

[[button]]
seat = 2
call = "pon"
channel = %d

[[reader]]
index = 0
role = "dora"

[[reader]]
index = 1
role = "discard"
seat = 2

[display]
lights = "serial"
light_channels = [10, 11, 12, 13]
`, dev.Port(), reg, chEast, chSouth, chWest, chNorth, chSouthChii, chWestPon))
	t.Cleanup(func() {
		if t.Failed() {
			out, _ := d.tryLog()
			t.Logf("daemon stderr:\n%s\ntabled log:\n%s", d.stderr.String(), out)
		}
	})
	logDir := filepath.Join(d.dir, "log")
	// serialInputs are the controller's presses, in log order.
	serialInputs := func() []claimlog.Record {
		var recs []claimlog.Record
		claimlog.Read(logDir, claimlog.Filter{Kind: claimlog.KindInput}, func(r claimlog.Record) error {
			if r.Source == "serial" {
				recs = append(recs, r)
			}
			return nil
		})
		return recs
	}
	logHas := func(what string) func() bool {
		return func() bool { out, _ := d.tryLog(); return strings.Contains(out, what) }
	}
	var presses []seatPress
	var want []string // the controller's presses, as the log names them
	// press presses ch and waits for its record in the claim log, and for
	// the button's release acknowledged: the next press of it is a new one,
	// and nothing (a reboot) comes while it is held. The count of events
	// acknowledged is taken with none waiting (a new boot's Status may
	// still): its press and its release are then the next two.
	press := func(ch int, what string) {
		t.Helper()
		waitUntil(t, "the device's events acknowledged before "+what, func() bool { return dev.Unacked(t) == 0 })
		n, acked := len(serialInputs()), dev.Acked(t)
		edge := dev.Press(t, ch, 60*time.Millisecond)
		var rec claimlog.Record
		waitUntil(t, what+" in the claim log", func() bool {
			recs := serialInputs()
			if len(recs) <= n {
				return false
			}
			rec = recs[n]
			return true
		})
		waitUntil(t, what+" released", func() bool { return dev.Acked(t) >= acked+2 })
		presses = append(presses, seatPress{ch, what, edge, time.Duration(rec.Mono)})
		want = append(want, what)
	}

	// The link takes stamped events once its clock fit has its round trips.
	// Its press and its release acknowledged, not "none unacknowledged":
	// that holds before the press is confirmed, and the release would
	// then count as the next press's, which a reboot would find held.
	waitUntil(t, "the device's events acknowledged", func() bool { return dev.Unacked(t) == 0 })
	acked := dev.Acked(t)
	dev.Press(t, chUnmapped, 30*time.Millisecond)
	waitUntil(t, "the clock fit (a press on no button and its release acknowledged)", func() bool { return dev.Acked(t) >= acked+2 })

	// Discards round the table, each decided at its device stamp; more
	// rounds (up to 14, a hand's wall) with TABLED_SEAT_ROUNDS, to measure.
	rounds := 2
	if n, err := strconv.Atoi(os.Getenv("TABLED_SEAT_ROUNDS")); err == nil && n >= 1 && n <= 14 {
		rounds = n
	}
	for range rounds {
		press(chEast, "E discard")
		press(chSouth, "S discard")
		press(chWest, "W discard")
		press(chNorth, "N discard")
	}

	// A power cycle: the new boot's press is taken once its clock fit is
	// made. (Before the tags: a new boot reads again what lies on its
	// readers, which the table would refuse as a second read.)
	dev.Reboot(t)
	waitUntil(t, "the reboot noted", logHas("rebooted (boot id 00000002, was 00000001"))
	press(chEast, "E discard")

	// A hung main loop: the watchdog resets the board, a new boot that
	// says why.
	dev.Hang(t)
	waitUntil(t, "the watchdog's reboot noted", logHas("rebooted (boot id 00000003, was 00000002"))
	waitUntil(t, "the watchdog reset's status noted", logHas("status (status 0): watchdog reset"))
	press(chSouth, "S discard")

	// Unplugged, West discards: stamped by the device, taken on replug.
	dev.Unplug(t, time.Second)
	press(chWest, "W discard")

	// Garbage on the wire (the harness: on both wires), then North's discard.
	dev.Garbage(t, 400)
	press(chNorth, "N discard")

	// East discards; South's chii and West's pon come together: the pon wins.
	press(chEast, "E discard")
	n := len(serialInputs())
	dev.PressTogether(t, 60*time.Millisecond, chSouthChii, chWestPon)
	want = append(want, "S chii", "W pon")
	waitUntil(t, "West's pon decided", logHas("DECISION: PON West"))
	if got := len(serialInputs()) - n; got != 2 {
		t.Errorf("the chii and the pon gave %d inputs, want 2", got)
	}

	// West's light shows the pon, South's its lost chii; West's then leaves
	// it (the Hold ends).
	const green = 0x00FF00
	waitUntil(t, "West's light green", func() bool { return dev.Light(t, lightWest) == green })
	lit := time.Now()
	// South's lost chii: its light blinks red, slowly (the firmware's
	// pattern, seen on the strip).
	waitUntil(t, "South's light blinking red slowly", func() bool {
		rgb, blink := dev.Blink(t, lightSouth)
		return rgb == 0xFF0000 && blink == "slow"
	})
	waitUntil(t, "West's light no longer green", func() bool { return dev.Light(t, lightWest) != green })
	t.Logf("West's light green for about %v (display Hold %v)", time.Since(lit).Round(10*time.Millisecond), display.Hold)
	if h, ok := dev.(*harnessDevice); ok {
		logLightChanges(t, h, lightWest)
	}

	// A tag on the dora reader, then West discards 3p on its reader.
	dev.Tile(t, tagDora, 0, 0)
	waitUntil(t, "the dora indicator", logHas("DORA: indicators 5z"))
	dev.Tile(t, tag3p, 1, 300*time.Millisecond)
	waitUntil(t, "West's discard from its reader", logHas("nfc     W  discard 3p"))

	// Unplugged, 20 buttons no [[button]] has are tapped: 40 events for a
	// queue of 32. The oldest are lost and a Status says so on replug.
	dev.Unplug(t, 3*time.Second)
	for _, ch := range unmappedChannels[:20] {
		dev.Press(t, ch, 30*time.Millisecond)
	}
	waitUntil(t, "the queue's overflow noted", logHas("event queue overflow, events lost (status 1)"))
	// Two boots since the first (the power cycle, the watchdog), none more:
	// no garbage, overflow or unplug restarted the device.
	if id := dev.BootID(t); id != 3 {
		t.Errorf("the device is in boot %d, want 3: it restarted on its own", id)
	}

	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	log := d.log(t)
	if strings.Contains(log, "re-decided") {
		t.Errorf("a press was decided late, by a revision:\n%s", log)
	}
	// Every press made is in the log once, in order, and nothing else.
	var got []string
	for _, r := range serialInputs() {
		got = append(got, r.Seat+" "+r.Type)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the controller's inputs in the log:\n%q\nwant\n%q\nlog:\n%s", got, want, log)
	}
	reportStamps(t, presses)
	if h, ok := dev.(*harnessDevice); ok {
		s := h.state(t)
		t.Logf("firmware: boot id %d, %d watchdog resets, stack never closer than %d bytes to the data; the simulation at most %v behind the wall clock",
			s.BootID, s.Watchdog, s.StackFree, time.Duration(s.LagMaxUS)*time.Microsecond)
		if s.StackFree <= 0 {
			t.Errorf("the firmware's stack ran into its data (%d bytes free)", s.StackFree)
		}
	}
}

// reportStamps logs how far each press's stamp in the claim log is from
// the moment its button's first edge was driven: the device's clock
// through the host's clock fit, against the truth.
func reportStamps(t *testing.T, presses []seatPress) {
	var pins, chain []time.Duration
	for _, p := range presses {
		e := p.stamp - p.edge
		t.Logf("%s: stamped %v from its first edge", p.what, e)
		if e < 0 {
			e = -e
		}
		if p.ch == chNorth {
			chain = append(chain, e)
		} else {
			pins = append(pins, e)
		}
	}
	for _, s := range []struct {
		name string
		errs []time.Duration
	}{{"pin-change buttons", pins}, {"74HC165 buttons", chain}} {
		slices.Sort(s.errs)
		if len(s.errs) == 0 {
			continue
		}
		q := func(p float64) time.Duration { return s.errs[min(len(s.errs)-1, int(p*float64(len(s.errs))))] }
		t.Logf("stamp error, %s (%d presses): p50 %v, p99 %v, max %v", s.name, len(s.errs), q(0.5), q(0.99), s.errs[len(s.errs)-1])
	}
}

// logLightChanges logs what the firmware's light ch showed and when.
func logLightChanges(t *testing.T, h *harnessDevice, ch int) {
	l := h.lights(t)[ch]
	var b strings.Builder
	for i, c := range l.Changes {
		if i > 0 {
			fmt.Fprintf(&b, " +%v", time.Duration(c.US-l.Changes[i-1].US)*time.Microsecond)
		}
		fmt.Fprintf(&b, " %s", c.RGB)
	}
	t.Logf("light %d showed:%s", ch, b.String())
}
