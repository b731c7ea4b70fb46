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

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestJournaledFramesTakeAFrameOnce: a controller input journaled by a
// run that died before acknowledging it, and sent again to the next run,
// is known from the resumed session; inputs with no controller stamp
// (tablets, GPIO) are never taken for repeats; the memory is bounded.
func TestJournaledFramesTakeAFrameOnce(t *testing.T) {
	press := func(device uint64, seat engine.Seat, a engine.Action) engine.Event {
		return engine.Event{Device: device, Seat: seat, Action: a, Source: engine.SourceSerial}
	}
	resumed := []table.Entry{{Seq: 4, Input: &engine.Event{Device: 1000, Seat: 1, Action: engine.Chii}}}
	j := newJournaledFrames(resumed)
	for _, tc := range []struct {
		name string
		ev   engine.Event
		want bool
	}{
		{"the resumed session's press sent again", press(1000, 1, engine.Chii), true},
		{"another press at the same stamp", press(1000, 2, engine.Pon), false},
		{"a later press", press(1001, 1, engine.Chii), false},
		{"a tablet's press (no controller stamp)", engine.Event{Seat: 1, Action: engine.Chii}, false},
	} {
		if got := j.has(tc.ev); got != tc.want {
			t.Errorf("%s: has %v, want %v", tc.name, got, tc.want)
		}
	}
	j.add(engine.Event{Seat: 1, Action: engine.Chii}) // no controller stamp: not remembered
	if j.has(engine.Event{Seat: 1, Action: engine.Chii}) {
		t.Error("a press with no controller stamp was remembered")
	}
	for i := range uint64(journaledMemory) {
		j.add(press(2000+i, 0, engine.Pon))
	}
	if j.has(press(1000, 1, engine.Chii)) || !j.has(press(2000+journaledMemory-1, 0, engine.Pon)) || len(j.keys) != journaledMemory {
		t.Errorf("the memory is not bounded to the latest %d: %d keys", journaledMemory, len(j.keys))
	}
}

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
		waitUntil(t, "the controller's hello", func() bool { return strings.Contains(errb.String(), "firmware") })
		during()
		for deadline := time.Now().Add(20 * time.Second); !until(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s; the daemon said:\n%s", what, errb.String())
			}
		}
		cancel()
		if code := <-done; code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
	}
	var deafUntil time.Time
	daemon("the first run to journal both presses", func() {
		// A first press, acknowledged: the link's clock fit is ready.
		dev.Press(1)
		waitUntil(t, "the first press acknowledged", func() bool { return len(dev.Acked()) == 1 })
		// The controller will not hear the second press's acknowledgement.
		dev.Deaf(2 * time.Second)
		deafUntil = time.Now().Add(2 * time.Second)
		dev.Press(1)
	}, func() bool { return presses() == 2 })
	if dev.Unacked() != 1 {
		t.Fatalf("the controller holds %d unacknowledged frames, want the press", dev.Unacked())
	}
	time.Sleep(time.Until(deafUntil)) // the controller hears again
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
