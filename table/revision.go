package table

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// late takes every held input stamped before the engine's time out of the
// buffer and re-decides.
func (c *core) late(entries []Entry) []Entry {
	until := c.eng.Now()
	var late []Entry
	for {
		at, ok := c.buf.next()
		if !ok || at > until {
			break
		}
		in, _ := c.buf.pop()
		late = append(late, in)
	}
	return c.redecide(late, until, entries)
}

// redecide puts late inputs in their place: the engine is rebuilt from the
// session's inputs in stamp order up to until, the time the table had
// reached, and what it decides from the earliest late stamp on is compared
// with what was published. Outcomes decided again stand; the rest are
// withdrawn by a revision, and the new outcomes published after it, each
// decision naming the one it replaces. With nothing withdrawn, the
// revision only says the inputs were late.
func (c *core) redecide(late []Entry, until time.Duration, entries []Entry) []Entry {
	return c.redecideFrom(late[0].At, until, late, 0, entries)
}

// redecideFrom is redecide from a stamp: for late inputs, or (voided not
// 0) after a void, which withdraws what the voided input had decided. A
// void that changes nothing writes no revision.
func (c *core) redecideFrom(from, until time.Duration, late []Entry, voided uint64, entries []Entry) []Entry {
	crossed := c.crossed(from)
	for _, in := range late {
		c.dropCheckpoints(in)
	}
	eng, rebuilt, hand, err := c.rebuild(until, from)
	if err != nil {
		// Cannot happen for inputs the table accepted; keep what stands
		// and say so rather than stop the table.
		what := voided
		if len(late) > 0 {
			what = late[0].Seq
		}
		return append(entries, c.note(NoteRefused, fmt.Sprintf("re-deciding input %d: %v", what, err)))
	}
	c.eng, c.hand = eng, hand
	c.steps++
	keep, old := c.shownFrom(from)
	if !c.overwriting {
		// A copy: the outcomes shown again are written over c.shown from
		// keep on, over old's own elements, and a new outcome before one
		// that stands would take its place before it is read (a loaded
		// power-cut run's revisions retracted one outcome twice and
		// another never). A session of an older release goes on as it was
		// decided (Config.OverwritingRevisions).
		old = slices.Clone(old)
	}
	var fresh []engine.Outcome
	var hands []int // the hand each of fresh is of
	for i, o := range rebuilt {
		if o.At >= from {
			fresh, hands = append(fresh, o), append(hands, c.rebuiltHands[i])
		}
	}
	stands, withdrawn := restand(old, fresh)
	if voided == 0 {
		c.repend(crossed, old, fresh, stands, until)
	}
	rev := &Revision{}
	for _, in := range late {
		rev.Late = append(rev.Late, in.Seq)
	}
	for _, p := range withdrawn {
		rev.Retracted = append(rev.Retracted, p.seq)
	}
	// Times in whole milliseconds, as people read them (a script's
	// stamps are whole milliseconds already: its contract is unchanged).
	said := &outcome.TableNote{Code: outcome.NoteLate, Late: lateCalls(late), Until: outcome.MS(until.Round(time.Millisecond))}
	if voided != 0 {
		changed := len(withdrawn) > 0
		for _, s := range stands {
			changed = changed || s == 0
		}
		if !changed {
			c.shown = c.shown[:keep]
			for i := range fresh {
				c.show(old[stands[i]-1])
			}
			return entries
		}
		said = &outcome.TableNote{Code: outcome.NoteVoided, Input: voided}
	}
	if len(withdrawn) > 0 {
		said.From, said.Withdrawn = outcome.MS(from.Round(time.Millisecond)), len(withdrawn)
	}
	c.seq++
	entries = append(entries, Entry{Seq: c.seq, At: until, Hand: c.hand, Dealer: c.eng.Dealer(), Revision: rev, Note: english(said), Said: said})
	c.shown = c.shown[:keep]
	for i, o := range fresh {
		if stands[i] > 0 {
			c.show(old[stands[i]-1])
			continue
		}
		raw := o
		if o.Kind == engine.KindDecision && len(withdrawn) > 0 {
			if prev, ok := replaced(withdrawn, o); ok {
				o.Overrides = prev
			}
			o.Reason = outcome.In(nil).Redecided(o.Reason, voided, lateCalls(late))
		}
		c.seq++
		c.show(published{seq: c.seq, raw: raw})
		entries = append(entries, Entry{Seq: c.seq, At: o.At, Hand: hands[i], Dealer: o.Dealer, Outcome: &o})
	}
	return entries
}

// shownFrom is where the published outcomes decided at or after from
// begin in c.shown, and those outcomes.
//
// The outcomes are published in time order, so the place is found by
// halving; a scan from the start, once per revision over a long session,
// was much of what a resume cost. Should one ever come out of order, the
// scan is what finds the place.
func (c *core) shownFrom(from time.Duration) (keep int, old []published) {
	i := len(c.shown)
	if c.shownDisorder {
		for j, p := range c.shown {
			if p.raw.At >= from {
				i = j
				break
			}
		}
	} else {
		i, _ = slices.BinarySearchFunc(c.shown, from, func(p published, t time.Duration) int { return cmp.Compare(p.raw.At, t) })
	}
	if i == len(c.shown) {
		return i, nil
	}
	return i, c.shown[i:]
}

// show adds a published outcome to c.shown, noting one out of time order.
func (c *core) show(p published) {
	if n := len(c.shown); n > 0 && p.raw.At < c.shown[n-1].raw.At {
		c.shownDisorder = true
	}
	c.shown = append(c.shown, p)
}

// restand compares what was published (old) with what a rebuild decides
// again (fresh): what was published and is decided again stands (matched
// in order: stands[i] is 1 + the index in old of fresh[i], 0 for a new
// outcome); what was published and is not is withdrawn.
func restand(old []published, fresh []engine.Outcome) (stands []int, withdrawn []published) {
	stands = make([]int, len(fresh))
	k := 0
	for j, p := range old {
		i := k
		for i < len(fresh) && !reflect.DeepEqual(&p.raw, &fresh[i]) { // by pointer: no copy of each outcome into an interface
			i++
		}
		if i == len(fresh) {
			withdrawn = append(withdrawn, p)
			continue
		}
		stands[i], k = j+1, i+1
	}
	return stands, withdrawn
}

// replaced is the ordinal of the withdrawn decision on the same claimed
// tile that a re-decided decision replaces.
func replaced(withdrawn []published, o engine.Outcome) (int, bool) {
	for _, p := range slices.Backward(withdrawn) {
		if p.raw.Kind == engine.KindDecision && p.raw.Claimed == o.Claimed {
			return p.raw.Ordinal, true
		}
	}
	return 0, false
}

// lateCalls are the late inputs as a revision's note names them.
func lateCalls(late []Entry) []outcome.LateCall {
	out := make([]outcome.LateCall, len(late))
	for i, in := range late {
		out[i] = outcome.LateCall{Action: in.Input.Action.String(), Source: in.Input.Source.String(), Input: in.Seq}
		if in.Input.Seat.Valid() {
			out[i].Seat = in.Input.Seat.Wind(in.Dealer).Letter()
		}
	}
	return out
}

// english is a note's words in the claim log's language ("" for none).
func english(n *outcome.TableNote) string {
	if n == nil {
		return ""
	}
	return outcome.In(nil).TableNote(n, "")
}
