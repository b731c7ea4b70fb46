package journal

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
)

// TestResumeAfterAnUpgrade: a table restarted after an upgrade whose
// profile of the configured rules differs from the one its session began
// with (here: an older release's ema2016, before hands were scored) goes
// on with the game by the session's own rules, and says so; the restart
// note carries them, so the next restart resumes alike. A configuration
// that changed the rules (another window) starts a new session and says
// why: a game is never dropped without a word. (A power-cut campaign once
// saw a boot start a new session silently when its binary had been
// swapped for a newer release's.)
func TestResumeAfterAnUpgrade(t *testing.T) {
	current, err := engine.ProfileByName("ema2016")
	if err != nil {
		t.Fatal(err)
	}
	older := current
	older.Hand = nil // a release before the hand's worth
	// resume starts a run with profile p on the log in dir.
	resume := func(dir string, p engine.Profile, out, errb *bytes.Buffer) (Resumed, error) {
		logw, err := claimlog.Open(dir, claimlog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer logw.Close()
		sess := Session{Version: "test", Table: "t1", Rules: p.Name, WindowNS: int64(p.Window), DeadlineNS: int64(p.CallDeadline),
			FirstSeq: logw.LastSeq() + 1, Profile: &p}
		return Resume(sess, dir, logw, false, out, errb)
	}
	for _, tc := range []struct {
		name    string
		started engine.Profile // the profile the session began with
		window  time.Duration  // the configured window now (0: the profile's)
		resumes bool
		own     bool // resumed by the session's own profile
		says    string
	}{
		{"the same release", current, 0, true, false, "resuming the session of record 1"},
		{"an upgrade that added rules", older, 0, true, true, "goes on by its own ema2016 rules"},
		{"the window configured anew", current, 400 * time.Millisecond, false, false, "was played under other rules (ema2016, window 250ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "log")
			var out, errb bytes.Buffer
			// The session as the earlier run began it.
			if _, err := resume(dir, tc.started, &out, &errb); err != nil {
				t.Fatal(err)
			}
			now := current
			if tc.window > 0 {
				now.Window = tc.window
			}
			for run := 1; run <= 2; run++ {
				out.Reset()
				errb.Reset()
				res, err := resume(dir, now, &out, &errb)
				if err != nil {
					t.Fatal(err)
				}
				said := out.String() + errb.String()
				if resumed := strings.Contains(said, "resuming the session of record 1"); resumed != tc.resumes {
					t.Errorf("restart %d resumed: %v, want %v\n%s", run, resumed, tc.resumes, said)
				}
				if (res.Profile != nil) != tc.own {
					t.Errorf("restart %d by the session's own profile: %v, want %v", run, res.Profile != nil, tc.own)
				}
				if tc.own && res.Profile != nil && res.Profile.Hand != nil {
					t.Errorf("restart %d: the session's own profile scores hands: it is this release's", run)
				}
				if !strings.Contains(said, tc.says) {
					t.Errorf("restart %d said\n%s\nwant %q in it", run, said, tc.says)
				}
				if !tc.resumes {
					break // a new session began: the next restart resumes it
				}
			}
		})
	}
}
