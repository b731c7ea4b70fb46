package seating

// winds seats each table of the rounds left, so that each player sits
// each wind floor(R/4) to ceil(R/4) times.
//
// The players and the tables of all rounds make a bipartite graph, each
// seat an edge and its wind a colour; a table has one edge of each colour.
// Such a graph has an equitable colouring (de Werra): from any start,
// while a player has more of wind a than of wind b by two or more, walk
// from it along a trail that leaves each player by an a-edge and each
// table by its b-edge, until a player with more b than a, and swap a and b
// along the trail. The tables keep one of each wind, the players inside
// the trail keep their counts, the first gains a b for an a and the last
// loses nothing it needs: the sum of squared counts falls each time, so
// the walks end, balanced. Seats in played rounds are not changed; with
// them a trail can be stuck, and the balance is then as close as found.
func (s *search) winds() {
	count := s.startWinds()
	s.trailWinds(count)
	s.polishWinds(count)
	s.walkWinds(count)
}

// walkWinds: where played rounds leave a player off balance after the
// trails and the polish (a local minimum of the sum of squares), a random
// walk: a table of the rounds left takes another order of its four, kept
// when the seats off balance (the measure's WindOff) are no more, so that
// the walk crosses the plateaus the polish stops on, and now and then
// when they are a little more. Bounded by a count of steps; it ends at
// balance, or returns the best found.
func (s *search) walkWinds(count [][4]int32) {
	lo, hi := int32(s.rounds/4), int32((s.rounds+3)/4)
	off := func(c int32) int32 { return max(0, lo-c) + max(0, c-hi) }
	var total int32
	for _, c := range count {
		for _, k := range c {
			total += off(k)
		}
	}
	free := s.rounds - s.fixed
	if total == 0 || free == 0 {
		return
	}
	best, bestWind := total, s.copyWinds()
	for it := 0; it < windSteps && best > 0; it++ {
		r := s.fixed + s.rng.IntN(free)
		m := s.members[r][s.rng.IntN(s.t)]
		perm := perms[s.rng.IntN(len(perms))]
		var d int32
		for i, p := range m {
			from, to := s.wind[r][p], perm[i]
			if from == to {
				continue
			}
			d += off(count[p][from]-1) - off(count[p][from]) + off(count[p][to]+1) - off(count[p][to])
			count[p][from]--
			count[p][to]++
		}
		if d > 0 && (d > 2 || s.rng.IntN(windKick) != 0) {
			for i, p := range m {
				count[p][perm[i]]--
				count[p][s.wind[r][p]]++
			}
			continue
		}
		total += d
		for i, p := range m {
			s.wind[r][p] = perm[i]
		}
		if total < best {
			best, bestWind = total, s.copyWinds()
		}
	}
	for i, w := range bestWind {
		copy(s.wind[s.fixed+i], w)
	}
}

// copyWinds copies the winds of the rounds left.
func (s *search) copyWinds() [][]int8 {
	out := make([][]int8, s.rounds-s.fixed)
	for i := range out {
		out[i] = append([]int8(nil), s.wind[s.fixed+i]...)
	}
	return out
}

// windSteps bounds walkWinds; one step in windKick that adds one or two
// seats off balance is taken all the same, to leave a local minimum.
const (
	windSteps = 2_000_000
	windKick  = 50
)

// startWinds counts the winds of the played rounds and seats each table of
// the rounds left in turn, its players to the winds they have sat least
// (greedy over the 24 orders); it returns the counts by player and wind.
func (s *search) startWinds() [][4]int32 {
	count := make([][4]int32, s.n)
	for r := range s.fixed {
		for p, w := range s.wind[r] {
			count[p][w]++
		}
	}
	for r := s.fixed; r < s.rounds; r++ {
		for _, m := range s.members[r] {
			best, bestCost := -1, int32(0)
			off := s.rng.IntN(24)
			for k := range 24 {
				o := (off + k) % 24
				var c int32
				for i, p := range m {
					c += count[p][perms[o][i]]
				}
				if best < 0 || c < bestCost {
					best, bestCost = o, c
				}
			}
			for i, p := range m {
				s.wind[r][p] = perms[best][i]
				count[p][perms[best][i]]++
			}
		}
	}
	return count
}

// trailWinds swaps winds along trails (de Werra's walks, as winds says)
// until no player has two more of one wind than of another, or a trail is
// stuck on played seats.
func (s *search) trailWinds(count [][4]int32) {
	// seatAt[r][g][w] is who sits wind w at group g of round r.
	seatAt := make([][][4]int32, s.rounds)
	for r := range s.rounds {
		seatAt[r] = make([][4]int32, s.t)
		for g, m := range s.members[r] {
			for _, p := range m {
				seatAt[r][g][s.wind[r][p]] = p
			}
		}
	}
	used := make([][]int32, s.rounds) // stamp of the walk that used a seat
	for r := range used {
		used[r] = make([]int32, s.n)
	}
	stamp := int32(0)
	type seat struct{ r, p int32 }
	var trail []seat
	// walk tries one trail from v, swapping a and b; it reports whether it
	// found one.
	walk := func(v int, a, b int8) bool {
		stamp++
		trail = trail[:0]
		cur := v
		for {
			next := int32(-1)
			off := s.rng.IntN(s.rounds - s.fixed)
			for k := range s.rounds - s.fixed {
				r := s.fixed + (off+k)%(s.rounds-s.fixed)
				if s.wind[r][cur] == a && used[r][cur] != stamp {
					next = int32(r)
					break
				}
			}
			if next < 0 {
				return false
			}
			r := next
			w := seatAt[r][s.group[r][cur]][b]
			used[r][cur], used[r][w] = stamp, stamp
			trail = append(trail, seat{r, int32(cur)}, seat{r, w})
			if count[w][b] > count[w][a] {
				for _, e := range trail {
					g := s.group[e.r][e.p]
					if s.wind[e.r][e.p] == a {
						s.wind[e.r][e.p] = b
						seatAt[e.r][g][b] = e.p
					} else {
						s.wind[e.r][e.p] = a
						seatAt[e.r][g][a] = e.p
					}
				}
				count[v][a]--
				count[v][b]++
				count[w][b]--
				count[w][a]++
				return true
			}
			cur = int(w)
		}
	}
	for changed := true; changed; {
		changed = false
		for v := range s.n {
			for a := int8(0); a < 4; a++ {
				for b := int8(0); b < 4; b++ {
					// A trail can be stuck on played seats: another
					// try takes other turns (each starts at random).
					for try := 0; a != b && count[v][a]-count[v][b] >= 2 && try < 20; try++ {
						if walk(v, a, b) {
							changed, try = true, 0
						}
					}
				}
			}
		}
	}
}

// polishWinds: where played rounds stopped a trail, each table of the
// rounds left in turn takes the order of its four that most lowers the
// sum of squared counts, until none does.
func (s *search) polishWinds(count [][4]int32) {
	for changed := true; changed; {
		changed = false
		for r := s.fixed; r < s.rounds; r++ {
			for _, m := range s.members[r] {
				var now int32
				for _, p := range m {
					now += 2*count[p][s.wind[r][p]] - 1 // its share of the squares
				}
				best, bestGain := -1, int32(0)
				for o, perm := range perms {
					var c int32
					for i, p := range m {
						w := perm[i]
						if w == s.wind[r][p] {
							c += 2*count[p][w] - 1
						} else {
							c += 2*count[p][w] + 1
						}
					}
					if gain := now - c; gain > bestGain {
						best, bestGain = o, gain
					}
				}
				if best < 0 {
					continue
				}
				changed = true
				for i, p := range m {
					count[p][s.wind[r][p]]--
					s.wind[r][p] = perms[best][i]
					count[p][perms[best][i]]++
				}
			}
		}
	}
}

// perms are the 24 orders of four seats.
var perms = func() [][4]int8 {
	var out [][4]int8
	for a := int8(0); a < 4; a++ {
		for b := int8(0); b < 4; b++ {
			for c := int8(0); c < 4; c++ {
				d := 6 - a - b - c
				if a != b && a != c && b != c && d != a && d != b && d != c {
					out = append(out, [4]int8{a, b, c, d})
				}
			}
		}
	}
	return out
}()

// seating writes out the search's rounds, the played ones as given.
func (s *search) seating(played [][][4]int) Seating {
	out := make(Seating, s.rounds)
	for r := range s.rounds {
		if r < s.fixed {
			out[r] = append([][4]int(nil), played[r]...)
			continue
		}
		out[r] = make([][4]int, s.t)
		for g, m := range s.members[r] {
			for _, p := range m {
				out[r][s.tableOf[r][g]][s.wind[r][p]] = int(p) + 1
			}
		}
	}
	return out
}
