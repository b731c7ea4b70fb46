package seating

import (
	"context"
	"math"
)

// A cyclic seating seats N = c·m + k players for up to m rounds with no
// repeat meeting, where the finite-field construction does not apply
// (T = 6, 10, 12 tables) or runs out (past T rounds). The players are c
// classes of m, player x of class a written (a, x) with x in Z_m, and k
// fixed players; a base round is developed over Z_m: round i seats
// (a, x+i) where the base round seats (a, x), each fixed player staying at
// its table. Two players (a, x) and (b, y) of one table then meet again
// only when another table of the base round holds a pair of those classes
// at the same difference y-x (for one class, ±(y-x)); a fixed player meets
// each class once per player of it at its table. So a base round where
// every difference is used at most once (a difference family, found by a
// small search) gives m rounds without a repeat: 24 players as 3·7+3 (7
// rounds), 28 as 3·9+1 (9), 36 as 3·11+3 (11), 40 as 3·13+1 (13), 48 as
// 3·15+3 (15).

// cyclic is a shape: Z_m, c classes, k fixed players.
type cyclic struct{ m, c, k int }

// cyclicShapes are the shapes for n players worth trying for rounds
// rounds, the fewest fixed players first: c·m + k = n, m at least rounds,
// each fixed player at a table of its own with three players of
// different classes.
func cyclicShapes(n, rounds int) []cyclic {
	var out []cyclic
	for k := 0; k <= n/4; k++ {
		for c := 3; c <= 4; c++ {
			if (n-k)%c != 0 {
				continue
			}
			m := (n - k) / c
			// The differences a base round can use once each, against
			// the pairs of players who are not fixed at its tables.
			free := c*((m-1)/2) + c*(c-1)/2*m
			if m >= rounds && m >= 2 && free >= 3*k+6*(n/4-k) {
				out = append(out, cyclic{m: m, c: c, k: k})
			}
		}
	}
	return out
}

// orbit is the index of the difference class of points u and v of the
// base round (points a·m+x, then the fixed ones), and how much a use of
// it costs on its own: a pair at difference m/2 meets twice in m rounds,
// two fixed players every round.
func (cl cyclic) orbit(u, v int) (int, int64) {
	fin := cl.c * cl.m
	if u > v {
		u, v = v, u
	}
	half := cl.m/2 + 1
	pure := cl.c * half
	mixed := cl.c * cl.c * cl.m
	switch {
	case u >= fin:
		return pure + mixed + cl.k*cl.c, 1 << 20
	case v >= fin:
		return pure + mixed + (v-fin)*cl.c + u/cl.m, 0
	case u/cl.m == v/cl.m:
		d := (v%cl.m - u%cl.m + cl.m) % cl.m
		d = min(d, cl.m-d)
		var own int64
		if 2*d == cl.m {
			own = 1
		}
		return u/cl.m*half + d, own
	default:
		d := (v%cl.m - u%cl.m + cl.m) % cl.m
		return pure + (u/cl.m*cl.c+v/cl.m)*cl.m + d, 0
	}
}

func (cl cyclic) orbits() int {
	return cl.c*(cl.m/2+1) + cl.c*cl.c*cl.m + cl.k*cl.c + 1
}

// base searches a base round of cl with every difference used at most
// once, by swaps of two points of different tables (a swap that does not
// raise the cost always taken, one that does now and then), for at most
// steps steps; ok is false when none was found.
func (s *search) cyclicBase(ctx context.Context, cl cyclic, steps int) (blocks [][4]int32, ok bool) {
	n := cl.c*cl.m + cl.k
	t := n / 4
	count := make([]int64, cl.orbits())
	// Fixed players first, one a table: they are points c·m.. in order.
	pts := make([]int32, 0, n)
	for j := range cl.k {
		pts = append(pts, int32(cl.c*cl.m+j))
	}
	for _, p := range s.rng.Perm(cl.c * cl.m) {
		pts = append(pts, int32(p))
	}
	blocks = make([][4]int32, t)
	for i := range t {
		for j := range 4 {
			blocks[i][j] = pts[j*t+i]
		}
	}
	// add counts (d = 1) or uncounts (d = -1) block b, and says by how
	// much the cost changed.
	add := func(b int, d int64) int64 {
		var dc int64
		m := &blocks[b]
		for i := range 4 {
			for j := i + 1; j < 4; j++ {
				o, own := cl.orbit(int(m[i]), int(m[j]))
				before := pairCost(count[o])
				count[o] += d
				dc += pairCost(count[o]) - before + d*own
			}
		}
		return dc
	}
	var cost int64
	for b := range t {
		cost += add(b, 1)
	}
	temp := 0.0
	for it := 0; it < steps && cost > 0; it++ {
		if it%4096 == 0 && ctx.Err() != nil {
			break
		}
		if it%cyclicAnneal == 0 {
			temp = 1.5
		}
		temp *= cyclicCool
		b1, b2 := s.rng.IntN(t), s.rng.IntN(t)
		if it%2 == 0 {
			b1 = cl.clash(blocks, count, b1)
		}
		if b1 == b2 {
			continue
		}
		i1, i2 := s.rng.IntN(4), s.rng.IntN(4)
		d := add(b1, -1) + add(b2, -1)
		blocks[b1][i1], blocks[b2][i2] = blocks[b2][i2], blocks[b1][i1]
		d += add(b1, 1) + add(b2, 1)
		if d > 0 && s.rng.Float64() >= math.Exp(-float64(d)/temp) {
			d = add(b1, -1) + add(b2, -1)
			blocks[b1][i1], blocks[b2][i2] = blocks[b2][i2], blocks[b1][i1]
			add(b1, 1)
			add(b2, 1)
			continue
		}
		cost += d
	}
	return blocks, cost == 0
}

// clash is a table of blocks, from start on, with two players at a
// difference used more than once or costly on its own, or start if none.
func (cl cyclic) clash(blocks [][4]int32, count []int64, start int) int {
	for k := range blocks {
		b := (start + k) % len(blocks)
		m := &blocks[b]
		for i := range 4 {
			for j := i + 1; j < 4; j++ {
				if o, own := cl.orbit(int(m[i]), int(m[j])); count[o] > 1 || own > 0 {
					return b
				}
			}
		}
	}
	return start
}

// cyclicRounds seats the rounds from from on (at least want, at most
// m) by the first of the first cyclicTries shapes of cyclicShapes whose
// base round is found, players[p] being point p; it returns how many
// rounds it seated, 0 when no base round was found.
func (s *search) cyclicRounds(ctx context.Context, players []int, from, want int) int {
	shapes := cyclicShapes(s.n, want)
	for _, cl := range shapes[:min(len(shapes), cyclicTries)] {
		blocks, ok := s.cyclicBase(ctx, cl, cyclicSteps)
		if !ok {
			continue
		}
		count := min(s.rounds-from, cl.m)
		for i := range count {
			for b, m := range blocks {
				for j, p := range m {
					s.members[from+i][b][j] = int32(players[cl.develop(int(p), i)])
				}
			}
		}
		return count
	}
	return 0
}

// develop is point p of the base round in round i: (a, x+i) for (a, x),
// a fixed player unmoved.
func (cl cyclic) develop(p, i int) int {
	if p >= cl.c*cl.m {
		return p
	}
	return p/cl.m*cl.m + (p%cl.m+i)%cl.m
}

// cyclicSteps bounds the search for one shape's base round.
const (
	cyclicTries  = 3
	cyclicSteps  = 1_500_000
	cyclicAnneal = 200_000
)

var cyclicCool = math.Pow(0.02/1.5, 1.0/cyclicAnneal)
