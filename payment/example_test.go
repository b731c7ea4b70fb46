package payment_test

import (
	"fmt"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
)

// ema2016 are the figures of the EMA's 2016 rule book: the rule profile
// holds them (engine.ScoreFigures), and a session note records them.
var ema2016, _ = engine.ScoreFigures("ema2016")

// What a hand of 3 han 40 fu is worth, as a ron and as a tsumo, for East
// and for another seat.
func ExampleRules_RonPoints() {
	v := payment.Value{Han: 3, Fu: 40}
	fmt.Println("ron:", ema2016.RonPoints(v, false), "or East", ema2016.RonPoints(v, true))
	dealer, other := ema2016.TsumoPoints(v, false)
	fmt.Printf("tsumo: %d from East, %d from the others\n", dealer, other)
	_, each := ema2016.TsumoPoints(v, true)
	fmt.Printf("East's tsumo: %d from each\n", each)
	// Output:
	// ron: 5200 or East 7700
	// tsumo: 2600 from East, 1300 from the others
	// East's tsumo: 2600 from each
}

// A ron by seat 2 on seat 1's discard, one counter on the table and two
// riichi deposits (one of them the winner's, placed this hand): the
// discarder pays the hand and the counter, the winner takes the deposits.
func ExampleRules_Settle() {
	h := payment.Hand{
		Dealer: 0,
		Wins:   []payment.Win{{Seat: 2, Value: payment.Value{Han: 2, Fu: 30}, Pao: -1}},
		From:   1,
		Honba:  1,
		Sticks: 2,
		Riichi: [payment.Seats]bool{2: true},
		Chombo: -1,
	}
	s, err := ema2016.Settle(h)
	if err != nil {
		panic(err)
	}
	fmt.Println("worth", s.Points[0], "moves", s.Deltas, "left on the table", s.Sticks)
	honba, dealerKeeps := payment.Continue(h)
	fmt.Println("next hand: honba", honba, "East stays", dealerKeeps)
	// Output:
	// worth 2000 moves [0 -2300 4300 0] left on the table 0
	// next hand: honba 0 East stays false
}

// The end of a game: places by points, the uma, and the deposit left on
// the table to the first place.
func ExampleRules_Standings() {
	points := [payment.Seats]int{41000, 22000, 33000, 23000}
	for _, st := range ema2016.Standings(points, 1, [payment.Seats]int{}, 0) {
		fmt.Printf("seat %d: place %d, %d points, result %+d\n", st.Seat, st.Place, st.Points, st.Result)
	}
	// Output:
	// seat 0: place 1, 41000 points, result +27000
	// seat 1: place 4, 22000 points, result -23000
	// seat 2: place 2, 33000 points, result +8000
	// seat 3: place 3, 23000 points, result -12000
}
