package journal

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayLog: tabled replay's report of a golden log, of the same log
// with a line damaged (said, and the replay past it diverges), and of a log without a session note.
func TestReplayLog(t *testing.T) {
	golden := filepath.Join("testdata", "golden-logs", "be24e21")
	files, err := filepath.Glob(filepath.Join(golden, "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("golden log %s: %v", golden, err)
	}
	damaged := t.TempDir()
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			// The second record's checksum no longer matches its body.
			lines := strings.SplitN(string(b), "\n", 3)
			lines[1] = strings.Replace(lines[1], `"seq":2`, `"seq":2 `, 1)
			b = []byte(strings.Join(lines, "\n"))
		}
		if err := os.WriteFile(filepath.Join(damaged, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	noSession := t.TempDir()
	if err := os.WriteFile(filepath.Join(noSession, "tabled-00000000000000000001.jsonl"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, dir string
		sessions  int
		ok        bool
		lines     []string
	}{
		{"golden", golden, 1, true, []string{"session from record 1 (wrc2015): 26 inputs, 16 outcomes reproduced"}},
		{"damaged", damaged, 1, false, []string{"DAMAGE " + filepath.Base(files[0]) + " line 2: checksum mismatch", "DIVERGES"}},
		{"no session", noSession, 0, true, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			sessions, ok, err := ReplayLog(c.dir, &out)
			if err != nil || sessions != c.sessions || ok != c.ok {
				t.Fatalf("%d sessions, ok %v, %v; want %d, %v\n%s", sessions, ok, err, c.sessions, c.ok, out.String())
			}
			for _, l := range c.lines {
				if !strings.Contains(out.String(), l) {
					t.Errorf("no %q in\n%s", l, out.String())
				}
			}
		})
	}
}
