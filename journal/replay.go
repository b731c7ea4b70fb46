package journal

import (
	"bytes"
	"fmt"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// Replayed is what a replay checked.
type Replayed struct {
	// Inputs is how many input records the session holds; Outcomes how
	// many logged outcomes came out the same decision by the same rules.
	Inputs, Outcomes int
	// Reworded is how many of those the current version words otherwise
	// (a reason reworded since the log was written): the same decisions,
	// told in other words. FirstReworded is the first of them.
	Reworded      int
	FirstReworded *Rewording
}

// Rewording is a logged outcome the replay decided the same way by the same
// rules, told in other words (outcome.Reworded).
type Rewording struct {
	Seq uint64
	N   int
	// Logged and Replayed are the outcome as logged and as replayed.
	Logged, Replayed []byte
}

// String names the record and shows both wordings.
func (w *Rewording) String() string {
	return fmt.Sprintf("record %d (outcome %d of the session):\n  logged   %s\n  replayed %s", w.Seq, w.N, w.Logged, w.Replayed)
}

// Divergence is a replay that did not come out as logged. Seq is the
// record of the logged outcome (0 when the replay decided more than the
// log holds); N counts the session's outcomes from 1.
type Divergence struct {
	Seq uint64
	N   int
	// Logged and Replayed are the outcome as logged and as replayed, as
	// outcome records' JSON; nil where there is none.
	Logged, Replayed []byte
	// More is how many outcomes the replay decided past the log's last.
	More int
}

// Error names the record and shows both outcomes.
func (d *Divergence) Error() string {
	switch {
	case d.More > 0:
		return fmt.Sprintf("replay decided %d outcomes more than the log holds, the first: %s", d.More, d.Replayed)
	case d.Replayed == nil:
		return fmt.Sprintf("record %d (outcome %d of the session) was not reproduced: %s", d.Seq, d.N, d.Logged)
	default:
		return fmt.Sprintf("record %d (outcome %d of the session) differs:\n  logged   %s\n  replayed %s", d.Seq, d.N, d.Logged, d.Replayed)
	}
}

// Replay steps the table's own core through a session's records, as
// table.Replay does (inputs in the order they arrived, decided up to each
// logged outcome's time, voids where they stand, late inputs re-decided
// where a revision note says), and compares every outcome with the one
// logged by structure and rule codes (outcome.Compare). Another decision
// is a *Divergence; the same decision worded otherwise is counted in
// Replayed.Reworded; a record whose body does not decode is an error
// naming it.
func Replay(s Session, recs []claimlog.Record) (Replayed, error) {
	var res Replayed
	p, err := s.RuleProfile()
	if err != nil {
		return res, err
	}
	entries := make([]table.Entry, 0, len(recs))
	var logged []claimlog.Record
	sp := newEntrySpace(recs)
	for i := range recs {
		r := &recs[i]
		e, ok, err := sp.entry(r)
		if err != nil {
			return res, err
		}
		if !ok {
			continue
		}
		switch {
		case e.Input != nil:
			res.Inputs++
		case e.Outcome != nil:
			logged = append(logged, *r)
		}
		entries = append(entries, e)
	}
	got, err := table.ReplaySession(p, engine.Seat(s.Dealer), s.Overwriting(), entries)
	if err != nil {
		return res, fmt.Errorf("journal: replay of the session from record %d: %w", s.FirstSeq, err)
	}
	for i, want := range logged {
		if i >= len(got) {
			return res, &Divergence{Seq: want.Seq, N: i + 1, Logged: want.Body}
		}
		rec := outcome.Of(got[i])
		b, err := rec.MarshalJSON()
		if err != nil {
			return res, fmt.Errorf("journal: replay: outcome %d: %w", i+1, err)
		}
		if bytes.Equal(b, want.Body) {
			res.Outcomes++
			continue
		}
		lo, err := Outcome(want)
		if err != nil {
			return res, err
		}
		switch outcome.Compare(lo, rec) {
		case outcome.Differs:
			return res, &Divergence{Seq: want.Seq, N: i + 1, Logged: want.Body, Replayed: b}
		case outcome.Reworded:
			res.Reworded++
			if res.FirstReworded == nil {
				res.FirstReworded = &Rewording{Seq: want.Seq, N: i + 1, Logged: want.Body, Replayed: b}
			}
		}
		res.Outcomes++
	}
	if len(got) > len(logged) {
		b, err := outcome.Of(got[len(logged)]).MarshalJSON()
		if err != nil {
			return res, fmt.Errorf("journal: replay: outcome %d: %w", len(logged)+1, err)
		}
		return res, &Divergence{N: len(logged) + 1, Replayed: b, More: len(got) - len(logged)}
	}
	return res, nil
}
