package display

import (
	"errors"
	"fmt"

	"github.com/tabled/tabled/hw/fwproto"
)

// Sender sends a command to the seat controllers: a link.Link, which
// queues it without blocking and resends it until it is acknowledged.
type Sender interface {
	Send(m fwproto.Message) error
}

// SeatLights shows the seat signals on the seat controllers' lights, one
// RGB light a seat, over the serial link (the LED command of
// firmware-protocol.md). The controller blinks a light itself, so a
// command goes out only when a seat's light must change, not every tick.
//
// With one light a seat there is no position to tell signals apart: the
// blink pattern does, as on the strip (see SeatLED), so a colour-blind
// player still reads it.
type SeatLights struct {
	S Sender
	// Channels are the light channels of seats 0..3 on the controller.
	Channels [4]uint8
	// Boot, when set, is the controller's boot id (link.Health's
	// Device.BootID): a new one means the controller restarted with its
	// lights off, so every light is sent again.
	Boot func() uint32

	sent [4]fwproto.LED
	ok   [4]bool // sent[i] was accepted by the link
	boot uint32
}

// NewSeatLights shows the lights on s, seat i on channel channels[i].
func NewSeatLights(s Sender, channels [4]uint8) *SeatLights {
	return &SeatLights{S: s, Channels: channels}
}

// Show sends the lights that changed. A light the link did not take is
// sent again at the next Show.
func (l *SeatLights) Show(v View) error {
	if l.Boot != nil {
		if b := l.Boot(); b != l.boot {
			l.boot, l.ok = b, [4]bool{}
		}
	}
	var errs []error
	for i, sv := range v.Seats {
		if !sv.Seat.Valid() {
			continue
		}
		m := SeatLED(sv)
		m.Channel = l.Channels[i]
		if l.ok[i] && l.sent[i] == m {
			continue
		}
		if err := l.S.Send(m); err != nil {
			l.ok[i] = false
			errs = append(errs, fmt.Errorf("display: seat %d light (channel %d): %w", i, m.Channel, err))
			continue
		}
		l.sent[i], l.ok[i] = m, true
	}
	return errors.Join(errs...)
}

// SeatLED is the LED command (without its channel) for one seat's single
// light. The pattern tells the signal, the colour confirms it:
//
//	Signal     Colour      Pattern
//	none       off         -
//	riichi     blue        steady, when no other signal
//	turn       dim white   steady
//	pending    amber       steady (the window lasts a fraction of a second)
//	won        green       steady
//	late       green       double flash
//	lost       red         slow blink (1 Hz)
//	rejected   red         fast blink (4 Hz)
//	referee    amber       double flash
//
// Every setting lasts until the next one: the host ends a Hold by sending
// the next signal, and a light does not go dark while the link is down.
func SeatLED(sv SeatView) fwproto.LED {
	c, p := RGB{}, uint8(fwproto.PatternSteady)
	switch sv.Signal {
	case SignalTurn:
		c = ColourTurn
	case SignalPending:
		c = ColourAmber
	case SignalWon:
		c = ColourGreen
	case SignalLate:
		c, p = ColourGreen, fwproto.PatternDouble
	case SignalLost:
		c, p = ColourRed, fwproto.PatternSlowBlink
	case SignalRejected:
		c, p = ColourRed, fwproto.PatternFastBlink
	case SignalReferee:
		c, p = ColourAmber, fwproto.PatternDouble
	default:
		if sv.Riichi {
			c = ColourBlue
		}
	}
	return fwproto.LED{R: c.R, G: c.G, B: c.B, Pattern: p}
}
