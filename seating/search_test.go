package seating

import (
	"context"
	"fmt"
	"os"
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
	s := newSearch(context.Background(), Request{Players: 16, Hanchan: 6, Seed: 1, Played: played, Clubs: clubs})
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

// TestAtForcedMinimum: sizes where the field construction alone leaves
// repeats the sizes do not force reach the forced minimum, by a cyclic
// seating (24x7, 28x9, 40x10, 48x12: none at all) or by the golf search
// from it (24x9, 28x10: the minimum forced). The rest of the sizes fixed
// this way take seconds each and run with the grid
// (TABLED_SEATING_GRID=1).
func TestAtForcedMinimum(t *testing.T) {
	grid := os.Getenv("TABLED_SEATING_GRID") != ""
	for _, c := range []struct {
		players, hanchan int
		slow             bool
	}{
		{24, 7, false}, {28, 9, false}, {40, 10, false}, {48, 12, false},
		{24, 9, false}, {28, 10, false},
		{16, 9, true}, {20, 8, true}, {20, 10, true}, {24, 6, true},
		{28, 8, true}, {36, 10, true}, {40, 11, true},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.players, c.hanchan), func(t *testing.T) {
			if c.slow && !grid {
				t.Skip("seconds: runs with TABLED_SEATING_GRID=1")
			}
			if raceEnabled && (c.players != 24 || c.hanchan != 7) {
				t.Skip("a minute under the race detector: runs without it (.ci/run)")
			}
			s := make_(t, Request{Players: c.players, Hanchan: c.hanchan, Seed: 1})
			valid(t, s, c.players, c.hanchan)
			if q := Measure(s, c.players); q.Repeats != q.ForcedRepeats || q.WindOff != 0 {
				t.Errorf("%v", q)
			}
		})
	}
}
