package render

import (
	"image"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
)

// handStrip draws a won hand in r, in place of the dora strip once the
// hand is settled from its tiles: the concealed tiles in order, the
// winning tile set apart, then each meld the table recorded, as large as
// the width lets them be.
func (c *canvas) handStrip(r image.Rectangle, h *display.HandTiles) {
	gaps := 1 + len(h.Melds) // before the winning tile, before each meld
	th := r.Dy()
	tw := th * 3 / 4
	gap := max(3, tw/2)
	if fit := (r.Dx() - gaps*gap) / h.Count(); fit < tw {
		tw = max(5, fit)
		gap = max(3, tw/2)
		th = min(r.Dy(), tw*4/3)
	}
	x, y := r.Min.X, r.Min.Y+(r.Dy()-th)/2
	draw := func(ts ...engine.Tile) {
		for _, t := range ts {
			c.tile(image.Rect(x, y, x+tw, y+th), t, false, false)
			x += tw
		}
	}
	draw(h.Concealed...)
	x += gap
	draw(h.Win)
	for _, m := range h.Melds {
		x += gap
		draw(m...)
	}
}
