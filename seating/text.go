package seating

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/tabled/tabled/catalog"
)

// WriteText prints s as an organiser reads it, in l: each hanchan's
// tables, each table's four players in wind order under the winds'
// letters in l's letters (E S O N in French), then a blank line and the
// seating's quality (Measure) in words. tabled seating prints it.
func WriteText(w io.Writer, l *catalog.Lang, s Seating, players int) error {
	width := len(fmt.Sprint(players))
	table := l.Text("seating.table")
	col := max(5, len([]rune(table)))
	var head, b strings.Builder
	for _, k := range []string{"wind.letter.E", "wind.letter.S", "wind.letter.W", "wind.letter.N"} {
		fmt.Fprintf(&head, " %*s", width, l.Text(k))
	}
	for r, round := range s {
		fmt.Fprintf(&b, "%s\n", l.Text("seating.hanchan", "n", r+1))
		fmt.Fprintf(&b, "  %*s %s\n", col, table, head.String())
		for t, tb := range round {
			fmt.Fprintf(&b, "  %*d  %*d %*d %*d %*d\n", col, t+1, width, tb[0], width, tb[1], width, tb[2], width, tb[3])
		}
	}
	fmt.Fprintf(&b, "\n%s", QualityText(l, Measure(s, players)))
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("seating: writing the seating: %w", err)
	}
	return nil
}

// QualityText is q in l's words, a line each: repeat meetings, winds,
// table visits and the pairs who never meet (with the players they have
// in common, a decimal in l's notation).
func QualityText(l *catalog.Lang, q Quality) string {
	var b strings.Builder
	b.WriteString(l.Text("seating.repeats", "repeats", q.Repeats, "forced", q.ForcedRepeats))
	if q.RepeatPairs > 0 {
		b.WriteString(l.Text("seating.repeat_pairs", "pairs", q.RepeatPairs, "most", q.MaxMeet))
	}
	off, over := "", ""
	if q.WindOff > 0 {
		off = l.Text("seating.winds_off", "off", q.WindOff)
	}
	if q.VisitsOver > 0 {
		over = l.Text("seating.visits_over", "over", q.VisitsOver)
	}
	b.WriteString("\n" + l.Text("seating.winds", "min", q.WindMin, "max", q.WindMax, "low", q.Hanchan/4, "high", (q.Hanchan+3)/4, "off", off))
	b.WriteString("\n" + l.Text("seating.visits", "most", q.MaxVisits, "needed", q.NeededVisits, "over", over) + "\n")
	if q.NeverMet == 0 {
		b.WriteString(l.Text("seating.all_meet") + "\n")
	} else {
		mean := message.NewPrinter(language.Make(l.Code())).Sprintf("%.1f", q.MeanCommon)
		b.WriteString(l.Text("seating.never_met", "pairs", q.NeverMet, "common", q.MinCommon, "mean", mean) + "\n")
	}
	return b.String()
}

// WriteJSON prints s as a JSON list of hanchan, each a list of tables,
// each the four player numbers East, South, West, North: one hanchan a
// line, so the list is JSON and a person can still read it. It is the
// same in every language.
func WriteJSON(w io.Writer, s Seating) error {
	lines := make([]string, len(s))
	for i, round := range s {
		b, err := json.Marshal(round)
		if err != nil {
			return fmt.Errorf("seating: hanchan %d as JSON: %w", i+1, err)
		}
		lines[i] = string(b)
	}
	if _, err := fmt.Fprintf(w, "[\n%s\n]\n", strings.Join(lines, ",\n")); err != nil {
		return fmt.Errorf("seating: writing the seating: %w", err)
	}
	return nil
}
