package buttons

import "time"

// Defaults of a Debouncer.
const (
	// DefaultDebounce covers the bounce of the arcade and tact switches
	// tables use (a few ms, up to 10 ms worn).
	DefaultDebounce = 20 * time.Millisecond
	// DefaultMinPress rejects spikes from a cable near a mains lead; a
	// finger holds a button for 50 ms or more.
	DefaultMinPress = 5 * time.Millisecond
)

// Edge is a debounced transition of a button.
type Edge struct {
	// Pressed is true for a press, false for a release.
	Pressed bool
	// At is the first raw edge of the transition: the moment the contact
	// first closed (or opened), however long it then bounced.
	At time.Duration
}

type debState uint8

const (
	released debState = iota
	pressing          // an edge to pressed, not yet held MinPress
	held
	releasing // an edge to released, not yet quiet for Debounce
)

// Debouncer is the state machine of one button, fed raw edges and the
// passing of time. It is pure: times come from the caller.
//
// A press is confirmed once the contact has stayed closed for MinPress
// since its last bounce, and is stamped at the first edge; if the contact
// instead stays open for Debounce, it was a glitch and nothing is
// reported. A release is confirmed once the contact has stayed open for
// Debounce, stamped at its first opening edge; a bounce while held (the
// contact opening for less than Debounce) is not a release.
type Debouncer struct {
	// Debounce and MinPress; zero means the default.
	Debounce, MinPress time.Duration

	state       debState
	closed      bool // the contact's raw level: true when pressed
	first, last time.Duration
}

func (d *Debouncer) debounce() time.Duration {
	if d.Debounce > 0 {
		return d.Debounce
	}
	return DefaultDebounce
}

func (d *Debouncer) minPress() time.Duration {
	if d.MinPress > 0 {
		return d.MinPress
	}
	return DefaultMinPress
}

// Deadline is when Tick may next confirm something; ok is false while the
// button is at rest (pressed or released) and only an edge can change it.
func (d *Debouncer) Deadline() (at time.Duration, ok bool) {
	switch {
	case d.state == pressing && d.closed:
		return d.last + d.minPress(), true
	case d.state == pressing || d.state == releasing:
		return d.last + d.debounce(), true
	}
	return 0, false
}

// Tick lets time pass to now and returns a transition it confirms.
func (d *Debouncer) Tick(now time.Duration) (Edge, bool) {
	at, ok := d.Deadline()
	if !ok || now < at {
		return Edge{}, false
	}
	switch {
	case d.state == pressing && d.closed:
		d.state = held
		return Edge{Pressed: true, At: d.first}, true
	case d.state == pressing: // open for Debounce: a glitch
		d.state = released
	case d.state == releasing && !d.closed:
		d.state = released
		return Edge{Pressed: false, At: d.first}, true
	case d.state == releasing: // closed again for Debounce: still held
		d.state = held
	}
	return Edge{}, false
}

// Raw feeds a raw level seen at at (true: the contact is closed) and
// returns a transition confirmed by the time that passed before it. A
// level equal to the last one is not an edge and changes nothing.
func (d *Debouncer) Raw(closed bool, at time.Duration) (Edge, bool) {
	e, ok := d.Tick(at)
	if closed == d.closed {
		return e, ok
	}
	d.closed = closed
	d.last = at
	switch d.state {
	case released:
		if closed {
			d.state, d.first = pressing, at
		}
	case held:
		if !closed {
			d.state, d.first = releasing, at
		}
	}
	return e, ok
}
