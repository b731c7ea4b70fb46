package scorer_test

import (
	"testing"

	"github.com/tabled/tabled/engine"
	. "github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

// BenchmarkScore scores representative hands: a riichi pinfu tsumo with
// dora, nine gates (a chinitsu that reads several ways), seven pairs that are also
// ryanpeikou, thirteen orphans, and an open hand with a kong.
func BenchmarkScore(b *testing.B) {
	rules, _ := Profile("ema2016")
	pay, _ := engine.ScoreFigures("ema2016")
	win := func(hand, w string, melds []Meld, tsumo, riichi bool) Win {
		return Win{Concealed: tiles(hand), WinTile: tile.MustTile(w), Melds: melds, Tsumo: tsumo, Riichi: riichi,
			SeatWind: tile.MustTile("2z"), RoundWind: tile.MustTile("1z"), Indicators: tiles("4m"), Ura: tiles("9s")}
	}
	for _, c := range []struct {
		name string
		w    Win
	}{
		{"pinfu", win("123m 456p 789s 55m 234s", "4s", nil, true, true)},
		{"nine_gates", win("1112345678999m 5m", "5m", nil, false, true)},
		{"ryanpeikou", win("223344m 556677p 88s", "8s", nil, true, false)},
		{"kokushi", win("119m 19p 19s 1234567z", "7z", nil, false, false)},
		{"open", win("234m 567p 88p 345s", "5s", []Meld{{OpenKan, tiles("6666s")}}, false, false)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Score(c.w, rules, pay); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
