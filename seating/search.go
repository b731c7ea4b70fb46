package seating

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
)

// search is the state of Make: the rounds as groups of players (0-based),
// how often each pair meets, and the random source.
type search struct {
	n, t, rounds int
	fixed        int // the first fixed rounds are the played ones
	rng          *rand.Rand
	pcg          *rand.PCG // rng's source, whose state spread saves
	club         []int32   // club of each player, -1 for none
	// group[r][p] is the group of player p in round r; members[r][g] its
	// players.
	group   [][]int32
	members [][][4]int32
	meet    []int32 // meet[a*n+b]: rounds a and b share a table
	// pairSum is the sum over pairs of pairCost(meet), kept by addGroup.
	pairSum int64
	// repeated lists the pairs a*n+b (a < b) meeting more than once, at
	// their index in where (-1 for the others): the search draws its next
	// conflict from it at no cost.
	repeated []int32
	where    []int32
	// visits[p*t+g]: rounds p sits at table g (in the search a group's
	// index is its table number); need is ceil(R/T). visitW is 0 in the
	// search's first phase, on meetings alone, and 1 in the second, on
	// table visits, where meetings weigh visitScale times more.
	visits []int32
	need   int32
	visitW int64
	// repeatW weighs a pair's repeat meetings against clubW[r], the cost of
	// two players of one club together in round r.
	repeatW int64
	clubW   []int64
	// tableOf[r][g] is the table number (0-based) of group g in round r;
	// wind[r][p] the wind of player p in round r.
	tableOf [][]int32
	wind    [][]int8
	budget  int // steps of the meetings search
	// playedCost is what the repeats within the played rounds cost: no
	// search goes below it; playedLB is the repeats the played rounds
	// force on the whole seating (playedBound), weighed.
	playedCost, playedLB int64
}

func newSearch(ctx context.Context, r Request) *search {
	n := r.Players
	s := &search{
		n: n, t: n / 4, rounds: r.Hanchan, fixed: len(r.Played),
		pcg:     rand.NewPCG(uint64(r.Seed), 0x7461626c6564),
		club:    make([]int32, n),
		meet:    make([]int32, n*n),
		where:   make([]int32, n*n),
		visits:  make([]int32, n*(n/4)),
		need:    int32((r.Hanchan + n/4 - 1) / (n / 4)),
		repeatW: int64(r.Hanchan),
		clubW:   make([]int64, r.Hanchan),
	}
	s.rng = rand.New(s.pcg)
	for i := range s.where {
		s.where[i] = -1
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
	s.playedCost = s.repeatCost()
	s.playedLB = s.repeatW * int64(playedBound(s.meet, n, s.fixed, s.rounds))
	// The rounds left: constructed, or after played rounds the better of
	// that and a greedy seating (which sees whom the played rounds met).
	s.construct(ctx, s.layered(), s.fixed)
	if s.fixed > 0 && s.fixed < s.rounds {
		built := s.cost()
		kept := s.save()
		for r := s.fixed; r < s.rounds; r++ {
			for g := range s.t {
				s.addGroup(r, g, -1)
			}
			s.greedyRound(r)
		}
		if s.cost() > built {
			s.restore(kept)
		}
		s.reseat(ctx, r)
	}
	// A step weighs up a swap of each of a colliding pair with each of
	// the N players: at most 2·7.2 million weighings and 120,000 steps,
	// and a quarter more for the table visits, under 1 s of CPU on the
	// 2-core test machine; most sizes stop much earlier, at the lower
	// bound.
	s.budget = min(120_000, 7_200_000/n)
	return s
}

// addGroup counts (d=1) or uncounts (d=-1) the meetings and table
// visits of group g of round r.
func (s *search) addGroup(r, g int, d int32) {
	m := &s.members[r][g]
	for _, p := range m {
		s.visits[int(p)*s.t+g] += d
	}
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			a, b := int(min(m[i], m[j])), int(max(m[i], m[j]))
			k := a*s.n + b
			s.pairSum += pairCost(int64(s.meet[k])+int64(d)) - pairCost(int64(s.meet[k]))
			s.meet[k] += d
			s.meet[b*s.n+a] += d
			switch {
			case d > 0 && s.meet[k] == 2:
				s.where[k] = int32(len(s.repeated))
				s.repeated = append(s.repeated, int32(k))
			case d < 0 && s.meet[k] == 1:
				last := s.repeated[len(s.repeated)-1]
				s.repeated[s.where[k]] = last
				s.where[last] = s.where[k]
				s.repeated = s.repeated[:len(s.repeated)-1]
				s.where[k] = -1
			}
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

// clubs says whether any player has a club.
func (s *search) clubs() bool {
	return slices.ContainsFunc(s.club, func(c int32) bool { return c >= 0 })
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
	c := s.repeatCost()
	if s.visitW > 0 {
		for _, v := range s.visits {
			c += s.visitCost(v)
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

// repeatCost is the cost of the repeat meetings alone.
func (s *search) repeatCost() int64 {
	var c int64
	for a := range s.n {
		for b := a + 1; b < s.n; b++ {
			c += s.repeatW * pairCost(int64(s.meet[a*s.n+b]))
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

// visitCost is the cost of v visits of a player to one table: the square
// of those beyond need.
func (s *search) visitCost(v int32) int64 {
	o := int64(max(0, v-s.need))
	return s.visitW * o * o
}

// swapDelta is the change in cost if x and y (in different groups of
// round r) changed places.
func (s *search) swapDelta(r, x, y int) int64 {
	gx, gy := s.group[r][x], s.group[r][y]
	var d int64
	if s.visitW > 0 {
		for _, m := range [2]struct{ p, from, to int }{{x, int(gx), int(gy)}, {y, int(gy), int(gx)}} {
			vf, vt := s.visits[m.p*s.t+m.from], s.visits[m.p*s.t+m.to]
			d += s.visitCost(vf-1) - s.visitCost(vf) + s.visitCost(vt+1) - s.visitCost(vt)
		}
	}
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

// visitScale is how much more meetings weigh than table visits in the
// second phase: no saving in visits pays for a repeat meeting.
const visitScale = 1 << 20

// meetings runs the tabu search on who meets whom, then (when there are no
// clubs, where it leaves more than the forced minimum)
// the golf search from where it stopped, then the tabu search again with
// the table visits (a group's index is its table number), keeping the best
// rounds found: the table numbering that follows starts from them.
func (s *search) meetings(ctx context.Context) {
	if s.fixed == s.rounds {
		return
	}
	s.tabu(ctx, max(s.lowerBound(), s.playedLB), s.budget)
	if !s.clubs() {
		s.golf(ctx, max(s.lowerBound(), s.playedCost, s.playedLB), golfWeighings, math.MaxInt64)
	}
	// Meetings as they are now are the second phase's bound.
	bound := s.cost() * visitScale
	s.repeatW *= visitScale
	for i := range s.clubW {
		s.clubW[i] *= visitScale
	}
	s.visitW = 1
	s.tabu(ctx, bound, s.budget/4)
	s.repeatW /= visitScale
	for i := range s.clubW {
		s.clubW[i] /= visitScale
	}
	s.visitW = 0
}

// tabu runs the tabu search for steps steps or until the cost is lb,
// and leaves the best rounds found.
func (s *search) tabu(ctx context.Context, lb int64, steps int) {
	cost := s.cost()
	best := cost
	saved := s.save()
	tabu := make([][]int, s.rounds)
	for r := range tabu {
		tabu[r] = make([]int, s.n)
	}
	clubs := slices.ContainsFunc(s.club, func(c int32) bool { return c >= 0 })
	stall := 0
	for it := 0; it < steps && best > lb; it++ {
		if it%256 == 0 && ctx.Err() != nil {
			break
		}
		r, x := -1, 0
		if s.visitW > 0 && s.rng.IntN(2) == 0 {
			r, x = s.overVisit()
		}
		if r < 0 {
			r, x = s.conflict(clubs)
		}
		if r < 0 && s.visitW > 0 {
			r, x = s.overVisit()
		}
		if r < 0 {
			break // what is left is in the played rounds
		}
		// The partner of x in its collision, if any, may move instead.
		bx, by, bd, ties := -1, -1, int64(0), 0
		for _, x := range [2]int{x, s.mate(r, x)} {
			if x < 0 {
				continue
			}
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
					bx, by, bd, ties = x, y, d, 1
				case d == bd:
					ties++
					if s.rng.IntN(ties) == 0 {
						bx, by = x, y
					}
				}
			}
		}
		if by < 0 {
			continue
		}
		x = bx
		s.swap(r, x, by)
		cost += bd
		tenure := 4 + s.rng.IntN(8)
		tabu[r][x], tabu[r][by] = it+tenure, it+tenure
		if cost < best {
			best, stall = cost, 0
			saved = s.save()
			continue
		}
		if stall++; stall > 100 {
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

// mate is a player at x's table in round r that x has met more than
// once, or -1.
func (s *search) mate(r, x int) int {
	for _, q := range s.members[r][s.group[r][x]] {
		if int(q) != x && s.meet[x*s.n+int(q)] > 1 {
			return int(q)
		}
	}
	return -1
}
