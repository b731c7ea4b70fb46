// Package eink drives the Waveshare 2.13" e-ink (V4, SSD1680 controller)
// as the table's panel, turned landscape (250x122), with the partial
// refresh periph's waveshare2in13v4 driver lacks: a full refresh (about
// 2 s, every pixel flashed clean) at the start of a hand and every
// MaxPartial frames, a partial one (about 0.3 s, only the changed pixels)
// otherwise, as Waveshare's own drivers do. It takes the SPI port and
// GPIO lines the caller opened (spi.Port, gpio.PinOut, gpio.PinIn), the
// periph way; it opens no hardware itself.
package eink

import (
	"fmt"
	"image"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/waveshare2in13v4"
)

// E-ink controller (SSD1680) commands used for frames.
const (
	epdDriverOutput = 0x01
	epdDataEntry    = 0x11
	epdActivate     = 0x20
	epdUpdate2      = 0x22
	epdWriteBW      = 0x24
	epdWriteRed     = 0x26
	epdBorder       = 0x3c
	epdRAMX         = 0x44
	epdRAMY         = 0x45
	epdCursorX      = 0x4e
	epdCursorY      = 0x4f

	// epdFull is the full refresh (all pixels flashed clean, ~2 s);
	// epdPartial the partial one (only changed pixels, ~0.3 s).
	epdFull    = 0xf7
	epdPartial = 0xff
)

// DefaultMaxPartial is how many partial refreshes a Dev makes before it
// forces a full one, which clears the ghosting partial refreshes leave.
const DefaultMaxPartial = 60

// Dev is the Waveshare 2.13" e-ink (V4, 122x250, SSD1680) turned
// landscape: 250x122. A full refresh (Draw with full set, the first Draw,
// and every MaxPartial draws) resets the controller through periph's
// waveshare2in13v4 driver and writes both RAM banks; other draws are
// partial refreshes writing only the new frame, as Waveshare's own
// drivers do. (waveshare2in13v4 v3.7.4 itself has no partial mode and
// refreshes twice per Draw, so the frames are sent here on its SPI
// connection.)
type Dev struct {
	dev    *waveshare2in13v4.Dev
	tap    *tapPort
	dc, cs gpio.PinOut
	rst    gpio.PinOut
	busy   gpio.PinIn
	opts   waveshare2in13v4.Opts
	ram    []byte
	ready  bool
	parts  int
	// MaxPartial is the number of partial refreshes after which a full one
	// is forced; 0 is DefaultMaxPartial.
	MaxPartial int
	// BusyTimeout bounds the wait for a refresh; 0 is 5 s.
	BusyTimeout time.Duration
}

// ResetPulse is how long the reset line is held low to reset the
// controller before a partial refresh: a timing of the panel's hardware
// (Waveshare's drivers hold it for 1-2 ms), so a real wait; the tests
// run it on a synctest bubble's clock.
const ResetPulse = time.Millisecond

// New drives the e-ink on SPI port p with its data/command, chip
// select, reset and busy lines. origin is the controller's corner at the
// frame's top left: TopRight or BottomLeft (the two landscape ways up).
func New(p spi.Port, dc, cs, rst gpio.PinOut, busy gpio.PinIn, origin waveshare2in13v4.Corner) (*Dev, error) {
	if origin != waveshare2in13v4.TopRight && origin != waveshare2in13v4.BottomLeft {
		return nil, fmt.Errorf("eink: origin %d is not landscape (TopRight or BottomLeft)", origin)
	}
	opts := waveshare2in13v4.EPD2in13v4
	opts.Origin = origin
	tap := &tapPort{Port: p}
	dev, err := waveshare2in13v4.New(tap, dc, cs, rst, busy, &opts)
	if err != nil {
		return nil, fmt.Errorf("eink: %w", err)
	}
	return &Dev{dev: dev, tap: tap, dc: dc, cs: cs, rst: rst, busy: busy, opts: opts}, nil
}

// Bounds is 250x122.
func (e *Dev) Bounds() image.Rectangle { return e.dev.Bounds() }

// Draw shows the frame: a full refresh when full is set (the display's
// Driver sets it at the start of a hand), on the first draw and after MaxPartial
// partial ones; a partial refresh otherwise. It blocks until the panel is
// done (about 2 s full, 0.3 s partial).
func (e *Dev) Draw(frame image.Image, full bool) error {
	// periph's Init waits for the busy line without a limit, and a partial
	// refresh must not start during another: a hung panel (busy stuck
	// high) is found here instead.
	if s := (epdSender{e: e}); s.wait() != nil {
		e.ready = false
		return fmt.Errorf("eink: %w", s.err)
	}
	e.ram = RAM(e.ram[:0], frame, e.opts)
	maxPart := e.MaxPartial
	if maxPart <= 0 {
		maxPart = DefaultMaxPartial
	}
	if full || !e.ready || e.parts >= maxPart {
		if err := e.full(); err != nil {
			e.ready = false
			return fmt.Errorf("eink: full refresh: %w", err)
		}
		e.ready, e.parts = true, 0
		return nil
	}
	if err := e.partial(); err != nil {
		e.ready = false
		return fmt.Errorf("eink: partial refresh: %w", err)
	}
	e.parts++
	return nil
}

// Sleep puts the controller in deep sleep; the next Draw wakes it with a
// full refresh.
func (e *Dev) Sleep() error {
	e.ready = false
	return e.dev.Sleep()
}

func (e *Dev) full() error {
	if err := e.dev.Init(); err != nil {
		return err
	}
	s := epdSender{e: e}
	s.cursor()
	s.send(epdWriteBW, e.ram...)
	s.cursor()
	s.send(epdWriteRed, e.ram...) // the base image partial refreshes compare with
	s.send(epdUpdate2, epdFull)
	s.send(epdActivate)
	s.wait()
	return s.err
}

func (e *Dev) partial() error {
	s := epdSender{e: e}
	s.out(e.rst, gpio.Low)
	time.Sleep(ResetPulse)
	s.out(e.rst, gpio.High)
	s.send(epdBorder, 0x80)
	s.send(epdDriverOutput, 0xf9, 0x00, 0x00)
	s.send(epdDataEntry, 0x03)
	w, h := e.opts.Width, e.opts.Height
	s.send(epdRAMX, 0, byte((w-1)>>3))
	s.send(epdRAMY, 0, 0, byte((h-1)&0xff), byte((h-1)>>8))
	s.cursor()
	s.send(epdWriteBW, e.ram...)
	s.send(epdUpdate2, epdPartial)
	s.send(epdActivate)
	s.wait()
	return s.err
}

// epdSender sends commands, keeping the first error.
type epdSender struct {
	e   *Dev
	err error
}

func (s *epdSender) out(p gpio.PinOut, l gpio.Level) {
	if s.err == nil {
		s.err = p.Out(l)
	}
}

func (s *epdSender) tx(b []byte) {
	if s.err != nil {
		return
	}
	if s.e.tap.c == nil {
		s.err = fmt.Errorf("SPI not connected")
		return
	}
	s.out(s.e.cs, gpio.Low)
	if s.err == nil {
		s.err = s.e.tap.c.Tx(b, nil)
	}
	s.out(s.e.cs, gpio.High)
}

// send sends a command and its data, as the Waveshare HAT wants them:
// DC low for the command byte, high for the data.
func (s *epdSender) send(cmd byte, data ...byte) {
	s.out(s.e.dc, gpio.Low)
	s.tx([]byte{cmd})
	if len(data) > 0 {
		s.out(s.e.dc, gpio.High)
		s.tx(data)
	}
}

func (s *epdSender) cursor() {
	s.send(epdCursorX, 0)
	s.send(epdCursorY, 0, 0)
}

// wait waits while the panel is busy refreshing, and returns s.err.
func (s *epdSender) wait() error {
	if s.err != nil {
		return s.err
	}
	limit := s.e.BusyTimeout
	if limit <= 0 {
		limit = 5 * time.Second
	}
	deadline := time.Now().Add(limit)
	for s.e.busy.Read() == gpio.High {
		if time.Now().After(deadline) {
			s.err = fmt.Errorf("busy for more than %v", limit)
			return s.err
		}
		s.e.busy.WaitForEdge(10 * time.Millisecond)
	}
	return nil
}

// tapPort keeps the connection the waveshare driver opens, so that frames
// can be sent on it too.
type tapPort struct {
	spi.Port
	c spi.Conn
}

// Connect connects the port and keeps the connection.
func (t *tapPort) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	c, err := t.Port.Connect(f, mode, bits)
	t.c = c
	return c, err
}

// RAM appends the controller RAM image of frame (one bit a pixel, 1
// white, rows of (Width+7)/8 bytes, Height rows) to dst, laid out as
// periph's waveshare2in13v4 driver lays out a frame for opts.Origin.
// Pixels at or above mid-grey are white.
func RAM(dst []byte, frame image.Image, opts waveshare2in13v4.Opts) []byte {
	// The driver's logical size and its 1-bit buffer, byte-aligned on the
	// controller's X axis, with the frame placed at an offset in it.
	dev := image.Pt(opts.Width, opts.Height)
	buf := image.Pt((opts.Width+7)/8*8, opts.Height)
	landscape := opts.Origin == waveshare2in13v4.TopRight || opts.Origin == waveshare2in13v4.BottomLeft
	if landscape {
		dev, buf = image.Pt(dev.Y, dev.X), image.Pt(buf.Y, buf.X)
	}
	var off image.Point
	switch opts.Origin {
	case waveshare2in13v4.TopRight:
		off.Y = buf.Y - dev.Y
	case waveshare2in13v4.BottomRight, waveshare2in13v4.BottomLeft:
		off = buf.Sub(dev)
	}
	gray, _ := frame.(*image.Gray)
	fr := frame.Bounds()
	white := func(p image.Point) bool {
		q := p.Sub(off) // in the frame
		switch {
		case q.In(image.Rectangle{Max: dev}):
			q = q.Add(fr.Min)
			if gray != nil {
				return gray.GrayAt(q.X, q.Y).Y >= 0x80
			}
			r, g, b, _ := frame.At(q.X, q.Y).RGBA()
			return r|g|b >= 0x8000
		case p.In(image.Rectangle{Max: buf}):
			return true // the driver's buffer starts white
		}
		return false
	}
	rowBytes := (opts.Width + 7) / 8
	for y := range opts.Height {
		for xb := range rowBytes {
			var v byte
			for bit := range 8 {
				x := xb*8 + bit
				var p image.Point
				switch opts.Origin {
				case waveshare2in13v4.TopLeft:
					p = image.Pt(x, y)
				case waveshare2in13v4.TopRight:
					p = image.Pt(y, dev.Y-x-1)
				case waveshare2in13v4.BottomRight:
					p = image.Pt(dev.X-x-1, dev.Y-y-1)
				case waveshare2in13v4.BottomLeft:
					p = image.Pt(dev.X-y-1, x)
				}
				if white(p.Add(off)) {
					v |= 0x80 >> bit
				}
			}
			dst = append(dst, v)
		}
	}
	return dst
}
