package seating

import "context"

// A construction seats the first rounds of a fresh tournament at once,
// with no repeat meeting where the sizes allow. The N = 4T players are
// four layers of T, player i of layer k written (k, i), i an element of a
// ring of T elements; in round r table b holds the four players
// (k, b + c_k·r). Players of one layer never meet; players of layers k
// and k' meet in round r when (c_k - c_k')·r = i' - i. Over the field
// GF(q) (T = q, a prime power) any four distinct c_k make every
// difference invertible: each pair of layers meets at most once in the
// first q rounds; when 4 divides T, one more round splits each layer into
// tables of its own (for T = 4 this is the affine plane of order 4). For other T the ring is Z_T and
// the c_k are chosen, among all sets, for the fewest repeats.

// ring is the arithmetic of T elements, as tables.
type ring struct {
	t        int
	add, mul [][]int32
}

// newRing is the product of the fields GF(q) for the prime powers q of
// T when each is at least 4 (so that four elements can differ pairwise
// by units), else Z_T.
func newRing(t int) *ring {
	r := &ring{t: t, add: table(t), mul: table(t)}
	var fields []*ring
	for rest := t; rest > 1; {
		p := smallestPrime(rest)
		q := 1
		for rest%p == 0 {
			rest /= p
			q *= p
		}
		if q < 4 {
			fields = nil
			break
		}
		fields = append(fields, field(q, p))
	}
	if fields == nil {
		for a := range t {
			for b := range t {
				r.add[a][b] = int32((a + b) % t)
				r.mul[a][b] = int32(a * b % t)
			}
		}
		return r
	}
	// An element is its components in mixed radix, the first field lowest.
	comp := func(a int) []int {
		out := make([]int, len(fields))
		for i, f := range fields {
			out[i], a = a%f.t, a/f.t
		}
		return out
	}
	join := func(c []int) int32 {
		v, place := 0, 1
		for i, f := range fields {
			v += c[i] * place
			place *= f.t
		}
		return int32(v)
	}
	sum, prod := make([]int, len(fields)), make([]int, len(fields))
	for a := range t {
		ca := comp(a)
		for b := range t {
			cb := comp(b)
			for i, f := range fields {
				sum[i] = int(f.add[ca[i]][cb[i]])
				prod[i] = int(f.mul[ca[i]][cb[i]])
			}
			r.add[a][b], r.mul[a][b] = join(sum), join(prod)
		}
	}
	return r
}

// field is GF(q), q = p^m.
func field(q, p int) *ring {
	f := &ring{t: q, add: table(q), mul: table(q)}
	m := 0
	for x := q; x > 1; x /= p {
		m++
	}
	var poly []int
	if m > 1 {
		poly = primitive(p, m)
	}
	for a := range q {
		for b := range q {
			if m == 1 {
				f.add[a][b], f.mul[a][b] = int32((a+b)%p), int32(a*b%p)
				continue
			}
			f.add[a][b] = int32(digitAdd(a, b, p))
			f.mul[a][b] = int32(polyMul(a, b, p, poly))
		}
	}
	return f
}

func smallestPrime(n int) int {
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			return p
		}
	}
	return n
}

func table(t int) [][]int32 {
	out := make([][]int32, t)
	for i := range out {
		out[i] = make([]int32, t)
	}
	return out
}

// sub is a - b.
func (r *ring) sub(a, b int) int {
	for x := range r.t {
		if int(r.add[b][x]) == a {
			return x
		}
	}
	return 0
}

// digitAdd adds a and b digit by digit in base p (the field's addition).
func digitAdd(a, b, p int) int {
	out, place := 0, 1
	for a > 0 || b > 0 {
		out += (a%p + b%p) % p * place
		a, b, place = a/p, b/p, place*p
	}
	return out
}

// polyMul multiplies a and b as polynomials over Z_p (base-p digits,
// lowest first) modulo poly, the m+1 coefficients of a monic polynomial.
func polyMul(a, b, p int, poly []int) int {
	m := len(poly) - 1
	da, db := digits(a, p, m), digits(b, p, m)
	prod := make([]int, 2*m)
	for i, x := range da {
		for j, y := range db {
			prod[i+j] = (prod[i+j] + x*y) % p
		}
	}
	for deg := 2*m - 1; deg >= m; deg-- {
		c := prod[deg]
		if c == 0 {
			continue
		}
		for i, k := range poly {
			prod[deg-m+i] = ((prod[deg-m+i]-c*k)%p + p) % p
		}
	}
	out, place := 0, 1
	for _, x := range prod[:m] {
		out += x * place
		place *= p
	}
	return out
}

func digits(a, p, m int) []int {
	out := make([]int, m)
	for i := range out {
		out[i], a = a%p, a/p
	}
	return out
}

// primitive finds a monic polynomial of degree m over Z_p whose root
// generates the multiplicative group of GF(p^m): it is then irreducible.
func primitive(p, m int) []int {
	q := 1
	for range m {
		q *= p
	}
	for low := 1; low < q; low++ {
		poly := append(digits(low, p, m), 1)
		x, order := p, 1 // the element x is the digits (0, 1): the value p
		if m == 1 {
			continue
		}
		for v := x; v != 1 && order < q; order++ {
			v = polyMul(v, x, p, poly)
		}
		if order == q-1 {
			return poly
		}
	}
	return nil
}

// construct seats the rounds from from on by the construction above, as
// many as it can, the rest greedily.
func (s *search) construct(ctx context.Context, players []int, from int) {
	t := s.t
	rg := newRing(t)
	built := min(s.rounds-from, t)
	// The c_k: every set of four elements in order, the first with the
	// fewest repeat meetings over the rounds built (a field's first set
	// has none).
	best, bestCost := [4]int{}, int64(-1)
	var c [4]int
	tried := 0
	var try func(k, from int) bool
	try = func(k, from int) bool {
		if k == 4 {
			tried++
			cost := rg.repeats(c, built)
			if bestCost < 0 || cost < bestCost {
				best, bestCost = c, cost
			}
			return bestCost == 0 || tried > 50_000
		}
		for x := from; x < t; x++ {
			c[k] = x
			if try(k+1, x+1) {
				return true
			}
		}
		return false
	}
	try(0, 1)
	if bestCost < 0 {
		try(0, 0) // fewer than four non-zero elements (T = 4)
	}
	for r := range built {
		for b := range t {
			for k := range 4 {
				i := rg.add[b][rg.mul[best[k]][r]]
				s.members[from+r][b][k] = int32(players[k*t+int(i)])
			}
		}
	}
	if t%4 == 0 && s.rounds-from > built && bestCost == 0 {
		// One more round with none met before: each layer split into
		// tables of four of its own (for T = 4, the affine plane's fifth
		// parallel class).
		for l := range 4 {
			for j := range t / 4 {
				for k := range 4 {
					s.members[from+built][l*t/4+j][k] = int32(players[l*t+4*j+k])
				}
			}
		}
		built++
	}
	// Where that leaves repeats the sizes do not force, a cyclic seating
	// of a fresh tournament may have none (not with clubs: it does not
	// keep a club in one class).
	if want := min(s.rounds-from, (s.n-1)/3); from == 0 && !s.clubs() && (bestCost != 0 || built < want) {
		if c := s.cyclicRounds(ctx, players, from, want); c > 0 {
			built = c
		}
	}
	for r := from; r < from+built; r++ {
		for g, m := range s.members[r] {
			for _, p := range m {
				s.group[r][p] = int32(g)
			}
			s.tableOf[r][g] = int32(g)
			s.addGroup(r, g, 1)
		}
	}
	for r := from + built; r < s.rounds; r++ {
		s.greedyRound(r)
	}
}

// repeats is what the seating of c over rounds rounds costs in repeat
// meetings: sum over pairs of m(m-1)/2.
func (rg *ring) repeats(c [4]int, rounds int) int64 {
	var cost int64
	cnt := make([]int64, rg.t)
	for k := range 4 {
		for l := k + 1; l < 4; l++ {
			d := rg.sub(c[k], c[l])
			clear(cnt)
			for r := range rounds {
				cnt[rg.mul[d][r]]++
			}
			for _, n := range cnt {
				cost += int64(rg.t) * pairCost(n)
			}
		}
	}
	return cost
}
