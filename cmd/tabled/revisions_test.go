package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/journal"
)

// TestReplayOfManyRevisions: a session played through a real table and
// the daemon's journal in which a pon reaches the table late after most
// discards (a revision every few of them, each re-deciding from a
// checkpoint) replays to every decision it logged (tabled replay exits 0),
// and a re-decided decision edited in the log is caught (exit 1).
func TestReplayOfManyRevisions(t *testing.T) {
	dir := t.TempDir()
	writeSessionLogLate(t, dir, 6000, 1)
	revisions := 0
	var redecided string
	err := claimlog.Read(dir, claimlog.Filter{}, func(r claimlog.Record) error {
		switch {
		case r.Kind == claimlog.KindNote && r.Type == journal.TypeRevision:
			revisions++
		case r.Kind == claimlog.KindOutcome && r.Type == "decision" && redecided == "":
			var o struct{ Reason string }
			json.Unmarshal(r.Body, &o)
			if strings.Contains(o.Reason, "(re-decided:") {
				redecided = o.Reason
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if revisions < 50 || redecided == "" {
		t.Fatalf("%d revisions, a re-decided decision %q: not the session meant", revisions, redecided)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != 0 || !strings.Contains(out.String(), "reproduced") {
		t.Fatalf("replay of %d revisions: exit %d: %s %s", revisions, code, out.String(), errb.String())
	}
	files, err := claimlog.Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	edited := false
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if i := bytes.Index(b, []byte(redecided)); i >= 0 {
			os.WriteFile(f, bytes.Replace(b, []byte(redecided), []byte("PON North: edited"), 1), 0o644)
			edited = true
			break
		}
	}
	if !edited {
		t.Fatalf("the decision %q is in no log file", redecided)
	}
	out.Reset()
	if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != 1 || !strings.Contains(out.String(), "DIVERGES") {
		t.Fatalf("an edited re-decided decision replayed clean: exit %d: %s", code, out.String())
	}
}
