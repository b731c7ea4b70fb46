package display

import (
	"cmp"
	"slices"

	"github.com/tabled/tabled/engine"
)

// HandTiles is a won hand as the panel draws it: the concealed tiles in
// order without the winning tile, the winning tile set apart, and the
// melds the table recorded, each as its tiles.
type HandTiles struct {
	Concealed []engine.Tile
	Win       engine.Tile
	Melds     [][]engine.Tile
}

// handTiles is h as the panel draws it. The concealed tiles are sorted by
// kind, a red five before the ordinary ones, as players arrange a hand.
func handTiles(h *engine.WonHand) *HandTiles {
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
	for _, m := range h.Melds {
		ht.Melds = append(ht.Melds, slices.Clone(m.Tiles))
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
		slices.EqualFunc(h.Melds, o.Melds, func(a, b []engine.Tile) bool { return slices.Equal(a, b) })
}

// Count is the number of tiles drawn: the concealed ones, the winning
// tile and every meld's.
func (h *HandTiles) Count() int {
	n := len(h.Concealed) + 1
	for _, m := range h.Melds {
		n += len(m)
	}
	return n
}
