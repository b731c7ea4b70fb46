package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// TestTerminalRefusesInTheTablesLanguage: at `tabled run --sim`'s
// terminal, typed on a real pty, a line the command language refuses ("? " and why) reads in
// the table's language ([table] language), a value the payment rules
// cannot read among them, and so does the start's word on how to type;
// English as it always read. An input the table refuses that is not a
// seat's button (a confirmation before the game is over) is named in the
// table's words too, as the panel names it: "CONFIRMER Ouest".
func TestTerminalRefusesInTheTablesLanguage(t *testing.T) {
	for _, c := range []struct {
		config, start string
		want          []string
		refused       []string // on stdout: the outcome line and the panel's
	}{
		{"", `type a seat wind and an action ("E discard 3p", "s pon", "dora 4m", "newhand"; "help" lists them); Ctrl-C stops`, []string{`? unknown action "pong" (want discard, chii`, `? value: 3 han needs its fu (like "3 30"): below 5 han the fu set the worth`,
			`? "seat 9" is not a seat`, `? discard: "3q" is not a tile (want mpsz like 3p, 7z, 0m)`},
			[]string{"REJECTED CONFIRM West: the game is not over", "| [REJECTED] CONFIRM West"}},
		{"[table]\nlanguage = \"fr\"\n", "tapez un vent de siège et une action (« E discard 3p », « s pon », « dora 4m », « newhand » ; « help » les liste) ; Ctrl-C arrête", []string{"? action « pong » inconnue (actions possibles : discard, chii", "? value : 3 han demande ses fu (comme « 3 30 ») : sous 5 han, les fu fixent la valeur",
			"? « siège 9 » n'est pas un siège", "? discard : « 3q » n'est pas une tuile (en mpsz, comme 3p, 7z, 0m)"},
			[]string{"REFUSÉ   CONFIRMER Ouest : la partie n'est pas terminée", "| [REFUSÉ] CONFIRMER Ouest"}},
	} {
		keys, tty, err := pty.Open()
		if err != nil {
			t.Fatal(err)
		}
		go io.Copy(io.Discard, keys) // the pty's echo of what is typed
		d := startDaemonWith(t, c.config, tty, "--sim")
		if _, err := io.WriteString(keys, "o pong\nw value 3\nsiège 9 pon\ne discard 3q\nw confirm\n"); err != nil {
			t.Fatal(err)
		}
		waitUntil(t, "the refusals and the start in "+c.want[0], func() bool {
			for _, w := range c.want {
				if !strings.Contains(d.stderr.String(), w) {
					return false
				}
			}
			for _, w := range c.refused {
				if !strings.Contains(d.stdout.String(), w) {
					return false
				}
			}
			return strings.Contains(d.stdout.String(), c.start)
		})
		if code := d.stop(); code != 0 {
			t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
		}
		keys.Close()
		tty.Close()
	}
}

// TestSimScriptErrorInALanguage: `tabled sim` names a script's faulty
// line in --lang's words; --json keeps English, as the contract does.
func TestSimScriptErrorInALanguage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.tbl")
	if err := os.WriteFile(file, []byte("@0ms E discard 3p\n+1s S value 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--lang", "fr"}, "ligne 2 : value : 3 han demande ses fu (comme « 3 30 ») : sous 5 han, les fu fixent la valeur\n"},
		{nil, `line 2: value: 3 han needs its fu (like "3 30"): below 5 han the fu set the worth` + "\n"},
		{[]string{"--lang", "fr", "--json"}, `line 2: value: 3 han needs its fu (like "3 30"): below 5 han the fu set the worth` + "\n"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"sim", "--script", file}, c.args...), &out, &errb)
		if want := "tabled sim: " + file + ": " + c.want; code != 1 || errb.String() != want {
			t.Errorf("sim %v: exit %d, %q, want %q", c.args, code, errb.String(), want)
		}
	}
}

// TestCommandLineInALanguage: the command line's errors people meet most,
// through run() as a person types them, in --lang's words (or the
// configuration's [table] language), English as it always read.
func TestCommandLineInALanguage(t *testing.T) {
	empty := t.TempDir()
	cfg := filepath.Join(t.TempDir(), "tabled.toml")
	if err := os.WriteFile(cfg, []byte("[table]\nlanguage = \"fr\"\n[log]\ndir = \""+empty+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"log", "--dir", empty}, 2, "tabled log: no claim log in " + empty + " (--dir, --config or --sim chooses another)\n"},
		{[]string{"log", "--dir", empty, "--lang", "fr"}, 2, "tabled log: pas de journal des annonces dans " + empty + " (--dir, --config ou --sim en choisit un autre)\n"},
		{[]string{"log", "--config", cfg}, 2, "tabled log: pas de journal des annonces dans " + empty + " (--dir, --config ou --sim en choisit un autre)\n"},
		{[]string{"log", "--dir", empty, "hand"}, 2, "tabled log: unexpected argument \"hand\" (filters are flags: tabled log --help)\n"},
		{[]string{"log", "--dir", empty, "--lang", "fr", "hand"}, 2, "tabled log: argument « hand » inattendu (les filtres sont des options : tabled log --help)\n"},
		{[]string{"log", "--dir", empty, "--format", "xml"}, 2, "tabled log: --format \"xml\" is not text, json, csv, mjai or results\n"},
		{[]string{"log", "--dir", empty, "--lang", "fr", "--format", "xml"}, 2, "tabled log: --format « xml » n'est pas text, json, csv, mjai ou results\n"},
		{[]string{"log", "--dir", empty, "--seat", "X"}, 2, `tabled log: --seat "X" is not a seat: one of E, S, W, N (or East, South, West, North)` + "\n"},
		{[]string{"log", "--dir", empty, "--lang", "fr", "--seat", "X"}, 2, "tabled log: --seat « X » n'est pas un siège : E, S, O ou N (ou Est, Sud, Ouest, Nord)\n"},
		{[]string{"log", "--dir", empty, "--lang", "fr", "--kind", "entree"}, 2, "tabled log: --kind « entree » n'est pas l'un de : input, outcome, void, note\n"},
		{[]string{"log", "--dir", empty, "--lang", "fr", "--seat", "Ouest"}, 2, "tabled log: pas de journal des annonces dans " + empty + " (--dir, --config ou --sim en choisit un autre)\n"},
		{[]string{"sim"}, 2, "tabled sim: usage: tabled sim --script FILE [--json] [--lang LANG]\n"},
		{[]string{"sim", "--lang", "fr"}, 2, "tabled sim: usage : tabled sim --script FICHIER [--json] [--lang LANGUE]\n"},
		{[]string{"run", "--pair"}, 2, "tabled run: --pair is for a simulated table (--sim): a real table always asks for its pairing code\n"},
		{[]string{"run", "--pair", "--lang", "fr"}, 2, "tabled run: --pair est pour une table simulée (--sim) : une vraie table demande toujours son code d'appairage\n"},
		{[]string{"run", "--pair", "--config", cfg}, 2, "tabled run: --pair est pour une table simulée (--sim) : une vraie table demande toujours son code d'appairage\n"},
	} {
		var out, errb bytes.Buffer
		if code := run(c.args, &out, &errb); code != c.code || errb.String() != c.want {
			t.Errorf("tabled %s: exit %d, %q; want %d, %q", strings.Join(c.args, " "), code, errb.String(), c.code, c.want)
		}
	}
}
