package scorer_test

import (
	"fmt"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

// A closed hand won by tsumo after riichi, with one dora: the scorer reads
// it every way it can and keeps the reading worth the most, part by part.
func ExampleScore() {
	// The RCR 2016's yaku and its score figures, as its profile holds them.
	rules, pay := scorer.RCR2016, payment.RCR2016
	hand, err := tile.ParseHand("234m 567m 345p 678s 99s")
	if err != nil {
		panic(err)
	}
	r, err := scorer.Score(scorer.Win{
		Concealed:  hand,
		WinTile:    tile.MustTile("8s"),
		Tsumo:      true,
		SeatWind:   tile.MustTile("3z"), // West
		RoundWind:  tile.MustTile("1z"), // the East round
		Riichi:     true,
		Indicators: []tile.Tile{tile.MustTile("1m")},
	}, rules, pay)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Shape)
	for _, y := range r.Yaku {
		fmt.Println(y.Name, y.Han)
	}
	for _, f := range r.FuParts {
		fmt.Println(f.Name, f.Fu, "fu")
	}
	fmt.Println("worth:", r.Value.Words())
	// Output:
	// 234m 567m 345p 678s 99s
	// menzen_tsumo 1
	// riichi 1
	// pinfu 1
	// dora 1
	// base 20 fu
	// worth: 4 han 20 fu
}

// Waits lists the tiles that complete a ready hand: here an open wait
// on 3s or 6s.
func ExampleWaits() {
	hand, _ := tile.ParseHand("123m 456p 789s 11z 45s")
	fmt.Println(tile.Format(scorer.Waits(hand, nil)))
	// Output:
	// 36s
}
