package buttons

import (
	"context"
	"fmt"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// Pin is a button's wiring.
type Pin struct {
	// In is the pin; Pull its bias (gpio.PullUp for a button to ground).
	In   gpio.PinIn
	Pull gpio.Pull
	// ActiveHigh is true when a press drives the pin high.
	ActiveHigh bool
	// Debounce and MinPress tune the Debouncer (zero: defaults).
	Debounce, MinPress time.Duration
}

// maxWait bounds every WaitForEdge: the gpioioctl and gpiotest drivers
// disagree on what 0 and -1 mean, and a finite wait lets Watch notice
// that its context ended even where Halt does not interrupt.
const maxWait = 100 * time.Millisecond

// Watch reads the pin until ctx ends, calling emit with each debounced
// edge, stamped by clock at the raw edge that began it. It returns ctx's
// error, or the error of setting the pin up.
func Watch(ctx context.Context, p Pin, clock func() time.Duration, emit func(Edge)) error {
	if err := p.In.In(p.Pull, gpio.BothEdges); err != nil {
		return fmt.Errorf("buttons: %s: input with %s and both edges: %w", p.In, p.Pull, err)
	}
	stop := context.AfterFunc(ctx, func() { p.In.Halt() }) // interrupts WaitForEdge at once
	defer stop()
	active := gpio.Low
	if p.ActiveHigh {
		active = gpio.High
	}
	d := Debouncer{Debounce: p.Debounce, MinPress: p.MinPress}
	// The level at start is a rest position, not a press: a button held
	// while the daemon starts is reported when it is next pressed.
	d.Raw(p.In.Read() == active, clock())
	d.state = released
	if d.closed {
		d.state = held
	}
	for ctx.Err() == nil {
		wait := maxWait
		if at, ok := d.Deadline(); ok {
			wait = min(maxWait, max(at-clock(), time.Millisecond))
		}
		var (
			e  Edge
			ok bool
		)
		if p.In.WaitForEdge(wait) {
			at := clock() // first thing: this is the stamp
			e, ok = d.Raw(p.In.Read() == active, at)
		} else {
			e, ok = d.Tick(clock())
		}
		if ok {
			emit(e)
		}
	}
	return ctx.Err()
}
