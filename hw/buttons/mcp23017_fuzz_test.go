package buttons

import (
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c/i2ctest"
)

// FuzzExpander: whatever bytes an MCP23017 answers (a noisy bus, pins
// changing between the capture and the read, flags on pins with no
// button), the expander's watch never panics and gives for each button
// pin a clean sequence: edges only on pins with a button, press and
// release in turn (a pin held at the start releases first), at stamps
// that never go back.
//
// The input is: the button mask (2 bytes), the port's levels at the start
// (2 bytes), then per interrupt the milliseconds since the previous one
// (1 byte) and what the chip answers: INTF, INTCAP and GPIO (6 bytes).
func FuzzExpander(f *testing.F) {
	f.Add([]byte{0x01, 0x08, 0xFF, 0xFF, 10, 0x01, 0, 0xFE, 0xFF, 0xFE, 0xFF, 200, 0x01, 0, 0xFF, 0xFF, 0xFF, 0xFF})
	f.Add([]byte{0xFF, 0xFF, 0x00, 0x00, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 1, 0xFF, 0xFF, 0x00, 0x00, 0xFF, 0xFF})
	f.Add([]byte{0x00, 0x80, 0xFF, 0x7F, 5, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0x7F})
	f.Add([]byte{0x01, 0x00, 0xFF, 0xFF, 1, 0x01, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 || len(data) > 4+7*32 {
			return
		}
		mask := uint16(data[0]) | uint16(data[1])<<8
		start := uint16(data[2]) | uint16(data[3])<<8
		s := newExpanderScene(mask)
		s.ops[len(s.ops)-1].R = []byte{data[2], data[3]}
		at := time.Second
		for rest := data[4:]; len(rest) > 0; rest = rest[min(7, len(rest)):] {
			at += time.Duration(rest[0]+1) * ms
			s.int.At(at, gpio.Low) // INT low, then let go by the read
			s.int.At(at, gpio.High)
			r := make([]byte, 6)
			copy(r, rest[1:min(7, len(rest))]) // a short answer reads as zeros
			s.ops = append(s.ops, i2ctest.IO{Addr: 0x20, W: []byte{regINTFA}, R: r})
		}
		got, _ := s.watch(t, mask, at+time.Second)
		var last [16]*Edge
		for _, g := range got {
			if g.pin < 0 || g.pin > 15 || mask&(1<<g.pin) == 0 {
				t.Fatalf("an edge on pin %d, which has no button (mask %016b)", g.pin, mask)
			}
			heldAtStart := start&(1<<g.pin) == 0
			switch prev := last[g.pin]; {
			case prev == nil && g.e.Pressed == heldAtStart:
				t.Fatalf("pin %s (held at the start: %v) begins with %+v", PinName(g.pin), heldAtStart, g.e)
			case prev != nil && prev.Pressed == g.e.Pressed:
				t.Fatalf("pin %s: %+v after %+v", PinName(g.pin), g.e, *prev)
			case prev != nil && g.e.At < prev.At:
				t.Fatalf("pin %s: %+v before %+v", PinName(g.pin), g.e, *prev)
			}
			e := g.e
			last[g.pin] = &e
		}
	})
}
