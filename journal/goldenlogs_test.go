package journal

import (
	"cmp"
	"github.com/tabled/tabled/claimlog"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestGoldenLogsReplay: the claim log every version of the record wrote
// (testdata/golden-logs/<version>) replays with the current code: each
// session reproduces every outcome it logged, none diverges. Each log
// holds what a club's logs hold: every outcome type, a revision, a void, a
// repair and a restart.
func TestGoldenLogsReplay(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "golden-logs", "*"))
	if err != nil {
		t.Fatal(err)
	}
	dirs = slices.DeleteFunc(dirs, func(d string) bool { fi, err := os.Stat(d); return err != nil || !fi.IsDir() })
	if len(dirs) < 2 {
		t.Fatalf("golden logs %v: want one folder per version of the record, the first 0d3797a", dirs)
	}
	want := []string{"outcome decision", "outcome rejected", "outcome flag", "outcome dora", "outcome hand_end", "outcome deal",
		"outcome kong_stands", "note revision", "void void", "note repair", "note restart"}
	// The logs written since the score was kept have the hand's
	// settlement too (a score outcome at the next deal).
	outcomes := map[string]int{"9068ab0": 17}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			wantOutcomes := cmp.Or(outcomes[filepath.Base(dir)], 16)
			sessions := 0
			err := Sessions(dir, func(s Session, recs []claimlog.Record) error {
				sessions++
				res, err := Replay(s, recs)
				if err != nil {
					t.Errorf("session from record %d: %v", s.FirstSeq, err)
				}
				if res.Inputs != 26 || res.Outcomes != wantOutcomes || res.Reworded != 0 {
					t.Errorf("session from record %d: %d inputs, %d outcomes reproduced (%d reworded), want 26, %d, none reworded", s.FirstSeq, res.Inputs, res.Outcomes, res.Reworded, wantOutcomes)
				}
				return nil
			})
			if err != nil || sessions != 1 {
				t.Fatalf("%d sessions: %v", sessions, err)
			}
			seen := map[string]bool{}
			err = claimlog.Read(dir, claimlog.Filter{}, func(r claimlog.Record) error {
				seen[r.Kind+" "+r.Type] = true
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range want {
				if !seen[k] {
					t.Errorf("the log holds no %s record", k)
				}
			}
		})
	}
}
