package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/seatlights"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/conn/v3/spi/spitest"
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
	return startDaemonWith(t, cfg, strings.NewReader(""))
}

// startDaemonWith is startDaemon with the terminal's input and more flags
// (--sim: the simulated controller, unless cfg names one).
func startDaemonWith(t *testing.T, cfg string, stdin io.Reader, flags ...string) *runningDaemon {
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
		done <- runDaemon(ctx, append([]string{"--config", cfgFile}, flags...), stdin, &d.stdout, &d.stderr)
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
	out, err := d.tryLog(args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// tryLog is log for a test that waits for something to be logged.
func (d *runningDaemon) tryLog(args ...string) (string, error) {
	var out, errb bytes.Buffer
	if code := run(append([]string{"log", "--dir", filepath.Join(d.dir, "log")}, args...), &out, &errb); code != 0 {
		return "", fmt.Errorf("tabled log %v: exit %d: %s", args, code, errb.String())
	}
	return out.String(), nil
}

// TestSeatLightsEndUnderRun: through `tabled run`, the firmware simulator
// on a pty for the buttons: South's pon wins, South's light turns green,
// and once the Hold has passed it shows the turn again, with no further
// input. On seat-controller lights it is observed on the LED commands the
// simulated controller received (the green one carries a duration); on an
// APA102 strip on the bytes a fake SPI port took. Both are polled, not
// timed.
func TestSeatLightsEndUnderRun(t *testing.T) {
	t.Run("seat controller", func(t *testing.T) {
		seatLightsEnd(t, "lights = \"serial\"\nlight_channels = [10, 11, 12, 13]\n", func(dev *fwsim.Device) (won, turn bool) {
			l, _ := dev.LED(11)
			green, white := fwproto.LED{Channel: 11, G: 255}, fwproto.LED{Channel: 11, R: display.ColourTurn.R, G: display.ColourTurn.G, B: display.ColourTurn.B}
			if steady := l; steady.Duration != 0 {
				steady.Duration = 0
				if steady == green {
					if max := uint16((display.Hold + seatlights.Grace) / time.Millisecond); l.Duration > max {
						t.Errorf("the won light's command lasts %d ms, more than %d", l.Duration, max)
					}
					return true, false
				}
			}
			if l == green {
				t.Errorf("the won light's command has no duration: %+v", l)
			}
			return false, l == white
		})
	})
	t.Run("APA102 strip", func(t *testing.T) {
		strip := &spitest.Record{}
		if err := spireg.Register("E2E_STRIP", nil, -1, func() (spi.PortCloser, error) { return strip, nil }); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := spireg.Unregister("E2E_STRIP"); err != nil {
				t.Error(err)
			}
		})
		seatLightsEnd(t, "lights = \"apa102\"\nlights_spi = \"E2E_STRIP\"\nper_seat = 6\n", func(*fwsim.Device) (won, turn bool) {
			strip.Lock()
			defer strip.Unlock()
			if len(strip.Ops) == 0 {
				return false, false
			}
			// The APA102 frame: 4 zero bytes, then 0xFF, blue, green, red for
			// each pixel; South (seat 1) has pixels 6 to 11.
			w := strip.Ops[len(strip.Ops)-1].W
			var seg [6]display.RGB
			for i := range seg {
				p := w[4+4*(6+i):]
				seg[i] = display.RGB{R: p[3], G: p[2], B: p[1]}
			}
			g, c, o := display.ColourGreen, display.ColourTurn, display.RGB{}
			return seg == [6]display.RGB{o, g, g, g, g, o}, seg == [6]display.RGB{o, o, c, c, o, o}
		})
	})
}

// seatLightsEnd runs the pon with the lights of displayKeys (a [display]
// section's keys) and waits for observe to see South's light won, then
// back to the turn.
func seatLightsEnd(t *testing.T, displayKeys string, observe func(*fwsim.Device) (won, turn bool)) {
	dev := fwsim.New(fwsim.Config{Clock: sinceStart(), Latency: 2 * time.Millisecond, BootID: 1})
	port := plugController(t, dev)

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
%s`, port, displayKeys))

	dev.Press(0) // East discards
	dev.Release(0)
	// The discard is in the claim log (acknowledged) before South presses:
	// ordered by that step, not by a pause.
	waitUntil(t, "East's discard acknowledged", func() bool { return dev.Unacked() == 0 })
	dev.Press(1) // South pons it
	dev.Release(1)
	waitUntil(t, "South's pon on South's light", func() bool { won, _ := observe(dev); return won })
	lit := time.Now()
	waitUntil(t, "South's light back to the turn", func() bool { _, turn := observe(dev); return turn })
	t.Logf("South's light green, then back to the turn %v later (Hold %v)", time.Since(lit).Round(time.Millisecond), display.Hold)
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if log := d.log(t); !strings.Contains(log, "DECISION: PON South") {
		t.Errorf("the log does not show South's pon:\n%s", log)
	}
}
