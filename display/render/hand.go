package render

import (
	"image"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
)

// handStrip draws a won hand in r, in place of the dora strip once the
// hand is settled from its tiles: the concealed tiles in order, the
// winning tile set apart, then each meld the table recorded as every view
// lays it (outcome.Meld), as large as the width lets them be.
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
		for i, t := range m.Tiles {
			r := image.Rect(x, y, x+tw, y+th)
			seen, err := engine.ParseTile(t)
			switch {
			case t != "" && err == nil:
				c.tile(r, seen, false, false)
			case m.Concealed && (i == 0 || i == len(m.Tiles)-1):
				c.back(r) // a concealed kong's ends lie face down
			default:
				c.tile(r, engine.NoTile, false, true) // a tile the table did not see
			}
			x += tw
		}
	}
}

// back draws a tile lying face down in r: its back, filled.
func (c *canvas) back(r image.Rectangle) {
	c.fill(r, Black)
	for _, p := range []image.Point{r.Min, {r.Max.X - 1, r.Min.Y}, {r.Min.X, r.Max.Y - 1}, r.Max.Sub(image.Pt(1, 1))} {
		c.set(p.X, p.Y, White)
	}
}
