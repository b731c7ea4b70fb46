package seating

import "context"

// tables gives each group of the rounds left a table number, so that no
// player sits at one table more often than the rounds force: a local
// search swapping the numbers of two groups of one round. It minimises,
// over players and tables, v(v-1)/2 for v visits plus a heavy cost per
// visit beyond ceil(R/T): the sum of v(v-1)/2 alone can be flat (in an
// affine plane two groups of different rounds share exactly one player,
// so every numbering has the same sum, including one that seats a player
// at table 1 every round).
func (s *search) tables(ctx context.Context) {
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
		f[v] = pairCost(int64(v)) + int64(s.rounds*s.rounds)*int64(max(0, v-need))
	}
	var cost int64
	for _, v := range visits {
		cost += f[v]
	}
	lb := int64(s.n) * forcedVisits(s.rounds, s.t)
	// Each round in turn takes its best numbering given the others (an
	// assignment problem, solved exactly), until a pass changes nothing;
	// then the rounds are shaken and the passes run again, keeping the
	// best.
	costs := make([][]int64, s.t)
	for g := range costs {
		costs[g] = make([]int64, s.t)
	}
	best, bestOf := cost, s.copyTables()
	for pass, shakes := 0, 0; pass < 200 && best > lb && shakes < 30; pass++ {
		if ctx.Err() != nil {
			break
		}
		improved := false
		for r := s.fixed; r < s.rounds; r++ {
			for g, m := range s.members[r] {
				for _, p := range m {
					visits[int(p)*s.t+int(s.tableOf[r][g])]--
				}
			}
			var before, after int64
			for g, m := range s.members[r] {
				for tb := range s.t {
					var c int64
					for _, p := range m {
						v := visits[int(p)*s.t+tb]
						c += f[v+1] - f[v]
					}
					costs[g][tb] = c
				}
				before += costs[g][s.tableOf[r][g]]
			}
			assign := hungarian(costs)
			for g, tb := range assign {
				after += costs[g][tb]
			}
			if after < before {
				improved = true
				cost += after - before
				for g, tb := range assign {
					s.tableOf[r][g] = int32(tb)
				}
			}
			for g, m := range s.members[r] {
				for _, p := range m {
					visits[int(p)*s.t+int(s.tableOf[r][g])]++
				}
			}
		}
		if cost < best {
			best, bestOf = cost, s.copyTables()
		}
		if !improved {
			// A local optimum: renumber a few rounds at random.
			shakes++
			for range 1 + s.rng.IntN(2) {
				r := s.fixed + s.rng.IntN(free)
				for g, m := range s.members[r] {
					for _, p := range m {
						visits[int(p)*s.t+int(s.tableOf[r][g])]--
					}
				}
				for g, tb := range s.rng.Perm(s.t) {
					s.tableOf[r][g] = int32(tb)
					for _, p := range s.members[r][g] {
						visits[int(p)*s.t+tb]++
					}
				}
			}
			cost = 0
			for _, v := range visits {
				cost += f[v]
			}
		}
	}
	for r := s.fixed; r < s.rounds; r++ {
		copy(s.tableOf[r], bestOf[r-s.fixed])
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

// forcedVisits is the least sum over tables of v(v-1)/2 for one player
// playing rounds rounds at t tables: the visits spread evenly.
func forcedVisits(rounds, t int) int64 {
	q, rem := int64(rounds/t), int64(rounds%t)
	return rem*pairCost(q+1) + (int64(t)-rem)*pairCost(q)
}

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
	count := make([][4]int32, s.n)
	for r := range s.fixed {
		for p, w := range s.wind[r] {
			count[p][w]++
		}
	}
	// A start: each table in turn, its players to the winds they have sat
	// least (greedy over the 24 orders).
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
					for a != b && count[v][a]-count[v][b] >= 2 && walk(v, a, b) {
						changed = true
					}
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
