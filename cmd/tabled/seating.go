package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/seating"
)

// seatingTimeout bounds `tabled seating`: the search is deterministic and
// ends well before on every size up to 172 players and 12 hanchan; past
// the deadline it prints the best seating found. It is a guard against a
// search that would not end, not a trade of quality for time: the search
// is bounded by its steps, and a deadline it reaches makes the seating
// depend on the machine's speed and load. Some sizes take seconds of CPU
// (40 players in 8 hanchan 5 s, 16 in 5 3.6 s on a 2020s x86 core; a Pi
// is several times slower), and at 10 s a loaded machine printed another
// seating for 12 players in 5 than its golden file.
const seatingTimeout = 2 * time.Minute

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
	write := func() error { return seating.WriteText(stdout, catalog.Match(*lang), s, *players) }
	if *asJSON {
		write = func() error { return seating.WriteJSON(stdout, s) }
	}
	if err := write(); err != nil {
		fmt.Fprintf(stderr, "tabled %v\n", err)
		return 1
	}
	return 0
}
