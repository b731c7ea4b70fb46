package fwsim_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwsim"
)

// TestFwsimUnplug: an unplug closes the pty and a timer plugs the
// controller back on a new one, its link made again; the loop goes on
// reading meanwhile: a bad line is refused at once, other commands wait
// in order until the controller is back, a held unplug unplugs it again
// with what follows waiting for that. The timer is the test's own.
func TestFwsimUnplug(t *testing.T) {
	dev := fwsim.New(fwsim.Config{BootID: 1})
	link := filepath.Join(t.TempDir(), "controller")
	p := &fwsim.Plug{Dev: dev, Link: link}
	var out, errb bytes.Buffer
	if err := p.Plug(&out); err != nil {
		t.Fatal(err)
	}
	defer p.Unplug()
	fire := make(chan time.Time)
	var waits []time.Duration
	s := &fwsim.Session{Plug: p, Stdout: &out, Stderr: &errb, After: func(d time.Duration) <-chan time.Time {
		waits = append(waits, d)
		return fire
	}}
	lines := make(chan string)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Run(context.Background(), lines)
	}()
	// Each send returns once the loop has the line, so the loop has done
	// the one before: the steps are ordered without a pause.
	for _, step := range []string{"press 3", "unplug 2s", "reboot", "bogus", "unplug 1s", "press 4", "", "press 5"} {
		if step == "" {
			fire <- time.Time{}
			continue
		}
		lines <- step
	}
	if _, err := os.Lstat(link); err == nil {
		t.Error("the link stayed while unplugged")
	}
	fire <- time.Time{}
	lines <- "quit"
	<-done

	if len(waits) != 2 || waits[0] != 2*time.Second || waits[1] != time.Second {
		t.Errorf("unplugged for %v, want [2s 1s]", waits)
	}
	if n := strings.Count(out.String(), "fwsim: controller on /dev/"); n != 3 {
		t.Errorf("plugged %d times, want 3:\n%s", n, out.String())
	}
	for _, want := range []string{"fwsim: unplugged for 2s\n", `fwsim: unplugged: "reboot" waits until plugged back`,
		"fwsim: rebooted, boot id 00000002\nfwsim: unplugged for 1s\n", `"press 5" waits`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
	if errb.String() != "? unknown command \"bogus\"\n" {
		t.Errorf("stderr %q", errb.String())
	}
	// The reboot lost press 3; presses 4 and 5 came after it.
	if dev.BootID() != 2 || dev.Unacked() != 2 {
		t.Errorf("boot id %d, %d unacked; want 2, 2", dev.BootID(), dev.Unacked())
	}
	if target, err := os.Readlink(link); err != nil || !strings.HasPrefix(target, "/dev/") {
		t.Errorf("link after replug: %q %v", target, err)
	}
	p.Unplug()
	p.Unplug()
	if _, err := os.Lstat(link); err == nil {
		t.Error("the link stayed after unplug")
	}
}
