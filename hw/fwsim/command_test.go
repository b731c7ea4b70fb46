package fwsim

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestParseCommand: each command takes its arguments, or the error says
// what is wrong with the line, in the words `tabled fwsim` has always used.
func TestParseCommand(t *testing.T) {
	uid4 := []byte{0x04, 0xa1, 0xb2, 0xc3}
	for _, tc := range []struct {
		line string
		want Command
		err  string
	}{
		{"", Command{}, ""},
		{"  \t ", Command{}, ""},
		{"press 3", Command{Op: OpPress, Channel: 3}, ""},
		{"release 255", Command{Op: OpRelease, Channel: 255}, ""},
		{"  tap   007 ", Command{Op: OpTap, Channel: 7}, ""},
		{"press", Command{}, "press takes one argument"},
		{"tap 1 2", Command{}, "tap takes one argument"},
		{"press 256", Command{}, `channel "256" is not 0..255`},
		{"release -1", Command{}, `channel "-1" is not 0..255`},
		{"tile 04A1B2C3", Command{Op: OpTile, UID: uid4}, ""},
		{"untile 04a1b2c3 2", Command{Op: OpUntile, UID: uid4, Reader: 2}, ""},
		{"tile 04a1b2c3d4e5f6", Command{Op: OpTile, UID: []byte{4, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6}}, ""},
		{"tile", Command{}, "tile takes a UID and, optionally, a reader"},
		{"untile 04a1b2c3 1 2", Command{}, "untile takes a UID and, optionally, a reader"},
		{"tile 04a1b2", Command{}, `UID "04a1b2" is not 4, 7 or 10 bytes of hex`},
		{"tile 04a1b2cz", Command{}, `UID "04a1b2cz" is not 4, 7 or 10 bytes of hex`},
		{"tile 04a1b2c3 300", Command{}, `reader "300" is not 0..255`},
		{"garbage 10", Command{Op: OpGarbage, N: 10}, ""},
		{"garbage 0", Command{}, `garbage "0": give a byte count 1..4096`},
		{"garbage 4097", Command{}, `garbage "4097": give a byte count 1..4096`},
		{"garbage", Command{}, "garbage takes one argument"},
		{"unplug 2s", Command{Op: OpUnplug, Duration: 2 * time.Second}, ""},
		{"unplug 0s", Command{Op: OpUnplug}, ""},
		{"unplug -1s", Command{}, `unplug "-1s": give a duration like 2s`},
		{"unplug later", Command{}, `unplug "later": give a duration like 2s`},
		{"reboot", Command{Op: OpReboot}, ""},
		{"reboot now", Command{Op: OpReboot}, ""},
		{"deaf 3s", Command{Op: OpDeaf, Duration: 3 * time.Second}, ""},
		{"deaf 0s", Command{}, `deaf "0s": give a duration like 3s`},
		{"deaf soon", Command{}, `deaf "soon": give a duration like 3s`},
		{"spoil 2", Command{Op: OpSpoil, N: 2}, ""},
		{"spoil 0", Command{}, `spoil "0": give how many of the next events to spoil, 1..32`},
		{"spoil 33", Command{}, `spoil "33": give how many of the next events to spoil, 1..32`},
		{"fault  reader 0   does not answer", Command{Op: OpFault, Text: "reader 0 does not answer"}, ""},
		{"fault", Command{}, "fault takes a text, like: fault reader 0 does not answer"},
		{"fault caf\u00e9", Command{}, `fwsim: status text "café" is not up to 63 printable ASCII bytes`},
		{"fault " + strings.Repeat("x", 64), Command{}, "is not up to 63 printable ASCII bytes"},
		{"quit", Command{Op: OpQuit}, ""},
		{"hop", Command{}, `unknown command "hop"`},
		{"PRESS 3", Command{}, `unknown command "PRESS"`},
	} {
		got, err := ParseCommand(tc.line)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v, %v; want %+v", tc.line, got, err, tc.want)
		}
	}
}

// TestCommandString: a command prints as it would be typed.
func TestCommandString(t *testing.T) {
	for _, tc := range []struct {
		c    Command
		want string
	}{
		{Command{}, ""},
		{Command{Op: OpTap, Channel: 7}, "tap 7"},
		{Command{Op: OpTile, UID: []byte{4, 0xa1, 0xb2, 0xc3}}, "tile 04a1b2c3"},
		{Command{Op: OpUntile, UID: []byte{4, 0xa1, 0xb2, 0xc3}, Reader: 1}, "untile 04a1b2c3 1"},
		{Command{Op: OpGarbage, N: 5}, "garbage 5"},
		{Command{Op: OpUnplug, Duration: 1500 * time.Millisecond}, "unplug 1.5s"},
		{Command{Op: OpReboot}, "reboot"},
		{Command{Op: OpFault, Text: "reader 0 hot"}, "fault reader 0 hot"},
		{Command{Op: Op(99)}, "Op(99)"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
}

// TestCommandApply: each command does its thing to the device; unplug,
// quit and an empty line are not the device's and do nothing to it.
func TestCommandApply(t *testing.T) {
	var now time.Duration
	d := New(Config{BootID: 1, Literal: true, Clock: func() time.Duration { return now }})
	for _, line := range []string{"", "unplug 1s", "quit", "press 1", "release 1", "tile 04a1b2c3", "untile 04a1b2c3", "fault hot"} {
		c, err := ParseCommand(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if err := c.Apply(d); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	if n := d.Unacked(); n != 5 {
		t.Errorf("%d events queued, want 5 (press, release, tile, untile, fault)", n)
	}
	for _, line := range []string{"reboot", "reboot"} {
		c, _ := ParseCommand(line)
		c.Apply(d)
	}
	if d.BootID() != 3 || d.Unacked() != 0 {
		t.Errorf("after two reboots: boot id %d, %d unacked; want 3, 0", d.BootID(), d.Unacked())
	}
	if err := (Command{Op: OpFault, Text: "caf\u00e9"}).Apply(d); err == nil {
		t.Error("a fault text that is not ASCII was reported")
	}
	if !bytes.Equal(garbage(3), []byte{11, 84, 157}) {
		t.Errorf("garbage %v", garbage(3))
	}
}

// FuzzParseCommand: no line makes the parser panic, and what it parses
// prints back as a line that parses to the same command.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"", "press 3", "tap 255", "tile 04a1b2c3 1", "untile 04a1b2c3d4e5f6a7b8c9", "garbage 4096",
		"unplug 1h2m3.5s", "reboot now", "deaf 1ns", "spoil 32", "fault reader 0 does not answer", "quit", "hop", "fault \x00",
		"tile 04A1B2C3 007", "unplug -0s", "spoil +5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			if c.Op != OpNone {
				t.Fatalf("%q: error %v with command %+v", line, err, c)
			}
			return
		}
		again, err := ParseCommand(c.String())
		if err != nil || !reflect.DeepEqual(again, c) {
			t.Fatalf("%q parsed to %+v, printed %q, parsed again to %+v, %v", line, c, c.String(), again, err)
		}
	})
}
