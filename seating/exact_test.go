package seating

import (
	"os"
	"testing"
)

// TestExactBaseRounds settles by an exhaustive search whether a cyclic
// shape has a base round using no difference twice: 28 players as 3
// classes of Z_9 and one fixed player have one (the annealing finds it,
// and so must this search); 32 as 3 classes of Z_10 and 2 fixed players
// have none (the one shape cyclicShapes gives 32 players for 10 hanchan:
// the annealing's failure there is no bad luck); 36 as 3 classes of Z_11
// and 3 fixed players have one, which the annealing does not find (36x11
// keeps repeats). It is an exact cover of points by tables, each
// difference used at most once (exactly once where the shape has none to
// spare), searched with dancing links, the item with the fewest options
// first; translating a class changes no count, so the first fixed
// player's table is (0,0), (1,0), (2,0). It runs for minutes, only when
// asked:
// TABLED_SEATING_PROOF=1 go test -run TestExactBaseRounds -v ./seating
func TestExactBaseRounds(t *testing.T) {
	if os.Getenv("TABLED_SEATING_PROOF") == "" {
		t.Skip("TABLED_SEATING_PROOF=1 runs the exhaustive search (minutes)")
	}
	for _, tc := range []struct {
		cl    cyclic
		found bool
	}{
		{cyclic{m: 9, c: 3, k: 1}, true},
		{cyclic{m: 10, c: 3, k: 2}, false},
		{cyclic{m: 11, c: 3, k: 3}, true},
	} {
		found, nodes := exactBase(t, tc.cl)
		if found != nil {
			// Developed over Z_m, the base round seats m rounds in which no
			// pair meets twice.
			cl, n := tc.cl, tc.cl.c*tc.cl.m+tc.cl.k
			var seating Seating
			for i := range cl.m {
				var round [][4]int
				for _, b := range found {
					var table [4]int
					for j, p := range b {
						table[j] = cl.develop(p, i) + 1
					}
					round = append(round, table)
				}
				if err := checkRound(round, n); err != nil {
					t.Fatalf("%d players as 3·%d+%d, round %d: %v", n, cl.m, cl.k, i+1, err)
				}
				seating = append(seating, round)
			}
			if q := Measure(seating, n); q.Repeats != 0 {
				t.Errorf("%d players as 3·%d+%d: the base round found gives %d repeat meetings", n, cl.m, cl.k, q.Repeats)
			}
		}
		if (found != nil) != tc.found {
			t.Errorf("%d players as 3·%d+%d: base round found %v, want %v (%d nodes)", tc.cl.c*tc.cl.m+tc.cl.k, tc.cl.m, tc.cl.k, found != nil, tc.found, nodes)
		}
		t.Logf("%d players as 3·%d+%d: base round found %v, %d nodes", tc.cl.c*tc.cl.m+tc.cl.k, tc.cl.m, tc.cl.k, found != nil, nodes)
	}
}

// exactBase searches the base rounds of cl (3 classes) using no
// difference twice, for one: its tables (points a·m+x, then the fixed
// ones), nil if there is none.
func exactBase(t *testing.T, cl cyclic) ([][4]int, int) {
	n := cl.c*cl.m + cl.k
	fin := cl.c * cl.m
	// Items: the n points, then each difference a table may use.
	item := make([]int, cl.orbits())
	for i := range item {
		item[i] = -1
	}
	items := n
	for u := range n {
		for v := u + 1; v < n; v++ {
			if o, own := cl.orbit(u, v); own == 0 && item[o] < 0 {
				item[o] = items
				items++
			}
		}
	}
	if items-n < 6*n/4 {
		t.Fatalf("%d differences for %d pairs", items-n, 6*n/4)
	}
	// Where there are as many differences as pairs, each is used once:
	// they are items to cover; else at most once.
	primary := n
	if items-n == 6*n/4 {
		primary = items
	}
	x := newLinks(items, primary)
	var p [4]int
	var tabs [][4]int // the options' tables, by row
	var tables func(i, from int)
	tables = func(i, from int) {
		if i == 4 {
			row := []int{p[0], p[1], p[2], p[3]}
			seen := map[int]bool{}
			for a := range 4 {
				for b := a + 1; b < 4; b++ {
					o, own := cl.orbit(p[a], p[b])
					if own != 0 || seen[o] {
						return
					}
					seen[o] = true
					row = append(row, item[o])
				}
			}
			if p[3] == fin && p != [4]int{0, cl.m, 2 * cl.m, fin} {
				return
			}
			x.addRow(row)
			tabs = append(tabs, p)
			return
		}
		for q := from; q < n; q++ {
			p[i] = q
			tables(i+1, q+1)
		}
	}
	tables(0, 0)
	if !x.solve() {
		return nil, x.nodes
	}
	var out [][4]int
	for _, r := range x.sol {
		out = append(out, tabs[r])
	}
	return out, x.nodes
}

// links is an exact cover problem as dancing links: node 0 heads the
// ring of the items to cover, nodes 1..items are the items' heads (those
// past primary, covered at most once, out of the ring).
type links struct {
	l, r, u, d, col []int
	row             []int // of each node past the heads
	size            []int
	rows, nodes     int
	sol             []int // the rows chosen
}

func newLinks(items, primary int) *links {
	x := &links{size: make([]int, items+1)}
	for i := 0; i <= items; i++ {
		l, r := (i+primary)%(primary+1), (i+1)%(primary+1)
		if i > primary {
			l, r = i, i
		}
		x.l = append(x.l, l)
		x.r = append(x.r, r)
		x.u = append(x.u, i)
		x.d = append(x.d, i)
		x.col = append(x.col, i)
		x.row = append(x.row, -1)
	}
	return x
}

// addRow adds an option covering the items (0-based).
func (x *links) addRow(items []int) {
	first := len(x.l)
	for k, it := range items {
		c, i := it+1, len(x.l)
		x.col = append(x.col, c)
		x.row = append(x.row, x.rows)
		x.u = append(x.u, x.u[c])
		x.d = append(x.d, c)
		x.d[x.u[c]] = i
		x.u[c] = i
		x.size[c]++
		x.l = append(x.l, first+(k+len(items)-1)%len(items))
		x.r = append(x.r, first+(k+1)%len(items))
	}
	x.rows++
}

func (x *links) cover(c int) {
	x.r[x.l[c]], x.l[x.r[c]] = x.r[c], x.l[c]
	for i := x.d[c]; i != c; i = x.d[i] {
		for j := x.r[i]; j != i; j = x.r[j] {
			x.d[x.u[j]], x.u[x.d[j]] = x.d[j], x.u[j]
			x.size[x.col[j]]--
		}
	}
}

func (x *links) uncover(c int) {
	for i := x.u[c]; i != c; i = x.u[i] {
		for j := x.l[i]; j != i; j = x.l[j] {
			x.size[x.col[j]]++
			x.d[x.u[j]], x.u[x.d[j]] = j, j
		}
	}
	x.r[x.l[c]], x.l[x.r[c]] = c, c
}

// solve says whether some rows cover every item of the ring exactly
// once (and the others at most once), leaving them in sol.
func (x *links) solve() bool {
	x.nodes++
	if x.r[0] == 0 {
		return true
	}
	best := x.r[0]
	for c := x.r[0]; c != 0; c = x.r[c] {
		if x.size[c] < x.size[best] {
			best = c
		}
	}
	x.cover(best)
	for i := x.d[best]; i != best; i = x.d[i] {
		x.sol = append(x.sol, x.row[i])
		for j := x.r[i]; j != i; j = x.r[j] {
			x.cover(x.col[j])
		}
		if x.solve() {
			return true
		}
		x.sol = x.sol[:len(x.sol)-1]
		for j := x.l[i]; j != i; j = x.l[j] {
			x.uncover(x.col[j])
		}
	}
	x.uncover(best)
	return false
}
