// Package strip shows the seat signals of a display.View on an LED strip
// running round the table: an APA102 (DotStar) or a WS2812 (NeoPixel) on
// an SPI port, or any writer of RGB bytes.
//
// # The light language on a strip
//
// Each seat owns a segment of the strip of PerSeat pixels (at least
// MinPerSeat). The first and last pixel of a segment are its edge; the
// others are its middle. A signal is told apart by how many pixels are lit
// and how they blink, never by colour alone, so colour-blind players read
// it too. The colours and the blinks are display's (Signal.Colour,
// Signal.Level); the pixels lit are this package's:
//
//	Signal     Colour        Pixels lit             Timing
//	turn       dim white     the 2 centre pixels    steady
//	pending    amber         the whole middle       slow pulse (1 s), never dark
//	won        green         the whole middle       steady, full brightness
//	late       green         the whole middle       double blink each second
//	lost       red           every other pixel      slow blink (1 s: on, off)
//	rejected   red           the whole middle       fast blink (4 per second)
//	referee    amber         the 2 centre pixels    double blink each second
//	riichi     blue          the two edge pixels    steady, with any signal
//
// The host draws every blink: the strip is redrawn at each blink's edge
// (display.View.NextChange with a frame), and a frame equal to the last
// one is not sent again.
package strip

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/apa102"
	"periph.io/x/devices/v3/nrzled"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
)

// MinPerSeat is the fewest pixels a seat's segment may have: two edge
// pixels for riichi and four in the middle for the signal.
const MinPerSeat = 6

// Layout says where each seat's segment is on the strip. The strip runs
// round the table: seat First's segment comes first, then the next seats
// in turn order (counter-clockwise), or in the other direction when
// Clockwise is set.
type Layout struct {
	// PerSeat is the number of pixels of each seat's segment.
	PerSeat int
	// First is the seat whose segment starts the strip.
	First engine.Seat
	// Clockwise: the strip runs clockwise round the table.
	Clockwise bool
}

// Pixels is the number of pixels of the whole strip.
func (l Layout) Pixels() int { return 4 * l.PerSeat }

// Validate reports a layout the light language cannot be shown on.
func (l Layout) Validate() error {
	if l.PerSeat < MinPerSeat {
		return fmt.Errorf("strip: %d pixels per seat: the light language needs at least %d", l.PerSeat, MinPerSeat)
	}
	if !l.First.Valid() {
		return fmt.Errorf("strip: first seat %d is not 0..3", l.First)
	}
	return nil
}

// segment is the index of seat s's segment on the strip.
func (l Layout) segment(s engine.Seat) int {
	if l.Clockwise {
		return int((l.First - s + 4) & 3)
	}
	return int((s - l.First + 4) & 3)
}

// Pixels appends the RGB bytes of the whole strip for the view to dst (3
// bytes per pixel, Layout.Pixels pixels) and returns it. It never
// allocates when dst has the room.
func Pixels(dst []byte, v display.View, l Layout) []byte {
	n := l.PerSeat
	start, need := len(dst), 3*l.Pixels()
	dst = slices.Grow(dst, need)[:start+need]
	px := dst[start:]
	clear(px)
	for _, sv := range v.Seats {
		if !sv.Seat.Valid() {
			continue
		}
		seg := px[3*n*l.segment(sv.Seat) : 3*n*(l.segment(sv.Seat)+1)]
		put := func(i int, c display.RGB, level int) {
			seg[3*i] = uint8(int(c.R) * level / 256)
			seg[3*i+1] = uint8(int(c.G) * level / 256)
			seg[3*i+2] = uint8(int(c.B) * level / 256)
		}
		if sv.Riichi {
			put(0, display.ColourBlue, display.FullLevel)
			put(n-1, display.ColourBlue, display.FullLevel)
		}
		level := sv.Signal.Level(max(v.Now-sv.Since, 0))
		if level == 0 {
			continue
		}
		c, centre := sv.Signal.Colour(), (n-1)/2
		switch sv.Signal {
		case display.SignalTurn, display.SignalReferee:
			put(centre, c, level)
			put(centre+1, c, level)
		case display.SignalLost:
			for i := 1; i < n-1; i += 2 {
				put(i, c, level)
			}
		default:
			for i := 1; i < n-1; i++ {
				put(i, c, level)
			}
		}
	}
	return dst
}

// Strip shows views on an LED strip that takes RGB bytes: apa102.Dev and
// nrzled.Dev are such writers (NewAPA102, NewWS2812).
type Strip struct {
	w io.Writer
	l Layout
	// Brightness scales every colour, 1..255; 0 is full brightness.
	Brightness uint8
	buf, last  []byte
}

// New makes a Strip writing RGB bytes to w.
func New(w io.Writer, l Layout) (*Strip, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	return &Strip{w: w, l: l}, nil
}

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
		return nil, fmt.Errorf("strip: APA102: %w", err)
	}
	return New(dev, l)
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
		return nil, fmt.Errorf("strip: WS2812: %w", err)
	}
	return New(dev, l)
}

// Layout is the strip's layout.
func (s *Strip) Layout() Layout { return s.l }

// Show writes the view's signals to the strip. A frame equal to the last
// one written is not sent again.
func (s *Strip) Show(v display.View) error {
	s.buf = Pixels(s.buf[:0], v, s.l)
	if b := s.Brightness; b != 0 {
		for i, c := range s.buf {
			s.buf[i] = uint8(int(c) * int(b) / 255)
		}
	}
	if s.last != nil && bytes.Equal(s.buf, s.last) {
		return nil
	}
	if _, err := s.w.Write(s.buf); err != nil {
		s.last = s.last[:0:0]
		return fmt.Errorf("strip: write: %w", err)
	}
	s.last = append(s.last[:0], s.buf...)
	return nil
}

// Off turns every pixel off.
func (s *Strip) Off() error {
	s.buf = append(s.buf[:0], make([]byte, 3*s.l.Pixels())...)
	if _, err := s.w.Write(s.buf); err != nil {
		return fmt.Errorf("strip: off: %w", err)
	}
	s.last = append(s.last[:0], s.buf...)
	return nil
}
