package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSimHandScript: "tabled sim --script F --json" scores a winner's hand
// from what the script's table saw: a riichi, an ippatsu tsumo, the ura
// indicator, the hand, and the score line with its yaku.
func TestSimHandScript(t *testing.T) {
	f := filepath.Join(t.TempDir(), "hand.tbl")
	script := `rules ema2016
@0ms   dora 1s
+0ms   E discard 1z
+4s    S discard 2z
+4s    W discard 1m
+4s    N discard 9m
+4s    E discard 3z
+4s    S riichi
+0ms   S discard 9p
+4s    W discard 1m
+4s    N discard 9m
+4s    E discard 2z
+4s    S tsumo
+2s    ura 3p
+1s    S hand 234m 456p 789s 123s 55z win 1s
`
	if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"sim", "--script", f, "--json"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := `{"type":"score","at_ms":39000,"result":"tsumo","wins":[{"seat":"S","from":null,"han":5,"fu":30,"limit":"mangan","points":8000,` +
		`"yaku":[{"name":"menzen_tsumo","han":1},{"name":"riichi","han":1},{"name":"ippatsu","han":1},{"name":"dora","han":1},{"name":"ura_dora","han":1}]}],` +
		`"deltas":{"E":-4000,"S":8000,"W":-2000,"N":-2000}`
	if !strings.Contains(out.String(), want) {
		t.Fatalf("output:\n%s\nwant a line with\n%s", out.String(), want)
	}
}

// TestHandAtTheTerminal: a hand typed at the simulated table's terminal
// ("tabled run --sim") is logged as an input and scored; "tabled log"
// shows the hand, and the score with its yaku and value; "tabled replay"
// decides it again the same.
func TestHandAtTheTerminal(t *testing.T) {
	d, typer := simRiichiTsumo(t)
	var log string
	if _, err := io.WriteString(typer, "ura 3p\nS HAND 234m 456p 789s 123s 55z WIN 1s\n"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("tabled log:\n%s\nterminal:\n%s", log, d.stderr.String())
		}
	})
	waitUntilFor(t, "the score in the log", 10*time.Second, func() bool {
		log, _ = d.tryLog()
		return strings.Contains(log, "SCORE: tsumo")
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	for _, want := range []string{"S  hand 234m 456p 123789s 55z win 1s", "ura 3p",
		"SCORE: tsumo: South 5 han 30 fu (mangan) [Menzen tsumo 1, Riichi 1, Ippatsu 1, Dora 1, Ura dora 1] 8000, hand 234m 456p 123789s 55z win 1s"} {
		if !strings.Contains(log, want) {
			t.Errorf("tabled log lacks %q:\n%s\nterminal:\n%s", want, log, d.stderr.String())
		}
	}
	// The hand replays: the same score from the same inputs.
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", filepath.Join(d.dir, "log")}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d:\n%s%s", code, out.String(), errb.String())
	}
}

// TestHandLaidOnTheSimReader: on the simulated table ("tabled run
// --sim"), the winner of a riichi ippatsu tsumo lays its fourteen tiles
// one by one on its seat's discard reader (a typed discard naming its
// tile is laid there), the drawn tile last: the log has each read from
// nfc and the score of the hand they make; "tabled replay" decides it
// again the same.
func TestHandLaidOnTheSimReader(t *testing.T) {
	d, typer := simRiichiTsumo(t)
	var log string
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("tabled log:\n%s\nterminal:\n%s", log, d.stderr.String())
		}
	})
	if _, err := io.WriteString(typer, "ura 3p\n"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the ura read in the log", func() bool {
		log, _ = d.tryLog()
		return strings.Contains(log, "ura 3p")
	})
	var lay strings.Builder
	for _, x := range strings.Fields("2m 3m 4m 4p 5p 6p 7s 8s 9s 5z 2s 3s 5z 1s") {
		lay.WriteString("S discard " + x + "\n")
	}
	if _, err := io.WriteString(typer, lay.String()); err != nil {
		t.Fatal(err)
	}
	waitUntilFor(t, "the score in the log", 10*time.Second, func() bool {
		log, _ = d.tryLog()
		return strings.Contains(log, "SCORE: tsumo")
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	for _, want := range []string{"nfc     S  discard 2m", "nfc     S  discard 1s",
		"SCORE: tsumo: South 5 han 30 fu (mangan) [Menzen tsumo 1, Riichi 1, Ippatsu 1, Dora 1, Ura dora 1] 8000, hand 234m 456p 123789s 55z win 1s"} {
		if !strings.Contains(log, want) {
			t.Errorf("tabled log lacks %q", want)
		}
	}
	if strings.Contains(log, "REJECTED") {
		t.Errorf("a laid tile was refused")
	}
	// The mjai export has South's two discards, none of the tiles laid.
	if n := strings.Count(d.log(t, "--format", "mjai"), `{"actor":1,"pai"`); n != 2 {
		t.Errorf("the mjai export has %d dahai of South, want its 2 discards", n)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", filepath.Join(d.dir, "log")}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d:\n%s%s", code, out.String(), errb.String())
	}
}

// simRiichiTsumo starts "tabled run --sim" with its terminal on a pipe and
// types South's riichi and ippatsu tsumo (dora indicator 1s); it returns
// once the tsumo is in the log, with the pipe to type on. The presses go
// through the simulated controller; what is typed next (an ura read, a
// hand) goes straight to the table, so it waits for the tsumo. Flags are
// added to run's (--listen, for a browser).
func simRiichiTsumo(t *testing.T, flags ...string) (*runningDaemon, io.Writer) {
	t.Helper()
	typed, typer := io.Pipe()
	t.Cleanup(func() { typer.Close() })
	d := startDaemonWith(t, "", typed, append([]string{"--sim"}, flags...)...)
	play := "dora 1s\ne discard 1z\ns discard 2z\nw discard 1m\nn discard 9m\ne discard 3z\ns riichi\ns discard 9p\n" +
		"w discard 1m\nn discard 9m\ne discard 2z\ns tsumo\n"
	if _, err := io.WriteString(typer, play); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the tsumo in the log", func() bool {
		log, _ := d.tryLog()
		return strings.Contains(log, "HAND END")
	})
	return d, typer
}
