package table

import (
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/tabled/tabled/engine"
)

// Deal is where a restart can begin: the game as a hand was dealt
// (engine.Dealt) and what the table had decided since, journaled once the
// deal has settled (dealSettle). A restart makes the engine at the deal,
// applies the inputs stamped after it up to DecidedTo as the table did,
// takes the outcomes that gives as those numbered Shown, and steps through
// the entries after this one, instead of applying every input of the
// session again, which made a restart grow with the session. A replay
// checks each against the table it reached there (Verify).
type Deal struct {
	// Input is the sequence number of the new-hand input that dealt; the
	// entry's At is its stamp.
	Input uint64 `json:"input"`
	// Outcome is the sequence number of the last outcome the new hand
	// decided (the deal's, or the one a re-decision published again).
	Outcome uint64 `json:"outcome"`
	// Session is the sequence number of the note that opened the session
	// (Config.Session), so a restart finds the session's rules without
	// reading back to its start; 0 when not known.
	Session uint64 `json:"session,omitempty"`
	// Game is the game's state at the deal.
	Game engine.Dealt `json:"game"`
	// DecidedTo is the table's time when the entry was made: every input
	// journaled before it and stamped after the deal, up to this time, was
	// decided; those stamped later were held. 0 in an older release's
	// entry, which a restart does not begin at.
	DecidedTo time.Duration `json:"decided_to_ns,omitempty"`
	// Shown are the sequence numbers of the outcomes standing then that
	// were decided after the deal's own, in the order the table held them
	// (time order): the outcomes the inputs up to DecidedTo decide.
	Shown []uint64 `json:"shown,omitempty"`
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
// sequence number of its last outcome, its hand and the game; since is
// the table's time it settles from (the deal's, or the last re-decision's
// that crossed it).
type pendingDeal struct {
	in      Entry
	outcome uint64
	hand    int
	game    engine.Dealt
	since   time.Duration
}

// settleDeal journals each pending deal once the table's time is
// dealSettle past it (hands may be shorter: each deal settles on its
// own); a re-decision that reached before one dropped it or put it back
// with a new since (crossed, repend). The table's time is the horizon, up
// to which everything has been decided, when the engine's stands behind
// it: an idle table's engine does not move on, and a deal no press
// followed would otherwise wait for the next press to be journaled
// (Table.Run wakes at settleAt for it).
func (c *core) settleDeal(entries []Entry, horizon time.Duration) []Entry {
	if c.feeding {
		return entries
	}
	now := max(c.eng.Now(), horizon)
	n := 0
	for _, p := range c.pending {
		if now-p.since < dealSettle {
			break
		}
		n++
		if p.in.Seq <= c.lastDeal {
			continue // journaled before a restart
		}
		shown, ok := c.shownAfter(p.outcome)
		if !ok {
			continue // cannot be: its outcome stands while it is pending
		}
		c.lastDeal = p.in.Seq
		c.seq++
		entries = append(entries, Entry{Seq: c.seq, At: p.in.At, Hand: p.hand, Dealer: p.game.Dealer, NoteKind: NoteDeal,
			Deal: &Deal{Input: p.in.Seq, Outcome: p.outcome, Session: c.session, Game: p.game, DecidedTo: c.eng.Now(), Shown: shown}})
	}
	c.pending = slices.Delete(c.pending, 0, n)
	return entries
}

// shownAfter is the sequence numbers of the outcomes standing after the
// one numbered seq, in the order c.shown holds them; false when seq is
// not among them. The deal's outcome is among the last hand's, so the
// search begins at the end.
func (c *core) shownAfter(seq uint64) ([]uint64, bool) {
	for i := len(c.shown) - 1; i >= 0; i-- {
		if c.shown[i].seq == seq {
			out := make([]uint64, 0, len(c.shown)-i-1)
			for _, p := range c.shown[i+1:] {
				out = append(out, p.seq)
			}
			return out, true
		}
	}
	return nil, false
}

// settleAt is when the oldest pending deal will have stood dealSettle,
// in the table's time; ok is false when none is pending.
func (c *core) settleAt() (at time.Duration, ok bool) {
	if len(c.pending) == 0 || c.feeding {
		return 0, false
	}
	return c.pending[0].since + dealSettle, true
}

// crossed takes the pending deals a re-decision from from reaches before
// out of c.pending and returns them: the game at them may be another.
func (c *core) crossed(from time.Duration) []pendingDeal {
	var out []pendingDeal
	kept := c.pending[:0]
	for _, p := range c.pending {
		if from <= p.in.At {
			out = append(out, p)
		} else {
			kept = append(kept, p)
		}
	}
	clear(c.pending[len(kept):])
	c.pending = kept
	return out
}

// repend puts back the deals a re-decision of late inputs crossed
// (crossed), each with the game the rebuild reached at it (c.redealt) and
// the number its new hand's last outcome has now (it stood, or is
// published again after the revision, c.seq the revision's number less
// one); each settles anew from until. Without this, a deal that a
// controller's presses held over a restart reached after a tablet's new
// hand was never journaled, and on a loaded machine the restarts grew
// with every hand dealt so.
func (c *core) repend(crossed []pendingDeal, old []published, fresh []engine.Outcome, stands []int, until time.Duration) {
	for _, p := range crossed {
		d, ok := c.redealt[p.in.Seq]
		if !ok || d.last < 0 || d.last >= len(fresh) {
			continue
		}
		if s := stands[d.last]; s > 0 {
			p.outcome = old[s-1].seq
		} else {
			p.outcome = c.seq + 1 // the revision
			for _, s := range stands[:d.last+1] {
				if s == 0 {
					p.outcome++
				}
			}
		}
		p.game, p.since = d.game, until
		c.pending = append(c.pending, p)
	}
}

// startAt makes the core begin at the deal journaled in entry e, as the
// table stood when it journaled it: the engine the deal describes, with a
// checkpoint there which every re-decision after the deal starts from;
// the inputs journaled before e and stamped after the deal (from
// entries, with the voids of them), those stamped up to e.Deal.DecidedTo
// applied and their outcomes taken as the ones e.Deal.Shown numbers, the
// later ones held. It returns the entries after e, which the core is fed.
// A re-decision that reaches before the deal (a late input stamped before
// it, a void of an input decided before it) first brings the session's
// earlier inputs in (widen).
func (c *core) startAt(e Entry, entries []Entry, earlier func() ([]Entry, error)) ([]Entry, error) {
	d := e.Deal
	eng, err := engine.Resume(c.profile, d.Game)
	if err != nil {
		return nil, fmt.Errorf("table: resume at the deal of entry %d: %w", e.Seq, err)
	}
	speak(eng)
	c.eng, c.hand, c.seq, c.lastDeal = eng, e.Hand, e.Seq, d.Input
	c.floor = &checkpoint{at: e.At, seq: d.Input, eng: eng.Clone(), hand: e.Hand, outAt: e.At}
	c.checkpoints = append(c.checkpoints[:0], *c.floor)
	c.earlier = earlier
	n := 0
	for n < len(entries) && entries[n].Seq < e.Seq {
		n++
	}
	for _, b := range entries[:n] {
		switch {
		case b.Input != nil && CompareInputs(b.At, b.Seq, e.At, d.Input) > 0:
			c.inputs = append(c.inputs, b)
			m := b.At
			if k := len(c.atMax); k > 0 {
				m = max(m, c.atMax[k-1])
			}
			c.atMax = append(c.atMax, m)
		case b.Void != 0:
			c.voided[b.Void] = true
		}
	}
	for _, in := range c.inputs {
		if in.At > d.DecidedTo && !c.voided[in.Seq] {
			c.buf.push(in)
		}
	}
	eng, out, hand, err := c.rebuild(d.DecidedTo, e.At+1)
	if err != nil {
		return nil, fmt.Errorf("table: resume at the deal of entry %d: %w", e.Seq, err)
	}
	if len(out) != len(d.Shown) {
		return nil, fmt.Errorf("table: resume at the deal of entry %d: the inputs after it decide %d outcomes, the entry names %d", e.Seq, len(out), len(d.Shown))
	}
	c.eng, c.hand = eng, hand
	for i, o := range out {
		c.show(published{seq: d.Shown[i], raw: o})
	}
	// A deal after this one that had not settled when the table stopped
	// is pending again, to be journaled when it has: else a restart would
	// begin here until a later hand's deal settled.
	for _, in := range c.inputs {
		if dl, ok := c.redealt[in.Seq]; ok && dl.last >= 0 && dl.last < len(out) {
			c.pending = append(c.pending, pendingDeal{in: in, outcome: d.Shown[dl.last], hand: c.rebuiltHands[dl.last], game: dl.game, since: in.At})
		}
	}
	slices.SortFunc(c.pending, func(a, b pendingDeal) int { return CompareInputs(a.in.At, a.in.Seq, b.in.At, b.in.Seq) })
	return entries[n:], nil
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
	s.overwriting = c.overwriting
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

// redealt is a deal a rebuild applied again: the game at it, and the
// index among the rebuild's outcomes of the last its new hand decided
// (-1 for none).
type redealt struct {
	game engine.Dealt
	last int
}

// redeal notes the deal by new-hand input seq a rebuild's engine e has
// just made, last the index of its last outcome.
func (c *core) redeal(seq uint64, e *engine.Engine, last int) {
	g, ok := e.Dealt()
	if !ok {
		return
	}
	if c.redealt == nil {
		c.redealt = map[uint64]redealt{}
	}
	c.redealt[seq] = redealt{game: g, last: last}
	if c.dealts != nil {
		c.dealts[seq] = g
	}
}

// checkDeal compares a replay's table at the deal entry e names with
// what e journaled, as the replay passes e: the game at the deal and, in
// an entry that says it, the time decided to; the first that differs is
// c.dealErr.
func (c *core) checkDeal(e Entry) {
	if c.dealts == nil || c.dealErr != nil {
		return
	}
	g, ok := c.dealts[e.Deal.Input]
	switch {
	case !ok:
		c.dealErr = fmt.Errorf("table: replay: entry %d is a deal by input %d, which dealt no hand in the replay", e.Seq, e.Deal.Input)
	case !reflect.DeepEqual(g, e.Deal.Game):
		c.dealErr = fmt.Errorf("table: replay: entry %d, the game at the deal by input %d, is not the game the replay reached:\n  journaled %+v\n  replayed  %+v", e.Seq, e.Deal.Input, e.Deal.Game, g)
	case e.Deal.DecidedTo != 0 && c.eng.Now() != e.Deal.DecidedTo:
		c.dealErr = fmt.Errorf("table: replay: entry %d says the table had decided up to %v at the deal by input %d, the replay had to %v", e.Seq, e.Deal.DecidedTo, e.Deal.Input, c.eng.Now())
	}
	// Not its Shown: a replay's list of what stands, made by stepping
	// through the journal, can differ from the running table's in order
	// and numbering (a power-cut run's replay numbered 3375 what the
	// table had published as 3376, and held another outcome at a place);
	// a restart pairs the numbers with the outcomes it decides again.
}
