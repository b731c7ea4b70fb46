package table

import (
	"time"

	"github.com/tabled/tabled/engine"
)

// Stepper is the table's logic stepped by hand, for a simulator: inputs
// are received as they arrive and decided as the horizon passes their
// stamps, late ones re-decided with a revision, exactly as the running
// table does, with no clock, goroutine or journal. The caller says what
// arrives when and how far the sources' watermarks have come.
type Stepper struct {
	c *core
}

// NewStepper is a table at the start of a session under p, dealer East,
// the game picked up as start says (the zero Start: a fresh game).
func NewStepper(p engine.Profile, dealer engine.Seat, start engine.Start) (*Stepper, error) {
	c, err := newCore(p, dealer, 1)
	if err != nil {
		return nil, err
	}
	if c.eng, err = engine.NewGame(p, dealer, start); err != nil {
		return nil, err
	}
	speak(c.eng)
	c.start = start
	return &Stepper{c: c}, nil
}

// Flush settles a drawn hand no deal has followed (the end of a script)
// and returns what it publishes.
func (s *Stepper) Flush() []Entry {
	s.c.out = s.c.eng.Flush(s.c.out[:0])
	s.c.steps++
	return s.c.outcomes(nil)
}

// Receive takes an input as it reaches the table; it is decided when a
// Process horizon passes its stamp. The entry is the input's, with its
// sequence number.
func (s *Stepper) Receive(ev engine.Event) Entry { return s.c.receive(ev) }

// Process decides everything stamped or due at or before horizon and
// returns the entries the table would journal and publish: outcomes, a
// revision before the outcomes of a re-decision, notes.
func (s *Stepper) Process(horizon time.Duration) []Entry { return s.c.process(horizon) }

// Next is the time of the next thing to decide (a held input or an engine
// deadline); ok is false when nothing is pending.
func (s *Stepper) Next() (at time.Duration, ok bool) { return s.c.next() }

// State is the engine's state.
func (s *Stepper) State() engine.State { return s.c.eng.State() }
