package seating

import (
	"os"
	"testing"
)

// TestExactBaseRounds settles by an exhaustive search whether a cyclic
// shape whose differences a base round uses exactly (each once: no
// difference to spare) has a base round: 28 players as 3 classes of Z_9
// and one fixed player have one (the annealing finds it, and so must
// this search), 32 as 3 classes of Z_10 and 2 fixed players have none
// (the one shape cyclicShapes gives 32 players for 10 hanchan: the
// annealing's failure there is no bad luck). It is an exact cover of
// points and differences by tables, searched with dancing links, the item
// with the fewest options first; translating a class changes no count, so
// the first fixed player's table is (0,0), (1,0), (2,0). It runs for
// minutes, only when asked:
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
	} {
		found, nodes := exactBase(t, tc.cl)
		if found != tc.found {
			t.Errorf("%d players as 3·%d+%d: base round found %v, want %v (%d nodes)", tc.cl.c*tc.cl.m+tc.cl.k, tc.cl.m, tc.cl.k, found, tc.found, nodes)
		}
		t.Logf("%d players as 3·%d+%d: base round found %v, %d nodes", tc.cl.c*tc.cl.m+tc.cl.k, tc.cl.m, tc.cl.k, found, nodes)
	}
}

// exactBase searches every base round of cl (3 classes) using each
// difference exactly once.
func exactBase(t *testing.T, cl cyclic) (bool, int) {
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
	if items-n != 6*n/4 {
		t.Fatalf("%d differences for %d pairs: not an exact cover", items-n, 6*n/4)
	}
	x := newLinks(items)
	var p [4]int
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
			return
		}
		for q := from; q < n; q++ {
			p[i] = q
			tables(i+1, q+1)
		}
	}
	tables(0, 0)
	return x.solve(), x.nodes
}

// links is an exact cover problem as dancing links: node 0 heads the
// items' ring, nodes 1..items are the items' heads.
type links struct {
	l, r, u, d, col []int
	size            []int
	nodes           int
}

func newLinks(items int) *links {
	x := &links{size: make([]int, items+1)}
	for i := 0; i <= items; i++ {
		x.l = append(x.l, (i+items)%(items+1))
		x.r = append(x.r, (i+1)%(items+1))
		x.u = append(x.u, i)
		x.d = append(x.d, i)
		x.col = append(x.col, i)
	}
	return x
}

// addRow adds an option covering the items (0-based).
func (x *links) addRow(items []int) {
	first := len(x.l)
	for k, it := range items {
		c, i := it+1, len(x.l)
		x.col = append(x.col, c)
		x.u = append(x.u, x.u[c])
		x.d = append(x.d, c)
		x.d[x.u[c]] = i
		x.u[c] = i
		x.size[c]++
		x.l = append(x.l, first+(k+len(items)-1)%len(items))
		x.r = append(x.r, first+(k+1)%len(items))
	}
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

// solve says whether the rows cover every item exactly once.
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
		for j := x.r[i]; j != i; j = x.r[j] {
			x.cover(x.col[j])
		}
		if x.solve() {
			return true
		}
		for j := x.l[i]; j != i; j = x.l[j] {
			x.uncover(x.col[j])
		}
	}
	x.uncover(best)
	return false
}
