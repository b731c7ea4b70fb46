package main

import (
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// TestSimTerminalNamesSeatsAsPeopleDo: at `tabled run --sim`'s terminal,
// typed on a real pty, a seat is named by its physical number as the
// status page numbers it ("seat 2") or by its player's name ("Ana"), as
// well as by its wind this hand; after a deal that moves the dealer the
// same name and number reach the same person, whose wind has changed, and
// the score line keeps its physical order, each seat with its wind this
// hand. The help names each seat's player and number; a seat that is not
// and a name no one has are refused in words.
func TestSimTerminalNamesSeatsAsPeopleDo(t *testing.T) {
	keys, tty := simTerminal(t)
	d := startDaemonWith(t, "", tty, "--sim")
	typeLine := func(line string) {
		t.Helper()
		if _, err := io.WriteString(keys, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	inputs := func(want string) func() bool {
		return func() bool {
			log, _ := d.tryLog("--kind", "input")
			return strings.Contains(log, want)
		}
	}
	// Seat 0 deals first: seat 0 is East, seat 2 West.
	typeLine("seat 0 name Ana")
	typeLine("Seat 2 name Bo")
	// A name is the table's once decided: the score line shows it.
	waitUntil(t, "the score line in seat order, with the names", func() bool {
		return strings.Contains(d.stdout.String(), "| scores: Ana (E) 30000  seat 1 (S) 30000  Bo (W) 30000  seat 3 (N) 30000")
	})
	typeLine("ana discard 3p")
	typeLine("Bo pon")
	waitUntil(t, "Bo's pon as West", inputs("W  (Bo) pon"))
	// Seat 1 deals now: Ana (seat 0) is North, Bo (seat 2) South.
	typeLine("newhand dealer 1")
	waitUntil(t, "the score line after the deal, in the same order", func() bool {
		return strings.Contains(d.stdout.String(), "| scores: Ana (N) 30000  seat 1 (E) 30000  Bo (S) 30000  seat 3 (W) 30000")
	})
	typeLine("seat 1 discard 5m")
	waitUntil(t, "seat 1's discard as East", inputs("E  discard 5m"))
	typeLine("ANA pon")
	waitUntil(t, "Ana's pon as North", inputs("N  (Ana) pon"))
	ownLine := regexp.MustCompile(`\n  N  [a-z, ]+  \(Ana, seat 0\)\n`)
	typeLine("seat 7 pon")
	typeLine("Xavier pon")
	typeLine("help")
	waitUntil(t, "the help and the refusal", func() bool {
		out := d.stderr.String()
		return strings.Contains(out, `? "seat 7" is not a seat: the seats are 0 to 3, as the status page numbers them`) &&
			strings.Contains(out, `? "Xavier" names no seat: a seat is its wind this hand (E, S, W, N), its player (Ana, Bo) or "seat 0" to "seat 3"`) &&
			strings.Contains(out, "commands (any case):") && strings.Contains(out, `"Ana kan 5m", "seat 2 ron"`) &&
			ownLine.MatchString(out)
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
}

// simTerminal is a real pty as the simulated table's terminal for the
// rest of the test, as a person types at it: the daemon reads tty, the
// test types on keys (the pty's echo of it is drained).
func simTerminal(t *testing.T) (keys io.Writer, tty *os.File) {
	t.Helper()
	k, tt, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close(); tt.Close() })
	go io.Copy(io.Discard, k)
	return k, tt
}
