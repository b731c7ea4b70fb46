package seating

import (
	"math/rand/v2"
	"testing"
)

// TestHungarian checks the assignment against every permutation of
// random small matrices.
func TestHungarian(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 6; n++ {
		for range 50 {
			cost := table64(n)
			for i := range cost {
				for j := range cost[i] {
					cost[i][j] = rng.Int64N(20) - 5
				}
			}
			got := hungarian(cost)
			seen := make([]bool, n)
			var sum int64
			for i, j := range got {
				if seen[j] {
					t.Fatalf("%v: column %d twice in %v", cost, j, got)
				}
				seen[j] = true
				sum += cost[i][j]
			}
			if want := bruteAssign(cost); sum != want {
				t.Fatalf("%v: %v costs %d, the best is %d", cost, got, sum, want)
			}
		}
	}
}

func table64(n int) [][]int64 {
	out := make([][]int64, n)
	for i := range out {
		out[i] = make([]int64, n)
	}
	return out
}

// bruteAssign is the least cost of an assignment, over every permutation.
func bruteAssign(cost [][]int64) int64 {
	n := len(cost)
	perm := make([]int, n)
	used := make([]bool, n)
	best := int64(1) << 62
	var rec func(i int, sum int64)
	rec = func(i int, sum int64) {
		if i == n {
			best = min(best, sum)
			return
		}
		for j := range n {
			if !used[j] {
				used[j], perm[i] = true, j
				rec(i+1, sum+cost[i][j])
				used[j] = false
			}
		}
	}
	rec(0, 0)
	return best
}
