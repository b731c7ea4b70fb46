package seating

import (
	"math/bits"
)

// Quality is how a seating does on each criterion. Repeats: a pair
// meeting m times has m-1 repeat meetings.
type Quality struct {
	Players, Hanchan, Tables int
	// RepeatPairs are the pairs who meet more than once; Repeats the
	// meetings beyond each pair's first; ForcedRepeats the fewest repeats
	// the sizes force (each player meets 3R opponents among N-1); MaxMeet
	// the most times one pair meets.
	RepeatPairs, Repeats, ForcedRepeats, MaxMeet int
	// WindOff is, summed over players and winds, how far each count is
	// outside floor(R/4)..ceil(R/4); WindMin and WindMax are the fewest and
	// most times a player sits one wind.
	WindOff, WindMin, WindMax int
	// MaxVisits is the most times a player sits at one table number;
	// NeededVisits the most the sizes need, ceil(R/T); VisitsOver the
	// visits beyond NeededVisits, summed over players and tables.
	MaxVisits, NeededVisits, VisitsOver int
	// NeverMet are the pairs who never meet; among them, MinCommon is the
	// fewest players in common (players each of them meets), MeanCommon
	// the mean (both 0 when every pair meets).
	NeverMet   int
	MinCommon  int
	MeanCommon float64
}

// Measure measures s, a seating of players players. Player numbers
// outside 1..players are left out.
func Measure(s Seating, players int) Quality {
	q := Quality{Players: players, Hanchan: len(s), Tables: players / 4}
	if players < 1 {
		return q
	}
	n := players
	words := (n + 63) / 64
	meet := make([]int32, n*n)
	opp := make([]uint64, n*words) // opp[p]: whom p meets, a bit set
	winds := make([][4]int, n)
	visits := map[[2]int]int{}
	for _, round := range s {
		for t, table := range round {
			for w, p := range table {
				if p < 1 || p > n {
					continue
				}
				winds[p-1][w]++
				visits[[2]int{p - 1, t}]++
				if v := visits[[2]int{p - 1, t}]; v > q.MaxVisits {
					q.MaxVisits = v
				}
				for _, o := range table[w+1:] {
					if o < 1 || o > n || o == p {
						continue
					}
					a, b := p-1, o-1
					meet[a*n+b]++
					meet[b*n+a]++
					opp[a*words+b/64] |= 1 << (b % 64)
					opp[b*words+a/64] |= 1 << (a % 64)
				}
			}
		}
	}
	q.ForcedRepeats = int(forcedCost(n, len(s)))
	if 3*len(s) > 2*(n-1) {
		// Past two meetings a pair, forcedCost counts m(m-1)/2, not m-1:
		// the fewest repeats is then the meetings beyond the pairs there
		// are.
		q.ForcedRepeats = max(0, 6*q.Tables*len(s)-n*(n-1)/2)
	}
	var common, never int
	q.MinCommon = -1
	for a := range n {
		for b := a + 1; b < n; b++ {
			m := int(meet[a*n+b])
			q.MaxMeet = max(q.MaxMeet, m)
			if m > 1 {
				q.RepeatPairs++
				q.Repeats += m - 1
			}
			if m == 0 {
				never++
				c := 0
				for k := range words {
					c += bits.OnesCount64(opp[a*words+k] & opp[b*words+k])
				}
				common += c
				if q.MinCommon < 0 || c < q.MinCommon {
					q.MinCommon = c
				}
			}
		}
	}
	q.NeverMet = never
	if never > 0 {
		q.MeanCommon = float64(common) / float64(never)
	} else {
		q.MinCommon = 0
	}
	lo, hi := len(s)/4, (len(s)+3)/4
	q.WindMin = len(s)
	for _, c := range winds {
		for _, k := range c {
			q.WindMin = min(q.WindMin, k)
			q.WindMax = max(q.WindMax, k)
			q.WindOff += max(0, lo-k) + max(0, k-hi)
		}
	}
	if q.Tables > 0 {
		q.NeededVisits = (len(s) + q.Tables - 1) / q.Tables
	}
	for _, v := range visits {
		q.VisitsOver += max(0, v-q.NeededVisits)
	}
	return q
}
