package main

import (
	"bytes"
	"strings"
	"testing"

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
