package seating

import "context"

// spread is the last pass on who meets whom, for table visits, where the
// numbering of the tables (anneal) leaves a player at a table more often
// than ceil(R/T) and there are no clubs: the golf search with visits
// counted (spreadVisits), then the table numbering by assignment (tables).
// It keeps what it finds only if that has no more repeat meetings (by
// pairSum) and no one at a table more often, and either fewer at most
// or fewer visits beyond the need (the sum of their squares);
// else it puts back the rounds, the numbers and the random source as they
// were, so that a seating it cannot better is the one it was given.
func (s *search) spread(ctx context.Context) {
	if s.fixed == s.rounds || s.t == 1 || s.clubs() {
		return
	}
	before, most := s.tableOver()
	if before == 0 {
		return
	}
	pairs, members, tables, rng := s.pairSum, s.save(), s.copyTables(), *s.pcg
	s.renumber()
	s.spreadVisits(ctx)
	s.tables(tablesWork)
	if after, top := s.tableOver(); s.pairSum <= pairs && (top < most || top == most && after < before) {
		return
	}
	s.restore(members)
	for i, nums := range tables {
		copy(s.tableOf[s.fixed+i], nums)
	}
	*s.pcg = rng
}

// tableOver is, over players and table numbers, the square of the visits
// beyond ceil(R/T), and the most visits of one player to one table.
func (s *search) tableOver() (over int64, most int32) {
	visits := make([]int32, s.n*s.t)
	for r := range s.rounds {
		for g, m := range s.members[r] {
			for _, p := range m {
				k := int(p)*s.t + int(s.tableOf[r][g])
				visits[k]++
				most = max(most, visits[k])
				if o := int64(visits[k] - s.need); o > 0 {
					over += 2*o - 1 // o² - (o-1)²
				}
			}
		}
	}
	return over, most
}

// spreadVisits is the golf search with table visits counted, the
// meetings kept as good as they are: a repeat meeting weighs R visits
// beyond the need, so the search passes through some to move visits, and
// keeps none. A swap moves a player between two tables; renumbering a
// whole round's tables (which meets no one new) is the other move, made
// by tables between the golf search's turns.
func (s *search) spreadVisits(ctx context.Context) {
	pairs, w := s.pairSum, s.repeatW
	s.visitW, s.repeatW = 1, 1
	defer func() { s.visitW, s.repeatW = 0, w }()
	for range visitTurns {
		s.golf(ctx, s.repeatW*pairs, spreadWeighings/visitTurns, pairs)
		if s.visitsOver() == 0 || ctx.Err() != nil {
			break
		}
		s.tables(tablesWork / visitTurns)
		s.renumber()
	}
}

// visitTurns is how many turns spreadVisits takes at most, and
// spreadWeighings the golf search's weighings over all of them.
const visitTurns = 4

// Twice the golf search's own: 48x9, 28x12 and 24x5 reach ceil(R/T)
// with it and not with half (at most 6.4 s of CPU a size on the test
// machine, 56x11).
var spreadWeighings = 2 * golfWeighings

// visitsOver is the visits beyond the need, over players and tables, a
// group's index its table number.
func (s *search) visitsOver() int {
	over := 0
	for _, v := range s.visits {
		over += int(max(0, v-s.need))
	}
	return over
}

// renumber makes each group's index of the rounds left its table number,
// and the table numbers the identity.
func (s *search) renumber() {
	saved := s.save()
	for i, round := range saved {
		r := s.fixed + i
		by := make([][4]int32, s.t)
		for g, m := range round {
			by[s.tableOf[r][g]] = m
		}
		saved[i] = by
		for g := range s.tableOf[r] {
			s.tableOf[r][g] = int32(g)
		}
	}
	s.restore(saved)
}
