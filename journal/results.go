package journal

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// ResultsHeader names the columns of WriteResults: one row per player per
// game, the shape a tournament's results sheet takes.
var ResultsHeader = []string{"table", "game", "ended_seq", "seat", "wind", "name", "points", "place", "result"}

// WriteResults writes, for every game of the claim log in dir that ended,
// one CSV row per player: the table, the game's number in the log, the
// record of its end, the physical seat, its wind in the last hand, the
// player's name (Players: the latest name input for the seat before the
// end that no void took out), the final points, the place and the result after uma. A game's end
// that a re-decision withdrew (a referee's void) is not a result; its
// replacement is. The filter does not apply: a result needs the whole log.
func WriteResults(w io.Writer, dir string) error {
	type ended struct {
		seq   uint64
		table string
		names engine.Names
		body  outcome.Record
	}
	var (
		games   []ended
		table   string
		players Players
		retract = map[uint64]bool{}
	)
	err := claimlog.Read(dir, claimlog.Filter{}, func(r claimlog.Record) error {
		if err := players.See(r); err != nil {
			return err
		}
		switch {
		case r.Kind == claimlog.KindNote && (r.Type == claimlog.TypeSession || r.Type == claimlog.TypeRestart):
			s, err := SessionOf(r)
			if err != nil {
				return err
			}
			table = s.Table
		case r.Kind == claimlog.KindNote && r.Type == TypeRevision:
			rev, err := Revision(r)
			if err != nil {
				return err
			}
			for _, seq := range rev.Retracted {
				retract[seq] = true
			}
		case r.Kind == claimlog.KindOutcome && r.Type == "game_end":
			b, err := Outcome(r)
			if err != nil {
				return err
			}
			games = append(games, ended{seq: r.Seq, table: table, names: players.Names(), body: b})
		}
		return nil
	})
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(ResultsHeader); err != nil {
		return fmt.Errorf("journal: results: %w", err)
	}
	n := 0
	for _, g := range games {
		if retract[g.seq] {
			continue
		}
		n++
		for _, st := range g.body.Standings {
			name := ""
			if st.Seat >= 0 && st.Seat < 4 {
				name = g.names[st.Seat]
			}
			row := []string{g.table, strconv.Itoa(n), strconv.FormatUint(g.seq, 10), strconv.Itoa(st.Seat), st.Wind, name,
				strconv.Itoa(st.Points), strconv.Itoa(st.Place), strconv.Itoa(st.Result)}
			if err := cw.Write(row); err != nil {
				return fmt.Errorf("journal: results: %w", err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("journal: results: %w", err)
	}
	return nil
}
