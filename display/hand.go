package display

import (
	"cmp"
	"slices"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// HandTiles is a won hand as the panel draws it: the concealed tiles in
// order without the winning tile, the winning tile set apart, and the
// melds the table recorded, each as every view lays it (outcome.Meld: its
// tiles left to right, "" for one face down or not seen, the called tile
// turned toward the seat it came from).
type HandTiles struct {
	Concealed []engine.Tile
	Win       engine.Tile
	Melds     []outcome.Meld
}

// handTiles is h, won by seat with melds, as the panel draws it. The
// concealed tiles are sorted by kind, a red five before the ordinary ones,
// as players arrange a hand.
func handTiles(h *engine.WonHand, melds []engine.Meld, seat, dealer engine.Seat) *HandTiles {
	ht := &HandTiles{Win: h.WinTile}
	won := false
	for _, t := range h.Concealed {
		if t == h.WinTile && !won {
			won = true // one copy of the winning tile is drawn apart
			continue
		}
		ht.Concealed = append(ht.Concealed, t)
	}
	slices.SortStableFunc(ht.Concealed, func(a, b engine.Tile) int {
		if c := cmp.Compare(a.Kind(), b.Kind()); c != 0 {
			return c
		}
		return cmp.Compare(b2i(!a.Red()), b2i(!b.Red()))
	})
	for _, m := range melds {
		ht.Melds = append(ht.Melds, outcome.MeldOf(m, seat, dealer))
	}
	return ht
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Equal reports whether two hands are drawn the same (nil for none).
func (h *HandTiles) Equal(o *HandTiles) bool {
	if h == nil || o == nil {
		return h == o
	}
	return h.Win == o.Win && slices.Equal(h.Concealed, o.Concealed) &&
		slices.EqualFunc(h.Melds, o.Melds, func(a, b outcome.Meld) bool {
			return a.Call == b.Call && a.Turned == b.Turned && a.From == b.From && slices.Equal(a.Tiles, b.Tiles)
		})
}

// Count is the number of tiles drawn: the concealed ones, the winning
// tile and every meld's.
func (h *HandTiles) Count() int {
	n := len(h.Concealed) + 1
	for _, m := range h.Melds {
		n += len(m.Tiles)
	}
	return n
}
