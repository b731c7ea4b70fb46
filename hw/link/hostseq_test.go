package link

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostSeqState: the command count is reserved a block ahead in the
// state file before a seq of the block is used, and a restart goes on
// past the reservation.
func TestHostSeqState(t *testing.T) {
	for _, tc := range []struct {
		name      string
		file      string // "" : no file
		firstSeq  uint8
		saved     string
		errSubstr string
	}{
		{name: "no file yet", firstSeq: 1, saved: "16"},
		{name: "a saved count", file: "40\n", firstSeq: 41, saved: "56"},
		{name: "a count past a wrap", file: "300\n", firstSeq: 46, saved: "316"},
		{name: "a spoilt file", file: "forty\n", firstSeq: 1, saved: "16", errSubstr: `"forty" is not a count`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "serial-seq")
			if tc.file != "" {
				if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			h := hostSeqs{path: path}
			err := h.load()
			if (err == nil) != (tc.errSubstr == "") || (err != nil && !strings.Contains(err.Error(), tc.errSubstr)) {
				t.Fatalf("load: %v, want an error with %q", err, tc.errSubstr)
			}
			seq, err := h.next(nil)
			if err != nil || seq != tc.firstSeq {
				t.Fatalf("first seq %d, %v; want %d", seq, err, tc.firstSeq)
			}
			b, _ := os.ReadFile(path)
			if got := strings.TrimSpace(string(b)); got != tc.saved {
				t.Fatalf("state file %q, want %q", got, tc.saved)
			}
		})
	}
	// A seq still pending is skipped.
	h := hostSeqs{}
	if seq, _ := h.next([]outgoing{{seq: 1}, {seq: 2}}); seq != 3 {
		t.Fatalf("seq %d, want 3 (1 and 2 pending)", seq)
	}
}

// TestHostSeqStateInPlace: once the state file is there at its size, a
// new block is reserved by writing over it in place (the same file, no new
// one renamed over it: no journal commit on the card), and a restart reads
// the count it holds.
func TestHostSeqStateInPlace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "serial-seq")
	h := hostSeqs{path: path}
	if err := h.load(); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(path)
	if err != nil || before.Size() != stateSize {
		t.Fatalf("state file %v, %v: want %d bytes", before, err, stateSize)
	}
	for range 40 { // past two more blocks
		if _, err := h.next(nil); err != nil {
			t.Fatal(err)
		}
	}
	after, err := os.Stat(path)
	if err != nil || !os.SameFile(before, after) || after.Size() != stateSize {
		t.Fatalf("the state file was replaced (%v) or resized (%d bytes)", err, after.Size())
	}
	again := hostSeqs{path: path}
	if err := again.load(); err != nil {
		t.Fatal(err)
	}
	if seq, _ := again.next(nil); seq != 1+48%255 {
		t.Fatalf("after a restart the first seq is %d, want %d (past the 48 reserved)", seq, 1+48%255)
	}
}
