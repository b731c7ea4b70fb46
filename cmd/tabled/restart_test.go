package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/hw/fwsim"
)

// TestResentFrameAfterRestartTakenOnce, through tabled run: a controller
// that does not hear the acknowledgement of its press (deaf for a while)
// keeps sending it; the daemon journals it once, stops, and the next run,
// to which the controller sends it again, acknowledges it without taking
// it a second time. A press the controller held while no daemon ran is
// taken by the next run, even one that starts a new game (its stamp falls
// before that run's clock began).
func TestResentFrameAfterRestartTakenOnce(t *testing.T) {
	dev := fwsim.New(fwsim.Config{Clock: sinceStart(), Latency: time.Millisecond, BootID: 5})
	port := plugController(t, dev)
	dir := t.TempDir()
	logDir := filepath.Join(dir, "log")
	cfgFile := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfgFile, []byte(fmt.Sprintf("[log]\ndir = %q\n\n[web]\nlisten = \"127.0.0.1:0\"\n\n[serial]\npath = %q\n\n[[button]]\nseat = 1\ncall = \"chii\"\nchannel = 1\n",
		logDir, port)), 0o644)
	presses := func() int {
		n := 0
		claimlog.Read(logDir, claimlog.Filter{Kind: claimlog.KindInput, Source: "serial"}, func(claimlog.Record) error { n++; return nil })
		return n
	}
	daemon := func(what string, during func(), until func() bool, flags ...string) {
		var out, errb syncBuffer
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		go func() {
			done <- runDaemon(ctx, append([]string{"--config", cfgFile}, flags...), strings.NewReader(""), &out, &errb)
		}()
		defer func() {
			if t.Failed() {
				t.Logf("the daemon said:\n%s", errb.String())
			}
		}()
		waitUntil(t, "the controller's hello", func() bool { return strings.Contains(errb.String(), "firmware") })
		during()
		waitUntil(t, what, until)
		cancel()
		if code := <-done; code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
	}
	daemon("the first run to journal both presses", func() {
		// A first press, acknowledged: the link's clock fit is ready.
		dev.Press(1)
		waitUntil(t, "the first press acknowledged", func() bool { return len(dev.Acked()) == 1 })
		// The controller will not hear the second press's acknowledgement,
		// however long the run takes to stop.
		dev.Deaf(time.Hour)
		dev.Press(1)
	}, func() bool { return presses() == 2 })
	if dev.Unacked() != 1 {
		t.Fatalf("the controller holds %d unacknowledged frames, want the press", dev.Unacked())
	}
	dev.Deaf(0) // the controller hears again
	daemon("the second run to acknowledge the press sent again", func() {}, func() bool { return dev.Unacked() == 0 })
	if n := presses(); n != 2 {
		t.Fatalf("the press sent again after the restart was taken %d times", n-1)
	}

	// A press made while no daemon runs, stamped before the next run's
	// clock began, is taken by a run that starts a new game too.
	dev.Press(1)
	daemon("a new game to take the press held meanwhile", func() {}, func() bool { return dev.Unacked() == 0 }, "--new-game")
	if n := presses(); n != 3 {
		t.Fatalf("%d presses logged, want the one held while no daemon ran as the third", n)
	}
}
