package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var updateLang = flag.Bool("update-lang", false, "rewrite testdata/*-fr.txt and *-en.txt from the built binary (read the diff before committing)")

// TestLogAndSimInALanguage runs the built binary as a referee does:
// `tabled log --lang fr` on real claim logs (one that keeps its reasons'
// arguments, one from before that keeps only their codes, one from before
// the codes: its English stands), and `tabled sim --lang fr` on a
// scenario, against goldens under testdata; --json keeps the contract's
// English whatever the language, and an unknown language is refused with
// the catalog's list.
func TestLogAndSimInALanguage(t *testing.T) {
	bin := buildTabled(t)
	const logs = "../../journal/testdata/golden-logs"
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"log-9068ab0-fr.txt", []string{"log", "--dir", logs + "/9068ab0", "--lang", "fr"}},
		{"log-9068ab0-en.txt", []string{"log", "--dir", logs + "/9068ab0"}},
		{"log-0e2abb1-fr.txt", []string{"log", "--dir", logs + "/0e2abb1", "--lang", "fr"}},
		{"log-0d3797a-fr.txt", []string{"log", "--dir", logs + "/0d3797a", "--lang", "fr"}},
		{"sim-02-fr.txt", []string{"sim", "--script", "../../script/testdata/examples/02-pon-beats-simultaneous-chii.tbl", "--lang", "fr"}},
		{"sim-drawn-tile-fr.txt", []string{"sim", "--script", "../../script/testdata/rules/drawn-tile-goes-back.tbl", "--lang", "fr"}},
		{"sim-late-revised-fr.txt", []string{"sim", "--script", "../../script/testdata/rules/late-input-past-bound-revised-wrc2015.tbl", "--lang", "fr"}},
		// A hand refused (MAIN, not HAND) and a hand scored with its melds
		// in French (kong fermé, pung), its tiles in mpsz.
		{"sim-hand-refused-fr.txt", []string{"sim", "--script", "../../script/testdata/rules/hand-refused-with-reason.tbl", "--lang", "fr"}},
		{"sim-hand-kong-fr.txt", []string{"sim", "--script", "../../script/testdata/rules/hand-dora-ura-aka-counted.tbl", "--lang", "fr"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			cmd := exec.Command(bin, c.args...)
			cmd.Env = append(os.Environ(), "TZ=UTC") // the wall clock column
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("tabled %s: %v\n%s", strings.Join(c.args, " "), err, stderr.String())
			}
			path := filepath.Join("testdata", c.golden)
			if *updateLang {
				if err := os.WriteFile(path, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("tabled %s differs from %s:\n%s", strings.Join(c.args, " "), path, out)
			}
		})
	}

	// --json is the scenario contract: codes and English, whatever --lang.
	script := "../../script/testdata/examples/02-pon-beats-simultaneous-chii.tbl"
	en, err1 := exec.Command(bin, "sim", "--script", script, "--json").Output()
	fr, err2 := exec.Command(bin, "sim", "--script", script, "--json", "--lang", "fr").Output()
	if err1 != nil || err2 != nil || !bytes.Equal(en, fr) || !bytes.Contains(en, []byte("pon beats chii")) {
		t.Errorf("sim --json --lang fr differs from sim --json (%v %v):\n%s\n%s", err1, err2, fr, en)
	}

	for _, args := range [][]string{{"log", "--dir", logs + "/9068ab0", "--lang", "de"}, {"sim", "--script", script, "--lang", "de"}, {"run", "--sim", "--lang", "de"}} {
		cmd := exec.Command(bin, args...)
		out, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); err == nil || code != 2 || !strings.Contains(string(out), `--lang "de" is not one of the catalog's languages: en, fr`) {
			t.Errorf("tabled %s: exit %d, %s", strings.Join(args, " "), code, out)
		}
	}
}

// TestRunInFrench: a simulated table whose configuration says language =
// "fr" says on its start line which book its rules follow in French and
// prints its outcome lines in French, journals the English reason
// with its code and arguments, and `tabled log --config` reads the log in
// the configuration's language.
func TestRunInFrench(t *testing.T) {
	typed, typer := io.Pipe()
	defer typer.Close()
	d := startDaemonWith(t, "[table]\nlanguage = \"fr\"\n", typed, "--sim")
	if _, err := io.WriteString(typer, "e discard 5p\nn pon\n"); err != nil {
		t.Fatal(err)
	}
	const fr = "DÉCISION sur l'écart 5 cercles du joueur Est : PON Nord : la seule réclamation"
	waitUntil(t, "the decision in French", func() bool { return strings.Contains(d.stdout.String(), fr) })
	if start := "(ema2016 suit les EMA Riichi Competition Rules 2016)"; !strings.Contains(d.stdout.String(), start) {
		t.Errorf("the start line lacks %q:\n%s", start, d.stdout.String())
	}
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	var out, errb bytes.Buffer
	if code := run([]string{"log", "--dir", filepath.Join(d.dir, "log"), "--type", "decision", "--format", "json"}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), `"reason":"PON North: the only claim","code":"only_claim","args":{`) {
		t.Fatalf("the journaled decision (exit %d, %s):\n%s", code, errb.String(), out.String())
	}
	out.Reset()
	if code := run([]string{"log", "--config", filepath.Join(d.dir, "tabled.toml"), "--type", "decision"}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "DÉCISION : PON Nord : la seule réclamation") {
		t.Fatalf("tabled log --config (exit %d, %s):\n%s", code, errb.String(), out.String())
	}
}
