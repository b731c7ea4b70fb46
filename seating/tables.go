package seating

import "math"

// tables gives each group of the rounds left a table number, so that no
// player sits at one table more often than the rounds force. It
// minimises, over players and tables, f(v) = v(v-1)/2 for v visits plus a
// heavier 8·o² for the o visits beyond ceil(R/T) (the square, so that one
// player at a table four times costs more than three at it twice: the
// most anyone visits a table is what organisers read). v(v-1)/2 alone
// cannot tell good from bad: in an affine plane two groups of different
// rounds share exactly one player, so every numbering has the same sum,
// including one that seats a player at table 1 every round.
//
// Given the numbers of every other round, the best numbering of one round
// is an assignment problem (group g at table j costs, over its four
// players, f(v+1)-f(v) for their v visits to j in the other rounds), which
// the Hungarian method solves exactly. So, from the numbers the meetings
// search left (a group's index, on which it counted visits), each round
// is numbered again, the best given all the others, until none improves; then the best
// numbering found is shaken (a few tables of a round or two swap numbers)
// and the descent starts again. It is bounded by a count of assignments
// (under half a second of CPU), and runs even when the deadline has cut
// the meetings search short, so that a cut seating still has good
// numbers.
func (s *search) tables(work int) {
	free := s.rounds - s.fixed
	if free == 0 || s.t == 1 {
		return
	}
	tn := &numbering{s: s, visits: make([]int32, s.n*s.t)}
	need := (s.rounds + s.t - 1) / s.t
	tn.f = make([]int64, s.rounds+2)
	for v := range tn.f {
		over := int64(max(0, v-need))
		tn.f[v] = pairCost(int64(v)) + 8*over*over
	}
	q, rem := int64(s.rounds/s.t), int64(s.rounds%s.t)
	lb := int64(s.n) * (rem*tn.f[q+1] + (int64(s.t)-rem)*tn.f[q])
	tn.cost = make([][]int64, s.t)
	for g := range tn.cost {
		tn.cost[g] = make([]int64, s.t)
	}
	for r := range s.rounds {
		tn.count(r, 1)
	}
	cost := tn.total()
	best, bestOf := cost, s.copyTables()
	budget := max(1, work/(s.t*s.t*s.t))
	budget = min(budget, tablesSolves)
	for tn.solves < budget && best > lb {
		// Descend: each round the best given the others, until none
		// improves.
		for improved := true; improved && tn.solves < budget; {
			improved = false
			off := s.rng.IntN(free)
			for k := range free {
				r := s.fixed + (off+k)%free
				tn.count(r, -1)
				before := tn.roundCost(r)
				after := tn.solve(r)
				tn.count(r, 1)
				if after < before {
					cost += after - before
					improved = true
				}
			}
		}
		if cost < best {
			best, bestOf = cost, s.copyTables()
		}
		if best <= lb {
			break
		}
		// Shake the best found, or where the descent ended if as good (a
		// walk on the plateau): a few swaps of two tables' numbers.
		if cost > best {
			tn.load(bestOf)
		}
		for range 1 + s.rng.IntN(tablesShake) {
			r := s.fixed + s.rng.IntN(free)
			a, b := s.rng.IntN(s.t), s.rng.IntN(s.t)
			tn.count(r, -1)
			for g, tb := range s.tableOf[r] {
				switch int(tb) {
				case a:
					s.tableOf[r][g] = int32(b)
				case b:
					s.tableOf[r][g] = int32(a)
				}
			}
			tn.count(r, 1)
		}
		cost = tn.total()
	}
	tn.load(bestOf)
}

// Bounds of the table numbering: elementary steps of the Hungarian method
// (T³ an assignment) for tables(tablesWork) and assignments, and how many swaps a shake makes at
// most.
const (
	tablesWork   = 400_000_000
	tablesSolves = 60_000
	tablesShake  = 3
)

// numbering is the state of tables: each player's visits to each table,
// f, and a T by T cost matrix reused by each assignment.
type numbering struct {
	s      *search
	visits []int32
	f      []int64
	cost   [][]int64
	solves int
}

// count adds (d = 1) or removes (d = -1) round r's visits.
func (tn *numbering) count(r int, d int32) {
	s := tn.s
	for g, m := range s.members[r] {
		tb := int(s.tableOf[r][g])
		for _, p := range m {
			tn.visits[int(p)*s.t+tb] += d
		}
	}
}

// roundCost is what round r's numbers add to the cost, its visits not
// counted.
func (tn *numbering) roundCost(r int) int64 {
	s := tn.s
	var c int64
	for g, m := range s.members[r] {
		tb := int(s.tableOf[r][g])
		for _, p := range m {
			v := tn.visits[int(p)*s.t+tb]
			c += tn.f[v+1] - tn.f[v]
		}
	}
	return c
}

// solve numbers round r (its visits not counted) the best given the
// visits counted, and returns what the round adds to the cost.
func (tn *numbering) solve(r int) int64 {
	s := tn.s
	tn.solves++
	// The tables in a random order: among numberings of equal cost, the
	// assignment then takes another each time, and the descent walks the
	// plateau.
	order := s.rng.Perm(s.t)
	for g, m := range s.members[r] {
		for k, j := range order {
			var c int64
			for _, p := range m {
				v := tn.visits[int(p)*s.t+j]
				c += tn.f[v+1] - tn.f[v]
			}
			tn.cost[g][k] = c
		}
	}
	var c int64
	for g, k := range hungarian(tn.cost) {
		s.tableOf[r][g] = int32(order[k])
		c += tn.cost[g][k]
	}
	return c
}

// total is the cost of the visits counted.
func (tn *numbering) total() int64 {
	var c int64
	for _, v := range tn.visits {
		c += tn.f[v]
	}
	return c
}

// load puts back the numbers copyTables copied, and counts them again.
func (tn *numbering) load(saved [][]int32) {
	s := tn.s
	for i, nums := range saved {
		r := s.fixed + i
		tn.count(r, -1)
		copy(s.tableOf[r], nums)
		tn.count(r, 1)
	}
}

// copyTables copies the table numbers of the rounds left.
func (s *search) copyTables() [][]int32 {
	out := make([][]int32, s.rounds-s.fixed)
	for i := range out {
		out[i] = append([]int32(nil), s.tableOf[s.fixed+i]...)
	}
	return out
}

// anneal gives each group of the rounds left a table number, the first
// numbering (spread then tries to do better by assignment) (a bounded
// pass, about 0.1 s at most: it runs even when the deadline has cut the
// search short, so that a cut seating still has good numbers), so that no
// player sits at one table more often than the rounds force: a local
// search (simulated annealing, swapping the numbers of two groups of one
// round). It minimises, over players and tables, v(v-1)/2 for v visits
// plus a heavier cost for the square of the visits beyond ceil(R/T) (the
// square, so that one player at a table four times costs more than three
// at it twice: the most anyone visits a table is what organisers read).
// v(v-1)/2 alone
// cannot tell good from bad (in an affine plane two groups of different
// rounds share exactly one player, so every numbering has the same sum,
// including one that seats a player at table 1 every round). Annealing,
// because a greedy search stops where moving a group off a table one
// player visits too often costs the three others it moves.
func (s *search) anneal() {
	visits := make([]int32, s.n*s.t)
	for r := range s.rounds {
		for g, m := range s.members[r] {
			for _, p := range m {
				visits[int(p)*s.t+int(s.tableOf[r][g])]++
			}
		}
	}
	free := s.rounds - s.fixed
	if free == 0 || s.t == 1 {
		return
	}
	need := (s.rounds + s.t - 1) / s.t
	f := make([]int64, s.rounds+2)
	for v := range f {
		over := int64(max(0, v-need))
		f[v] = pairCost(int64(v)) + 8*over*over
	}
	var cost int64
	for _, v := range visits {
		cost += f[v]
	}
	q, rem := int64(s.rounds/s.t), int64(s.rounds%s.t)
	lb := int64(s.n) * (rem*f[q+1] + (int64(s.t)-rem)*f[q])
	byTable := make([][]int32, s.rounds)
	for r := range s.rounds {
		byTable[r] = make([]int32, s.t)
		for g, tb := range s.tableOf[r] {
			byTable[r][tb] = int32(g)
		}
	}
	// delta of moving group g of round r from table a to table b.
	move := func(r, g, a, b int) int64 {
		var d int64
		for _, p := range s.members[r][g] {
			va, vb := visits[int(p)*s.t+a], visits[int(p)*s.t+b]
			d += f[vb+1] - f[vb] + f[va-1] - f[va]
		}
		return d
	}
	apply := func(r, g, a, b int) {
		for _, p := range s.members[r][g] {
			visits[int(p)*s.t+a]--
			visits[int(p)*s.t+b]++
		}
	}
	best, bestOf := cost, s.copyTables()
	const steps = 300_000
	temp, cool := 30.0, math.Pow(0.1/30.0, 1.0/float64(steps))
	for it := 0; it < steps && best > lb; it, temp = it+1, temp*cool {
		r := s.fixed + s.rng.IntN(free)
		a, b := s.rng.IntN(s.t), s.rng.IntN(s.t)
		if a == b {
			continue
		}
		ga, gb := int(byTable[r][a]), int(byTable[r][b])
		d := move(r, ga, a, b)
		apply(r, ga, a, b)
		d += move(r, gb, b, a)
		if d > 0 && s.rng.Float64() >= math.Exp(-float64(d)/temp) {
			apply(r, ga, b, a)
			continue
		}
		apply(r, gb, b, a)
		cost += d
		byTable[r][a], byTable[r][b] = int32(gb), int32(ga)
		s.tableOf[r][ga], s.tableOf[r][gb] = int32(b), int32(a)
		if cost < best {
			best, bestOf = cost, s.copyTables()
		}
	}
	for r := s.fixed; r < s.rounds; r++ {
		copy(s.tableOf[r], bestOf[r-s.fixed])
	}
}
