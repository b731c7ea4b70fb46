package journal

import (
	"fmt"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/table"
)

// atDeal is how a restart picks the last session up at a deal the table
// journaled (table.Deal), reading only the log's end (claimlog.Tail): what
// it costs does not grow with the session.
type atDeal struct {
	sess Session
	// entries are what table.Config.Resume takes: the deal first, then the
	// inputs received before it and stamped after its new-hand input, then
	// every entry after it.
	entries []table.Entry
	// read are the entries of every record read, the deal's among them.
	read []table.Entry
	// records is how many records were read; last the newest.
	records int
	last    claimlog.Record
	// earlier reads the session's entries before the deal, for a
	// re-decision that reaches before it (table.Config.Earlier).
	earlier func() ([]table.Entry, error)
}

// lastDeal is the newest deal of the log's last session that a restart
// can begin at, or nil when it must read the whole session: none was
// journaled (a log of an older release, a session's first hand), or each
// was undone later (a late input stamped before it, a void of an input
// decided before it re-decided the game across it).
func lastDeal(dir string) (*atDeal, error) {
	// A deal a late input crossed does not stand, the one before it does
	// (an input is late by seconds, not hands): a file or two further back.
	for back := 0; back < dealsBack; back++ {
		at, more, err := dealIn(dir, back)
		if at != nil || err != nil || !more {
			return at, err
		}
	}
	return nil, nil
}

// dealsBack is how many files holding deals a restart looks back over
// before it reads the whole session instead.
const dealsBack = 4

// dealIn is lastDeal over the records claimlog.Tail reads with back;
// more reports that a further look back may find one.
func dealIn(dir string, back int) (at *atDeal, more bool, err error) {
	recs, err := claimlog.Tail(dir, table.NoteDeal, back)
	if err != nil || len(recs) == 0 {
		return nil, false, err
	}
	start, sessAt := 0, -1
	for i, r := range recs {
		if r.Kind == claimlog.KindNote && r.Type == claimlog.TypeSession {
			start, sessAt = i+1, i
		}
	}
	read, err := Entries(recs[start:])
	if err != nil {
		return nil, false, fmt.Errorf("resume: %w", err)
	}
	d := -1
	for i := len(read) - 1; i >= 0 && d < 0; i-- {
		if read[i].Deal != nil && dealStands(read, i) {
			d = i
		}
	}
	if d < 0 {
		// Look further back unless the session's note is read already.
		return nil, sessAt < 0, nil
	}
	deal := read[d]
	var note claimlog.Record
	switch {
	case sessAt >= 0:
		note = recs[sessAt]
	case deal.Deal.Session == 0:
		return nil, false, nil
	default:
		if note, err = claimlog.Get(dir, deal.Deal.Session); err != nil {
			return nil, false, fmt.Errorf("resume: the session of the deal at record %d: %w", deal.Seq, err)
		}
		if note.Kind != claimlog.KindNote || note.Type != claimlog.TypeSession {
			return nil, false, fmt.Errorf("resume: the deal at record %d names record %d as its session's note: it is a %s %s", deal.Seq, note.Seq, note.Kind, note.Type)
		}
	}
	sess, err := SessionOf(note)
	if err != nil {
		return nil, false, err
	}
	entries := []table.Entry{deal}
	floor, covered := afterDeal(deal), deal.Deal.Outcome
	for _, e := range read {
		switch {
		case e.Seq > covered && e.Seq != deal.Seq:
			entries = append(entries, e)
		case e.Input != nil && floor(e.At, e.Seq) > 0:
			entries = append(entries, e) // received before the deal, decided after it
		}
	}
	return &atDeal{sess: sess, entries: entries, read: read, records: len(recs) - start, last: recs[len(recs)-1],
		earlier: func() ([]table.Entry, error) {
			_, all, err := LastSession(dir)
			if err != nil {
				return nil, err
			}
			es, err := Entries(all)
			if err != nil {
				return nil, err
			}
			n := 0
			for n < len(es) && es[n].Seq < deal.Seq {
				n++
			}
			return es[:n], nil
		}}, false, nil
}

// afterDeal compares an input's stamp and number with deal's new-hand
// input: > 0 when the table decides it after the deal.
func afterDeal(deal table.Entry) func(time.Duration, uint64) int {
	return func(at time.Duration, seq uint64) int { return table.CompareInputs(at, seq, deal.At, deal.Deal.Input) }
}

// dealStands reports whether the deal entry read[d] is the game the table
// went on from and the records read reach back to it: nothing after it
// re-decided what came before it. An input after its outcome stamped
// before its new-hand input came late and was put before the deal; a void
// of an input decided before the deal (or not read at all) rebuilt the
// game from before it; a void before it of an input still held at the deal
// would be lost by beginning there.
func dealStands(read []table.Entry, d int) bool {
	deal := read[d]
	floor, covered := afterDeal(deal), deal.Deal.Outcome
	if len(read) == 0 || read[0].Seq > covered {
		return false // its outcome is not among the records read
	}
	held := map[uint64]bool{} // inputs received before it, stamped after
	var after []table.Entry   // what the table did after the deal
	for _, e := range read {
		if e.Seq > covered {
			after = append(after, e)
		} else if e.Input != nil && floor(e.At, e.Seq) > 0 {
			held[e.Seq] = true
		}
	}
	for _, e := range read {
		if e.Seq <= covered && e.Void != 0 && held[e.Void] {
			return false
		}
	}
	for _, e := range after {
		switch {
		case e.Input != nil && floor(e.At, e.Seq) < 0:
			return false
		case e.Void != 0 && !held[e.Void] && !inputIn(after, e.Void):
			return false
		}
	}
	return true
}

// inputIn reports whether input seq is among entries.
func inputIn(entries []table.Entry, seq uint64) bool {
	for _, e := range entries {
		if e.Input != nil && e.Seq == seq {
			return true
		}
	}
	return false
}

// ForPeople reports whether a view for people shows r: a deal note is the
// table's own record of the game at a deal, for a restart.
func ForPeople(r claimlog.Record) bool {
	return r.Kind != claimlog.KindNote || r.Type != table.NoteDeal
}
