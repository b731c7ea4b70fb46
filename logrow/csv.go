package logrow

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
)

// Scan calls fn, in order, with every record of the log in dir that
// passes f, in words: with its marks and its time in its hand, from a hand
// clock that sees every record (a filter on the hand or the seat does not
// move it). onDamage is claimlog.Scan's.
func Scan(dir string, f claimlog.Filter, fn func(Row) error, onDamage func(claimlog.Damage)) error {
	marks, err := claimlog.ReadMarks(dir)
	if err != nil {
		return err
	}
	var clock claimlog.HandClock
	return claimlog.Scan(dir, claimlog.Filter{}, func(r claimlog.Record) error {
		in := clock.Since(r)
		if !f.Match(r) || !f.MatchInHand(in) || !journal.ForPeople(r) {
			return nil
		}
		return fn(At(marks.Of(r), in))
	}, onDamage)
}

// At is Of with the record's time in its hand, for a record of a hand.
func At(m claimlog.Marked, inHand time.Duration) Row { return AtIn(outcome.In(nil), m, inHand) }

// AtIn is At in w's language (OfIn).
func AtIn(w outcome.Words, m claimlog.Marked, inHand time.Duration) Row {
	row := OfIn(w, m)
	if m.Hand > 0 {
		ms := inHand.Milliseconds()
		row.InHandMS = &ms
	}
	return row
}

// WriteCSV writes the records of the log in dir that pass f as CSV, a
// column per field, with a header: the one CSV of the log, the page's
// export and tabled log's alike.
func WriteCSV(w io.Writer, dir string, f claimlog.Filter) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return fmt.Errorf("logrow: csv: %w", err)
	}
	err := Scan(dir, f, func(r Row) error { return cw.Write(r.cells()) }, nil)
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("logrow: csv: %w", err)
	}
	return nil
}

// csvHeader names the columns of WriteCSV.
var csvHeader = []string{"seq", "hand", "time_in_hand_s", "table_time_s", "wall", "source", "plus_minus_ms", "seat", "kind", "type", "what", "tiles", "lost", "flags", "voided_by", "withdrawn_by"}

// cells is r as CSV cells, in csvHeader's order.
func (r Row) cells() []string {
	inHand := ""
	if r.InHandMS != nil {
		inHand = strconv.FormatFloat(float64(*r.InHandMS)/1000, 'f', 3, 64)
	}
	pm := ""
	if r.PlusMinusMS > 0 {
		pm = strconv.FormatFloat(r.PlusMinusMS, 'f', 3, 64)
	}
	return []string{strconv.FormatUint(r.Seq, 10), strconv.Itoa(r.Hand), inHand,
		strconv.FormatFloat(float64(r.TableMS)/1000, 'f', 3, 64), r.Wall.UTC().Format(time.RFC3339Nano), r.Source, pm,
		outcome.WindName(r.Seat), r.Kind, r.Type, r.What, strings.Join(r.Tiles, " "), strings.Join(r.Lost, "; "), strings.Join(r.Flags, " "),
		seqCell(r.VoidedBy), seqCell(r.WithdrawnBy)}
}

// seqCell is a sequence number for a CSV cell, "" for none.
func seqCell(seq uint64) string {
	if seq == 0 {
		return ""
	}
	return strconv.FormatUint(seq, 10)
}
