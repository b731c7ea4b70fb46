package standings_test

import (
	"fmt"
	"io"
	"testing"

	"github.com/tabled/tabled/standings"
)

// bigDay is the largest tournament the seating aims at: 172 players, 12
// rounds of 43 tables, each game ended by the book's arithmetic.
func bigDay(b *testing.B) ([]standings.Player, []standings.Game) {
	rules := figures(b, "ema2016")
	players := numbered(172)
	var games []standings.Game
	for r := 1; r <= 12; r++ {
		for t := range 43 {
			// A rotation per seat keeps the four distinct and each
			// player at one table a round (172 = 4 x 43).
			seats := [4]int{t + 1, 43 + (t+r)%43 + 1, 86 + (t+2*r)%43 + 1, 129 + (t+3*r)%43 + 1}
			pts := [4]int{30000 + 100*(t%50), 30000 - 100*(t%50), 30000 + 100*(r%7), 30000 - 100*(r%7)}
			games = append(games, played(b, rules, r, fmt.Sprint(t+1), seats, pts, 0, [4]int{}))
		}
	}
	return players, games
}

// BenchmarkRank: ranking the largest tournament after its last round.
func BenchmarkRank(b *testing.B) {
	players, games := bigDay(b)
	for b.Loop() {
		if _, err := standings.Rank(players, games, nil, standings.Options{Rounds: 12}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck: every check over the largest tournament.
func BenchmarkCheck(b *testing.B) {
	players, games := bigDay(b)
	rules := figures(b, "ema2016")
	if ps := standings.Check(players, games, rules); len(ps) != 0 {
		b.Fatalf("problems: %v", ps[0])
	}
	for b.Loop() {
		standings.Check(players, games, rules)
	}
}

// BenchmarkEMAXLSX: the largest tournament's EMA workbook.
func BenchmarkEMAXLSX(b *testing.B) {
	players, games := bigDay(b)
	s, err := standings.Rank(players, games, nil, standings.Options{Rounds: 12})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := standings.WriteEMAXLSX(io.Discard, standings.Tournament{Name: "Big", Rules: "Riichi"}, s); err != nil {
			b.Fatal(err)
		}
	}
}
