package table

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// Entry is one journaled item: an input as it arrived, an outcome, a
// referee's void, a revision, or a note. Seq is assigned by the table in
// order; the journal keeps it.
type Entry struct {
	Seq uint64
	// At is the table's monotonic time of the item: an input's stamp (never
	// adjusted: every input is decided at its stamp), an outcome's decision
	// time, the table's time for the rest.
	At time.Duration
	// Hand counts hands from 1, for filtering.
	Hand int
	// Dealer is the dealer's seat when the entry was made, to name seats by wind.
	Dealer engine.Seat
	// At most one of Input, Outcome, Void and Revision is set; with none,
	// the entry is a note of kind NoteKind.
	Input   *engine.Event
	Outcome *engine.Outcome
	// Void is the sequence number of an input the referee voided (a
	// mistaken press): the state was rebuilt from every other input.
	// VoidWithdrew are the published outcomes the void withdrew: those the
	// rebuilt state no longer decides (the pon's decision, when the pon is
	// voided).
	Void         uint64
	VoidWithdrew []uint64
	// Revision says that inputs arrived after the table had decided past
	// their stamps (At is the time it had reached), and which published
	// outcomes the re-decision withdrew; the new outcomes follow it.
	Revision *Revision
	// Note says why a void was refused, what a revision did in words, or
	// is the text of a note entry.
	Note string
	// Deal is the game at a deal (entry kind NoteDeal), journaled so a
	// restart can begin there; subscribers are not sent it.
	Deal *Deal
	// Said is a revision's or a refused void's Note by its code and
	// arguments, which a reader words in her language (Note is its
	// English).
	Said *outcome.TableNote
	// NoteKind names a note entry: NoteRefused, or what the caller of
	// Table.Note chose ("reboot", "events-lost", ...).
	NoteKind string
}

// Revision is a re-decision: inputs that arrived late were put in their
// place by stamp and everything after them decided again. With nothing
// Retracted, it only says the inputs were late.
type Revision struct {
	// Late are the sequence numbers of the inputs that arrived after the
	// table had moved past their stamps.
	Late []uint64 `json:"late,omitempty"`
	// Retracted are the sequence numbers of the published outcomes the
	// re-decision withdrew; the outcomes after the revision replace them.
	Retracted []uint64 `json:"retracted,omitempty"`
}

// NoteRefused is the kind of the note the table writes when the engine
// refuses an input as malformed.
const NoteRefused = "refused"

// Journal makes entries durable. Append must not return before they are
// (fsync): the table acknowledges no input and shows nothing that is not
// journaled. One Append is one batch: one fsync for what arrived together.
type Journal interface {
	Append(entries []Entry) error
}

// Update is what subscribers receive: the entries of one step and the state
// after it. Entries is empty when the state moved with nothing new to
// journal: an input, published when it arrived, decided once the sources'
// watermarks passed its stamp.
type Update struct {
	Entries []Entry
	State   engine.State
}

// published is an outcome as the table published it, with the engine's
// outcome before the table annotated it (a re-decision), for comparison
// with a rebuild.
type published struct {
	seq uint64
	raw engine.Outcome
}

// core is the table's logic without goroutines or clocks: inputs are
// received (and journaled) in arrival order, then decided in stamp order as
// process is stepped to explicit horizons, so it can be tested step by step
// and a replay of the journal steps it the same way.
type core struct {
	eng     *engine.Engine
	profile engine.Profile
	dealer  engine.Seat
	// start is where the game was picked up (a simulator's script); the
	// zero Start is a fresh game.
	start engine.Start
	// inputs are the inputs received in this session, in arrival order,
	// kept so that a voided or late one can be put right by a rebuild.
	inputs []Entry
	voided map[uint64]bool
	// atMax[i] is the latest stamp of inputs[:i+1], to find where the
	// inputs after a checkpoint can begin without reading them all.
	atMax []time.Duration
	// checkpoints are states of a rebuild, by the last input each applied
	// (checkpoint.go); noCheckpoints turns them off, for tests that
	// compare the two ways.
	checkpoints   []checkpoint
	noCheckpoints bool
	// fromCheckpoint counts the rebuilds that started from a checkpoint,
	// for the tests that say checkpoints were used.
	fromCheckpoint int
	// fed counts the inputs a feed applied in turn (leaveFed).
	fed int
	// buf holds received inputs not yet decided, by stamp.
	buf reorder
	// aside holds, in a replay, the inputs the journal says arrived late,
	// until their revision: the running table re-decided them at the time
	// it had reached, which the replay learns from the revision.
	aside   map[uint64]Entry
	lateSeq map[uint64]bool
	seq     uint64
	hand    int
	out     []engine.Outcome
	// shown are the outcomes published this session and not withdrawn by
	// a revision, in order.
	shown []published
	// shownDisorder is set once an outcome was shown before one decided
	// earlier (never, as the table decides in time order).
	shownDisorder bool
	// steps counts what changed the engine (an input applied, a deadline
	// passed, a rebuild), so the table publishes a state that moved even
	// when nothing new was journaled.
	steps uint64
	// quiet is set while a resume feeds the journal: it wants the state
	// the journal leads to, not the published outcomes as entries, and
	// making one for every outcome of a session was much of its time.
	quiet bool
	// feeding is set while feed steps through a journal, whose deal
	// entries are written already: a deal entry is made only live.
	feeding bool
	// dealts are the games at the deals a replay passed, by the new-hand
	// input's sequence number, as last decided (a re-decision may change
	// one), to check the journal's deal entries as the replay passes
	// them; dealErr is the first that differs.
	dealts  map[uint64]engine.Dealt
	dealErr error
	// rebuiltHands are the hands of the outcomes the last rebuild
	// returned, one for each.
	rebuiltHands []int
	// overwriting is Config.OverwritingRevisions.
	overwriting bool
	// redealt are the deals the last rebuild applied again, by the
	// new-hand input's sequence number (repend).
	redealt map[uint64]redealt
	// session is written into each deal entry (Config.Session).
	session uint64
	// pending are the deals not journaled yet, oldest first, each
	// journaled once it has settled (settleDeal); lastDeal is the new-hand
	// input of the latest deal entry journaled or fed.
	pending  []pendingDeal
	lastDeal uint64
	// floor is the deal a resume began at (startAt), nil when the core
	// holds the whole session; earlier reads the inputs before it back
	// from the journal when a re-decision needs them (widen), and widened
	// counts the times it did.
	floor   *checkpoint
	earlier func() ([]Entry, error)
	widened int
}

// speak gives e the catalog's English, the words of the reasons the table
// journals and publishes (the claim log's and every JSON contract's): a
// view puts the same codes and arguments into its reader's language, the
// table's own (Table.Lang) or a page's. Every engine the table makes is
// given them.
func speak(e *engine.Engine) { e.SetWords(outcome.EnglishReason) }

func newCore(p engine.Profile, dealer engine.Seat, firstSeq uint64) (*core, error) {
	eng, err := engine.New(p, dealer)
	if err != nil {
		return nil, err
	}
	speak(eng)
	if firstSeq == 0 {
		firstSeq = 1
	}
	return &core{eng: eng, profile: p, dealer: dealer, hand: 1, voided: map[uint64]bool{}, seq: firstSeq - 1}, nil
}

// receive takes an input as it arrives: it gets its sequence number and
// its entry, to be journaled before anything acknowledges it, and waits in
// the buffer until the horizon passes its stamp.
func (c *core) receive(ev engine.Event) Entry {
	c.seq++
	e := Entry{Seq: c.seq, At: ev.At, Hand: c.hand, Dealer: c.eng.Dealer(), Input: &ev}
	c.hold(e)
	return e
}

// hold keeps a received input until it is decided.
func (c *core) hold(e Entry) {
	m := e.At
	if n := len(c.atMax); n > 0 {
		m = max(m, c.atMax[n-1])
	}
	c.atMax = append(c.atMax, m)
	c.inputs = append(c.inputs, e)
	if c.lateSeq[e.Seq] {
		c.aside[e.Seq] = e
	} else {
		c.buf.push(e)
	}
}

// note is a note entry at the engine's time.
func (c *core) note(kind, text string) Entry {
	c.seq++
	return Entry{Seq: c.seq, At: c.eng.Now(), Hand: c.hand, Dealer: c.eng.Dealer(), NoteKind: kind, Note: text}
}

// process decides everything stamped or due at or before horizon, in time
// order, and returns the entries to journal: nothing after the horizon can
// change what it decided, unless an input arrives late (stamped before the
// engine's time), and then it is re-decided in its place.
func (c *core) process(horizon time.Duration) []Entry {
	var entries []Entry
	for {
		at, haveIn := c.buf.next()
		dl, haveDL := c.eng.NextDeadline()
		switch {
		case haveIn && at < c.eng.Now():
			entries = c.late(entries)
		case haveIn && at <= horizon && (!haveDL || at <= dl):
			in, _ := c.buf.pop()
			entries = c.apply(in, entries)
		case haveDL && dl <= horizon:
			c.out = c.eng.Advance(dl, c.out[:0])
			c.steps++
			entries = c.outcomes(entries)
		default:
			return c.settleDeal(entries, horizon)
		}
	}
}

// advanceTo moves the engine's time on to at when it is behind (nothing
// is due by then once process(at) has run; what is, is decided).
func (c *core) advanceTo(at time.Duration, entries []Entry) []Entry {
	if c.eng.Now() >= at {
		return entries
	}
	c.out = c.eng.Advance(at, c.out[:0])
	c.steps++
	return c.outcomes(entries)
}

func (c *core) apply(in Entry, entries []Entry) []Entry {
	c.steps++
	var err error
	c.out, err = c.eng.Apply(*in.Input, c.out[:0])
	if err != nil {
		entries = append(entries, c.note(NoteRefused, fmt.Sprintf("input %d: %v", in.Seq, err)))
	}
	defer c.leaveFed(in) // after the hand it dealt, if it dealt one
	if in.Input.Action != engine.NewHand {
		return c.outcomes(entries)
	}
	// A new hand: what ends the hand being played (its hand_end, a draw
	// the referee called) is that hand's; the deal opens the next, and it
	// and what follows are the next hand's.
	dealt := false
	for i := range c.out {
		if c.out[i].Kind == engine.KindDeal && !dealt {
			c.hand++
			dealt = true
		}
		entries = c.publish(c.out[i], entries)
	}
	if !dealt {
		c.hand++
		return entries
	}
	if g, ok := c.eng.Dealt(); ok {
		c.pending = append(c.pending, pendingDeal{in: in, outcome: c.seq, hand: c.hand, game: g, since: in.At})
		if c.dealts != nil {
			c.dealts[in.Seq] = g
		}
	}
	return entries
}

func (c *core) outcomes(entries []Entry) []Entry {
	for i := range c.out {
		entries = c.publish(c.out[i], entries)
	}
	return entries
}

func (c *core) publish(o engine.Outcome, entries []Entry) []Entry {
	c.seq++
	c.show(published{seq: c.seq, raw: o})
	if c.quiet {
		return entries
	}
	// A copy of its own, made here: &o would put every o on the heap,
	// quiet or not.
	op := new(engine.Outcome)
	*op = o
	return append(entries, Entry{Seq: c.seq, At: o.At, Hand: c.hand, Dealer: o.Dealer, Outcome: op})
}

// next is the time of the next item to decide: the earliest held input or
// engine deadline.
func (c *core) next() (time.Duration, bool) {
	at, ok := c.buf.next()
	if dl, ok2 := c.eng.NextDeadline(); ok2 && (!ok || dl < at) {
		at, ok = dl, true
	}
	return at, ok
}

// inputAt is the stamp of input seq of this session.
func (c *core) inputAt(seq uint64) (time.Duration, bool) {
	for _, in := range c.inputs {
		if in.Seq == seq {
			return in.At, true
		}
	}
	return 0, false
}

// voidEntries is void and, when the game keeps score, the re-decision of
// everything from the voided input's stamp: what it had decided (a score
// from a mistaken value, and every later one) is withdrawn by a revision
// and published again. Without a score a void is only the rebuild, as it
// always was, so older logs replay as they were written.
func (c *core) voidEntries(seq uint64, entries []Entry) []Entry {
	if _, ok := c.inputAt(seq); !ok && c.floor != nil {
		// An input decided before the deal the core began at.
		if err := c.widen(); err != nil {
			return append(entries, c.note(NoteRefused, fmt.Sprintf("voiding input %d: %v", seq, err)))
		}
	}
	from, ok := c.inputAt(seq)
	e := c.void(seq)
	entries = append(entries, e)
	if !ok || e.Note != "" || c.profile.Score == nil {
		return entries
	}
	return c.redecideFrom(from, e.At, nil, seq, entries)
}

// void takes a mistaken input out: the engine is rebuilt from every other
// input it had decided, at the time it had reached; inputs still held stay
// held.
func (c *core) void(seq uint64) Entry {
	at := c.eng.Now()
	var said *outcome.TableNote
	found, from := false, time.Duration(0)
	for _, in := range c.inputs {
		if in.Seq == seq {
			found, from = true, in.At
		}
	}
	var withdrew []uint64
	switch {
	case !found:
		said = &outcome.TableNote{Code: outcome.NoteNoInput, Input: seq}
	case c.voided[seq]:
		said = &outcome.TableNote{Code: outcome.NoteAlreadyVoid, Input: seq}
	default:
		c.voided[seq] = true
		c.crossed(from) // the game at them may be another: a later deal settles

		c.dropCheckpoints(Entry{Seq: seq, At: from})
		c.buf.remove(seq)
		eng, rebuilt, hand, err := c.rebuild(at, from)
		if err != nil {
			delete(c.voided, seq)
			said = &outcome.TableNote{Code: outcome.NoteVoidFailed, Input: seq, Error: err.Error()}
			break
		}
		c.eng, c.hand = eng, hand
		c.steps++
		// What the rebuilt state no longer decides was withdrawn by the
		// void. The list of what was shown stays as it is: a revision
		// after the void compares with it as it always has.
		_, old := c.shownFrom(from)
		_, withdrawn := restand(old, rebuilt)
		for _, p := range withdrawn {
			withdrew = append(withdrew, p.seq)
		}
	}
	c.seq++
	return Entry{Seq: c.seq, At: at, Hand: c.hand, Dealer: c.eng.Dealer(), Void: seq, VoidWithdrew: withdrew, Note: english(said), Said: said}
}

// feed steps the core through a journaled session exactly as the running
// table stepped it: inputs are received in journal order with their
// sequence numbers; before a journaled outcome the core decides up to its
// time; voids are applied where they stand, at the time the table had
// reached; inputs the journal says arrived late wait aside for their
// revision, which says the time the table had reached when they came. It
// returns, with collect, the entries it made, to compare the outcomes with
// the journal (Verify); a resume, which goes on from the state, needs none.
// Notes are skipped.
func (c *core) feed(entries []Entry, collect bool) []Entry {
	c.quiet, c.feeding = !collect, true
	defer func() { c.quiet, c.feeding = false, false }()
	c.aside, c.lateSeq = map[uint64]Entry{}, map[uint64]bool{}
	inputs, outcomes := 0, 0
	for _, e := range entries {
		switch {
		case e.Input != nil:
			inputs++
		case e.Outcome != nil:
			outcomes++
		case e.Revision != nil:
			for _, seq := range e.Revision.Late {
				c.lateSeq[seq] = true
			}
		}
	}
	// Sized once: a four-hour session has tens of thousands of each, and
	// growing them step by step copied most of what a resume did.
	c.inputs = slices.Grow(c.inputs, inputs)
	c.atMax = slices.Grow(c.atMax, inputs)
	c.shown = slices.Grow(c.shown, outcomes+outcomes/16)
	var got []Entry
	if collect {
		got = make([]Entry, 0, outcomes+outcomes/16)
	}
	keep := func(es []Entry) {
		if collect {
			got = append(got, es...)
		}
	}
	for _, e := range entries {
		switch {
		case e.Input != nil:
			c.hold(e)
		case e.Outcome != nil:
			keep(c.process(e.Outcome.At))
		case e.Void != 0:
			keep(c.process(e.At))
			keep(c.advanceTo(e.At, nil))
			c.seq = e.Seq - 1
			keep(c.voidEntries(e.Void, nil)[1:])
		case e.Deal != nil:
			// The table had decided up to DecidedTo when it made it.
			keep(c.process(e.Deal.DecidedTo))
			c.lastDeal = max(c.lastDeal, e.Deal.Input)
			c.checkDeal(e)
		case e.Revision != nil:
			// The table had decided up to e.At when the late inputs came.
			keep(c.process(e.At))
			var late []Entry
			for _, seq := range e.Revision.Late {
				if in, ok := c.aside[seq]; ok {
					late = append(late, in)
					delete(c.aside, seq)
				}
			}
			if len(late) > 0 {
				slices.SortStableFunc(late, func(a, b Entry) int { return cmp.Compare(a.At, b.At) })
				c.seq = e.Seq - 1
				keep(c.redecide(late, e.At, nil))
			}
		}
		c.seq = max(c.seq, e.Seq)
	}
	// Inputs whose revision is not in the journal (cut off by a crash) are
	// decided as held inputs when the table goes on.
	for _, in := range c.aside {
		c.buf.push(in)
	}
	c.aside, c.lateSeq = nil, nil
	return got
}
