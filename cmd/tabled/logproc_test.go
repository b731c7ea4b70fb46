package main

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"
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
