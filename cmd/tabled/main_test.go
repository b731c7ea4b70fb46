package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimCommandFollowsContract runs "tabled sim --script F --json" on the
// worked examples, as scripts outside the repo are run.
func TestSimCommandFollowsContract(t *testing.T) {
	files, _ := filepath.Glob("../../script/testdata/examples/*.tbl")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	for _, f := range files {
		var out, errb bytes.Buffer
		if code := run([]string{"sim", "--script", f, "--json"}, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", f, code, errb.String())
		}
		want, _ := os.ReadFile(strings.TrimSuffix(f, ".tbl") + ".expected.jsonl")
		if out.String() != string(want) {
			t.Errorf("%s:\n%s\nwant\n%s", f, out.String(), want)
		}
	}
}

func TestSimScriptErrorNamesLineAndRunsNothing(t *testing.T) {
	f := filepath.Join(t.TempDir(), "bad.tbl")
	os.WriteFile(f, []byte("@0ms E discard 3p\n+100ms S chii\n+1s Q pon\n"), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{"sim", "--script", f, "--json"}, &out, &errb); code == 0 {
		t.Fatal("a bad script exited 0")
	}
	if out.Len() != 0 {
		t.Errorf("a bad script printed outcomes: %s", out.String())
	}
	if !strings.Contains(errb.String(), "bad.tbl: line 3:") {
		t.Errorf("error does not name the line: %s", errb.String())
	}
}

func TestTextMode(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"sim", "--script", "../../script/testdata/examples/02-pon-beats-simultaneous-chii.tbl"}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	if !strings.Contains(out.String(), "PON South beats CHII North") {
		t.Errorf("text output: %s", out.String())
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if run([]string{"frobnicate"}, &out, &errb) != 2 || !strings.Contains(errb.String(), "unknown command") {
		t.Error("unknown command not refused")
	}
}

// TestSimLateInput: tabled sim runs a script with a late input as the table
// would: the revision line in --json (as the golden scenario has it), and
// in text the revision and the line it withdraws.
func TestSimLateInput(t *testing.T) {
	f := "../../script/testdata/rules/late-input-past-bound-revised-wrc2015.tbl"
	var out, errb bytes.Buffer
	if code := run([]string{"sim", "--script", f, "--json"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want, _ := os.ReadFile(strings.TrimSuffix(f, ".tbl") + ".jsonl")
	if out.String() != string(want) {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	if code := run([]string{"sim", "--script", f}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, w := range []string{"REVISION re-decided from 300ms: West pon", "withdraws line 1", "withdrawn: 0.350s DECISION on East's 3p: CHII South: the only claim", "PON West beats CHII South (re-decided"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("text output lacks %q:\n%s", w, out.String())
		}
	}
}

// TestHelpToStdoutListsLogFormats: "tabled help" (and -h, --help), run as
// a person runs it, prints the usage on stdout and exits 0, with every
// --format of `log` the README names; "tabled" alone is a mistake: the
// usage on stderr, exit 2.
func TestHelpToStdoutListsLogFormats(t *testing.T) {
	bin := buildTabled(t)
	for _, arg := range []string{"help", "-h", "--help"} {
		var out, errb bytes.Buffer
		cmd := exec.Command(bin, arg)
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil || errb.Len() != 0 || !strings.Contains(out.String(), "[--format text|json|csv|mjai|results]") {
			t.Errorf("tabled %s: %v\nstdout:\n%s\nstderr:\n%s", arg, err, out.String(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	cmd := exec.Command(bin)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); cmd.ProcessState.ExitCode() != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "usage: tabled") {
		t.Errorf("tabled alone: %v\nstdout:\n%s\nstderr:\n%s", err, out.String(), errb.String())
	}
}
