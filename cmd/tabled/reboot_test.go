package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwsim"
)

// TestRebootAfterAStallThroughRun: tabled run and a literal protocol-1
// controller whose clock counts from its boot, as the firmware's does. A
// young boot (it rebooted a moment ago) has its wire stalled and is deaf
// for 250 ms, then reboots again and its wire resumes: by the time the
// daemon hears the new boot, its clock may be past the young boot's last
// reading, so only the time that passed shows it went back; and the young
// boot may have given the daemon no reading but the one that showed its
// boot (its wire stalled before its first pong), from which the time is
// counted. The daemon notes both reboots, takes the press made on the newest boot once (and
// notes no loss for it), and the first boot's acknowledged press stays in
// the claim log once.
func TestRebootAfterAStallThroughRun(t *testing.T) {
	clock := sinceStart()
	dev := fwsim.New(fwsim.Config{Clock: clock, Latency: time.Millisecond, BootID: 1, DeviceID: 0xF1, Literal: true})
	port := plugController(t, dev)

	d := startDaemon(t, fmt.Sprintf(`[serial]
path = %q
device_id = "000000F1"

[[button]]
seat = 2
call = "pon"
channel = 5

[[button]]
seat = 1
call = "pon"
channel = 6
`, port))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stderr:\n%s", d.stderr.String())
		}
	})
	reboots := func(n int) func() bool {
		return func() bool { return strings.Count(d.stderr.String(), "tabled: reboot at") == n }
	}
	waitUntil(t, "the controller's hello", func() bool { return strings.Contains(d.stderr.String(), "device 000000f1 (boot 00000001)") })
	dev.Press(5) // West's pon on the first boot
	waitUntil(t, "the first boot's press acknowledged", func() bool { return dev.Unacked() == 0 })
	dev.Reboot()
	waitUntil(t, "the first reboot reported", reboots(1))

	// The report's steps, on the young second boot.
	dev.Stall()
	dev.Deaf(250 * time.Millisecond)
	deafAt := clock()
	waitUntil(t, "the deaf spell over", func() bool { return clock()-deafAt >= 250*time.Millisecond })
	dev.Reboot()
	dev.Press(6) // South's pon on the third boot
	dev.Resume()
	waitUntil(t, "the second reboot reported", reboots(2))
	waitUntil(t, "the third boot's press acknowledged", func() bool { return dev.Unacked() == 0 })
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	log := d.log(t)
	t.Logf("tabled log:\n%s", log)
	for _, c := range []struct {
		substr string
		n      int
	}{
		{"serial  W  pon", 1},
		{"serial  S  pon", 1},
		{"rebooted (boot id 00000002, was 00000001", 1},
		{"rebooted (boot id 00000003, was 00000002", 1},
		// The second boot had nothing unacknowledged; the third boot's
		// press, held until the reboot showed, is not the second's loss.
		{"EVENTS LOST", 0}, // the alert's label, tabled log's tag of its note
	} {
		if got := strings.Count(log, c.substr); got != c.n {
			t.Errorf("the claim log has %d lines with %q, want %d", got, c.substr, c.n)
		}
	}
}
