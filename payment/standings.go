package payment

import "sort"

// Standing is one seat's place and result at the end of a game.
type Standing struct {
	Seat int `json:"seat"`
	// Place is 1..4; tied seats share a place when the rules split ties.
	Place int `json:"place"`
	// Points are the table points at the end.
	Points int `json:"points"`
	// Result is the points after uma, oka, the leftover deposits and
	// penalties, less the start: what a tournament's results sheet takes.
	Result int `json:"result"`
	// Uma, Deposits and Penalty are the parts of Result, for the sheet.
	Uma      int `json:"uma"`
	Deposits int `json:"deposits,omitempty"`
	Penalty  int `json:"penalty,omitempty"`
}

// Standings ranks the seats by points at the end of a game and gives each
// its result. sticks are the deposits left on the table; penalty is taken
// off each seat's result; firstEast is the seat that was East in the
// first hand (it breaks ties when the rules do not split them). The
// standings are in seat order.
func (r Rules) Standings(points [Seats]int, sticks int, penalty [Seats]int, firstEast int) []Standing {
	order := []int{0, 1, 2, 3}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if points[a] != points[b] {
			return points[a] > points[b]
		}
		return distance(firstEast, a) < distance(firstEast, b)
	})
	bonus := r.Uma
	bonus[0] += r.Oka
	out := make([]Standing, Seats)
	for i := 0; i < Seats; {
		j := i + 1
		for r.TiesSplit && j < Seats && points[order[j]] == points[order[i]] {
			j++
		}
		sum := 0
		for k := i; k < j; k++ {
			sum += bonus[k]
		}
		for k := i; k < j; k++ {
			// Uma are whole thousands and at most four share them: a
			// share that does not divide is rounded down to the point,
			// the seats nearest the first East taking the rest.
			share := sum / (j - i)
			if k-i < sum-share*(j-i) {
				share++
			}
			seat := order[k]
			out[seat] = Standing{Seat: seat, Place: i + 1, Points: points[seat], Uma: share}
		}
		i = j
	}
	if r.LeftoverToFirst && sticks > 0 {
		var first []int
		for _, seat := range order {
			if out[seat].Place == 1 {
				first = append(first, seat)
			}
		}
		total := sticks * r.Riichi
		for k, seat := range first {
			share := total / len(first)
			if k < total-share*len(first) {
				share++
			}
			out[seat].Deposits = share
		}
	}
	target := r.StartPoints + r.Oka/Seats
	for seat := range out {
		st := &out[seat]
		st.Penalty = penalty[seat]
		st.Result = st.Points + st.Deposits - target + st.Uma - st.Penalty
	}
	return out
}
