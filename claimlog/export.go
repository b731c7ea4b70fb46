package claimlog

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"
)

// CSVHeader names the columns of WriteCSV.
var CSVHeader = []string{"seq", "mono_ms", "wall", "kind", "source", "hand", "seat", "type", "body", "voided_by", "withdrawn_by"}

// WriteCSV writes the records of dir that pass the filter as CSV, with a
// header; voided_by and withdrawn_by are Marked's (empty: none).
func WriteCSV(w io.Writer, dir string, f Filter) error {
	marks, err := ReadMarks(dir)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return fmt.Errorf("claimlog: csv: %w", err)
	}
	err = Read(dir, f, func(r Record) error {
		m := marks.Of(r)
		return cw.Write([]string{
			strconv.FormatUint(r.Seq, 10),
			strconv.FormatFloat(float64(r.Mono)/float64(time.Millisecond), 'f', 3, 64),
			r.Wall.UTC().Format(time.RFC3339Nano), r.Kind, r.Source, strconv.Itoa(r.Hand), r.Seat, r.Type, string(r.Body),
			seqCell(m.VoidedBy), seqCell(m.WithdrawnBy),
		})
	})
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("claimlog: csv: %w", err)
	}
	return nil
}

// seqCell is a sequence number for a CSV cell, "" for none.
func seqCell(seq uint64) string {
	if seq == 0 {
		return ""
	}
	return strconv.FormatUint(seq, 10)
}

// WriteJSON writes the records of dir that pass the filter as one JSON
// array, each with its marks (Marked).
func WriteJSON(w io.Writer, dir string, f Filter) error {
	marks, err := ReadMarks(dir)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, "["); err != nil {
		return fmt.Errorf("claimlog: json: %w", err)
	}
	first := true
	err = Read(dir, f, func(r Record) error {
		b, err := json.Marshal(marks.Of(r))
		if err != nil {
			return err
		}
		sep := ",\n"
		if first {
			sep, first = "\n", false
		}
		_, err = fmt.Fprintf(w, "%s%s", sep, b)
		return err
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n]\n")
	return err
}
