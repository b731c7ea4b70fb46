package claimlog

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLocate: the daemon's log when it holds one, or cannot be read; else
// the fallback's when that holds one; else the daemon's, with every
// directory looked in.
func TestLocate(t *testing.T) {
	withLog := func(t *testing.T) string {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, "tabled-00000000000000000001.jsonl"), nil, 0o640); err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, c := range []struct {
		name          string
		def, fallback func(t *testing.T) string
		want          string // "def" or "fallback"
		looked        int
	}{
		{"the daemon's", withLog, withLog, "def", 1},
		{"the daemon's missing", func(t *testing.T) string { return filepath.Join(t.TempDir(), "none") }, withLog, "fallback", 2},
		{"the daemon's empty", func(t *testing.T) string { return t.TempDir() }, withLog, "fallback", 2},
		{"neither", func(t *testing.T) string { return t.TempDir() }, func(t *testing.T) string { return t.TempDir() }, "def", 2},
		{"the daemon's unreadable", func(t *testing.T) string {
			if os.Geteuid() == 0 {
				t.Skip("root reads every directory")
			}
			d := withLog(t)
			os.Chmod(d, 0)
			t.Cleanup(func() { os.Chmod(d, 0o755) })
			return d
		}, withLog, "def", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			def, fallback := c.def(t), c.fallback(t)
			dir, looked := Locate(def, fallback)
			want := map[string]string{"def": def, "fallback": fallback}[c.want]
			if dir != want || len(looked) != c.looked || looked[0] != def || !slices.Contains(looked, dir) {
				t.Errorf("%s %v, want %s after %d", dir, looked, want, c.looked)
			}
		})
	}
	if dir, looked := Locate("/nonexistent/log", "/nonexistent/log"); dir != "/nonexistent/log" || len(looked) != 1 {
		t.Errorf("the same directory twice: %s %v", dir, looked)
	}
}
