package standings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabled/tabled/payment"
)

// Problem is one thing Check found wrong: each names its round and, where
// it has one, its table and player, so the console can raise it as an
// alert where it belongs. Nothing is mended.
type Problem struct {
	Round int `json:"round"`
	// Table is the table's name; empty for a problem of the whole round.
	Table string `json:"table,omitempty"`
	// Player is the player's number; 0 when the problem is no one's.
	Player int `json:"player,omitempty"`
	// Kind is one of the Kind constants.
	Kind string `json:"kind"`
	// What says what was found, in words.
	What string `json:"what"`
}

// The kinds of problem Check finds.
const (
	// KindPoints: a game's table points and the deposits left on the
	// table do not add up to the start total.
	KindPoints = "points"
	// KindResults: a game's results (less the in-game penalties) do not
	// sum to zero (to minus the leftover deposits when the book gives them
	// to nobody).
	KindResults = "results"
	// KindUma: a seat's result is not what the book's arithmetic gives
	// for the game's table points, deposits left and in-game penalties
	// (payment.Rules.Standings): a result typed or corrected wrong.
	KindUma = "uma"
	// KindRound: a round's results do not sum to zero likewise.
	KindRound = "round"
	// KindTwice: a player in two games of a round, or twice in one.
	KindTwice = "twice"
	// KindMissing: a player expected in a round (Player.Plays) in none of
	// its games.
	KindMissing = "missing"
	// KindUnknown: a game seats a number that is not a registered player.
	KindUnknown = "unknown"
)

// Error is the problem in one line: "round 2 table 3: ...".
func (p Problem) Error() string {
	where := fmt.Sprintf("round %d", p.Round)
	if p.Table != "" {
		where += " table " + p.Table
	}
	return "standings: " + where + ": " + p.What
}

// Check checks the games under the book's figures (rules: the start
// points, the riichi deposit, whether leftover deposits go to the first
// place): per game, the table points and the deposits left on the table
// add up to four times the start, the results with the in-game penalties
// put back sum to zero, and each result is the book's for those points; per round, the results sum to zero;
// every player the round expects sits in exactly one of its games. It
// returns every problem found, by round then table; none is an empty
// slice.
func Check(players []Player, games []Game, rules payment.Rules) []Problem {
	out := []Problem{}
	registered := map[int]bool{}
	for _, p := range players {
		registered[p.Number] = true
	}
	rounds := map[int][]Game{}
	for _, g := range games {
		rounds[g.Round] = append(rounds[g.Round], g)
	}
	order := make([]int, 0, len(rounds))
	for r := range rounds {
		order = append(order, r)
	}
	slices.Sort(order)
	for _, r := range order {
		gs := rounds[r]
		slices.SortStableFunc(gs, func(a, b Game) int { return strings.Compare(a.Table, b.Table) })
		seen := map[int]string{}
		roundSum, roundWant := 0, 0
		for _, g := range gs {
			out = append(out, checkGame(g, rules)...)
			sum, want := resultSum(g, rules)
			roundSum += sum
			roundWant += want
			for seat, n := range g.Players {
				if !registered[n] {
					out = append(out, Problem{Round: r, Table: g.Table, Player: n, Kind: KindUnknown,
						What: fmt.Sprintf("%s seat has player %d, who is not registered", seatName(seat), n)})
					continue
				}
				if other, twice := seen[n]; twice {
					where := "also at table " + other
					if other == g.Table {
						where = "twice at this table"
					}
					out = append(out, Problem{Round: r, Table: g.Table, Player: n, Kind: KindTwice,
						What: fmt.Sprintf("player %d plays %s", n, where)})
					continue
				}
				seen[n] = g.Table
			}
		}
		if roundSum != roundWant {
			out = append(out, Problem{Round: r, Kind: KindRound,
				What: fmt.Sprintf("the results (in-game penalties put back) sum to %d, not %d", roundSum, roundWant)})
		}
		for _, p := range players {
			if _, ok := seen[p.Number]; !ok && p.Plays(r) {
				out = append(out, Problem{Round: r, Player: p.Number, Kind: KindMissing,
					What: fmt.Sprintf("player %d (%s) is in no game of the round", p.Number, p.Name)})
			}
		}
	}
	return out
}

// checkGame is one game's own sums.
func checkGame(g Game, rules payment.Rules) []Problem {
	var out []Problem
	total := g.Sticks * rules.Riichi
	for _, p := range g.Points {
		total += p
	}
	if want := Seats * rules.StartPoints; total != want {
		out = append(out, Problem{Round: g.Round, Table: g.Table, Kind: KindPoints,
			What: fmt.Sprintf("the table points %v and %d deposits left add up to %d, not %d", g.Points, g.Sticks, total, want)})
	}
	if sum, want := resultSum(g, rules); sum != want {
		out = append(out, Problem{Round: g.Round, Table: g.Table, Kind: KindResults,
			What: fmt.Sprintf("the results %v (in-game penalties %v put back) sum to %d, not %d", g.Result, g.Penalty, sum, want)})
	}
	// The seats are in the first hand's order, so East is seat 0 (it
	// breaks ties when the book does not split them).
	for _, st := range rules.Standings(g.Points, g.Sticks, g.Penalty, 0) {
		if got := g.Result[st.Seat]; got != st.Result {
			out = append(out, Problem{Round: g.Round, Table: g.Table, Player: g.Players[st.Seat], Kind: KindUma,
				What: fmt.Sprintf("%s's result %d is not %d: place %d, uma %d, deposits %d, penalty %d", seatName(st.Seat), got, st.Result, st.Place, st.Uma, st.Deposits, st.Penalty)})
		}
	}
	return out
}

// resultSum is a game's results with its in-game penalties put back, and
// what they must sum to: zero, less the leftover deposits when the book
// gives them to nobody. The uma sum to zero (payment.Rules.Validate
// holds it) and the oka is the start less the return times four.
func resultSum(g Game, rules payment.Rules) (sum, want int) {
	for s := range Seats {
		sum += g.Result[s] + g.Penalty[s]
	}
	if !rules.LeftoverToFirst {
		want = -g.Sticks * rules.Riichi
	}
	return sum, want
}
