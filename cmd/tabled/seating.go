package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/seating"
)

// seatingTimeout bounds `tabled seating`: the search is deterministic and
// ends well before on every size up to 172 players and 12 hanchan; past
// the deadline it prints the best seating found.
const seatingTimeout = 10 * time.Second

// cmdSeating prints a tournament's seating: each hanchan's tables, each
// table's four players in wind order (East, South, West, North).
func cmdSeating(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("seating", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 0, "the number of players, a multiple of 4")
	hanchan := fs.Int("hanchan", 0, "the number of hanchan (rounds)")
	seed := fs.Int64("seed", 1, "chooses among good seatings: the same seed gives the same seating")
	lang := fs.String("lang", "", "the language of the text output (en, fr; default en); --json is the same in every language")
	asJSON := fs.Bool("json", false, "print a JSON list of hanchan, each a list of tables, each the four player numbers East, South, West, North")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "tabled seating: unexpected argument %q (sizes are flags: --players N --hanchan R)\n", fs.Arg(0))
		return 2
	case *players == 0:
		fmt.Fprintln(stderr, "tabled seating: --players is required (a multiple of 4)")
		return 2
	case *hanchan == 0:
		fmt.Fprintln(stderr, "tabled seating: --hanchan is required (the number of rounds)")
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), seatingTimeout)
	defer cancel()
	s, err := seating.Make(ctx, seating.Request{Players: *players, Hanchan: *hanchan, Seed: *seed})
	if err != nil {
		fmt.Fprintf(stderr, "tabled %v\n", err)
		return 2
	}
	if *asJSON {
		// One hanchan a line: the list is JSON, and a person can still
		// read it.
		lines := make([]string, len(s))
		for i, round := range s {
			b, err := json.Marshal(round)
			if err != nil {
				fmt.Fprintf(stderr, "tabled seating: %v\n", err)
				return 1
			}
			lines[i] = string(b)
		}
		fmt.Fprintf(stdout, "[\n%s\n]\n", strings.Join(lines, ",\n"))
		return 0
	}
	l := catalog.Match(*lang)
	writeSeating(stdout, l, s, *players)
	fmt.Fprintf(stdout, "\n%s", qualityText(l, seating.Measure(s, *players)))
	return 0
}

// writeSeating prints each hanchan's tables, the winds' letters heading
// the columns in the language's letters (E S O N in French).
func writeSeating(w io.Writer, l *catalog.Lang, s seating.Seating, players int) {
	width := len(fmt.Sprint(players))
	table := l.Text("seating.table")
	col := max(5, len([]rune(table)))
	var head strings.Builder
	for _, k := range []string{"wind.letter.E", "wind.letter.S", "wind.letter.W", "wind.letter.N"} {
		fmt.Fprintf(&head, " %*s", width, l.Text(k))
	}
	for r, round := range s {
		fmt.Fprintf(w, "%s\n", l.Text("seating.hanchan", "n", r+1))
		fmt.Fprintf(w, "  %*s %s\n", col, table, head.String())
		for t, tb := range round {
			fmt.Fprintf(w, "  %*d  %*d %*d %*d %*d\n", col, t+1, width, tb[0], width, tb[1], width, tb[2], width, tb[3])
		}
	}
}

// qualityText is the seating's quality in words: repeat meetings, winds,
// table visits and the pairs who never meet.
func qualityText(l *catalog.Lang, q seating.Quality) string {
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
