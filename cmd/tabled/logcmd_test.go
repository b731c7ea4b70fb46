package main

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/config"
)

// golden is a claim log written by an earlier tabled (claimlog's testdata).
const golden = "../../claimlog/testdata/golden"

// copyLog copies the golden log's files into dir.
func copyLog(t *testing.T, dir string) {
	t.Helper()
	files, err := claimlog.Files(golden)
	if err != nil || len(files) == 0 {
		t.Fatalf("golden log: %v %v", files, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// seqsOf is the sequence numbers of the lines tabled log printed.
func seqsOf(out string) string {
	var seqs []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			seqs = append(seqs, f[0])
		}
	}
	return strings.Join(seqs, " ")
}

// TestLogAndReplayFindTheLog: log and replay read the log the daemon
// writes: --dir, the config's [log] dir, the simulated table's with --sim
// (and with no flag when the daemon's directory holds none); they say where
// they looked and exit 2 when there is no log, 1 only for damage or a
// divergence.
func TestLogAndReplayFindTheLog(t *testing.T) {
	if files, _ := claimlog.Files(config.Default().Log.Dir); len(files) > 0 {
		t.Skipf("this machine has a claim log in %s", config.Default().Log.Dir)
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	simDir := filepath.Join(cache, "tabled", "sim-log")
	cfgDir := filepath.Join(t.TempDir(), "log")
	copyLog(t, cfgDir)
	cfgFile := filepath.Join(t.TempDir(), "tabled.toml")
	if err := os.WriteFile(cfgFile, []byte(fmt.Sprintf("[log]\ndir = %q\n", cfgDir)), 0o644); err != nil {
		t.Fatal(err)
	}
	noSession := t.TempDir()
	w, err := claimlog.Open(noSession, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Append([]claimlog.Record{{Kind: claimlog.KindInput, Type: "pon", Body: []byte(`{"event":{}}`)}}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	def := config.Default().Log.Dir
	for _, c := range []struct {
		name   string
		sim    bool // the simulated table's log exists
		args   []string
		code   int
		stdout string // in stdout
		stderr string // in stderr
	}{
		{"replay with no log anywhere", false, []string{"replay"}, 2, "", "no claim log in " + def + " nor in " + simDir},
		{"log with no log anywhere", false, []string{"log"}, 2, "", "no claim log in " + def + " nor in " + simDir},
		{"replay --sim with no sim log", false, []string{"replay", "--sim"}, 2, "", "no claim log in " + simDir + " ("},
		{"replay --sim", true, []string{"replay", "--sim"}, 0, "session from record 31 (ema2008): 6 inputs, 4 outcomes reproduced", ""},
		{"replay after a sim session, no flags", true, []string{"replay"}, 0, "15 inputs, 9 outcomes reproduced", "reading the simulated table's in " + simDir},
		{"log after a sim session, no flags", true, []string{"log"}, 0, "SESSION ema2008", "reading the simulated table's in " + simDir},
		{"log --sim", true, []string{"log", "--sim", "--kind", "void"}, 0, "VOID of record 15", ""},
		{"replay --config", false, []string{"replay", "--config", cfgFile}, 0, "6 inputs, 4 outcomes reproduced", ""},
		{"log --config", false, []string{"log", "--config", cfgFile, "--type", "deal"}, 0, "DEAL: East 2, 0 honba", ""},
		{"replay of records with no session", false, []string{"replay", "--dir", noSession}, 2, "", "no session in " + noSession},
		{"log that matches nothing", false, []string{"log", "--dir", golden, "--type", "tsumo"}, 0, "", "no record in " + golden + " passes the filters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			os.RemoveAll(simDir)
			if c.sim {
				copyLog(t, simDir)
			}
			var out, errb bytes.Buffer
			code := run(c.args, &out, &errb)
			if code != c.code || !strings.Contains(out.String(), c.stdout) || !strings.Contains(errb.String(), c.stderr) {
				t.Fatalf("tabled %s: exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", strings.Join(c.args, " "), code, c.code, out.String(), errb.String())
			}
		})
	}
}

// TestLogFilters: --seat shows the decisions the seat lost as well as those
// it won, in any case; --at is the time within the hand, from its deal.
func TestLogFilters(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		seqs string
	}{
		{[]string{"--seat", "S", "--type", "decision"}, 0, "7 16 23 34 36"},
		{[]string{"--seat", "w", "--kind", "outcome"}, 0, "7 23 40 41"},
		{[]string{"--seat", "West", "--kind", "input"}, 0, "4 8 21 39"},
		{[]string{"--hand", "2", "--at", "50ms..60ms"}, 0, "28 30"},
		{[]string{"--hand", "2", "--at", "0s..0s"}, 0, "26"},
		{[]string{"--kind", "input", "--at", "0s..40ms"}, 0, "2 3 4 32 33"},
		{[]string{"--hand", "1", "--at", "1.5s..1.52s", "--format", "json"}, 0, ""},
		{[]string{"--at", "6.5s..4s"}, 2, ""},
		{[]string{"--at", "4s"}, 2, ""},
		{[]string{"--seat", "X"}, 2, ""},
		{[]string{"pon"}, 2, ""},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(append([]string{"log", "--dir", golden}, c.args...), &out, &errb)
			if code != c.code {
				t.Fatalf("exit %d, want %d: %s", code, c.code, errb.String())
			}
			if c.seqs != "" && seqsOf(out.String()) != c.seqs {
				t.Fatalf("records %s, want %s:\n%s", seqsOf(out.String()), c.seqs, out.String())
			}
		})
	}
	var out, errb bytes.Buffer
	if code := run([]string{"log", "--dir", golden, "--hand", "1", "--at", "1.5s..1.52s", "--format", "csv"}, &out, &errb); code != 0 ||
		strings.Count(out.String(), "\n") != 3 || !strings.Contains(out.String(), "\n21,") || !strings.Contains(out.String(), "\n22,") {
		t.Fatalf("csv within the hand: exit %d\n%s%s", code, out.String(), errb.String())
	}
}

// TestSimTerminalAnyCaseAndHelp: the simulated table's terminal takes
// "help" and commands in any case; a typed press goes through the
// simulated controller, so it is logged as its source (nfc, serial). The
// help's hand examples are whole hands.
func TestSimTerminalAnyCaseAndHelp(t *testing.T) {
	typer, typed := simTerminal(t)
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "help\ne DISCARD 3p\nw Pon\n"); err != nil {
		t.Fatal(err)
	}
	var log string
	waitUntil(t, "the pon in the log", func() bool {
		log, _ = d.tryLog("--kind", "input")
		return strings.Contains(log, "W  pon")
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if !strings.Contains(log, "nfc     E  discard 3p") || !strings.Contains(d.stderr.String(), "commands (any case)") || strings.Contains(d.stderr.String(), "? ") {
		t.Fatalf("log:\n%s\nterminal:\n%s", log, d.stderr.String())
	}
	// The help's hand examples are whole hands: fourteen tiles, the
	// winning one among them (issue 31: they had 10 and 12).
	examples := handExample.FindAllStringSubmatch(d.stderr.String(), -1)
	if len(examples) < 2 {
		t.Fatalf("%d hand examples in the help, want a ron's and a tsumo's:\n%s", len(examples), d.stderr.String())
	}
	for _, m := range examples {
		if n := len(strings.Map(func(r rune) rune { // a tile is a digit before its suit
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, m[1])); n != 14 {
			t.Errorf("the help's example %q has %d tiles, not a whole hand's 14", m[0], n)
		}
	}
}

// handExample is a "hand" example in the terminal's help: "w hand 234m
// 456p 789s 123s 55z", its tiles in group 1.
var handExample = regexp.MustCompile(`"[a-z] hand ([0-9mpsz ]+?)(?: win [0-9][mpsz])?"`)

// TestLogFlagErrors: each wrong flag is exit 2 with what is wrong on
// stderr, before the log is read: a value no record can have names what
// the flag accepts rather than printing an empty listing.
func TestLogFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"pon"}, `tabled log: unexpected argument "pon" (filters are flags: tabled log --help)`},
		{[]string{"--format", "xml"}, `tabled log: --format "xml" is not text, json, csv, mjai or results`},
		{[]string{"--seat", "X"}, `tabled log: --seat "X" is not a seat: one of E, S, W, N (or East, South, West, North)`},
		{[]string{"--seat", "Westward"}, `tabled log: --seat "Westward" is not a seat: one of E, S, W, N`},
		{[]string{"--at", "4s"}, `tabled log: --at "4s" is not a time window within the hand: FROM..TO, like 4s..6.5s`},
		{[]string{"--at", "6.5s..4s"}, `tabled log: --at "6.5s..4s" is not a time window`},
		{[]string{"--at", "-1s..4s"}, `tabled log: --at "-1s..4s" is not a time window`},
		{[]string{"--at", "1s..soon"}, `tabled log: --at "1s..soon" is not a time window`},
		{[]string{"--hand", "two"}, `tabled log: --hand "two" is not a hand number: 1, 2, ...`},
		{[]string{"--hand", "0"}, `tabled log: --hand "0" is not a hand number`},
		{[]string{"--hand", "-1"}, `tabled log: --hand "-1" is not a hand number`},
		{[]string{"--kind", "outcom"}, `tabled log: --kind "outcom" is not one of input, outcome, void, note`},
		{[]string{"--type", "pong"}, `tabled log: --type "pong" is not one of `},
		{[]string{"--type", "pong"}, `, pon, `},
		{[]string{"--type", "pong"}, `, decision, `},
		{[]string{"--type", "pong"}, `, reboot, `},
		{[]string{"--source", "keyboard"}, `tabled log: --source "keyboard" is not one of script, gpio, serial, nfc, web, referee, terminal, club, table`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			// No such directory: a flag error comes before the log is looked for.
			code := run(append([]string{"log", "--dir", filepath.Join(t.TempDir(), "none")}, c.args...), &out, &errb)
			if code != 2 || !strings.Contains(errb.String(), c.stderr) || strings.Contains(errb.String(), "no claim log") {
				t.Fatalf("exit %d, stderr %q, want 2 and %q", code, errb.String(), c.stderr)
			}
		})
	}
}

// TestReplayReworded: a log whose reasons this version words otherwise (as
// after an upgrade that rewords a rule) replays with exit 0: the replay
// says the decisions are the same and names the first reworded outcome; a
// log with another winner diverges with exit 1.
func TestReplayReworded(t *testing.T) {
	for _, c := range []struct {
		name, from, to string
		code           int
		says           string
	}{
		{"reworded", "PON West beats", "PON West wins over", 0, "1 of them worded otherwise than logged (the same decisions by the same rules; a wording change, not a divergence), the first: record 7"},
		{"another winner", `"won":[{"seat":"W"`, `"won":[{"seat":"N"`, 1, "DIVERGES after 15 inputs, 1 outcomes: record 7 (outcome 2 of the session) differs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			copyLog(t, dir)
			rewriteLine(t, filepath.Join(dir, "tabled-00000000000000000001.jsonl"), 7, c.from, c.to)
			var out, errb bytes.Buffer
			if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != c.code || !strings.Contains(out.String(), c.says) {
				t.Fatalf("exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", code, c.code, out.String(), errb.String())
			}
		})
	}
}

// rewriteLine replaces from by to in line n (from 1) of a log file and
// seals it again with its CRC-32C, as the writer would have written it.
func rewriteLine(t *testing.T, file string, n int, from, to string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	line := strings.Replace(lines[n-1], from, to, 1)
	if line == lines[n-1] {
		t.Fatalf("line %d holds no %q", n, from)
	}
	body := line[:strings.LastIndex(line, `,"crc":"`)]
	lines[n-1] = fmt.Sprintf(`%s,"crc":"%08x"}`+"\n", body, crc32.Checksum([]byte(body), crc32.MakeTable(crc32.Castagnoli)))
	if err := os.WriteFile(file, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReplayGoldenLogs: tabled replay of the log each version of the
// record wrote exits 0, every outcome reproduced word for word.
func TestReplayGoldenLogs(t *testing.T) {
	const logs = "../../journal/testdata/golden-logs"
	ents, err := os.ReadDir(logs)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(logs, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			var out, errb bytes.Buffer
			// The logs written with the score kept have the hand's settlement too.
			want := "26 inputs, 16 outcomes reproduced"
			if e.Name() == "9068ab0" {
				want = "26 inputs, 17 outcomes reproduced"
			}
			if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != 0 || !strings.Contains(out.String(), want) || strings.Contains(out.String(), "worded otherwise") {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
			}
		})
	}
}

// TestSimTerminalHelpSaysWhatEachSeatMayDo: "help" at the simulated
// table's terminal ends with what each seat may press now, as the engine
// decides it: after East's discard South may draw and tsumo or riichi
// while the others may still call.
func TestSimTerminalHelpSaysWhatEachSeatMayDo(t *testing.T) {
	typer, typed := simTerminal(t)
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "e discard 3p\n"); err != nil {
		t.Fatal(err)
	}
	want := "now:\n  E  nothing\n  S  discard, chii, pon, kan, ron, tsumo, riichi\n  W  pon, kan, ron\n  N  pon, kan, ron\n"
	waitUntil(t, "the help's seats after the discard", func() bool {
		if _, err := io.WriteString(typer, "help\n"); err != nil {
			t.Fatal(err)
		}
		return strings.Contains(d.stderr.String(), want)
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
}

// TestLogTextNamesAndChiiTiles: `tabled log` as text names the player at
// each seat (from the name inputs, through the deals) and gives a chii's
// shown tiles, as the table saw them.
func TestLogTextNamesAndChiiTiles(t *testing.T) {
	typer, typed := simTerminal(t)
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "s name Ana\ne discard 5p\ns chii 46p\n"); err != nil {
		t.Fatal(err)
	}
	var log string
	waitUntil(t, "the chii in the log", func() bool {
		log, _ = d.tryLog("--kind", "input")
		return strings.Contains(log, "chii")
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if !strings.Contains(log, "S  (Ana) chii showing 46p") || !strings.Contains(log, "E  discard 5p") {
		t.Fatalf("log:\n%s", log)
	}
}

// TestSimTerminalKeepsTheTypedOrder: a chii naming its tiles (which the
// simulated controller cannot carry) typed right after a discard (which
// travels the controller's tile reader) reaches the table after it, as
// typed, and is decided on it rather than refused for coming first.
func TestSimTerminalKeepsTheTypedOrder(t *testing.T) {
	typer, typed := simTerminal(t)
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "e discard 5p\ns chii 46p\n"); err != nil {
		t.Fatal(err)
	}
	var log string
	waitUntil(t, "the chii decided", func() bool {
		log, _ = d.tryLog("--kind", "outcome")
		return strings.Contains(log, "CHII") || strings.Contains(log, "REJECTED")
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if strings.Contains(log, "REJECTED") || !strings.Contains(log, "DECISION") {
		t.Fatalf("log:\n%s", log)
	}
}

// TestSimTerminalFrenchSeats: at the simulated table's terminal a seat is
// named in French too ("O" for Ouest, "Ouest"), as players say it; the
// log records the seat as the command language names it.
func TestSimTerminalFrenchSeats(t *testing.T) {
	typed, typer := io.Pipe()
	defer typer.Close()
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "Est discard 3p\nOuest pon\n"); err != nil {
		t.Fatal(err)
	}
	var log string
	waitUntil(t, "the pon in the log", func() bool {
		log, _ = d.tryLog("--kind", "input")
		return strings.Contains(log, "W  pon")
	})
	if _, err := io.WriteString(typer, "O discard 3p\n"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "West's discard in the log", func() bool {
		log, _ = d.tryLog("--kind", "input")
		return strings.Contains(log, "W  discard 3p")
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if !strings.Contains(log, "E  discard 3p") || strings.Contains(d.stderr.String(), "? ") {
		t.Fatalf("log:\n%s\nterminal:\n%s", log, d.stderr.String())
	}
}
