package main

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
)

// runBinary runs the built tabled with args: its exit code, stdout and
// stderr.
func runBinary(t *testing.T, bin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// TestLogAsAProcess: tabled log, the binary a referee runs, refuses a
// filter no record can pass with exit 2, naming the value and what the flag
// accepts, and prints nothing on stdout.
func TestLogAsAProcess(t *testing.T) {
	bin := buildTabled(t)
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--kind", "outcom"}, `tabled log: --kind "outcom" is not one of input, outcome, void, note`},
		{[]string{"--type", "pong"}, `tabled log: --type "pong" is not one of `},
		{[]string{"--seat", "Q"}, `tabled log: --seat "Q" is not a seat: one of E, S, W, N`},
		{[]string{"--source", "keyboard"}, `tabled log: --source "keyboard" is not one of script, gpio, serial, nfc, web, referee, table`},
		{[]string{"--at", "4s"}, `tabled log: --at "4s" is not a time window within the hand: FROM..TO, like 4s..6.5s`},
		{[]string{"--hand", "two"}, `tabled log: --hand "two" is not a hand number: 1, 2, ...`},
	} {
		code, out, errs := runBinary(t, bin, append([]string{"log", "--dir", golden}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.stderr) {
			t.Errorf("tabled log %s: exit %d, stdout %q, stderr %q; want 2 and %q", strings.Join(c.args, " "), code, out, errs, c.stderr)
		}
	}
}

// TestLogShowsVoidsAsAProcess: tabled log says which input a void took out
// and which outcomes a void or a revision withdrew, in the text, the JSON
// and the CSV.
func TestLogShowsVoidsAsAProcess(t *testing.T) {
	bin := buildTabled(t)
	dir := t.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = w.Append([]claimlog.Record{
		{Kind: claimlog.KindOutcome, Source: "table", Hand: 1, Type: "deal", Body: []byte(`{"type":"deal","round_wind":"E","hand":1}`)},
		{Mono: 1e9, Kind: claimlog.KindInput, Source: "gpio", Hand: 1, Seat: "E", Type: "discard", Body: []byte(`{"event":{"action":"discard","tile":"6s"}}`)},
		{Mono: 1e9, Kind: claimlog.KindInput, Source: "gpio", Hand: 1, Seat: "N", Type: "pon", Body: []byte(`{"event":{"action":"pon"}}`)},
		{Mono: 1.25e9, Kind: claimlog.KindOutcome, Source: "table", Hand: 1, Seat: "N", Type: "decision", Body: []byte(`{"type":"decision","won":[{"seat":"N","call":"pon"}],"reason":"PON North: the only claim"}`)},
		{Mono: 5e9, Kind: claimlog.KindVoid, Source: "referee", Hand: 1, Type: "void", Body: []byte(`{"void":3,"retracted":[4]}`)},
	})
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runBinary(t, bin, "log", "--dir", dir)
	if code != 0 || !strings.Contains(out, "[VOIDED by record 5] pon") || !strings.Contains(out, "[WITHDRAWN by record 5] DECISION: PON North") ||
		!strings.Contains(out, "VOID of record 3, withdrawing record 4") {
		t.Fatalf("text: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runBinary(t, bin, "log", "--dir", dir, "--format", "json", "--hand", "1")
	if code != 0 || !strings.Contains(out, `"type":"pon","body":{"event":{"action":"pon"}},"voided_by":5}`) || !strings.Contains(out, `"withdrawn_by":5}`) {
		t.Fatalf("json: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runBinary(t, bin, "log", "--dir", dir, "--format", "csv")
	if code != 0 || !strings.Contains(out, ",voided_by,withdrawn_by\n") || !strings.Contains(out, "\n3,") || !strings.Contains(out, "}\",5,\n") || !strings.Contains(out, "}\",,5\n") {
		t.Fatalf("csv: exit %d\n%s%s", code, out, errs)
	}
}

// TestClubRefusesANonMQTTBroker: tabled club, as a process, refuses an
// address that is not mqtt:// or mqtts:// at once with exit 2, naming the
// accepted forms, rather than showing a console that waits for ever.
func TestClubRefusesANonMQTTBroker(t *testing.T) {
	bin := buildTabled(t)
	for _, url := range []string{"http://broker.local:1883", "broker.local:1883"} {
		code, out, errs := runBinary(t, bin, "club", "--broker", url, "--listen", "127.0.0.1:0")
		if code != 2 || out != "" || !strings.Contains(errs, "use mqtt://host:1883, or mqtts://host:8883 for TLS") {
			t.Errorf("tabled club --broker %s: exit %d, stdout %q, stderr %q", url, code, out, errs)
		}
	}
}
