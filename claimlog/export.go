package claimlog

import (
	"encoding/json"
	"fmt"
	"io"
)

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
