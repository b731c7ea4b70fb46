package seating

import (
	"context"
	"slices"
)

// After a substitution the console seats the rounds left around the
// rounds played. The search alone does badly there where the rounds left
// must use the pairs not yet met almost exactly (28 players in 9 hanchan
// with 4 played: 210 pairs left for the 210 meetings of 5 rounds, so a
// seating without repeats is a resolvable design the search does not
// find). But the rounds played were, as a rule, seated by Make: the
// first rounds of a fresh seating of the same sizes. If the players of a
// fresh seating F can be renamed (a bijection π) so that F's first rounds
// become the rounds played, table for table, then π(F)'s rounds left
// complete the rounds played with F's own meetings: no repeat where F has
// none. So fromFresh seats F and looks for π by backtracking.

// reseat starts the rounds left from a fresh seating whose first
// rounds, renamed, are the rounds played: the fresh seating of the
// Request without its played rounds, then with seed 1 (the command's);
// with clubs, then without (a substitute's club is not the player's).
func (s *search) reseat(ctx context.Context, r Request) {
	clubs := [][]string{r.Clubs, nil}
	if !s.clubs() {
		clubs = clubs[1:] // no one has a club: one try a seed
	}
	var tries []Request
	for _, seed := range []int64{r.Seed, 1} {
		for _, clubs := range clubs {
			try := Request{Players: s.n, Hanchan: s.rounds, Seed: seed, Clubs: clubs}
			if !slices.ContainsFunc(tries, func(t Request) bool { return t.Seed == try.Seed && (t.Clubs == nil) == (try.Clubs == nil) }) {
				tries = append(tries, try)
			}
		}
	}
	for _, try := range tries {
		if ctx.Err() != nil || s.fromFresh(ctx, try) {
			return
		}
	}
}

// fromFresh starts the rounds left from the fresh seating of r as its
// construction left it (before any search: seating a fresh tournament
// again with its search would double the time of the sizes that need
// one) whose first rounds, renamed, are the rounds played, when there is
// one and it costs less than the start the search has; it says whether
// it took it.
func (s *search) fromFresh(ctx context.Context, r Request) bool {
	f := newSearch(ctx, r)
	pi, ok := rename(f.group[:s.fixed], s.group[:s.fixed], s.t, renameNodes)
	if !ok {
		return false
	}
	before, kept := s.cost(), s.save()
	rounds := make([][][4]int32, s.rounds-s.fixed)
	for i := range rounds {
		rounds[i] = make([][4]int32, s.t)
		for g, m := range f.members[s.fixed+i] {
			for k, p := range m {
				rounds[i][g][k] = int32(pi[p])
			}
		}
	}
	s.restore(rounds)
	if s.cost() >= before {
		s.restore(kept)
		return false
	}
	return true
}

// renameNodes bounds rename's backtracking.
const renameNodes = 200_000

// rename looks for a bijection pi of the players such that, in each
// round i, players x and y share a group in from[i] exactly when pi[x]
// and pi[y] share one in to[i] (from[i][x] is x's group, t groups of
// four a round). It assigns the players in an order where each shares a
// group with one assigned before where it can, so that a group already
// mapped leaves four candidates; it gives up after nodes assignments.
func rename(from, to [][]int32, t, nodes int) ([]int, bool) {
	if len(from) == 0 {
		return nil, false
	}
	n := len(from[0])
	rounds := len(from)
	// gm[i][a] is the group of to[i] that group a of from[i] maps to, -1
	// for none yet; back[i][b] the other way.
	gm, back := make([][]int32, rounds), make([][]int32, rounds)
	for i := range rounds {
		gm[i], back[i] = make([]int32, t), make([]int32, t)
		for g := range t {
			gm[i][g], back[i][g] = -1, -1
		}
	}
	// byGroup[i][b]: the players of group b of to[i].
	byGroup := make([][][]int, rounds)
	for i := range rounds {
		byGroup[i] = make([][]int, t)
		for p, b := range to[i] {
			byGroup[i][b] = append(byGroup[i][b], p)
		}
	}
	order := renameOrder(from, t)
	pi, used := make([]int, n), make([]bool, n)
	for i := range pi {
		pi[i] = -1
	}
	var walk func(k int) bool
	walk = func(k int) bool {
		if k == n {
			return true
		}
		x := order[k]
		cands := []int(nil)
		for i := range rounds {
			if b := gm[i][from[i][x]]; b >= 0 {
				cands = byGroup[i][b]
				break
			}
		}
		if cands == nil {
			cands = make([]int, n)
			for p := range cands {
				cands[p] = p
			}
		}
		for _, y := range cands {
			if used[y] || nodes <= 0 {
				continue
			}
			ok := true
			for i := range rounds {
				a, b := from[i][x], to[i][y]
				if gm[i][a] >= 0 && gm[i][a] != b || gm[i][a] < 0 && back[i][b] >= 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			nodes--
			var set []int
			for i := range rounds {
				a, b := from[i][x], to[i][y]
				if gm[i][a] < 0 {
					gm[i][a], back[i][b] = b, a
					set = append(set, i)
				}
			}
			pi[x], used[y] = y, true
			if walk(k + 1) {
				return true
			}
			pi[x], used[y] = -1, false
			for _, i := range set {
				back[i][gm[i][from[i][x]]] = -1
				gm[i][from[i][x]] = -1
			}
		}
		return false
	}
	return pi, walk(0)
}

// renameOrder orders the players breadth first over sharing a group in
// any of the rounds, so that each after the first of its component
// shares a group with one before it.
func renameOrder(from [][]int32, t int) []int {
	n := len(from[0])
	members := make([][][]int, len(from))
	for i, round := range from {
		members[i] = make([][]int, t)
		for p, g := range round {
			members[i][g] = append(members[i][g], p)
		}
	}
	seen := make([]bool, n)
	var order []int
	for start := range n {
		if seen[start] {
			continue
		}
		seen[start] = true
		queue := []int{start}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			order = append(order, x)
			for i, round := range from {
				for _, y := range members[i][round[x]] {
					if !seen[y] {
						seen[y] = true
						queue = append(queue, y)
					}
				}
			}
		}
	}
	return order
}

// playedBound is the fewest repeat meetings (over pairs, m-1 for m
// meetings) a seating can have around its played rounds: the repeats
// among the played rounds, plus, for each player, the meetings of the
// rounds left beyond the players it has not met yet, halved (a repeat
// counts for both players of its pair). meet counts the played rounds'
// meetings alone.
func playedBound(meet []int32, n, fixed, rounds int) int {
	repeats, excess := 0, 0
	for a := range n {
		met := 0
		for b := range n {
			if m := int(meet[a*n+b]); m > 0 && a != b {
				met++
				if a < b {
					repeats += m - 1
				}
			}
		}
		excess += max(0, 3*(rounds-fixed)-(n-1-met))
	}
	return repeats + (excess+1)/2
}
