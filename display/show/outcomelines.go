package show

import (
	"fmt"
	"io"

	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// OutcomeLines is a Driver's Each that writes each outcome of an update
// to w as it is shown, a line each: its time on the table's clock, then
// the outcome in words (the daemon's console, a simulated table's
// terminal).
func OutcomeLines(w io.Writer, words outcome.Words) func(table.Update) {
	return func(u table.Update) {
		for _, e := range u.Entries {
			if e.Outcome != nil {
				fmt.Fprintf(w, "%9.3fs  %s\n", e.At.Seconds(), words.Line(outcome.Of(*e.Outcome)))
			}
		}
	}
}
