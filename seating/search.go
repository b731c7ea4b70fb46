package seating

import (
	"context"
	"math/rand/v2"
)

// search is the state of Make: the rounds as groups of players (0-based),
// how often each pair meets, and the random source.
type search struct {
	n, t, rounds int
	fixed        int // the first fixed rounds are the played ones
	rng          *rand.Rand
	club         []int32 // club of each player, -1 for none
	// group[r][p] is the group of player p in round r; members[r][g] its
	// players.
	group   [][]int32
	members [][][4]int32
	meet    []int32 // meet[a*n+b]: rounds a and b share a table
	// repeatW weighs a pair's repeat meetings against clubW[r], the cost of
	// two players of one club together in round r.
	repeatW int64
	clubW   []int64
	// tableOf[r][g] is the table number (0-based) of group g in round r;
	// wind[r][p] the wind of player p in round r.
	tableOf [][]int32
	wind    [][]int8
	budget  int // steps of the meetings search
}

func newSearch(r Request) *search {
	n := r.Players
	s := &search{
		n: n, t: n / 4, rounds: r.Hanchan, fixed: len(r.Played),
		rng:     rand.New(rand.NewPCG(uint64(r.Seed), 0x7461626c6564)),
		club:    make([]int32, n),
		meet:    make([]int32, n*n),
		repeatW: int64(r.Hanchan),
		clubW:   make([]int64, r.Hanchan),
	}
	ids := map[string]int32{}
	for i := range s.club {
		s.club[i] = -1
		if r.Clubs != nil && r.Clubs[i] != "" {
			id, ok := ids[r.Clubs[i]]
			if !ok {
				id = int32(len(ids))
				ids[r.Clubs[i]] = id
			}
			s.club[i] = id
		}
	}
	// Clubmates together cost as much as a repeat meeting in the first
	// round, less in each later one: the search keeps them apart first
	// where it cannot in every round.
	for i := range s.clubW {
		s.clubW[i] = int64(r.Hanchan - i)
	}
	s.group = make([][]int32, s.rounds)
	s.members = make([][][4]int32, s.rounds)
	s.tableOf = make([][]int32, s.rounds)
	s.wind = make([][]int8, s.rounds)
	for i := range s.rounds {
		s.group[i] = make([]int32, n)
		s.members[i] = make([][4]int32, s.t)
		s.tableOf[i] = make([]int32, s.t)
		s.wind[i] = make([]int8, n)
	}
	for i, round := range r.Played {
		for g, table := range round {
			for w, p := range table {
				s.group[i][p-1] = int32(g)
				s.members[i][g][w] = int32(p - 1)
				s.wind[i][p-1] = int8(w)
			}
			s.tableOf[i][g] = int32(g)
			s.addGroup(i, g, 1)
		}
	}
	for i := s.fixed; i < s.rounds; i++ {
		s.greedyRound(i)
	}
	// About 3 s for the largest tournaments on a slow core; most stop much
	// earlier, at the lower bound.
	s.budget = 400_000
	return s
}

// addGroup counts (d=1) or uncounts (d=-1) the meetings of group g of
// round r.
func (s *search) addGroup(r, g int, d int32) {
	m := &s.members[r][g]
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			a, b := int(m[i]), int(m[j])
			s.meet[a*s.n+b] += d
			s.meet[b*s.n+a] += d
		}
	}
}

// greedyRound seats round r player by player, in a random order, each at
// the open table where it meets the fewest players it has met already.
func (s *search) greedyRound(r int) {
	order := s.rng.Perm(s.n)
	size := make([]int, s.t)
	for _, p := range order {
		best, bestCost := -1, int64(-1)
		start := s.rng.IntN(s.t)
		for k := range s.t {
			g := (start + k) % s.t
			if size[g] == 4 {
				continue
			}
			var c int64
			for _, q := range s.members[r][g][:size[g]] {
				c += s.repeatW * int64(s.meet[p*s.n+int(q)])
				if s.sameClub(p, int(q)) {
					c += s.clubW[r]
				}
			}
			if best < 0 || c < bestCost {
				best, bestCost = g, c
			}
		}
		s.members[r][best][size[best]] = int32(p)
		s.group[r][p] = int32(best)
		size[best]++
	}
	for g := range s.t {
		s.tableOf[r][g] = int32(g)
		s.addGroup(r, g, 1)
	}
}

func (s *search) sameClub(a, b int) bool {
	return s.club[a] >= 0 && s.club[a] == s.club[b]
}

// pairCost is the cost of a pair meeting m times: m(m-1)/2, so that two
// pairs meeting twice cost less than one meeting three times.
func pairCost(m int64) int64 { return m * (m - 1) / 2 }

// cost is what the meetings search minimises over the rounds it may
// change (repeats in played rounds count too: they are there).
func (s *search) cost() int64 {
	var c int64
	for a := range s.n {
		for b := a + 1; b < s.n; b++ {
			c += s.repeatW * pairCost(int64(s.meet[a*s.n+b]))
		}
	}
	for r := s.fixed; r < s.rounds; r++ {
		for g := range s.t {
			m := &s.members[r][g]
			for i := 0; i < 4; i++ {
				for j := i + 1; j < 4; j++ {
					if s.sameClub(int(m[i]), int(m[j])) {
						c += s.clubW[r]
					}
				}
			}
		}
	}
	return c
}

// lowerBound is the least cost any seating can have: each player meets
// 3R opponents among N-1, at best spread evenly.
func (s *search) lowerBound() int64 {
	return s.repeatW * forcedCost(s.n, s.rounds)
}

// forcedCost is the least sum over pairs of m(m-1)/2 for n players and
// rounds rounds: each player's 3·rounds meetings spread evenly over the
// n-1 others.
func forcedCost(n, rounds int) int64 {
	if n < 2 {
		return 0
	}
	q, rem := int64(3*rounds/(n-1)), int64(3*rounds%(n-1))
	per := rem*pairCost(q+1) + (int64(n-1)-rem)*pairCost(q)
	return per * int64(n) / 2
}

// swapDelta is the change in cost if x and y (in different groups of
// round r) changed places.
func (s *search) swapDelta(r, x, y int) int64 {
	gx, gy := s.group[r][x], s.group[r][y]
	var d int64
	cw := s.clubW[r]
	for _, z32 := range s.members[r][gx] {
		z := int(z32)
		if z == x {
			continue
		}
		d += s.repeatW * int64(s.meet[y*s.n+z]-(s.meet[x*s.n+z]-1))
		if s.sameClub(y, z) {
			d += cw
		}
		if s.sameClub(x, z) {
			d -= cw
		}
	}
	for _, z32 := range s.members[r][gy] {
		z := int(z32)
		if z == y {
			continue
		}
		d += s.repeatW * int64(s.meet[x*s.n+z]-(s.meet[y*s.n+z]-1))
		if s.sameClub(x, z) {
			d += cw
		}
		if s.sameClub(y, z) {
			d -= cw
		}
	}
	return d
}

// swap makes x and y of round r change places.
func (s *search) swap(r, x, y int) {
	gx, gy := int(s.group[r][x]), int(s.group[r][y])
	s.addGroup(r, gx, -1)
	s.addGroup(r, gy, -1)
	for i, p := range s.members[r][gx] {
		if int(p) == x {
			s.members[r][gx][i] = int32(y)
		}
	}
	for i, p := range s.members[r][gy] {
		if int(p) == y {
			s.members[r][gy][i] = int32(x)
		}
	}
	s.group[r][x], s.group[r][y] = int32(gy), int32(gx)
	s.addGroup(r, gx, 1)
	s.addGroup(r, gy, 1)
}

// conflicted reports whether player p, in round r, shares its table with
// someone met more than once or a clubmate.
func (s *search) conflicted(r, p int) bool {
	for _, q32 := range s.members[r][s.group[r][p]] {
		q := int(q32)
		if q != p && (s.meet[p*s.n+q] > 1 || s.clubW[r] > 0 && s.sameClub(p, q)) {
			return true
		}
	}
	return false
}

// meetings runs the tabu search on who meets whom, keeping the best
// rounds found.
func (s *search) meetings(ctx context.Context) {
	if s.fixed == s.rounds {
		return
	}
	cost, lb := s.cost(), s.lowerBound()
	best := cost
	saved := s.save()
	tabu := make([][]int, s.rounds)
	for r := range tabu {
		tabu[r] = make([]int, s.n)
	}
	type cand struct{ r, p int }
	var conflicts []cand
	stall := 0
	for it := 0; it < s.budget && best > lb; it++ {
		if it%256 == 0 && ctx.Err() != nil {
			break
		}
		conflicts = conflicts[:0]
		for r := s.fixed; r < s.rounds; r++ {
			for p := range s.n {
				if s.conflicted(r, p) {
					conflicts = append(conflicts, cand{r, p})
				}
			}
		}
		if len(conflicts) == 0 {
			break // what is left is in the played rounds
		}
		c := conflicts[s.rng.IntN(len(conflicts))]
		r, x := c.r, c.p
		by, bd, ties := -1, int64(0), 0
		for y := range s.n {
			if s.group[r][y] == s.group[r][x] {
				continue
			}
			d := s.swapDelta(r, x, y)
			if tabu[r][y] > it && cost+d >= best {
				continue
			}
			switch {
			case by < 0 || d < bd:
				by, bd, ties = y, d, 1
			case d == bd:
				ties++
				if s.rng.IntN(ties) == 0 {
					by = y
				}
			}
		}
		if by < 0 {
			continue
		}
		s.swap(r, x, by)
		cost += bd
		tenure := 4 + s.rng.IntN(8)
		tabu[r][x], tabu[r][by] = it+tenure, it+tenure
		if cost < best {
			best, stall = cost, 0
			saved = s.save()
			continue
		}
		if stall++; stall > 2000 {
			// Start again near the best found, shaken by a few random swaps.
			s.restore(saved)
			for range 1 + s.rng.IntN(4) {
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

// save copies the groups of the rounds the search may change.
func (s *search) save() [][][4]int32 {
	out := make([][][4]int32, s.rounds-s.fixed)
	for i := range out {
		out[i] = append([][4]int32(nil), s.members[s.fixed+i]...)
	}
	return out
}

// restore puts back what save copied, and recounts the meetings.
func (s *search) restore(saved [][][4]int32) {
	for i, round := range saved {
		r := s.fixed + i
		for g := range s.t {
			s.addGroup(r, g, -1)
		}
		copy(s.members[r], round)
		for g, m := range round {
			for _, p := range m {
				s.group[r][p] = int32(g)
			}
			s.addGroup(r, g, 1)
		}
	}
}
