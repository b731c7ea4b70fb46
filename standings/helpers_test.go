package standings_test

import (
	"fmt"
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/standings"
)

// figures are a book's score figures, from the one place they are kept
// (the engine's profiles), never restated here.
func figures(t testing.TB, profile string) payment.Rules {
	t.Helper()
	r, ok := engine.ScoreFigures(profile)
	if !ok {
		t.Fatalf("no score figures for profile %s", profile)
	}
	return r
}

// played is a game ended with these table points and deposits left, its
// results worked out by the book's arithmetic (payment.Standings) as the
// table does; penalty is each seat's in-game penalty (a chombo's
// ChomboResult), taken off after uma.
func played(t testing.TB, rules payment.Rules, round int, table string, players, points [4]int, sticks int, penalty [4]int) standings.Game {
	t.Helper()
	g := standings.Game{Round: round, Table: table, Players: players, Points: points, Sticks: sticks, Penalty: penalty}
	for _, st := range rules.Standings(points, sticks, penalty, 0) {
		g.Result[st.Seat] = st.Result
	}
	return g
}

// numbered is n players numbered 1..n, named P1..Pn, with EMA numbers
// for the odd ones.
func numbered(n int) []standings.Player {
	ps := make([]standings.Player, n)
	for i := range ps {
		ps[i] = standings.Player{Number: i + 1, Name: fmt.Sprintf("First%d P%d", i+1, i+1), Country: "FRA"}
		if i%2 == 0 {
			ps[i].EMA = fmt.Sprintf("%08d", 4000000+i+1)
		}
	}
	return ps
}
