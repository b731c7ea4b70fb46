package buttons

import (
	"context"
	"fmt"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
)

// MCP23017 registers, IOCON.BANK=0 (the power-on layout, A and B
// interleaved so one sequential read takes both ports).
const (
	regIODIRA   = 0x00
	regIPOLA    = 0x02
	regGPINTENA = 0x04
	regINTCONA  = 0x08
	regIOCON    = 0x0A
	regGPPUA    = 0x0C
	regINTFA    = 0x0E // INTFA, INTFB, INTCAPA, INTCAPB, GPIOA, GPIOB follow
	regGPIOA    = 0x12

	// ioconMirror ties INTA and INTB together, so one host pin serves 16
	// buttons; ioconODR makes INT open drain (active low, the host pulls it
	// up), so two expanders can share a host pin.
	ioconMirror = 0x40
	ioconODR    = 0x04
)

// Expander is an MCP23017 with buttons on some of its 16 pins, active low
// with the chip's own pull-ups, and its INT output on a host GPIO.
// periph's mcp23xxx driver has no interrupts, so this talks to the
// registers: on each INT edge it stamps, then reads which pins changed
// (INTF), their levels at the change (INTCAP, which also clears INT) and
// their levels now (GPIO), and feeds them to a Debouncer per pin.
type Expander struct {
	// Dev is the chip on its bus (address 0x20..0x27).
	Dev *i2c.Dev
	// Int is the host pin INT is wired to.
	Int gpio.PinIn
	// Mask has bit n set for each pin with a button: A0..A7 are bits 0..7,
	// B0..B7 bits 8..15.
	Mask uint16
	// Debounce and MinPress tune every pin's Debouncer (zero: defaults).
	Debounce, MinPress time.Duration
	// Logf reports bus errors, which are retried, not fatal (nil: none).
	Logf func(format string, args ...any)
}

// PinName is the name of expander pin n, as configs write it ("A0".."B7").
func PinName(n int) string { return fmt.Sprintf("%c%d", "AB"[n/8], n%8) }

// ParsePinName parses "A0".."B7".
func ParsePinName(s string) (int, error) {
	if len(s) != 2 || (s[0] != 'A' && s[0] != 'B') || s[1] < '0' || s[1] > '7' {
		return 0, fmt.Errorf("buttons: expander pin %q is not A0..A7 or B0..B7", s)
	}
	return int(s[0]-'A')*8 + int(s[1]-'0'), nil
}

func (x *Expander) write(reg byte, v ...byte) error {
	if err := x.Dev.Tx(append([]byte{reg}, v...), nil); err != nil {
		return fmt.Errorf("buttons: mcp23017 at %#x: write register %#02x: %w", x.Dev.Addr, reg, err)
	}
	return nil
}

func (x *Expander) read(reg byte, n int) ([]byte, error) {
	r := make([]byte, n)
	if err := x.Dev.Tx([]byte{reg}, r); err != nil {
		return nil, fmt.Errorf("buttons: mcp23017 at %#x: read register %#02x: %w", x.Dev.Addr, reg, err)
	}
	return r, nil
}

func (x *Expander) init() (uint16, error) {
	lo, hi := byte(x.Mask), byte(x.Mask>>8)
	for _, w := range [][]byte{
		{regIOCON, ioconMirror | ioconODR},
		{regIODIRA, 0xFF, 0xFF}, // every pin an input, buttons or not
		{regIPOLA, 0, 0},
		{regGPPUA, lo, hi},
		{regINTCONA, 0, 0}, // interrupt on any change, not against DEFVAL
		{regGPINTENA, lo, hi},
	} {
		if err := x.write(w[0], w[1:]...); err != nil {
			return 0, err
		}
	}
	g, err := x.read(regGPIOA, 2) // also clears an interrupt pending from before
	if err != nil {
		return 0, err
	}
	return uint16(g[0]) | uint16(g[1])<<8, nil
}

// Watch sets the chip up and reads its buttons until ctx ends, calling
// emit with the pin number and each debounced edge.
func (x *Expander) Watch(ctx context.Context, clock func() time.Duration, emit func(pin int, e Edge)) error {
	logf := x.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if err := x.Int.In(gpio.PullUp, gpio.FallingEdge); err != nil {
		return fmt.Errorf("buttons: %s: INT input: %w", x.Int, err)
	}
	stop := context.AfterFunc(ctx, func() { x.Int.Halt() })
	defer stop()
	levels, err := x.init()
	if err != nil {
		return err
	}
	var deb [16]Debouncer
	now := clock()
	for n := range deb {
		deb[n] = Debouncer{Debounce: x.Debounce, MinPress: x.MinPress}
		if x.Mask&(1<<n) != 0 && levels&(1<<n) == 0 {
			deb[n].closed, deb[n].state = true, held // held at start: a rest position
		}
	}
	feed := func(n int, closed bool, at time.Duration) {
		if e, ok := deb[n].Raw(closed, at); ok {
			emit(n, e)
		}
	}
	for ctx.Err() == nil {
		wait := maxWait
		now = clock()
		for n := range deb {
			if at, ok := deb[n].Deadline(); ok {
				wait = min(wait, max(at-now, time.Millisecond))
			}
		}
		x.Int.WaitForEdge(wait)
		at := clock() // the stamp of whatever INT reports
		if x.Int.Read() == gpio.Low {
			// INT is low, by a new edge or one missed: service it.
			r, err := x.read(regINTFA, 6)
			if err != nil {
				logf("%v (retrying)", err)
			} else {
				intf := uint16(r[0]) | uint16(r[1])<<8
				capt := uint16(r[2]) | uint16(r[3])<<8
				cur := uint16(r[4]) | uint16(r[5])<<8
				read := clock()
				for n := range deb {
					bit := uint16(1) << n
					if x.Mask&bit == 0 {
						continue
					}
					if intf&bit != 0 {
						feed(n, capt&bit == 0, at)
					}
					// A change after the capture and before the read
					// raised no new interrupt: take it from GPIO.
					feed(n, cur&bit == 0, read)
				}
			}
		}
		now = clock()
		for n := range deb {
			if e, ok := deb[n].Tick(now); ok {
				emit(n, e)
			}
		}
	}
	return ctx.Err()
}
