package seating

import (
	"fmt"
	"testing"
)

// TestSwapDelta: the change the search computes for a swap is the change
// in its whole cost, with clubs and played rounds.
func TestSwapDelta(t *testing.T) {
	played := Seating{{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}}}
	clubs := make([]string, 16)
	for i := range clubs {
		clubs[i] = fmt.Sprint(i % 3)
	}
	s := newSearch(Request{Players: 16, Hanchan: 6, Seed: 1, Played: played, Clubs: clubs})
	cost := s.cost()
	for range 2000 {
		r := 1 + s.rng.IntN(5)
		x, y := s.rng.IntN(16), s.rng.IntN(16)
		if s.group[r][x] == s.group[r][y] {
			continue
		}
		d := s.swapDelta(r, x, y)
		s.swap(r, x, y)
		if got := s.cost(); got != cost+d {
			t.Fatalf("swap %d %d in round %d: cost %d, delta said %d", x, y, r, got, cost+d)
		}
		cost += d
	}
}
