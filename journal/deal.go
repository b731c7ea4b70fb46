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
	// The deal entry, the inputs before it stamped after the deal with the
	// voids of them (table.Config.Resume: the table applies them as it
	// did), then every entry after it.
	entries := []table.Entry{deal}
	after := afterDeal(deal)
	for _, e := range read[:d] {
		if e.Input != nil && after(e.At, e.Seq) > 0 || e.Void != 0 && inputAfter(read[:d], e.Void, after) {
			entries = append(entries, e)
		}
	}
	entries = append(entries, read[d+1:]...)
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

// inputAfter reports whether input seq is among entries and stamped
// after the deal after compares with.
func inputAfter(entries []table.Entry, seq uint64, after func(time.Duration, uint64) int) bool {
	for _, e := range entries {
		if e.Input != nil && e.Seq == seq {
			return after(e.At, e.Seq) > 0
		}
	}
	return false
}

// dealStands reports whether the deal entry read[d] is where the table
// went on from and the records read reach back to it: it says what the
// table had decided when it made it (an older release's does not), its
// new-hand input is among the records read, and nothing after it
// re-decided what came before the deal: an input after it stamped before
// the deal came late and was put before it; a void after it of an input
// not stamped after the deal rebuilt the game from before it.
func dealStands(read []table.Entry, d int) bool {
	deal := read[d]
	if deal.Deal.DecidedTo == 0 || len(read) == 0 || read[0].Seq > deal.Deal.Input {
		return false
	}
	after := afterDeal(deal)
	for _, e := range read[d+1:] {
		switch {
		case e.Input != nil && after(e.At, e.Seq) < 0:
			return false
		case e.Void != 0 && !inputAfter(read, e.Void, after):
			return false
		}
	}
	return true
}

// ForPeople reports whether a view for people shows r: a deal note is the
// table's own record of the game at a deal, for a restart.
func ForPeople(r claimlog.Record) bool {
	return r.Kind != claimlog.KindNote || r.Type != table.NoteDeal
}
