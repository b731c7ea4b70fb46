package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwsim"
)

// TestLateDiscardDecidesThePon is the dispute of issue 12 through `tabled
// run`: East's discard comes from a seat controller on a pty and its first
// send is spoilt on the wire, so it arrives as a retransmission; West
// presses pon on a tablet after the discard, and that press reaches the
// table first. The controller's wire is held (fwsim Stall) until the pon
// is in, so "first" is a step, not a race against the retransmission's
// 100 ms. Every input is decided at its stamp:
//
//   - within the wait bound, the table waits for the controller's
//     watermark (held by the spoilt frame) and decides the pon once the
//     discard is in, with nothing withdrawn;
//   - with a bound shorter than the wait, the pon is first refused (no
//     discard yet; the test holds the discard back until the log says so);
//     when the discard arrives it is put in its place, a revision
//     withdraws the refusal and names the late input, and the pon is
//     decided, at its stamp's window.
//
// Both are read back with `tabled log`, and `tabled replay` reproduces them.
func TestLateDiscardDecidesThePon(t *testing.T) {
	for _, tc := range []struct {
		name, bound string
		revised     bool
	}{
		{"within the bound", "500ms", false},
		{"past the bound", "30ms", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := playLateDiscard(t, tc.bound, tc.revised)
			t.Log("tabled log:\n" + out)
			if !strings.Contains(out, "DECISION: PON West") {
				t.Fatalf("the pon was not decided:\n%s", out)
			}
			revised := strings.Contains(out, "re-decided") && strings.Contains(out, "East discard from serial")
			if revised != tc.revised {
				t.Fatalf("revision %v, want %v:\n%s", revised, tc.revised, out)
			}
			if tc.revised && !strings.Contains(out, "there is no discard to claim") {
				t.Errorf("past the bound the pon should first have been refused:\n%s", out)
			}
		})
	}
}

// playLateDiscard runs the daemon with a controller whose next frame is
// spoilt, plays East's discard on it and West's pon on a tablet, and
// returns `tabled log`'s output once the pon is decided. With refused, it
// holds the discard back until the pon has been refused.
func playLateDiscard(t *testing.T, bound string, refused bool) string {
	t.Helper()
	dev := fwsim.New(fwsim.Config{Clock: sinceStart(), Latency: time.Millisecond, BootID: 3})
	port := plugController(t, dev)
	addr := freeAddr(t)
	dir := t.TempDir()
	logDir := filepath.Join(dir, "log")
	cfgFile := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfgFile, []byte(fmt.Sprintf(`[table]
wait_bound = %q

[log]
dir = %q

[web]
listen = %q

[serial]
path = %q

[[button]]
seat = 0
call = "discard"
channel = 0
`, bound, logDir, addr, port)), 0o644)

	var stdout, stderr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- runDaemon(ctx, []string{"--sim", "--config", cfgFile}, strings.NewReader(""), &stdout, &stderr)
	}()
	waitUntil(t, "the controller's hello", func() bool { return strings.Contains(stderr.String(), "firmware") })
	waitClockFit(t, dev, 7)

	// East's discard: stamped at its first edge 10 ms back (within the
	// link's DeviceLag), so the pon, stamped when it reaches the table,
	// comes after it by more than either stamp's error, with no pause. Its
	// first send is spoilt, and the wire held until the pon is in.
	dev.Stall()
	dev.SpoilNext(1)
	dev.PressAgo(0, 10*time.Millisecond)
	resp, err := http.Post("http://"+addr+"/api/press", "application/json", strings.NewReader(`{"seat":2,"action":"pon"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("press: %s", resp.Status)
	}
	logged := func() string {
		var out, errb bytes.Buffer
		run([]string{"log", "--dir", logDir}, &out, &errb)
		return out.String()
	}
	if refused {
		waitUntil(t, "the pon refused, the discard not in yet", func() bool { return strings.Contains(logged(), "there is no discard to claim") })
	}
	dev.Resume()
	waitUntil(t, "the pon's decision", func() bool { return strings.Contains(logged(), "DECISION") })
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("daemon exit %d: %s", code, stderr.String())
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", logDir}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d: %s %s", code, out.String(), errb.String())
	}
	return logged()
}
