package table

import (
	"fmt"
	"time"

	"github.com/tabled/tabled/engine"
)

// Entry is one journaled item: an input as applied, or an outcome. Seq is
// assigned by the table in order; the journal keeps it.
type Entry struct {
	Seq uint64
	// At is the table's monotonic time of the item (the input's stamp, the
	// outcome's decision time).
	At time.Duration
	// Hand counts hands from 1, for filtering.
	Hand int
	// Dealer is the dealer's seat when the entry was made, to name seats by wind.
	Dealer engine.Seat
	// Exactly one of Input, Outcome and Void is set.
	Input   *engine.Event
	Outcome *engine.Outcome
	// Void is the sequence number of an input the referee voided (a
	// mistaken press): the state was rebuilt from every other input.
	Void uint64
	// Note says how an input was adjusted ("arrived 120ms after later
	// inputs: applied at 5.2s") or why it was refused by the engine.
	Note string
}

// Journal makes entries durable. Append must not return before they are
// (fsync): the table shows nothing that is not journaled.
type Journal interface {
	Append(entries []Entry) error
}

// Update is what subscribers receive: the entries of one step and the state
// after it.
type Update struct {
	Entries []Entry
	State   engine.State
}

// core is the table's logic without goroutines or clocks: it is driven by
// submit and advance with explicit times, so it can be tested step by step.
type core struct {
	eng     *engine.Engine
	profile engine.Profile
	dealer  engine.Seat
	// inputs are the inputs applied in this session, by sequence number,
	// kept so that a voided one can be taken out by a rebuild.
	inputs  []Entry
	voided  map[uint64]bool
	voids   []uint64 // referee voids waiting for the next step
	latency time.Duration
	buf     reorder
	seq     uint64
	hand    int
	journal Journal
	out     []engine.Outcome
	// closed is the latest deadline passed to Advance: windows ending then
	// are decided, so a later input must be stamped after it to replay the same.
	closed    time.Duration
	hasClosed bool
}

func newCore(p engine.Profile, dealer engine.Seat, latency time.Duration, j Journal, firstSeq uint64) (*core, error) {
	eng, err := engine.New(p, dealer)
	if err != nil {
		return nil, err
	}
	if latency < 0 {
		return nil, fmt.Errorf("table: input latency %v is negative", latency)
	}
	if firstSeq == 0 {
		firstSeq = 1
	}
	return &core{eng: eng, profile: p, dealer: dealer, latency: latency, hand: 1, journal: j, voided: map[uint64]bool{}, seq: firstSeq - 1}, nil
}

// submit holds an input for ordering.
func (c *core) submit(ev engine.Event) { c.buf.push(ev) }

// step applies every input and deadline due at now (inputs are due one
// latency after their stamp) and returns the journaled entries.
func (c *core) step(now time.Duration) ([]Entry, error) {
	horizon := now - c.latency
	var entries []Entry
	for _, seq := range c.voids {
		entries = c.void(seq, entries)
	}
	c.voids = c.voids[:0]
	for {
		// Whichever comes first, a held input or an engine deadline.
		at, haveIn := c.buf.next()
		dl, haveDL := c.eng.NextDeadline()
		switch {
		case haveIn && at <= horizon && (!haveDL || at <= dl):
			ev, _ := c.buf.popDue(horizon)
			entries = c.apply(ev, entries)
		case haveDL && dl <= horizon:
			c.out = c.eng.Advance(dl, c.out[:0])
			c.closed, c.hasClosed = dl, true
			entries = c.outcomes(entries)
		default:
			if len(entries) == 0 {
				return nil, nil
			}
			if c.journal != nil {
				if err := c.journal.Append(entries); err != nil {
					return nil, fmt.Errorf("table: journal: %w", err)
				}
			}
			return entries, nil
		}
	}
}

func (c *core) apply(ev engine.Event, entries []Entry) []Entry {
	note := ""
	floor := c.eng.Now()
	if c.hasClosed && floor <= c.closed {
		floor = c.closed + 1 // after the window that closed then, as a replay will see it
	}
	if ev.At < floor {
		// It came later than the latency allows: apply it now, and say so.
		note = fmt.Sprintf("stamped %v but arrived after the table had moved on to %v: applied at %v", ev.At, c.eng.Now(), floor)
		ev.At = floor
	}
	dealer := c.eng.Dealer()
	var err error
	c.out, err = c.eng.Apply(ev, c.out[:0])
	if err != nil {
		note = err.Error()
	}
	in := ev
	c.seq++
	entry := Entry{Seq: c.seq, At: ev.At, Hand: c.hand, Dealer: dealer, Input: &in, Note: note}
	entries = append(entries, entry)
	c.inputs = append(c.inputs, entry)
	if ev.Action == engine.NewHand {
		c.hand++
	}
	return c.outcomes(entries)
}

func (c *core) outcomes(entries []Entry) []Entry {
	for i := range c.out {
		o := c.out[i]
		c.seq++
		entries = append(entries, Entry{Seq: c.seq, At: o.At, Hand: c.hand, Dealer: o.Dealer, Outcome: &o})
	}
	return entries
}

// wake is the next time step has work: the latency after the earliest held
// input or engine deadline.
func (c *core) wake() (time.Duration, bool) {
	at, ok := c.buf.next()
	if dl, ok2 := c.eng.NextDeadline(); ok2 && (!ok || dl < at) {
		at, ok = dl, true
	}
	return at + c.latency, ok
}

// void takes a mistaken input out: what is due is decided first, as usual,
// then the engine is rebuilt from every other input of the session.
func (c *core) void(seq uint64, entries []Entry) []Entry {
	at := c.eng.Now()
	c.out = c.eng.Advance(at, c.out[:0])
	entries = c.outcomes(entries)
	note := ""
	found := false
	for _, in := range c.inputs {
		found = found || in.Seq == seq
	}
	switch {
	case !found:
		note = fmt.Sprintf("refused: no input %d in this session", seq)
	case c.voided[seq]:
		note = fmt.Sprintf("refused: input %d is already void", seq)
	default:
		c.voided[seq] = true
		eng, err := rebuild(c.profile, c.dealer, c.inputs, c.voided, at)
		if err != nil {
			delete(c.voided, seq)
			note = fmt.Sprintf("refused: %v", err)
		} else {
			c.eng = eng
		}
	}
	c.seq++
	return append(entries, Entry{Seq: c.seq, At: at, Hand: c.hand, Dealer: c.eng.Dealer(), Void: seq, Note: note})
}

// rebuild is a fresh engine that applied every input but the voided ones,
// with time run on to until.
func rebuild(p engine.Profile, dealer engine.Seat, inputs []Entry, voided map[uint64]bool, until time.Duration) (*engine.Engine, error) {
	e, err := engine.New(p, dealer)
	if err != nil {
		return nil, err
	}
	var out []engine.Outcome
	for _, in := range inputs {
		if voided[in.Seq] {
			continue
		}
		if out, err = e.Apply(*in.Input, out[:0]); err != nil && in.Note == "" {
			return nil, fmt.Errorf("rebuild: input %d: %w", in.Seq, err)
		}
	}
	e.Advance(until, out[:0])
	return e, nil
}

// resume rebuilds the engine from a journaled session's inputs and voids.
func (c *core) resume(entries []Entry) error {
	for _, e := range entries {
		switch {
		case e.Input != nil:
			c.inputs = append(c.inputs, e)
		case e.Void != 0 && e.Note == "":
			c.voided[e.Void] = true
		}
		c.hand = max(c.hand, e.Hand)
	}
	last := entries[len(entries)-1].At
	eng, err := rebuild(c.profile, c.dealer, c.inputs, c.voided, last)
	if err != nil {
		return fmt.Errorf("table: resume: %w", err)
	}
	c.eng = eng
	return nil
}
