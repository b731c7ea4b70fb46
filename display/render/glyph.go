package render

import (
	"image"
	"image/color"

	"rsc.io/qr"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/tileface"
)

// tile draws a tile in r, 3 wide for 4 high or so: a rounded frame around
// its face as the status page draws it (package tileface: the same
// circles, bamboo and characters, in one ink), "?" for a tile not read
// yet. inverted draws it white on black, as the panel draws the dora, so
// it stands out from its indicator at arm's length.
func (c *canvas) tile(r image.Rectangle, t engine.Tile, inverted, dashed bool) {
	bg, fg := White, Black
	if inverted {
		bg, fg = Black, White
	}
	w, h := r.Dx(), r.Dy()
	c.fill(r, bg)
	if dashed {
		for x := r.Min.X; x < r.Max.X; x++ {
			if (x-r.Min.X)/2%2 == 0 {
				c.set(x, r.Min.Y, fg)
				c.set(x, r.Max.Y-1, fg)
			}
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if (y-r.Min.Y)/2%2 == 0 {
				c.set(r.Min.X, y, fg)
				c.set(r.Max.X-1, y, fg)
			}
		}
	} else {
		c.frameRect(r, 1, Black)
		if inverted && w >= 16 {
			c.frameRect(r.Inset(1), 1, White)
		}
	}
	// Rounded corners.
	for _, p := range []image.Point{r.Min, {r.Max.X - 1, r.Min.Y}, {r.Min.X, r.Max.Y - 1}, r.Max.Sub(image.Pt(1, 1))} {
		c.set(p.X, p.Y, White)
	}
	if !t.Known() {
		f := c.f.get(h * 6 / 10)
		c.textIn(r.Inset(max(1, w/10)), r.Min.X+(w-width("?", f)+1)/2, r.Min.Y+h*7/10, "?", f, fg)
		return
	}
	// The face within the frame, from the shapes the status page draws.
	in := r.Inset(1)
	m := tileface.Mask(t.String(), in.Dx(), in.Dy())
	if m == nil {
		return
	}
	for y := range in.Dy() {
		for x := range in.Dx() {
			if m.AlphaAt(x, y).A >= 0x80 {
				c.set(in.Min.X+x, in.Min.Y+y, fg)
			}
		}
	}
}

// arrow draws a right arrow in r, centred vertically.
func (c *canvas) arrow(r image.Rectangle, col color.Gray) {
	y := (r.Min.Y + r.Max.Y) / 2
	head := max(2, r.Dx()/3)
	c.fill(image.Rect(r.Min.X, y-1, r.Max.X-1, y+1), col)
	for i := range head + 1 {
		c.fill(image.Rect(r.Max.X-1-head+i, y-head+i, r.Max.X-head+i, y+head-i), col)
	}
}

// qrCode draws url as a QR code centred in r, as large as whole modules
// allow with a quiet zone of two modules; it reports false when it does not
// fit at one pixel a module.
func (c *canvas) qrCode(r image.Rectangle, url string) bool {
	code, err := qr.Encode(url, qr.L)
	if err != nil {
		return false
	}
	n := code.Size + 4
	scale := min(r.Dx(), r.Dy()) / n
	if scale < 1 {
		return false
	}
	side := n * scale
	o := image.Pt(r.Min.X+(r.Dx()-side)/2, r.Min.Y+(r.Dy()-side)/2)
	c.fill(image.Rectangle{o, o.Add(image.Pt(side, side))}, White)
	for y := range code.Size {
		for x := range code.Size {
			if code.Black(x, y) {
				p := o.Add(image.Pt((x+2)*scale, (y+2)*scale))
				c.fill(image.Rectangle{p, p.Add(image.Pt(scale, scale))}, Black)
			}
		}
	}
	return true
}
