package seating

import (
	"cmp"
	"slices"
)

// layered orders the players for the construction's layers: at random,
// but the players of one club together, the largest clubs first, so that
// clubmates share a layer (whose players never meet).
func (s *search) layered() []int {
	order := s.rng.Perm(s.n)
	size := map[int32]int{}
	for _, c := range s.club {
		if c >= 0 {
			size[c]++
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ca, cb := s.club[a], s.club[b]
		if ca < 0 || cb < 0 {
			return cmp.Compare(-ca, -cb) // the unaffiliated last
		}
		return cmp.Or(cmp.Compare(size[cb], size[ca]), cmp.Compare(ca, cb))
	})
	return order
}

// overVisit draws a player sitting, in a round the search may change, at
// a table it visits more than needed; r < 0 when there is none.
func (s *search) overVisit() (r, x int) {
	free := s.rounds - s.fixed
	off := s.rng.IntN(free * s.n)
	for k := range free * s.n {
		i := (off + k) % (free * s.n)
		r, x := s.fixed+i/s.n, i%s.n
		if s.visits[x*s.t+int(s.group[r][x])] > s.need {
			return r, x
		}
	}
	return -1, 0
}

// conflict draws a player in a collision, and its round: one of a pair
// meeting more than once, in a round (not played) where they meet; or,
// half the time when there are clubs, a player at a table with a
// clubmate. It returns r < 0 when there is none the search may change.
func (s *search) conflict(clubs bool) (r, x int) {
	free := s.rounds - s.fixed
	if clubs && (len(s.repeated) == 0 || s.rng.IntN(2) == 0) {
		off := s.rng.IntN(free * s.n)
		for k := range free * s.n {
			i := (off + k) % (free * s.n)
			r, x := s.fixed+i/s.n, i%s.n
			for _, q := range s.members[r][s.group[r][x]] {
				if int(q) != x && s.clubW[r] > 0 && s.sameClub(x, int(q)) {
					return r, x
				}
			}
		}
	}
	for range 8 {
		if len(s.repeated) == 0 {
			return -1, 0
		}
		k := int(s.repeated[s.rng.IntN(len(s.repeated))])
		a, b := k/s.n, k%s.n
		off := s.rng.IntN(free)
		for i := range free {
			r := s.fixed + (off+i)%free
			if s.group[r][a] == s.group[r][b] {
				if s.rng.IntN(2) == 0 {
					return r, a
				}
				return r, b
			}
		}
	}
	// The pairs drawn meet again only in played rounds: look at them all.
	for _, k := range s.repeated {
		a, b := int(k)/s.n, int(k)%s.n
		for r := s.fixed; r < s.rounds; r++ {
			if s.group[r][a] == s.group[r][b] {
				return r, a
			}
		}
	}
	return -1, 0
}
