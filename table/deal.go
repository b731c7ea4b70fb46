package table

import (
	"fmt"
	"slices"
	"time"

	"github.com/tabled/tabled/engine"
)

// Deal is the game as a hand was dealt (engine.Dealt), journaled once the
// deal has settled (dealSettle). A restart picks the game up at the last
// one (Config.Resume may begin with it) instead of applying every input of
// the session again, which made a restart grow with the session; a replay
// checks each against the game it reached itself (Verify).
type Deal struct {
	// Input is the sequence number of the new-hand input that dealt; the
	// entry's At is its stamp.
	Input uint64 `json:"input"`
	// Outcome is the sequence number of the deal's outcome, the last
	// entry the game at the deal holds: a restart that begins here steps
	// through the entries after it (the deal entry itself comes later).
	Outcome uint64 `json:"outcome"`
	// Session is the sequence number of the note that opened the session
	// (Config.Session), so a restart finds the session's rules without
	// reading back to its start; 0 when not known.
	Session uint64 `json:"session,omitempty"`
	// Game is the game's state at the deal.
	Game engine.Dealt `json:"game"`
}

// NoteDeal is the NoteKind of a deal entry, the type of its record.
const NoteDeal = "deal"

// dealSettle is how long, in the table's time, a deal stands with no
// re-decision reaching before it before it is journaled. An input that
// comes late across a deal (a controller's presses held over a restart
// reach the table seconds after a tablet's new hand) makes a restart that
// begins there read the inputs before it too; a settled deal rarely is.
var dealSettle = 20 * time.Second

// pendingDeal is a deal not journaled yet: its new-hand input, the
// sequence number of its outcome, its hand and the game.
type pendingDeal struct {
	in      Entry
	outcome uint64
	hand    int
	game    engine.Dealt
}

// settleDeal journals each pending deal once the table's time is
// dealSettle past it (hands may be shorter: each deal settles on its
// own); a re-decision that reached before one dropped it (unsettle).
func (c *core) settleDeal(entries []Entry) []Entry {
	if c.feeding {
		return entries
	}
	n := 0
	for _, p := range c.pending {
		if c.eng.Now()-p.in.At < dealSettle {
			break
		}
		n++
		if p.in.Seq <= c.lastDeal {
			continue // journaled before a restart
		}
		c.lastDeal = p.in.Seq
		c.seq++
		entries = append(entries, Entry{Seq: c.seq, At: p.in.At, Hand: p.hand, Dealer: p.game.Dealer, NoteKind: NoteDeal,
			Deal: &Deal{Input: p.in.Seq, Outcome: p.outcome, Session: c.session, Game: p.game}})
	}
	c.pending = slices.Delete(c.pending, 0, n)
	return entries
}

// unsettle drops the pending deals a re-decision from from reaches
// before: the game at them may be another.
func (c *core) unsettle(from time.Duration) {
	c.pending = slices.DeleteFunc(c.pending, func(p pendingDeal) bool { return from <= p.in.At })
}

// startAt makes the core begin at the deal d journaled in entry e: the
// engine the deal describes, and a checkpoint there, which every
// re-decision after the deal starts from. One that reaches before it (a
// late input stamped before the deal, a void of an input decided before
// it) first brings the session's earlier inputs in (widen).
func (c *core) startAt(e Entry, earlier func() ([]Entry, error)) error {
	eng, err := engine.Resume(c.profile, e.Deal.Game)
	if err != nil {
		return fmt.Errorf("table: resume at the deal of entry %d: %w", e.Seq, err)
	}
	speak(eng)
	c.eng, c.hand, c.seq, c.lastDeal = eng, e.Hand, e.Deal.Outcome, e.Deal.Input
	c.floor = &checkpoint{at: e.At, seq: e.Deal.Input, eng: eng.Clone(), hand: e.Hand, outAt: e.At}
	c.checkpoints = append(c.checkpoints[:0], *c.floor)
	c.earlier = earlier
	return nil
}

// widen brings in what the core left out by beginning at a deal: the
// session's inputs before it, the voids among them and the outcomes
// published before it, read again from the journal, so the core is the
// one a resume from the session's start makes. The checkpoints before the
// deal are not made again: a re-decision that needs them starts from the
// session's first input, once.
func (c *core) widen() error {
	if c.floor == nil {
		return nil
	}
	if c.earlier == nil {
		return fmt.Errorf("table: the inputs before the deal at %v are needed and cannot be read", c.floor.at)
	}
	entries, err := c.earlier()
	if err != nil {
		return fmt.Errorf("table: the inputs before the deal at %v: %w", c.floor.at, err)
	}
	have := make(map[uint64]bool, len(c.inputs))
	for _, in := range c.inputs {
		have[in.Seq] = true
	}
	before := entries[:0:0]
	for _, e := range entries {
		if e.Input == nil || !have[e.Seq] {
			before = append(before, e)
		}
	}
	s, err := newCore(c.profile, c.dealer, 0)
	if err != nil {
		return err
	}
	s.start = c.start
	s.feed(before, false)
	// Everything the earlier core held undecided was stamped after the
	// deal: such inputs are in this core already, and were left out.
	c.inputs = append(s.inputs, c.inputs...)
	c.atMax = c.atMax[:0]
	for _, in := range c.inputs {
		m := in.At
		if n := len(c.atMax); n > 0 {
			m = max(m, c.atMax[n-1])
		}
		c.atMax = append(c.atMax, m)
	}
	for seq := range s.voided {
		c.voided[seq] = true
	}
	c.shownDisorder = c.shownDisorder || s.shownDisorder ||
		len(s.shown) > 0 && len(c.shown) > 0 && c.shown[0].raw.At < s.shown[len(s.shown)-1].raw.At
	c.shown = append(slices.Clip(s.shown), c.shown...)
	c.floor, c.earlier = nil, nil
	c.widened++
	return nil
}
