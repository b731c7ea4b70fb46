package logtext

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/journal"
)

// Options are what Write prints and how.
type Options struct {
	// Filter chooses the records printed; every record is read all the
	// same, for the hand clock, the marks and the players' names.
	Filter claimlog.Filter
	// Follow goes on printing records as they are appended until ctx is
	// done.
	Follow bool
	// Lang is the reader's language (nil: English).
	Lang *catalog.Lang
}

// Write prints the records of the claim log in dir that pass o.Filter to
// w, a line each, reports each damage, and returns how many records
// passed.
func Write(ctx context.Context, w io.Writer, dir string, o Options, report func(claimlog.Damage)) (int, error) {
	f := o.Filter
	all := f
	all.Seat, all.Kind, all.Type, all.Source, all.Hand, all.HandFrom, all.HandTo = "", "", "", "", 0, 0, 0
	var clock claimlog.HandClock
	// A void or a revision marks records before it: read them first. With
	// Follow, those appended later mark only the records after them.
	marks, err := claimlog.ReadMarks(dir)
	if err != nil {
		return 0, err
	}
	matched := 0
	r := NewReader(o.Lang)
	print := func(rec claimlog.Record) error {
		inHand := clock.Since(rec)
		marks.See(rec)
		r.See(rec)
		if !f.Match(rec) || !f.MatchInHand(inHand) || !journal.ForPeople(rec) {
			return nil
		}
		matched++
		_, err := fmt.Fprintln(w, r.Line(marks.Of(rec), inHand))
		return err
	}
	if !o.Follow {
		err := claimlog.Scan(dir, all, print, report)
		return matched, err
	}
	err = claimlog.FollowScan(ctx, dir, all, 100*time.Millisecond, print, report)
	return matched, err
}
