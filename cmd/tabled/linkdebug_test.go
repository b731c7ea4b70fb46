package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/hw/fwsim"
)

// TestLinkWorkingsStayOffTheTerminal: the serial link's own workings (a
// round trip asked for on the clock fit after a quiet wire) are not for
// people at play (issue 31: "link: /dev/pts/1: seq 1, not the one
// expected: events wait for a round trip on the clock fit" in the middle
// of play). The real binary, `tabled run` with a seat controller: its wire
// stalls for a second, then a press comes. On a terminal (a pty, as a
// person runs it) the words are nowhere; under systemd (stderr on a file
// JOURNAL_STREAM names) they are in the journal at debug (<7>).
func TestLinkWorkingsStayOffTheTerminal(t *testing.T) {
	bin := buildTabled(t)
	const workings = "events wait for a round trip on the clock fit"
	for _, c := range []struct {
		name    string
		journal bool
	}{{"terminal", false}, {"journal", true}} {
		t.Run(c.name, func(t *testing.T) {
			dev := fwsim.New(fwsim.Config{Clock: sinceStart(), Latency: time.Millisecond, BootID: 1, DeviceID: 0xF2, Literal: true})
			port := plugController(t, dev)
			dir := t.TempDir()
			cfg := filepath.Join(dir, "tabled.toml")
			os.WriteFile(cfg, []byte(fmt.Sprintf("[log]\ndir = %q\n\n[web]\nlisten = \"127.0.0.1:0\"\n\n[serial]\npath = %q\ndevice_id = \"000000F2\"\n\n[[button]]\nseat = 2\ncall = \"pon\"\nchannel = 5\n",
				filepath.Join(dir, "log"), port)), 0o644)
			keys, tty, err := pty.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer keys.Close()
			defer tty.Close()
			var screen syncBuffer // what the terminal shows
			go io.Copy(&screen, keys)
			cmd := exec.Command(bin, "run", "--config", cfg)
			cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
			journal := filepath.Join(dir, "journal")
			if c.journal {
				f, err := os.Create(journal)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				cmd.Stderr = f
				cmd.Env = append(os.Environ(), "JOURNAL_STREAM="+devIno(f))
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
			said := func() string {
				if c.journal {
					b, _ := os.ReadFile(journal)
					return string(b)
				}
				return screen.String()
			}
			t.Cleanup(func() {
				if t.Failed() {
					t.Logf("the terminal:\n%s\nthe journal:\n%s", screen.String(), said())
				}
			})
			waitUntil(t, "the controller's hello", func() bool { return strings.Contains(said(), "device 000000f2 (boot 00000001)") })
			waitClockFit(t, dev, 5)
			// A quiet wire: nothing arrives for a second, however slow
			// the machine, then a press.
			dev.Stall()
			stalled := time.Now()
			waitUntil(t, "a second of quiet", func() bool { return time.Since(stalled) >= time.Second })
			dev.Resume()
			dev.Press(5)
			waitUntil(t, "the press after the quiet acknowledged", func() bool { return dev.Unacked() == 0 })
			var out strings.Builder
			waitUntil(t, "West's pon in the claim log", func() bool {
				out.Reset()
				run([]string{"log", "--dir", filepath.Join(dir, "log"), "--kind", "input"}, &out, io.Discard)
				return strings.Contains(out.String(), "W  pon")
			})
			if c.journal {
				waitUntil(t, "the link's workings in the journal at debug", func() bool { return strings.Contains(said(), "<7>link: ") && strings.Contains(said(), workings) })
				for _, line := range strings.Split(said(), "\n") {
					if strings.Contains(line, workings) && !strings.HasPrefix(line, "<7>") {
						t.Errorf("the link's workings in the journal above debug: %q", line)
					}
				}
				return
			}
			cmd.Process.Signal(os.Interrupt)
			cmd.Wait()
			if strings.Contains(screen.String(), workings) {
				t.Errorf("the terminal shows the link's workings:\n%s", screen.String())
			}
		})
	}
}
