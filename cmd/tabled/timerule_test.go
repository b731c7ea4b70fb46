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
// table's terminal ("tabled run --sim", rules wrc2015) is logged as an
// input; the hand in play is finished and the game ends with its
// standings and why (WRC 2015 8.2: no hand after it); "tabled replay"
// decides it again the same. (RCR 2016's one more hand is in the rule
// scenarios, script/testdata/rules/time-*.)
func TestTimeAtTheTerminal(t *testing.T) {
	typed, typer := io.Pipe()
	t.Cleanup(func() { typer.Close() })
	d := startDaemonWith(t, "[table]\nrules = \"wrc2015\"\n", typed, "--sim")
	var log string
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("tabled log:\n%s\nterminal:\n%s", log, d.stderr.String())
		}
	})
	typeThen := func(lines, what, want string) {
		t.Helper()
		if _, err := io.WriteString(typer, lines); err != nil {
			t.Fatal(err)
		}
		waitUntilFor(t, what, 10*time.Second, func() bool {
			log, _ = d.tryLog()
			return strings.Contains(log, want)
		})
	}
	typeThen("e discard 1z\ntime\ns discard 2z\nw discard 5m\nn ron\n", "the hand's end", "HAND END")
	typeThen("n value 3 40\n", "the game's end", "GAME END")
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	for _, want := range []string{"terminal    time", "GAME END: 1. North 35200 (+20200), 2. East 30000 (+0), 2. South 30000 (+0), 4. West 24800 (-20200) (the round's time was up and the hands after the signal were played)"} {
		if !strings.Contains(log, want) {
			t.Errorf("tabled log lacks %q", want)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", filepath.Join(d.dir, "log")}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d:\n%s%s", code, out.String(), errb.String())
	}
}
