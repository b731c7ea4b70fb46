package payment

import (
	"errors"
	"testing"
)

func TestSettle(t *testing.T) {
	r := ema2016()
	reverse := r
	reverse.ChomboResult, reverse.ChomboTable = 0, 2000
	closestOnly := r
	closestOnly.HonbaEachWinner, closestOnly.OwnRiichiBack = false, false
	v := func(han, fu int) Value { return Value{Han: han, Fu: fu} }
	win := func(seat int, val Value) Win { return Win{Seat: seat, Value: val, Pao: -1} }
	for _, c := range []struct {
		name    string
		r       Rules
		h       Hand
		deltas  [4]int
		sticks  int
		penalty [4]int
		points  []int
	}{
		{"ron pays 4x basic", r, Hand{Dealer: 0, From: 0, Wins: []Win{win(2, v(3, 40))}, Chombo: -1},
			[4]int{-5200, 0, 5200, 0}, 0, [4]int{}, []int{5200}},
		{"dealer ron pays 6x basic", r, Hand{Dealer: 0, From: 1, Wins: []Win{win(0, v(3, 40))}, Chombo: -1},
			[4]int{7700, -7700, 0, 0}, 0, [4]int{}, []int{7700}},
		{"tsumo: East pays double", r, Hand{Dealer: 0, Tsumo: true, Wins: []Win{win(1, v(3, 30))}, Chombo: -1},
			[4]int{-2000, 4000, -1000, -1000}, 0, [4]int{}, []int{4000}},
		{"dealer tsumo: each pays 2x", r, Hand{Dealer: 3, Tsumo: true, Wins: []Win{win(3, v(2, 30))}, Chombo: -1},
			[4]int{-1000, -1000, -1000, 3000}, 0, [4]int{}, []int{3000}},
		{"honba 300 per counter on a ron", r, Hand{Dealer: 0, From: 3, Wins: []Win{win(1, v(1, 30))}, Honba: 2, Chombo: -1},
			[4]int{0, 1600, 0, -1600}, 0, [4]int{}, []int{1000}},
		{"honba 100 from each on a tsumo", r, Hand{Dealer: 0, Tsumo: true, Wins: []Win{win(2, v(1, 30))}, Honba: 3, Chombo: -1},
			[4]int{-800, -600, 2000, -600}, 0, [4]int{}, []int{1100}},
		{"deposits to the winner", r, Hand{Dealer: 0, From: 0, Wins: []Win{win(2, v(1, 30))}, Sticks: 3, Riichi: [4]bool{true}, Chombo: -1},
			[4]int{-1000, 0, 4000, 0}, 0, [4]int{}, []int{1000}},
		{"double ron: each gets the counters, own riichi back, the rest to the closest", r,
			Hand{Dealer: 0, From: 0, Wins: []Win{win(3, v(1, 30)), win(2, v(2, 30))}, Honba: 1, Sticks: 3, Riichi: [4]bool{true, false, false, true}, Chombo: -1},
			[4]int{-1000 - 2000 - 600, 0, 2000 + 300 + 2000, 1000 + 300 + 1000}, 0, [4]int{}, []int{1000, 2000}},
		{"double ron, counters and deposits to the closest only", closestOnly,
			Hand{Dealer: 0, From: 0, Wins: []Win{win(3, v(1, 30)), win(1, v(2, 30))}, Honba: 1, Sticks: 2, Riichi: [4]bool{false, false, false, true}, Chombo: -1},
			[4]int{-1000 - 2000 - 300, 2000 + 300 + 2000, 0, 1000}, 0, [4]int{}, []int{1000, 2000}},
		{"noten: one tenpai gets 3000", r, Hand{Dealer: 0, Tenpai: [4]bool{false, true}, Chombo: -1, Sticks: 2},
			[4]int{-1000, 3000, -1000, -1000}, 2, [4]int{}, nil},
		{"noten: two tenpai get 1500", r, Hand{Dealer: 0, Tenpai: [4]bool{true, false, true}, Chombo: -1},
			[4]int{1500, -1500, 1500, -1500}, 0, [4]int{}, nil},
		{"noten: three tenpai, the noten pays 3000", r, Hand{Dealer: 0, Tenpai: [4]bool{true, true, false, true}, Chombo: -1},
			[4]int{1000, 1000, -3000, 1000}, 0, [4]int{}, nil},
		{"noten: all tenpai, nothing", r, Hand{Dealer: 0, Tenpai: [4]bool{true, true, true, true}, Chombo: -1},
			[4]int{}, 0, [4]int{}, nil},
		{"chombo in a tournament: 20000 off the result, deposits back", r, Hand{Dealer: 0, Chombo: 2, Sticks: 3, Riichi: [4]bool{false, true}},
			[4]int{0, 1000, 0, 0}, 2, [4]int{0, 0, 20000, 0}, nil},
		{"chombo reverse mangan by a non-dealer", reverse, Hand{Dealer: 0, Chombo: 2},
			[4]int{4000, 2000, -8000, 2000}, 0, [4]int{}, nil},
		{"chombo reverse mangan by East", reverse, Hand{Dealer: 1, Chombo: 1},
			[4]int{4000, -12000, 4000, 4000}, 0, [4]int{}, nil},
		{"pao on a tsumo: the liable pays all", r, Hand{Dealer: 0, Tsumo: true, Wins: []Win{{Seat: 2, Value: Value{Limit: Yakuman}, Pao: 3}}, Honba: 1, Chombo: -1},
			[4]int{0, 0, 32300, -32300}, 0, [4]int{}, []int{32000}},
		{"pao on a ron: the liable and the discarder share, the discarder pays the counters", r,
			Hand{Dealer: 0, From: 1, Wins: []Win{{Seat: 2, Value: Value{Limit: Yakuman}, Pao: 3}}, Honba: 1, Chombo: -1},
			[4]int{0, -16300, 32300, -16000}, 0, [4]int{}, []int{32000}},
		{"pao by the discarder: it pays all", r,
			Hand{Dealer: 0, From: 3, Wins: []Win{{Seat: 2, Value: Value{Limit: Yakuman}, Pao: 3}}, Chombo: -1},
			[4]int{0, 0, 32000, -32000}, 0, [4]int{}, []int{32000}},
		{"a win with no value pays nothing but takes the deposits", r, Hand{Dealer: 0, From: 1, Wins: []Win{win(2, Value{})}, Honba: 2, Sticks: 1, Chombo: -1},
			[4]int{0, 0, 1000, 0}, 0, [4]int{}, []int{0}},
	} {
		s, err := c.r.Settle(c.h)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s.Deltas != c.deltas || s.Sticks != c.sticks || s.Penalty != c.penalty {
			t.Errorf("%s: deltas %v sticks %d penalty %v, want %v %d %v", c.name, s.Deltas, s.Sticks, s.Penalty, c.deltas, c.sticks, c.penalty)
		}
		if len(s.Points) != len(c.points) {
			t.Errorf("%s: points %v, want %v", c.name, s.Points, c.points)
			continue
		}
		for i := range c.points {
			if s.Points[i] != c.points[i] {
				t.Errorf("%s: points %v, want %v", c.name, s.Points, c.points)
			}
		}
		// What moved adds up: the deltas spend exactly the deposits taken.
		sum := s.Deltas[0] + s.Deltas[1] + s.Deltas[2] + s.Deltas[3]
		if sum != (c.h.Sticks-s.Sticks)*c.r.Riichi {
			t.Errorf("%s: deltas add up to %d, deposits taken %d", c.name, sum, (c.h.Sticks-s.Sticks)*c.r.Riichi)
		}
	}
}

func TestSettleRefuses(t *testing.T) {
	r := ema2016()
	for _, h := range []Hand{
		{Dealer: 4, Chombo: -1},
		{Dealer: 0, Tsumo: true, Chombo: -1, Wins: []Win{{Seat: 1, Value: Value{Han: 1, Fu: 30}, Pao: -1}, {Seat: 2, Value: Value{Han: 1, Fu: 30}, Pao: -1}}},
		{Dealer: 0, From: 1, Chombo: -1, Wins: []Win{{Seat: 1, Value: Value{Han: 1, Fu: 30}, Pao: -1}}},
		{Dealer: 0, From: 1, Chombo: -1, Wins: []Win{{Seat: 2, Value: Value{Han: 1, Fu: 30}, Pao: 3}}},
		{Dealer: 0, From: 1, Chombo: -1, Wins: []Win{{Seat: 2, Value: Value{Han: 3, Fu: 10}, Pao: -1}}},
	} {
		if _, err := r.Settle(h); err == nil {
			t.Errorf("Settle(%+v) settled", h)
		}
	}
}

func TestStandings(t *testing.T) {
	r := ema2016()
	for _, c := range []struct {
		name    string
		r       Rules
		points  [4]int
		sticks  int
		penalty [4]int
		place   [4]int
		result  [4]int
	}{
		{"uma", r, [4]int{41000, 25000, 30000, 24000}, 0, [4]int{},
			[4]int{1, 3, 2, 4}, [4]int{26000, -10000, 5000, -21000}},
		{"leftover deposits to the first", r, [4]int{40000, 25000, 30000, 23000}, 2, [4]int{},
			[4]int{1, 3, 2, 4}, [4]int{27000, -10000, 5000, -22000}},
		{"tie for first splits uma and deposits", r, [4]int{35000, 35000, 25000, 24000}, 1, [4]int{},
			[4]int{1, 1, 3, 4}, [4]int{15500, 15500, -10000, -21000}},
		{"three-way tie", r, [4]int{40000, 26000, 26000, 26000}, 0, [4]int{},
			[4]int{1, 2, 2, 2}, [4]int{25000, -9000, -9000, -9000}},
		{"chombo penalty after uma", r, [4]int{41000, 25000, 30000, 24000}, 0, [4]int{20000},
			[4]int{1, 3, 2, 4}, [4]int{6000, -10000, 5000, -21000}},
	} {
		st := c.r.Standings(c.points, c.sticks, c.penalty, 0)
		for seat, s := range st {
			if s.Seat != seat || s.Place != c.place[seat] || s.Result != c.result[seat] || s.Points != c.points[seat] {
				t.Errorf("%s: seat %d: %+v, want place %d result %d", c.name, seat, s, c.place[seat], c.result[seat])
			}
		}
	}
	// Without a split, the seat nearer the first East takes the better place.
	r.TiesSplit = false
	st := r.Standings([4]int{30000, 30000, 30000, 30000}, 0, [4]int{}, 2)
	for seat, want := range [4]int{3, 4, 1, 2} {
		if st[seat].Place != want {
			t.Errorf("no split, first East 2: seat %d place %d, want %d", seat, st[seat].Place, want)
		}
	}
}

// TestSettleFaultsHaveCodes: a hand Settle cannot settle is refused with
// a fault's code and parameters (for a view to word in its reader's
// language) beside the English sentence it has always had.
func TestSettleFaultsHaveCodes(t *testing.T) {
	r := ema2016()
	for _, c := range []struct {
		h    Hand
		code string
		en   string
	}{
		{Hand{Dealer: 4, Chombo: -1}, FaultSettleDealer, "payment: dealer seat 4 is not 0..3"},
		{Hand{Chombo: 5}, FaultSettleChombo, "payment: chombo seat 5 is not 0..3"},
		{Hand{Chombo: -1, Tsumo: true}, FaultSettleTsumo, "payment: a tsumo has one winner, not 0"},
		{Hand{Chombo: -1, From: 7, Wins: []Win{{Seat: 1, Pao: -1, Value: Value{Limit: Mangan}}}}, FaultSettleFrom, "payment: the discarder's seat 7 is not 0..3"},
		{Hand{Chombo: -1, Honba: -1}, FaultSettleNegative, "payment: counters and deposits cannot be negative"},
		{Hand{Chombo: -1, From: 0, Wins: []Win{{Seat: 1, Pao: -1}, {Seat: 1, Pao: -1}}}, FaultSettleWinner, "payment: winner seat 1 is not a distinct seat 0..3"},
		{Hand{Chombo: -1, From: 1, Wins: []Win{{Seat: 1, Pao: -1}}}, FaultSettleOwnDiscard, "payment: seat 1 cannot win on its own discard"},
		{Hand{Chombo: -1, From: 0, Wins: []Win{{Seat: 1, Pao: 1}}}, FaultSettlePaoSeat, "payment: seat 1 cannot be liable for seat 1's hand"},
		{Hand{Chombo: -1, From: 0, Wins: []Win{{Seat: 1, Pao: 2, Value: Value{Limit: Mangan}}}}, FaultSettlePao, "payment: liability (pao) is for a yakuman only"},
	} {
		_, err := r.Settle(c.h)
		var ve *ValueError
		if !errors.As(err, &ve) || ve.Fault.Code != c.code || err.Error() != c.en {
			t.Errorf("%+v: %v (%+v), want %s: %q", c.h, err, ve, c.code, c.en)
		}
	}
}
