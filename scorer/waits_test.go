package scorer_test

import (
	"testing"

	. "github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

func TestWaits(t *testing.T) {
	for _, tc := range []struct {
		name, hand string
		melds      []Meld
		want       string
	}{
		{"nine-sided chuuren", "1112345678999m", nil, "123456789m"},
		{"thirteen-sided kokushi", "19m 19p 19s 1234567z", nil, "19m 19p 19s 1234567z"},
		{"kokushi waiting on its missing tile", "119m 19p 19s 123456z", nil, "7z"},
		{"two-sided", "123m 456p 789s 55m 23s", nil, "14s"},
		{"edge", "123m 456p 789s 55m 12s", nil, "3s"},
		{"closed", "123m 456p 789s 55m 24s", nil, "3s"},
		{"pair wait", "123m 456p 789s 234s 5z", nil, "5z"},
		{"shanpon", "123m 456p 789s 55m 88s", nil, "5m 8s"},
		{"nobetan: four in a row", "123m 456p 789s 2345s", nil, "25s"},
		{"seven pairs tanki", "11m 33m 55p 77p 99s 22z 6z", nil, "6z"},
		{"seven pairs or ryanpeikou", "223344m 556677p 8s", nil, "8s"},
		{"a kind held four times is no wait", "11112m 234p 567p 88s", nil, "3m"},
		{"with melds", "234m 88p 34s", []Meld{{Pon, tiles("555z")}, {Chii, tiles("678p")}}, "25s"},
		{"a tile held four with a kong is no wait", "234m 567p 88p 9s", []Meld{{ClosedKan, tiles("9999s")}}, ""},
		{"not tenpai", "147m 258p 369s 1234z", nil, ""},
		{"bad meld gives none", "234m 567p 88p 3s", []Meld{{Chii, tiles("135m")}}, ""},
		{"wrong count gives none", "234m 567p 88p 3s", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tile.Format(Waits(tiles(tc.hand), tc.melds)); got != tc.want {
				t.Errorf("Waits(%s) = %q, want %q", tc.hand, got, tc.want)
			}
		})
	}
}

// tiles parses a hand for a test table.
func tiles(s string) []tile.Tile {
	h, err := tile.ParseHand(s)
	if err != nil {
		panic(err)
	}
	return h
}
