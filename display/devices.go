package display

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"periph.io/x/conn/v3/display"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/apa102"
	"periph.io/x/devices/v3/nrzled"
	"periph.io/x/devices/v3/ssd1306"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// NewAPA102 drives an APA102 (DotStar) strip on an SPI port: colours are
// sent as given (no temperature correction, no global PWM flicker).
func NewAPA102(p spi.Port, l Layout) (*Strip, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	o := apa102.PassThruOpts
	o.NumPixels = l.Pixels()
	dev, err := apa102.New(p, &o)
	if err != nil {
		return nil, fmt.Errorf("display: APA102 strip: %w", err)
	}
	return NewStrip(dev, l)
}

// NewWS2812 drives a WS2812 (NeoPixel) strip through the SPI port's MOSI
// line, NRZ-encoded at 2.5 MHz (the port must take 12 bytes a pixel + 6 in
// one transfer).
func NewWS2812(p spi.Port, l Layout) (*Strip, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	dev, err := nrzled.NewSPI(p, &nrzled.Opts{NumPixels: l.Pixels(), Channels: 3, Freq: 2500 * physic.KiloHertz})
	if err != nil {
		return nil, fmt.Errorf("display: WS2812 strip: %w", err)
	}
	return NewStrip(dev, l)
}

// Panel shows panel frames. Draw must accept any image of the panel's
// size; full asks for a full refresh (an e-ink's slow clean redraw) rather
// than a fast one. Draw may block for as long as the refresh takes: the
// Driver calls it on its own goroutine, and reuses frame once Draw has
// returned.
type Panel interface {
	Bounds() image.Rectangle
	Draw(frame image.Image, full bool) error
}

var (
	_ Panel  = (*DrawerPanel)(nil)
	_ Panel  = (*OLED)(nil)
	_ Panel  = (*EInk)(nil)
	_ Lights = (*Strip)(nil)
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
		return fmt.Errorf("display: panel %s: %w", p.D, err)
	}
	return nil
}

// OLED is an SSD1306 panel. Frames are drawn lit on dark.
type OLED struct {
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

// NewOLED drives a 128x64 SSD1306 OLED at I²C address 0x3C, upside down
// when flip is set.
func NewOLED(bus i2c.Bus, flip bool) (*OLED, error) {
	dev, err := ssd1306.NewI2C(bus, oledOpts(flip))
	if err != nil {
		return nil, fmt.Errorf("display: SSD1306 OLED: %w", err)
	}
	return &OLED{dev: dev}, nil
}

// NewOLEDSPI drives a 128x64 SSD1306 OLED on a 4-wire SPI port with its
// data/command line on dc, upside down when flip is set.
func NewOLEDSPI(p spi.Port, dc gpio.PinOut, flip bool) (*OLED, error) {
	dev, err := ssd1306.NewSPI(p, dc, oledOpts(flip))
	if err != nil {
		return nil, fmt.Errorf("display: SSD1306 OLED: %w", err)
	}
	return &OLED{dev: dev}, nil
}

// Bounds is the OLED's.
func (o *OLED) Bounds() image.Rectangle { return o.dev.Bounds() }

// Draw converts the frame to the controller's 1-bit layout, inverted, and
// sends what changed (the driver sends only the changed pages).
func (o *OLED) Draw(frame image.Image, full bool) error {
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
		return fmt.Errorf("display: SSD1306 OLED: %w", err)
	}
	return nil
}

// Halt turns the OLED off.
func (o *OLED) Halt() error { return o.dev.Halt() }

// inverted is an image with black and white swapped.
type inverted struct{ image.Image }

// ColorModel is RGBA64's.
func (i inverted) ColorModel() color.Model { return color.RGBA64Model }

// At is the pixel swapped.
func (i inverted) At(x, y int) color.Color {
	r, g, b, a := i.Image.At(x, y).RGBA()
	return color.RGBA64{R: uint16(a - r), G: uint16(a - g), B: uint16(a - b), A: uint16(a)}
}
