// Package seating seats a riichi mahjong tournament: for N players (a
// multiple of four, N/4 tables) and R hanchan it says, round by round, who
// sits at which table and at which wind.
//
// A good seating, by the criteria tournament organisers publish seatings
// against: no pair of players meets more often than the sizes force; each
// player sits each wind floor(R/4) to ceil(R/4) times; no one sits at one
// table number more often than needed (ceil(R/T) for T tables); and among
// the pairs who never meet, as many players in common (opponents of both)
// as possible. Measure says how a seating does on each; Make works on the
// first three (players in common are measured, not yet searched for).
//
// Make searches for one. It is deterministic: the same Request (with its
// Seed) gives the same Seating, whatever the machine, because the search
// is bounded by a count of steps, not by time; a context deadline only
// cuts it short, and then Make returns the best seating found so far. The
// search has three passes, each on what the earlier ones fixed:
//
//  1. who meets whom: a construction over a finite field (or a product
//     of fields, or Z_T) for the first rounds or, where that leaves
//     repeats the sizes do not force, a cyclic seating (a base round
//     developed over Z_m, found by a small search: cyclic.go); greedy
//     rounds after it; after played rounds, the construction of a fresh
//     seating whose first rounds, its players renamed, are the played
//     ones, where there is one (reseat.go); then a tabu search that swaps two players of one
//     round between their tables, always moving a player in a collision
//     (either of a pair meeting again, or one of two players of one club
//     together in an early round), with the change in cost computed from
//     the two tables alone; then, with no clubs, the golf search, which
//     each step makes the best swap over every collision of every round;
//     then the tabu search again with table visits counted, meetings
//     weighing more than any saving in visits;
//  2. which table number each group gets: simulated annealing on the
//     players' visits to each table; then, where a player still sits at
//     a table more than ceil(R/T) times (and there are no clubs), the
//     golf search again with visits counted, each round's numbers solved
//     as an assignment problem between its turns (visits.go, tables.go),
//     kept only if it has fewer visits beyond the need and no more
//     repeat meetings;
//  3. who sits which wind at each table: an equitable colouring of the
//     players-to-tables graph with four colours, fixed by flipping two
//     winds along alternating trails, which always reaches the balance
//     floor(R/4)..ceil(R/4) when no round is fixed in advance.
//
// The package is pure: the standard library only, no clock, no global
// random source.
package seating

import (
	"context"
	"fmt"
)

// Request asks for a seating.
type Request struct {
	// Players is N, a multiple of 4: N/4 tables.
	Players int
	// Hanchan is R, the number of rounds, including the Played ones.
	Hanchan int
	// Seed chooses among the good seatings: the same Request with the same
	// Seed gives the same Seating.
	Seed int64
	// Played are the rounds already played, kept exactly (tables and
	// winds) as the first len(Played) rounds of the seating: Make then
	// seats the rounds left, for instance after a substitution.
	Played [][][4]int
	// Clubs, if set, has one entry per player: Clubs[i] is player i+1's
	// club ("" for none). Players of one club are kept apart, first in the
	// first rounds, as far as the sizes allow.
	Clubs []string
}

// Seating is, for each hanchan, its tables in table-number order, each
// the four player numbers (1..N) in wind order: East, South, West, North.
type Seating [][][4]int

// Limits on a Request: the search holds a players-by-players table.
const (
	MaxPlayers = 1024
	MaxHanchan = 64
)

// Substitutes is how many players must be added to players to make a
// multiple of four (0 when it already is).
func Substitutes(players int) int {
	return (4 - players%4) % 4
}

// Make seats the Request. It returns an error only for a Request that
// cannot be seated (saying what is wrong); when ctx is done before the
// search ends, it returns the best seating found so far, a valid one.
func Make(ctx context.Context, r Request) (Seating, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	s := newSearch(ctx, r)
	s.meetings(ctx)
	s.anneal()
	s.spread(ctx)
	s.winds()
	return s.seating(r.Played), nil
}

// check says what makes a Request impossible to seat.
func (r Request) check() error {
	switch {
	case r.Players < 4:
		return fmt.Errorf("seating: %d players: a table needs 4", r.Players)
	case r.Players%4 != 0:
		k := Substitutes(r.Players)
		return fmt.Errorf("seating: %d players is not a multiple of 4: add %d substitute%s to make %d", r.Players, k, plural(k), r.Players+k)
	case r.Players > MaxPlayers:
		return fmt.Errorf("seating: %d players: at most %d", r.Players, MaxPlayers)
	case r.Hanchan < 1:
		return fmt.Errorf("seating: %d hanchan: at least 1", r.Hanchan)
	case r.Hanchan > MaxHanchan:
		return fmt.Errorf("seating: %d hanchan: at most %d", r.Hanchan, MaxHanchan)
	case len(r.Played) > r.Hanchan:
		return fmt.Errorf("seating: %d rounds played but only %d hanchan", len(r.Played), r.Hanchan)
	case r.Clubs != nil && len(r.Clubs) != r.Players:
		return fmt.Errorf("seating: %d clubs given for %d players: give one per player (\"\" for none)", len(r.Clubs), r.Players)
	}
	for i, round := range r.Played {
		if err := checkRound(round, r.Players); err != nil {
			return fmt.Errorf("seating: played round %d: %w", i+1, err)
		}
	}
	return nil
}

// checkRound says what keeps round from seating each of players 1..n once.
func checkRound(round [][4]int, n int) error {
	if len(round) != n/4 {
		return fmt.Errorf("%d tables, want %d for %d players", len(round), n/4, n)
	}
	seen := make([]int, n+1)
	for t, table := range round {
		for w, p := range table {
			if p < 1 || p > n {
				return fmt.Errorf("table %d, %s: player %d is not in 1..%d", t+1, windNames[w], p, n)
			}
			if seen[p] != 0 {
				return fmt.Errorf("table %d, %s: player %d already seated at table %d", t+1, windNames[w], p, seen[p])
			}
			seen[p] = t + 1
		}
	}
	return nil
}

// windNames are the seats of a table in the order a Seating lists them
// (the engine's names; this package imports nothing of the project).
var windNames = [4]string{"East", "South", "West", "North"}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
