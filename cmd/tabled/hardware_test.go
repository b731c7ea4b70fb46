package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// syncBuffer is a bytes.Buffer the daemon's goroutines write to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Reset()
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startLogged starts a daemon's process with its output in out (emptied
// first); a process still running when the test ends is killed then.
func startLogged(t *testing.T, cmd *exec.Cmd, out *syncBuffer) *exec.Cmd {
	t.Helper()
	out.reset()
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd
}

// waitUntil waits, up to 60 s, for cond: what the daemon does on its own
// goroutines (or in its own process) and says only through its outputs.
// The limit only stops a broken test: the simulated firmware (simavr) runs
// slower than its own clock on a busy machine, and a second held button
// took over 20 s there under the race detector beside a power-cut VM.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	waitUntilFor(t, what, 60*time.Second, cond)
}

// waitUntilFor is waitUntil with a limit of its own; it is the package's
// one polling loop. The 5 ms between looks is how often it looks, not a
// time anything needs: a loaded machine only makes the wait longer.
func waitUntilFor(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", limit, what)
		}
	}
}

// TestEndToEndHardwareToLog is the end-to-end test: the firmware
// simulator on a real pty and GPIO fakes drive the daemon, and `tabled log`
// shows the decision with the stamps the hardware took. West's pon, from a
// seat controller on a slow serial link, is stamped 10 ms before North's
// GPIO pon but reaches the daemon after it: the controller's wire is held
// (fwsim Stall) until North's pon is journaled, so the inversion is a step,
// whatever the machine's speed. Stamped on arrival North would win;
// stamped by the controller's clock, West does; the controller's seat
// lights show it.
func TestEndToEndHardwareToLog(t *testing.T) {
	discard := &gpiotest.Pin{N: "E2E_GPIO17", Num: 917, EdgesChan: make(chan gpio.Level)}
	northPon := &gpiotest.Pin{N: "E2E_GPIO27", Num: 927, EdgesChan: make(chan gpio.Level)}
	for _, p := range []*gpiotest.Pin{discard, northPon} {
		if err := gpioreg.Register(p); err != nil {
			t.Fatal(err)
		}
		// The registry is global: -count=2 would register the pin again.
		t.Cleanup(func() {
			if err := gpioreg.Unregister(p.Name()); err != nil {
				t.Error(err)
			}
		})
	}

	dev := fwsim.New(fwsim.Config{Clock: sinceStart(), Latency: 40 * time.Millisecond, DriftPPM: 80, Start: 3e9, BootID: 1})
	port := plugController(t, dev)

	// The discard's button counts a press held 20 ms (a finger holds one
	// 50 ms or more): its stamp is then at least 20 ms before it is in the
	// log, room for West's pon stamped 10 ms back to fall after it.
	dir := t.TempDir()
	cfgFile := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfgFile, []byte(fmt.Sprintf(`[table]
name = "e2e"
dealer = 0
input_latency = "5ms"
# The wire is stalled while North's pon is journaled: however slow the
# machine, the window waits for the controller, not for a revision.
wait_bound = "5s"

[log]
dir = %q

[web]
listen = "127.0.0.1:0"

[serial]
path = %q

[[button]]
seat = 0
call = "discard"
pin = "E2E_GPIO17"
min_press = "20ms"

[[button]]
seat = 3
call = "pon"
pin = "E2E_GPIO27"
min_press = "2ms"

[[button]]
seat = 2
call = "pon"
channel = 5

[display]
lights = "serial"
light_channels = [10, 11, 12, 13]
`, filepath.Join(dir, "log"), port)), 0o644)

	var stdout, stderr syncBuffer
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stderr:\n%s", stderr.String())
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- runDaemon(ctx, []string{"--config", cfgFile}, strings.NewReader(""), &stdout, &stderr) }()
	waitUntil(t, "the controller's hello", func() bool { return strings.Contains(stderr.String(), "firmware 1.0.0") })
	waitClockFit(t, dev, 5)

	logged := func(substr string) func() bool {
		return func() bool {
			var out, errb bytes.Buffer
			run([]string{"log", "--dir", filepath.Join(dir, "log")}, &out, &errb)
			return strings.Contains(out.String(), substr)
		}
	}
	// Each GPIO button is released once its press is in the claim log: the
	// press lasts as long as the daemon takes to confirm and journal it.
	discard.EdgesChan <- gpio.Low
	waitUntil(t, "the discard in the claim log", logged("gpio    E  discard"))
	discard.EdgesChan <- gpio.High
	// West's pon: stamped at its first edge 10 ms ago (within the link's
	// DeviceLag, so it cannot fall behind the controller's watermark) and
	// held on the wire until North's pon is journaled.
	dev.Stall()
	dev.PressAgo(5, 10*time.Millisecond)
	northPon.EdgesChan <- gpio.Low
	waitUntil(t, "North's pon in the claim log", logged("gpio    N  pon"))
	northPon.EdgesChan <- gpio.High
	dev.Resume()
	dev.Release(5)
	waitUntil(t, "the decision", func() bool { return strings.Contains(stdout.String(), "DECISION") })
	// The seat controller's lights say it too: West's steady green, North's
	// red slow blink, sent back over the same link (for the Hold: their
	// commands carry a duration).
	waitUntil(t, "the decision on the seat lights", func() bool {
		west, okW := dev.LED(12)
		north, okN := dev.LED(13)
		west.Duration, north.Duration = 0, 0
		return okW && okN && west == fwproto.LED{Channel: 12, G: 255} &&
			north == fwproto.LED{Channel: 13, R: 255, Pattern: fwproto.PatternSlowBlink}
	})
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("daemon exited %d: %s", code, stderr.String())
	}

	var out, errb bytes.Buffer
	if code := run([]string{"log", "--dir", filepath.Join(dir, "log")}, &out, &errb); code != 0 {
		t.Fatalf("tabled log: %s", errb.String())
	}
	log := out.String()
	t.Logf("tabled log:\n%s", log)
	// record is the sequence number and stamp of the line with substr.
	record := func(substr string) (seq uint64, stamp time.Duration) {
		for _, line := range strings.Split(log, "\n") {
			if strings.Contains(line, substr) {
				f := strings.Fields(line)
				seq, err := strconv.ParseUint(f[0], 10, 64)
				if err != nil {
					t.Fatalf("line %q: %v", line, err)
				}
				s, err := strconv.ParseFloat(strings.TrimSuffix(f[1], "s"), 64)
				if err != nil {
					t.Fatalf("line %q: %v", line, err)
				}
				return seq, time.Duration(s * float64(time.Second))
			}
		}
		t.Fatalf("no line with %q in the log", substr)
		return 0, 0
	}
	if !strings.Contains(log, "DECISION: PON West") {
		t.Fatalf("the log does not show West's pon winning")
	}
	if strings.Contains(log, "re-decided") {
		t.Fatalf("West's pon was decided late, by a revision, not in its place")
	}
	westSeq, west := record("serial  W  pon")
	northSeq, north := record("gpio    N  pon")
	if northSeq >= westSeq {
		t.Fatalf("North's pon journaled as %d, not before West's (%d): no inversion to prove", northSeq, westSeq)
	}
	if west >= north {
		t.Fatalf("West's serial press stamped %v, not before North's GPIO press at %v", west, north)
	}
	if _, disc := record("gpio    E  discard"); disc >= west {
		t.Fatalf("discard stamped %v, after the pon at %v", disc, west)
	}
}

// TestSerialLinkThroughRun: tabled run talks to a literal protocol-1
// controller (Hello only when queried) pinned by device_id, keeps its
// command seqs in the log directory, and reports the controller's reboot
// behind the open port and its reader fault.
func TestSerialLinkThroughRun(t *testing.T) {
	dev := fwsim.New(fwsim.Config{Clock: sinceStart(), BootID: 1, DeviceID: 0xF1, Start: 5e9, Literal: true})
	port := plugController(t, dev)

	dir := t.TempDir()
	cfgFile := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfgFile, []byte(fmt.Sprintf("[log]\ndir = %q\n\n[web]\nlisten = \"127.0.0.1:0\"\n\n[serial]\npath = %q\ndevice_id = \"000000F1\"\n",
		filepath.Join(dir, "log"), port)), 0o644)
	var stdout, stderr syncBuffer
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stderr:\n%s", stderr.String())
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- runDaemon(ctx, []string{"--config", cfgFile}, strings.NewReader(""), &stdout, &stderr) }()
	waitUntil(t, "the controller's hello", func() bool { return strings.Contains(stderr.String(), "device 000000f1 (boot 00000001)") })
	// A press taken (on a channel no button has) says the link is up and
	// its clock fit has the old boot's round trips.
	dev.Press(3)
	waitUntil(t, "the press acknowledged", func() bool { return dev.Unacked() == 0 })
	dev.Reboot()
	waitUntil(t, "the reboot reported", func() bool { return strings.Contains(stderr.String(), "tabled: reboot at") })
	if err := dev.Report(2, "reader 0 does not answer"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the reader fault reported", func() bool {
		return strings.Contains(stderr.String(), "tabled: reader-fault at") && strings.Contains(stderr.String(), "reader 0 does not answer")
	})
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("daemon exited %d: %s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "log", "serial-seq")); err != nil {
		t.Fatalf("no command seq state in the log directory: %v", err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"log", "--dir", filepath.Join(dir, "log")}, &out, &errb); code != 0 {
		t.Fatalf("tabled log: %s", errb.String())
	}
	t.Logf("tabled log:\n%s", out.String())
	for _, want := range []string{"rebooted (boot id 00000002, was 00000001", "reader 0 does not answer"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the claim log has no note with %q", want)
		}
	}
}
