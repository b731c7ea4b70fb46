package seating

import "context"

// golf is the meetings search when no club is set: a tabu search in the
// manner of the social golfer problem's, which each step weighs every swap
// of a player in a collision (one of a pair meeting again, in a round
// where they meet) with any player of another table of that round, and
// makes the best one not tabu (or any that beats the best cost found).
// It stops at lb, after weighings weighings, or when ctx is done, and
// leaves the best rounds found. Counting weighings rather than steps
// keeps the work of a step, which grows with the collisions, in the
// bound.
//
// With table visits counted (visitW > 0), a player sitting at a table it
// visits more than needed is in a collision too, and a seating is kept as
// the best only if its meetings cost (pairSum) at most pairCap: the
// weights let the search pass through a repeat meeting to move a visit,
// never end on one.
func (s *search) golf(ctx context.Context, lb int64, weighings int, pairCap int64) {
	cost := s.cost()
	best := cost
	saved := s.save()
	tabu := make([][]int, s.rounds)
	for r := range tabu {
		tabu[r] = make([]int, s.n)
	}
	stall := 0
	for it := 0; weighings > 0 && best > lb; it++ {
		if it%64 == 0 && ctx.Err() != nil {
			break
		}
		// A step costs at least a sweep, even one that finds no collision
		// to move (they can all be in played rounds).
		weighings -= s.n
		br, bx, by, bd, ties := -1, 0, 0, int64(0), 0
		weigh := func(r, x int) {
			weighings -= s.n
			for y := range s.n {
				if s.group[r][y] == s.group[r][x] {
					continue
				}
				d := s.swapDelta(r, x, y)
				if (tabu[r][x] > it || tabu[r][y] > it) && cost+d >= best {
					continue
				}
				switch {
				case br < 0 || d < bd:
					br, bx, by, bd, ties = r, x, y, d, 1
				case d == bd:
					ties++
					if s.rng.IntN(ties) == 0 {
						br, bx, by = r, x, y
					}
				}
			}
		}
		for _, k := range s.repeated {
			a, b := int(k)/s.n, int(k)%s.n
			for r := s.fixed; r < s.rounds; r++ {
				if s.group[r][a] == s.group[r][b] {
					weigh(r, a)
					weigh(r, b)
				}
			}
		}
		collisions := len(s.repeated)
		if s.visitW > 0 {
			weighings -= (s.rounds - s.fixed) * s.n
			for r := s.fixed; r < s.rounds; r++ {
				for x := range s.n {
					if s.visits[x*s.t+int(s.group[r][x])] > s.need {
						collisions++
						weigh(r, x)
					}
				}
			}
		}
		if br < 0 {
			if collisions == 0 {
				break
			}
			stall = golfStall // every move tabu: shake
		} else {
			s.swap(br, bx, by)
			cost += bd
			tabu[br][bx] = it + 2 + s.rng.IntN(golfTenure)
			tabu[br][by] = it + 2 + s.rng.IntN(golfTenure)
			if cost < best && s.pairSum <= pairCap {
				best, stall = cost, 0
				saved = s.save()
				continue
			}
		}
		if stall++; stall > golfStall {
			s.restore(saved)
			for range 2 + s.rng.IntN(golfShake) {
				r := s.fixed + s.rng.IntN(s.rounds-s.fixed)
				x, y := s.rng.IntN(s.n), s.rng.IntN(s.n)
				if s.group[r][x] != s.group[r][y] {
					s.swap(r, x, y)
				}
			}
			cost, stall = s.cost(), 0
		}
	}
	s.restore(saved)
}

var golfStall, golfTenure, golfShake = 300, 15, 4
var golfWeighings = 40_000_000
