package main

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

// TestFwsimCommands: `tabled fwsim` lists its commands, does them, says
// what is wrong with a line it cannot take, and ends on quit; bad flags
// are exit 2.
func TestFwsimCommands(t *testing.T) {
	for _, tc := range []struct {
		name, args, stdin string
		code              int
		stdout, stderr    []string
	}{
		{"commands", "--device-id 2a", "press 3\ndeaf 3s\ndeaf soon\nspoil 2\nspoil 0\nfault reader 0 does not answer\nfault\nfault caf\u00e9\n\nreboot now\nhop\nquit\npress 4\n", 0,
			[]string{fwsim.Usage, "fwsim: controller on /dev/", "fwsim: rebooted, boot id "},
			[]string{`? deaf "soon": give a duration like 3s`, `? spoil "0": give how many of the next events to spoil, 1..32`,
				"? fault takes a text", `? fwsim: status text "café" is not up to 63 printable ASCII bytes`, `? unknown command "hop"`}},
		{"readers", "-readers 0", "", 2, nil, []string{"tabled fwsim: -readers 0 is not 1..255"}},
		{"device id", "--device-id xyz", "", 2, nil, []string{"tabled fwsim: --device-id: "}},
		{"unknown flag", "--hop", "", 2, nil, []string{"flag provided but not defined: -hop"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runFwsim(t.Context(), strings.Fields(tc.args), strings.NewReader(tc.stdin), &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, tc.code, out.String(), errb.String())
			}
			for _, want := range tc.stdout {
				if !strings.Contains(out.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, out.String())
				}
			}
			for _, want := range tc.stderr {
				if !strings.Contains(errb.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, errb.String())
				}
			}
		})
	}
}

// TestFwsimUnplug: an unplug closes the pty and a timer plugs the
// controller back on a new one, its link made again; the loop goes on
// reading meanwhile: a bad line is refused at once, other commands wait
// in order until the controller is back, a held unplug unplugs it again
// with what follows waiting for that. The timer is the test's own.
func TestFwsimUnplug(t *testing.T) {
	dev := fwsim.New(fwsim.Config{BootID: 1})
	link := filepath.Join(t.TempDir(), "controller")
	p := &ptyPlug{dev: dev, link: link}
	var out, errb bytes.Buffer
	if err := p.plug(&out); err != nil {
		t.Fatal(err)
	}
	defer p.unplug()
	fire := make(chan time.Time)
	var waits []time.Duration
	s := &fwsimSession{p: p, stdout: &out, stderr: &errb, after: func(d time.Duration) <-chan time.Time {
		waits = append(waits, d)
		return fire
	}}
	lines := make(chan string)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.run(context.Background(), lines)
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
	p.unplug()
	p.unplug()
	if _, err := os.Lstat(link); err == nil {
		t.Error("the link stayed after unplug")
	}
}
