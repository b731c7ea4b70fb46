package claimlog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEndsWholeAgreesWithWholePrefix: where endsWhole says the newest file
// needs no repair from its end alone, reading the whole file says the
// same; and it does say so for a file that ends with a whole batch, so an
// Open does not read the whole file for nothing.
func TestEndsWholeAgreesWithWholePrefix(t *testing.T) {
	line := func(seq uint64, more int, body string) string {
		b, err := encodeRecord(Record{Seq: seq, Kind: KindNote, Source: "table", Type: "reboot", Body: json.RawMessage(body)}, more)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	small := `{"note":"x"}`
	big := `{"note":"` + strings.Repeat("y", tailWindow) + `"}`
	many := ""
	for i := range 1000 {
		many += line(uint64(i+1), 0, small)
	}
	for _, tc := range []struct {
		name  string
		file  string
		whole bool // what endsWhole must say
	}{
		{"empty", "", true},
		{"one record", line(1, 0, small), true},
		{"many records", many, true},
		{"a whole batch", line(1, 1, small) + line(2, 0, small), true},
		{"a batch cut short", line(1, 2, small) + line(2, 1, small), false},
		{"a torn last line", line(1, 0, small) + `{"seq":2,"mo`, false},
		{"a damaged last line", line(1, 0, small) + strings.Replace(line(2, 0, small), "reboot", "reb00t", 1), true},
		{"an annotation last", line(1, 0, small) + string(encodeAnnotation("repaired", 1, time.Unix(30, 0).UTC())), true},
		{"a last line longer than the window", many + line(1001, 0, big), false},
		{"a long line before a short one", line(1, 0, big) + line(2, 0, small), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), fileName(1, 1))
			if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
			lf := logFile{path: path, first: 1, sealed: true}
			got := endsWhole(lf)
			if got != tc.whole {
				t.Errorf("endsWhole %v, want %v", got, tc.whole)
			}
			if keep, _, _ := wholePrefix([]byte(tc.file), true); got && keep != len(tc.file) {
				t.Errorf("endsWhole says whole, wholePrefix keeps %d of %d bytes", keep, len(tc.file))
			}
			if !got {
				return
			}
			if cut, err := repairTail(lf); err != nil || cut != nil {
				t.Errorf("repairTail cut %+v, %v", cut, err)
			}
			if b, err := os.ReadFile(path); err != nil || !bytes.Equal(b, []byte(tc.file)) {
				t.Errorf("the file changed: %v", err)
			}
		})
	}
}
