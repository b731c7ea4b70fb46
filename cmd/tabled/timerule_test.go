package main

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTimeAtTheTerminal: the round's time signal typed at the simulated
// table's terminal ("tabled run --sim", ema2016) is logged as an input;
// the hand in play is finished, one more is played (RCR 2016 5.9), and the
// game ends with its standings and why; "tabled replay" decides it again
// the same.
func TestTimeAtTheTerminal(t *testing.T) {
	typed, typer := io.Pipe()
	t.Cleanup(func() { typer.Close() })
	d := startDaemonWith(t, "", typed, "--sim")
	var log string
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("tabled log:\n%s\nterminal:\n%s", log, d.stderr.String())
		}
	})
	typeThen := func(lines, what, want string, n int) {
		t.Helper()
		if _, err := io.WriteString(typer, lines); err != nil {
			t.Fatal(err)
		}
		waitUntilFor(t, what, 10*time.Second, func() bool {
			log, _ = d.tryLog()
			return strings.Count(log, want) >= n
		})
	}
	typeThen("e discard 1z\ntime\ns discard 2z\nw discard 5m\nn ron\n", "the first hand's end", "HAND END", 1)
	typeThen("n value 3 40\n", "the first hand's score", "SCORE", 1)
	if strings.Contains(log, "GAME END") {
		t.Fatalf("the game ended after the hand in play; RCR 2016 5.9 plays one more")
	}
	typeThen("newhand\n", "the one more hand's deal", "DEAL", 1)
	typeThen("e discard 1z\ns discard 5m\nw ron\n", "the second hand's end", "HAND END", 2)
	typeThen("w value 3 40\n", "the game's end", "GAME END", 1)
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	for _, want := range []string{"terminal    time", "GAME END: 1. West 40400 (+25400), 2. North 30000 (+0), 2. East 30000 (+0), 4. South 19600 (-25400) (the round's time was up and the hands after the signal were played)"} {
		if !strings.Contains(log, want) {
			t.Errorf("tabled log lacks %q", want)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", filepath.Join(d.dir, "log")}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d:\n%s%s", code, out.String(), errb.String())
	}
}
