// Package seatlights shows the seat signals of a display.View on the seat
// controllers' lights, one RGB light a seat, with the LED command of the
// serial link (firmware-protocol.md). The controller blinks a light
// itself, so a command goes out only when a seat's light must change.
//
// # The light language on a seat controller
//
// With one light a seat there is no position to tell signals apart: the
// blink pattern does (LED), as the pixels lit do on a strip, so a
// colour-blind player still reads it; riichi shows only when no other
// signal does. A timed signal's command carries the rest of its Hold
// (plus Grace) as its duration, and the host sends the next signal when
// the Hold ends.
package seatlights

import (
	"errors"
	"fmt"
	"time"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/hw/fwproto"
)

// Grace is how long after its Hold a timed signal sent to a seat
// controller lasts on the controller's own timer (the LED command's
// Duration). While the host runs, it sends the next signal when the Hold
// ends, before the controller would put the light out, so the light goes
// from won to the turn without a dark gap; a host that has stopped leaves
// no light on for good.
const Grace = 500 * time.Millisecond

// Sender sends a command to the seat controllers: a link.Link, which
// queues it without blocking and resends it until it is acknowledged.
type Sender interface {
	Send(m fwproto.Message) error
}

// Lights shows the seat signals on the seat controllers' lights, one RGB
// light a seat, over the serial link. The controller blinks a light
// itself, so a command goes out only when a seat's light must change, not
// every tick.
type Lights struct {
	S Sender
	// Channels are the light channels of seats 0..3 on the controller.
	Channels [4]uint8
	// Boot, when set, is the controller's boot id (link.Health's
	// Device.BootID): a new one means the controller restarted with its
	// lights off, so every light is sent again.
	Boot func() uint32

	sent  [4]fwproto.LED   // without its Duration
	until [4]time.Duration // the Hold's end of sent[i], 0 for none
	ok    [4]bool          // sent[i] was accepted by the link
	boot  uint32
}

// New shows the lights on s, seat i on channel channels[i].
func New(s Sender, channels [4]uint8) *Lights {
	return &Lights{S: s, Channels: channels}
}

// BlinksItself reports true: the controller blinks its lights itself.
func (l *Lights) BlinksItself() bool { return true }

// Show sends the lights that changed. A timed signal goes with a Duration:
// what is left of its Hold, plus Grace. A light the link did not
// take is sent again at the next Show.
func (l *Lights) Show(v display.View) error {
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
		m := LED(sv)
		m.Channel = l.Channels[i]
		if l.ok[i] && l.sent[i] == m && l.until[i] == sv.Until {
			continue
		}
		cmd := m
		if sv.Until > v.Now {
			cmd.Duration = uint16(min((sv.Until-v.Now+Grace+time.Millisecond-1)/time.Millisecond, 0xFFFF))
		}
		if err := l.S.Send(cmd); err != nil {
			l.ok[i] = false
			errs = append(errs, fmt.Errorf("seatlights: seat %d light (channel %d): %w", i, m.Channel, err))
			continue
		}
		l.sent[i], l.until[i], l.ok[i] = m, sv.Until, true
	}
	return errors.Join(errs...)
}

// LED is the LED command (without its channel) for one seat's single
// light. The pattern tells the signal, the colour (Signal.Colour)
// confirms it:
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
// LED's command lasts until the next one (Duration 0): the host ends a
// Hold by sending the next signal when it runs out, and a turn or a
// pending call does not go dark while the link is down. Lights.Show adds
// a Duration to a timed signal's command, so that a controller whose host
// has stopped puts it out by itself.
func LED(sv display.SeatSignal) fwproto.LED {
	c, p := sv.Signal.Colour(), uint8(fwproto.PatternSteady)
	switch sv.Signal {
	case display.SignalLate, display.SignalReferee:
		p = fwproto.PatternDouble
	case display.SignalLost:
		p = fwproto.PatternSlowBlink
	case display.SignalRejected:
		p = fwproto.PatternFastBlink
	case display.SignalNone:
		if sv.Riichi {
			c = display.ColourBlue
		}
	}
	return fwproto.LED{R: c.R, G: c.G, B: c.B, Pattern: p}
}
