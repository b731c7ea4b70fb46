// Package oled drives the table's panel on a 128x64 SSD1306 OLED on an
// I²C bus the caller opened, frames drawn lit on dark (which also spares
// the panel burn-in), and on any periph display.Drawer (DrawerPanel).
package oled

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"periph.io/x/conn/v3/display"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/devices/v3/ssd1306"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// DrawerPanel shows frames on any periph display.Drawer: the frame is
// drawn whole, full or not. Invert swaps black and white, for an OLED
// (lit text on a dark screen, which also spares it burn-in).
type DrawerPanel struct {
	D      display.Drawer
	Invert bool
}

// Bounds is the drawer's.
func (p *DrawerPanel) Bounds() image.Rectangle { return p.D.Bounds() }

// Draw draws the frame.
func (p *DrawerPanel) Draw(frame image.Image, full bool) error {
	src := frame
	if p.Invert {
		src = inverted{frame}
	}
	if err := p.D.Draw(p.D.Bounds(), src, frame.Bounds().Min); err != nil {
		return fmt.Errorf("oled: panel %s: %w", p.D, err)
	}
	return nil
}

// Dev is an SSD1306 panel. Frames are drawn lit on dark.
type Dev struct {
	dev *ssd1306.Dev
	buf *image1bit.VerticalLSB
}

// oledOpts are the SSD1306 options, turned 180° when flip is set (the
// panel mounted the other way up).
func oledOpts(flip bool) *ssd1306.Opts {
	o := ssd1306.DefaultOpts
	o.MirrorVertical, o.MirrorHorizontal = flip, flip
	return &o
}

// New drives a 128x64 SSD1306 OLED at I²C address 0x3C, upside down
// when flip is set.
func New(bus i2c.Bus, flip bool) (*Dev, error) {
	dev, err := ssd1306.NewI2C(bus, oledOpts(flip))
	if err != nil {
		return nil, fmt.Errorf("oled: SSD1306: %w", err)
	}
	return &Dev{dev: dev}, nil
}

// Bounds is the OLED's.
func (o *Dev) Bounds() image.Rectangle { return o.dev.Bounds() }

// Draw converts the frame to the controller's 1-bit layout, inverted, and
// sends what changed (the driver sends only the changed pages).
func (o *Dev) Draw(frame image.Image, full bool) error {
	r := o.dev.Bounds()
	if o.buf == nil {
		o.buf = image1bit.NewVerticalLSB(r)
	}
	if g, ok := frame.(*image.Gray); ok && g.Rect == r {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := g.Pix[g.PixOffset(0, y):]
			for x := range r.Dx() {
				o.buf.SetBit(x, y, image1bit.Bit(row[x] < 0x80))
			}
		}
	} else {
		draw.Src.Draw(o.buf, r, inverted{frame}, frame.Bounds().Min)
	}
	if err := o.dev.Draw(r, o.buf, image.Point{}); err != nil {
		return fmt.Errorf("oled: SSD1306: %w", err)
	}
	return nil
}

// Halt turns the OLED off.
func (o *Dev) Halt() error { return o.dev.Halt() }

// inverted is an image with black and white swapped.
type inverted struct{ image.Image }

// ColorModel is RGBA64's.
func (i inverted) ColorModel() color.Model { return color.RGBA64Model }

// At is the pixel swapped.
func (i inverted) At(x, y int) color.Color {
	r, g, b, a := i.Image.At(x, y).RGBA()
	return color.RGBA64{R: uint16(a - r), G: uint16(a - g), B: uint16(a - b), A: uint16(a)}
}
