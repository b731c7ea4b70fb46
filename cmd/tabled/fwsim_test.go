package main

import (
	"io"
	"strings"
	"testing"

	"github.com/tabled/tabled/hw/fwsim"
)

// TestFwsimCommands: the simulator's commands take their arguments or say
// what is wrong with them.
func TestFwsimCommands(t *testing.T) {
	dev := fwsim.New(fwsim.Config{BootID: 1, Literal: true})
	p := &ptyPlug{dev: dev}
	for _, tc := range []struct {
		line, err string
	}{
		{"press 3", ""},
		{"deaf 3s", ""},
		{"deaf soon", `deaf "soon": give a duration like 3s`},
		{"spoil 2", ""},
		{"spoil 0", `spoil "0": give how many of the next events to spoil, 1..32`},
		{"fault reader 0 does not answer", ""},
		{"fault", "fault takes a text"},
		{"fault caf\u00e9", "is not up to 63 printable ASCII bytes"},
		{"reboot", ""},
		{"reboot now", ""},
		{"hop", `unknown command "hop"`},
	} {
		err := p.command(strings.Fields(tc.line), io.Discard)
		if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%q: %v, want %q", tc.line, err, tc.err)
		}
	}
	if dev.BootID() != 3 {
		t.Errorf("boot id %d after two reboots, want 3", dev.BootID())
	}
}
