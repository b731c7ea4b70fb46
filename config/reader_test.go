package config

import (
	"strings"
	"testing"
)

// TestReaderRoles: each [[reader]] gets its role by index; a reader
// without a role is a dora reader; a discard reader names its seat.
func TestReaderRoles(t *testing.T) {
	c, err := Parse([]byte(`[serial]
path = "/dev/ttyACM0"
[nfc]
reader = "serial"
[[reader]]
index = 0
[[reader]]
index = 1
role = "discard"
seat = 0
[[reader]]
index = 4
role = "discard"
seat = 3
[[reader]]
index = 9
role = "dora"
`))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		index int
		role  Role
		seat  int // -1: none
	}{{0, RoleDora, -1}, {1, RoleDiscard, 0}, {4, RoleDiscard, 3}, {9, RoleDora, -1}}
	if len(c.Readers) != len(want) {
		t.Fatalf("readers %+v", c.Readers)
	}
	for i, w := range want {
		r := c.Readers[i]
		seat := -1
		if r.Seat != nil {
			seat = *r.Seat
		}
		if r.Index != w.index || r.Role != w.role || seat != w.seat {
			t.Errorf("reader %d: %+v (seat %d), want %+v", i, r, seat, w)
		}
	}
}

// TestReaderRoleErrors: every mistake in a [[reader]] names its line.
func TestReaderRoleErrors(t *testing.T) {
	const head = "[serial]\npath = \"/dev/x\"\n[nfc]\nreader = \"serial\"\n" // lines 1-4
	for _, tc := range []struct{ name, in, want string }{
		{"unknown role", head + "[[reader]]\nindex = 1\nrole = \"discrad\"\nseat = 0\n", `line 7: reader 1: role "discrad" is not dora or discard`},
		{"seat out of range", head + "[[reader]]\nindex = 2\nrole = \"discard\"\nseat = 4\n", "line 8: reader 2: seat 4 is not 0..3"},
		{"negative seat", head + "[[reader]]\nindex = 2\nrole = \"discard\"\nseat = -1\n", "line 8: reader 2: seat -1 is not 0..3"},
		{"discard without a seat", head + "[[reader]]\nindex = 3\nrole = \"discard\"\n", "line 5: reader 3: role discard needs the seat"},
		{"dora with a seat", head + "[[reader]]\nindex = 0\nseat = 1\n", "line 7: reader 0 reads dora indicators, which belong to no seat"},
		{"same index twice", head + "[[reader]]\nindex = 1\nrole = \"discard\"\nseat = 0\n\n[[reader]]\nrole = \"discard\"\nseat = 1\nindex = 1\n", "line 10: reader 1 already has a role, at line 5"},
		{"index out of range", head + "[[reader]]\nindex = 256\n", "line 6: reader index 256 is not 0..255"},
		{"MFRC522 is reader 0", "[nfc]\nreader = \"mfrc522\"\nspi = \"/dev/spidev0.0\"\n[[reader]]\nindex = 1\nrole = \"discard\"\nseat = 0\n", "line 5: reader index 1: a direct MFRC522 is reader 0"},
		{"no reader", "[[reader]]\nindex = 0\nrole = \"discard\"\nseat = 0\n", "line 1: [[reader]] roles need a tile reader"},
		{"misspelt key", head + "[[reader]]\nindex = 0\nrol = \"dora\"\n", `line 7: unknown key "reader.rol"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse(%q) = %v\nwant %q", tc.in, err, tc.want)
			}
		})
	}
}
