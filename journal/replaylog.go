package journal

import (
	"fmt"
	"io"

	"github.com/tabled/tabled/claimlog"
)

// ReplayLog is tabled replay's check of the claim log in dir, reported on
// w a line each: every damaged place first (DAMAGE, by file and line: a
// replay past it may diverge for that reason alone), then every session
// replayed (Replay), reproduced or DIVERGES, and the outcomes the current
// version words otherwise. ok is false when the log is damaged or a
// session diverges; sessions counts the sessions (none: the log holds no
// session note, so nothing says which rules to replay by). err is a log
// that cannot be read.
func ReplayLog(dir string, w io.Writer) (sessions int, ok bool, err error) {
	ok = true
	err = claimlog.Scan(dir, claimlog.Filter{}, func(claimlog.Record) error { return nil }, func(dmg claimlog.Damage) {
		ok = false
		fmt.Fprintf(w, "DAMAGE %s\n", dmg)
	})
	if err != nil {
		return 0, false, err
	}
	err = Sessions(dir, func(s Session, recs []claimlog.Record) error {
		sessions++
		res, err := Replay(s, recs)
		if err != nil {
			ok = false
			_, err = fmt.Fprintf(w, "session from record %d (%s): DIVERGES after %d inputs, %d outcomes: %v\n", s.FirstSeq, s.Rules, res.Inputs, res.Outcomes, err)
			return err
		}
		fmt.Fprintf(w, "session from record %d (%s): %d inputs, %d outcomes reproduced\n", s.FirstSeq, s.Rules, res.Inputs, res.Outcomes)
		if res.Reworded > 0 {
			fmt.Fprintf(w, "  %d of them worded otherwise than logged (the same decisions by the same rules; a wording change, not a divergence), the first: %v\n",
				res.Reworded, res.FirstReworded)
		}
		return nil
	})
	return sessions, ok, err
}
