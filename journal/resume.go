package journal

import (
	"fmt"
	"io"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// Resumed is how a run starts: the entries of the session it resumes
// (none for a new one), how long the table was down, and the damage that
// made it start afresh.
type Resumed struct {
	// Entries are what table.Config.Resume takes: the session's, or those
	// from its last deal on (then Earlier reads the ones before).
	Entries []table.Entry
	Earlier func() ([]table.Entry, error)
	// Session is the sequence number of the session's note
	// (table.Config.Session).
	Session uint64
	// Read are the entries of every record the resume read: the
	// session's latest inputs, for the controller's journaled frames.
	Read    []table.Entry
	Down    time.Duration
	Damaged []claimlog.Damage
	// Profile is the resumed session's own profile when this release's
	// profile of the same name differs from it; nil otherwise.
	Profile *engine.Profile
	// Overwriting is the resumed session's Session.Overwriting: its table
	// goes on re-deciding as it did (table.Config.OverwritingRevisions).
	Overwriting bool
}

// sameConfigured reports whether the session last was started with the
// configuration of sess (the rules' name, the window, the call deadline,
// the dealer), whatever this release's profile of that name now holds.
func sameConfigured(last, sess Session) bool {
	p, err1 := last.RuleProfile()
	q, err2 := sess.RuleProfile()
	return err1 == nil && err2 == nil && p.Name == q.Name && p.Window == q.Window && p.CallDeadline == q.CallDeadline && last.Dealer == sess.Dealer
}

// rulesWords names a session's rules as the configuration sets them.
func rulesWords(s Session) string {
	p, err := s.RuleProfile()
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s, window %v, call deadline %v, dealer seat %d", p.Name, p.Window, p.CallDeadline, s.Dealer)
}

// Resume decides whether a run resumes the last session of the claim log
// in dir (after a restart or a power cut the game goes on where the log
// left it) or starts the new session sess (newGame, a configuration that
// changed the rules, a damaged last session), says which on stdout or
// stderr and why, and journals the session's note through logw. An
// upgraded release whose profile of the session's rules differs goes on
// by the rules the session began with (Resumed.Profile).
func Resume(sess Session, dir string, logw *claimlog.Writer, newGame bool, stdout, stderr io.Writer) (Resumed, error) {
	var res Resumed
	restart := false
	res.Session = sess.FirstSeq
	if !newGame {
		last, recs, at, err := lastSessionEnd(dir)
		if err != nil {
			return res, err
		}
		if last != nil {
			res.Damaged = DamageIn(dir, last.FirstSeq, logw.Damage())
		}
		if len(res.Damaged) > 0 {
			// A session that does not read back whole is no state to build
			// on: the table plays on in a new session; the damage is kept
			// aside, noted and shown as an alert, and tabled log names it.
			fmt.Fprintf(stderr, "tabled: the last session of the claim log is damaged (above): starting a new session instead of resuming\n")
		} else if last != nil && !last.SameRules(sess) && !sameConfigured(*last, sess) {
			fmt.Fprintf(stderr, "tabled: the last session (record %d) was played under other rules (%s): starting a new session\n", last.FirstSeq, rulesWords(*last))
		} else if last != nil {
			if !last.SameRules(sess) {
				// The configuration is the session's, this release's profile
				// of that name is not (an upgrade added rules): the game goes
				// on by the rules it began with, as its replay decides it.
				rp, _ := last.RuleProfile()
				res.Profile = &rp
				sess.Profile = &rp
				fmt.Fprintf(stdout, "tabled: the session of record %d goes on by its own %s rules; this release's apply from the next session\n", last.FirstSeq, rp.Name)
			}
			res.Session, res.Overwriting = last.FirstSeq, last.Overwriting()
			n, lastRec := len(recs), claimlog.Record{}
			if at != nil {
				res.Entries, res.Earlier, res.Read, n, lastRec = at.entries, at.earlier, at.read, at.records, at.last
			} else {
				if res.Entries, err = Entries(recs); err != nil {
					return res, fmt.Errorf("resume: %w", err)
				}
				res.Read = res.Entries
				if len(recs) > 0 {
					lastRec = recs[len(recs)-1]
				}
			}
			if !lastRec.Wall.IsZero() {
				// How long the table was down: what a controller held
				// meanwhile is stamped in that gap.
				res.Down = time.Since(lastRec.Wall)
			}
			restart = true
			from := "its start"
			if at != nil {
				from = fmt.Sprintf("the deal of record %d", at.entries[0].Seq)
			}
			fmt.Fprintf(stdout, "tabled: resuming the session of record %d from %s (%d records read; --new-game starts afresh)\n", last.FirstSeq, from, n)
		}
	}
	note, err := sess.Note(restart)
	if err == nil {
		err = logw.Append([]claimlog.Record{note})
	}
	return res, err
}

// lastSessionEnd is the log's last session and what a restart reads of it:
// from its last deal that stands (at, recs nil) when there is one, else
// every record of it.
func lastSessionEnd(dir string) (*Session, []claimlog.Record, *atDeal, error) {
	at, err := lastDeal(dir)
	if err != nil {
		return nil, nil, nil, err
	}
	if at != nil {
		return &at.sess, nil, at, nil
	}
	last, recs, err := LastSession(dir)
	return last, recs, nil, err
}

// DamageIn is the damage that falls in the session that began at record
// first: records from first on, or, where the records are not known, a
// place in the newest file of the log in dir.
func DamageIn(dir string, first uint64, ds []claimlog.Damage) []claimlog.Damage {
	files, _ := claimlog.Files(dir)
	newest := ""
	if len(files) > 0 {
		newest = files[len(files)-1]
	}
	var in []claimlog.Damage
	for _, d := range ds {
		if d.LastSeq >= first || (d.FirstSeq == 0 && d.File == newest) {
			in = append(in, d)
		}
	}
	return in
}
