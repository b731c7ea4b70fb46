package display

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/tabled/tabled/engine"
)

// Lights shows the seat signals of a view: an LED strip, or a fake.
type Lights interface {
	Show(v View) error
}

// MinPerSeat is the fewest pixels a seat's segment may have: two edge
// pixels for riichi and four in the middle for the signal.
const MinPerSeat = 6

// RGB is one LED colour.
type RGB struct{ R, G, B uint8 }

// The colours of the light language (see the package documentation).
var (
	ColourTurn  = RGB{48, 48, 48}
	ColourAmber = RGB{255, 120, 0}
	ColourGreen = RGB{0, 255, 0}
	ColourRed   = RGB{255, 0, 0}
	ColourBlue  = RGB{0, 40, 255}
)

// Blink timings of the light language.
const (
	// PulsePeriod is the pending pulse: brightness goes 100% -> 25% -> 100%.
	PulsePeriod = time.Second
	// SlowBlink is the lost blink: on for half of it, off for the other half.
	SlowBlink = time.Second
	// FastBlink is the rejected blink: on half, off half (4 per second).
	FastBlink = 250 * time.Millisecond
	// DoubleBlink is the late and referee period: two flashes of Flash,
	// Flash apart, then dark until the period ends.
	DoubleBlink = time.Second
	// Flash is one flash of a double blink.
	Flash = 150 * time.Millisecond
)

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
		return fmt.Errorf("display: %d pixels per seat: the light language needs at least %d", l.PerSeat, MinPerSeat)
	}
	if !l.First.Valid() {
		return fmt.Errorf("display: first seat %d is not 0..3", l.First)
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

// StripPixels appends the RGB bytes of the whole strip for the view to
// dst (3 bytes per pixel, Layout.Pixels pixels) and returns it. It never
// allocates when dst has the room.
func StripPixels(dst []byte, v View, l Layout) []byte {
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
		put := func(i int, c RGB, level int) {
			seg[3*i] = uint8(int(c.R) * level / 256)
			seg[3*i+1] = uint8(int(c.G) * level / 256)
			seg[3*i+2] = uint8(int(c.B) * level / 256)
		}
		if sv.Riichi {
			put(0, ColourBlue, 256)
			put(n-1, ColourBlue, 256)
		}
		t := max(v.Now-sv.Since, 0)
		c := (n - 1) / 2
		switch sv.Signal {
		case SignalTurn:
			put(c, ColourTurn, 256)
			put(c+1, ColourTurn, 256)
		case SignalPending:
			for i := 1; i < n-1; i++ {
				put(i, ColourAmber, pulse(t))
			}
		case SignalWon:
			for i := 1; i < n-1; i++ {
				put(i, ColourGreen, 256)
			}
		case SignalLate:
			if on := doubleBlink(t); on {
				for i := 1; i < n-1; i++ {
					put(i, ColourGreen, 256)
				}
			}
		case SignalLost:
			if t%SlowBlink < SlowBlink/2 {
				for i := 1; i < n-1; i += 2 {
					put(i, ColourRed, 256)
				}
			}
		case SignalRejected:
			if t%FastBlink < FastBlink/2 {
				for i := 1; i < n-1; i++ {
					put(i, ColourRed, 256)
				}
			}
		case SignalReferee:
			if doubleBlink(t) {
				put(c, ColourAmber, 256)
				put(c+1, ColourAmber, 256)
			}
		}
	}
	return dst
}

// pulse is the pending brightness, 64..256 of 256, a triangle over PulsePeriod.
func pulse(t time.Duration) int {
	p := int((t % PulsePeriod) * 384 / PulsePeriod) // 0..383
	if p < 192 {
		return 256 - p
	}
	return 64 + (p - 192)
}

// doubleBlink is on for two flashes at the start of each period.
func doubleBlink(t time.Duration) bool {
	p := t % DoubleBlink
	return p < Flash || (p >= 2*Flash && p < 3*Flash)
}

// NextChange is the earliest moment after Now at which the lights look
// different with no new state, and false when they do not before the state
// changes. frame is how often a pulsing light is redrawn: with frame > 0
// the blink and pulse phases count (a strip, drawn by the host); with 0
// only the signals' ends do (seat controllers, which blink by themselves).
func (v View) NextChange(frame time.Duration) (time.Duration, bool) {
	next, ok := v.Expiry, v.Expiry > v.Now
	if frame <= 0 {
		return next, ok
	}
	for _, s := range v.Seats {
		e, blinks := blinkEdge(s.Signal, max(v.Now-s.Since, 0), frame)
		if !blinks {
			continue
		}
		if at := v.Now + e; !ok || at < next {
			next, ok = at, true
		}
	}
	return next, ok
}

// blinkEdge is how long after t (the time since the signal began) its
// light next turns on, off or changes brightness, and false for a steady
// signal. The edges are those StripPixels draws.
func blinkEdge(sig Signal, t, frame time.Duration) (time.Duration, bool) {
	var period time.Duration
	var edges []time.Duration
	switch sig {
	case SignalPending:
		return frame, true // the pulse changes all the time
	case SignalLost:
		period, edges = SlowBlink, []time.Duration{SlowBlink / 2}
	case SignalRejected:
		period, edges = FastBlink, []time.Duration{FastBlink / 2}
	case SignalLate, SignalReferee:
		period, edges = DoubleBlink, []time.Duration{Flash, 2 * Flash, 3 * Flash}
	default:
		return 0, false
	}
	start := t - t%period
	for _, e := range edges {
		if start+e > t {
			return start + e - t, true
		}
	}
	return start + period - t, true
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

// NewStrip makes a Strip writing RGB bytes to w.
func NewStrip(w io.Writer, l Layout) (*Strip, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	return &Strip{w: w, l: l}, nil
}

// Layout is the strip's layout.
func (s *Strip) Layout() Layout { return s.l }

// Show writes the view's signals to the strip. A frame equal to the last
// one written is not sent again.
func (s *Strip) Show(v View) error {
	s.buf = StripPixels(s.buf[:0], v, s.l)
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
		return fmt.Errorf("display: LED strip: %w", err)
	}
	s.last = append(s.last[:0], s.buf...)
	return nil
}

// Off turns every pixel off.
func (s *Strip) Off() error {
	s.buf = append(s.buf[:0], make([]byte, 3*s.l.Pixels())...)
	if _, err := s.w.Write(s.buf); err != nil {
		return fmt.Errorf("display: LED strip: %w", err)
	}
	s.last = append(s.last[:0], s.buf...)
	return nil
}
