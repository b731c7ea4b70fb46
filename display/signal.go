package display

import "time"

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

// FullLevel is the brightness of a light that is fully on (Signal.Level).
const FullLevel = 256

// Colour is the colour of the signal's light; black for SignalNone.
// Riichi, which shows beside a signal, is ColourBlue.
func (s Signal) Colour() RGB {
	switch s {
	case SignalTurn:
		return ColourTurn
	case SignalPending, SignalReferee:
		return ColourAmber
	case SignalWon, SignalLate:
		return ColourGreen
	case SignalLost, SignalRejected:
		return ColourRed
	}
	return RGB{}
}

// Level is how bright the signal's light is t after the signal began, 0
// (dark) to FullLevel: its blink or pulse, drawn by the host on a strip.
// Lights that blink by themselves need only the signal.
func (s Signal) Level(t time.Duration) int {
	switch s {
	case SignalTurn, SignalWon:
		return FullLevel
	case SignalPending:
		return pulse(t)
	case SignalLate, SignalReferee:
		if doubleBlink(t) {
			return FullLevel
		}
	case SignalLost:
		if t%SlowBlink < SlowBlink/2 {
			return FullLevel
		}
	case SignalRejected:
		if t%FastBlink < FastBlink/2 {
			return FullLevel
		}
	}
	return 0
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
// signal. The edges are those of Signal.Level.
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
