package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTerminalRefusesInTheTablesLanguage: at `tabled run --sim`'s
// terminal, a line the command language refuses ("? " and why) reads in
// the table's language ([table] language), a value the payment rules
// cannot read among them; English as it always read.
func TestTerminalRefusesInTheTablesLanguage(t *testing.T) {
	for _, c := range []struct {
		config string
		want   []string
	}{
		{"", []string{`? unknown action "pong" (want discard, chii`, `? value: 3 han needs its fu (like "3 30"): below 5 han the fu set the worth`,
			`? "seat 9" is not a seat`, `? discard: "3q" is not a tile (want mpsz like 3p, 7z, 0m)`}},
		{"[table]\nlanguage = \"fr\"\n", []string{"? action « pong » inconnue (voulue : discard, chii", "? value : 3 han demande ses fu (comme « 3 30 ») : sous 5 han, les fu fixent la valeur",
			"? « siège 9 » n'est pas un siège", "? discard : « 3q » n'est pas une tuile (en mpsz, comme 3p, 7z, 0m)"}},
	} {
		typed, typer := io.Pipe()
		d := startDaemonWith(t, c.config, typed, "--sim")
		if _, err := io.WriteString(typer, "o pong\nw value 3\nsiège 9 pon\ne discard 3q\n"); err != nil {
			t.Fatal(err)
		}
		waitUntil(t, "the refusals in "+c.want[0], func() bool {
			for _, w := range c.want {
				if !strings.Contains(d.stderr.String(), w) {
					return false
				}
			}
			return true
		})
		typer.Close()
		if code := d.stop(); code != 0 {
			t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
		}
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
