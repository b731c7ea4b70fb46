package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
)

// runningDaemon is `tabled run` on a config, for the end-to-end tests.
type runningDaemon struct {
	dir            string // the config and the claim log ("log") are here
	stdout, stderr syncBuffer
	stop           func() int // stops it and returns its exit code
}

// startDaemon writes cfg (its log dir and listen address are added) and
// runs the daemon on it until stop, waiting for the controller's hello.
func startDaemon(t *testing.T, cfg string) *runningDaemon {
	t.Helper()
	d := &runningDaemon{dir: t.TempDir()}
	cfgFile := filepath.Join(d.dir, "tabled.toml")
	cfg = fmt.Sprintf("[log]\ndir = %q\n\n[web]\nlisten = \"127.0.0.1:0\"\n\n", filepath.Join(d.dir, "log")) + cfg
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- runDaemon(ctx, []string{"--config", cfgFile}, strings.NewReader(""), &d.stdout, &d.stderr)
	}()
	stopped := false
	d.stop = func() int {
		if stopped {
			return 0
		}
		stopped = true
		cancel()
		return <-done
	}
	t.Cleanup(func() { d.stop() })
	waitUntil(t, "the controller's hello", func() bool {
		select {
		case code := <-done:
			stopped = true
			t.Fatalf("the daemon exited %d: %s", code, d.stderr.String())
		default:
		}
		return strings.Contains(d.stderr.String(), "firmware 1.0.0")
	})
	return d
}

// log is `tabled log` of the daemon's claim log, with args.
func (d *runningDaemon) log(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append([]string{"log", "--dir", filepath.Join(d.dir, "log")}, args...), &out, &errb); code != 0 {
		t.Fatalf("tabled log %v: %s", args, errb.String())
	}
	return out.String()
}

// TestSeatLightsEndUnderRun: through `tabled run`, the firmware simulator
// on a pty: South's pon wins, the seat controller is told to light South
// green (a timed signal: its command carries a duration), and once the
// Hold has passed South's light is set back to the turn signal, with no
// further input. Observed on the LED commands the simulated controller
// received, polled without timing them.
func TestSeatLightsEndUnderRun(t *testing.T) {
	start := time.Now()
	dev := fwsim.New(fwsim.Config{Clock: func() time.Duration { return time.Since(start) }, Latency: 2 * time.Millisecond, BootID: 1})
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer slave.Close()
	defer master.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go dev.Serve(ctx, master)

	d := startDaemon(t, fmt.Sprintf(`[serial]
path = %q

[[button]]
seat = 0
call = "discard"
channel = 0

[[button]]
seat = 1
call = "pon"
channel = 1

[display]
lights = "serial"
light_channels = [10, 11, 12, 13]
`, slave.Name()))

	led := func(ch uint8) fwproto.LED {
		l, _ := dev.LED(ch)
		return l
	}
	steady := func(l fwproto.LED) fwproto.LED { l.Duration = 0; return l }
	green := fwproto.LED{Channel: 11, G: 255}
	turn := fwproto.LED{Channel: 11, R: display.ColourTurn.R, G: display.ColourTurn.G, B: display.ColourTurn.B}

	dev.Press(0) // East discards
	dev.Release(0)
	time.Sleep(50 * time.Millisecond)
	dev.Press(1) // South pons it
	dev.Release(1)
	waitUntil(t, "South's pon on South's light", func() bool { return steady(led(11)) == green })
	won := led(11)
	if max := uint16((display.Hold + display.SeatLightGrace) / time.Millisecond); won.Duration == 0 || won.Duration > max {
		t.Errorf("the won light's command lasts %d ms: want a duration, at most %d ms", won.Duration, max)
	}
	lit := time.Now()
	waitUntil(t, "South's light back to the turn", func() bool { return led(11) == turn })
	t.Logf("South's light green, then back to the turn %v later (Hold %v)", time.Since(lit).Round(time.Millisecond), display.Hold)
	if l := led(10); l != (fwproto.LED{Channel: 10}) {
		t.Errorf("East's light %+v, want off", l)
	}
	if !strings.Contains(d.stdout.String(), "DECISION") {
		t.Errorf("no decision printed: %s", d.stdout.String())
	}
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if log := d.log(t); !strings.Contains(log, "DECISION: PON South") {
		t.Errorf("the log does not show South's pon:\n%s", log)
	}
}
