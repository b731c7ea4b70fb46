package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/seating"
)

var updateSeating = flag.Bool("update-seating", false, "rewrite testdata/seating-* from the current `tabled seating` (look at the diff before committing)")

// TestSeatingCommand runs the built tabled seating as an organiser does:
// the table a person reads and the JSON a program reads, each against its
// golden file, and the JSON is a whole seating of its players.
func TestSeatingCommand(t *testing.T) {
	bin := buildTabled(t)
	for _, c := range []struct {
		args   []string
		golden string
	}{
		{[]string{"seating", "--players", "16", "--hanchan", "5"}, "seating-16x5.txt"},
		// French: the headings, the winds' letters (E S O N) and the
		// quality summary from the catalog, the same seating.
		{[]string{"seating", "--players", "16", "--hanchan", "5", "--lang", "fr"}, "seating-16x5-fr.txt"},
		{[]string{"seating", "--players", "12", "--hanchan", "5", "--lang", "fr"}, "seating-12x5-fr.txt"},
		{[]string{"seating", "--players", "20", "--hanchan", "4", "--seed", "9", "--json"}, "seating-20x4-seed9.json"},
	} {
		code, out, errs := runBinary(t, bin, c.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		path := filepath.Join("testdata", c.golden)
		if *updateSeating {
			os.MkdirAll("testdata", 0o755)
			if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("%v:\n%s\nwant (%s):\n%s", c.args, out, path, want)
		}
		if strings.HasSuffix(path, ".json") {
			var s seating.Seating
			if err := json.Unmarshal([]byte(out), &s); err != nil {
				t.Fatalf("%v: not JSON: %v", c.args, err)
			}
			if q := seating.Measure(s, 20); len(s) != 4 || q.Repeats != 0 || q.WindOff != 0 || q.MaxVisits != 1 {
				t.Errorf("%v: %d hanchan, %v", c.args, len(s), q)
			}
		}
	}
}

// TestSeatingCommandRefusesBadFlags: exit 2, nothing on stdout, and a
// message saying what to change.
func TestSeatingCommandRefusesBadFlags(t *testing.T) {
	bin := buildTabled(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--players", "18", "--hanchan", "4"}, "18 players is not a multiple of 4: add 2 substitutes to make 20"},
		{[]string{"--hanchan", "4"}, "--players is required"},
		{[]string{"--players", "16"}, "--hanchan is required"},
		{[]string{"--players", "sixteen", "--hanchan", "4"}, `invalid value "sixteen" for flag -players`},
		{[]string{"--players", "16", "--hanchan", "-1"}, "-1 hanchan: at least 1"},
		{[]string{"--players", "16", "--hanchan", "4", "extra"}, `unexpected argument "extra"`},
		{[]string{"--players", "16", "--hanchan", "4", "--tables", "4"}, "flag provided but not defined: -tables"},
	} {
		code, out, errs := runBinary(t, bin, append([]string{"seating"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}
