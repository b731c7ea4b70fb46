package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
)

// TestLogAndReplayNameDamage: a changed byte in the middle of an old file
// and a line gone from another; log and replay name file and line of each,
// go on past them, and exit 1. No log at all is exit 2.
func TestLogAndReplayNameDamage(t *testing.T) {
	dir := t.TempDir()
	game := []engine.Event{
		{At: 0, Seat: 0, Action: engine.Discard, Tile: engine.MustTile("3p")},
		{At: 0, Seat: 1, Action: engine.Discard, Tile: engine.MustTile("4p")},
	}
	playLogged(t, dir, game)
	playLogged(t, dir, game)
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != 0 {
		t.Fatalf("replay of a whole log: exit %d: %s %s", code, out.String(), errb.String())
	}
	files, _ := claimlog.Files(dir)
	if len(files) != 2 {
		t.Fatalf("files %v", files)
	}
	b, _ := os.ReadFile(files[0])
	b[bytes.Index(b, []byte(`"kind":"input"`))+9] ^= 0x20 // input -> Input
	os.WriteFile(files[0], b, 0o644)
	b, _ = os.ReadFile(files[1])
	lines := bytes.SplitAfter(b, []byte("\n"))
	os.WriteFile(files[1], bytes.Join(append(lines[:1:1], lines[2:]...), nil), 0o644)
	first, second := filepath.Base(files[0]), filepath.Base(files[1])

	out.Reset()
	errb.Reset()
	code := run([]string{"log", "--dir", dir}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "damage: "+first+" line 2: checksum mismatch") ||
		!strings.Contains(errb.String(), "damage: "+second+" line 2: record ") {
		t.Fatalf("log: exit %d\n%s", code, errb.String())
	}
	if !strings.Contains(out.String(), "SESSION") || strings.Count(out.String(), "SESSION") != 2 {
		t.Fatalf("log stopped at the damage:\n%s", out.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"log", "--dir", dir, "--format", "csv"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), first+" line 2") {
		t.Fatalf("log --format csv: exit %d %s", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != 1 ||
		!strings.Contains(out.String(), "DAMAGE "+first+" line 2: checksum mismatch") || !strings.Contains(out.String(), "DAMAGE "+second+" line 2: record ") {
		t.Fatalf("replay: exit %d\n%s", code, out.String())
	}
	empty := t.TempDir()
	for _, cmd := range []string{"log", "replay"} {
		errb.Reset()
		if code := run([]string{cmd, "--dir", empty}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "no claim log in "+empty) {
			t.Errorf("%s of no log: exit %d %s", cmd, code, errb.String())
		}
	}
}
