package seating

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestRename: rename finds the renaming of a seating's first rounds
// whatever the players' numbers, tables and seats, and finds none where
// the rounds are not the same up to names (one round seated twice
// against two different rounds).
func TestRename(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct{ players, rounds int }{{16, 3}, {32, 3}, {28, 4}, {40, 5}} {
		f := newSearch(context.Background(), Request{Players: c.players, Hanchan: c.rounds, Seed: 3})
		f.meetings(context.Background())
		from := f.group[:c.rounds]
		// to: the same rounds, the players renamed by a random bijection
		// and the groups of each round in another order.
		names := rng.Perm(c.players)
		to := make([][]int32, c.rounds)
		for i := range to {
			order := rng.Perm(f.t)
			to[i] = make([]int32, c.players)
			for p, g := range from[i] {
				to[i][names[p]] = int32(order[g])
			}
		}
		pi, ok := rename(from, to, f.t, renameNodes)
		if !ok {
			t.Errorf("%dx%d: no renaming found", c.players, c.rounds)
			continue
		}
		for i := range from {
			for x := range c.players {
				for y := range c.players {
					if (from[i][x] == from[i][y]) != (to[i][pi[x]] == to[i][pi[y]]) {
						t.Fatalf("%dx%d round %d: %d, %d renamed %d, %d do not keep their meeting", c.players, c.rounds, i, x, y, pi[x], pi[y])
					}
				}
			}
		}
		twice := [][]int32{to[0], to[0]}
		if _, ok := rename(from[:2], twice, f.t, renameNodes); ok {
			t.Errorf("%dx%d: a renaming of two different rounds onto one round twice", c.players, c.rounds)
		}
	}
}
