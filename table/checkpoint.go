package table

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/tabled/tabled/engine"
)

// checkpointEvery is how many inputs a rebuild applies between two
// checkpoints it leaves. A rebuild starts from the last checkpoint before
// its late input and applies the inputs since: half this many on average,
// and those that came since the revision before (a running table
// re-decides only at a revision, so each input is applied again at most
// about once). Each input costs a microsecond or so (the engine words
// every outcome) and each checkpoint a clone of the engine:
// BenchmarkResumeLong in cmd/tabled measured 128, 32, 16 and 8 (the last
// three within its noise). Tests make it small, to leave many.
var checkpointEvery = 16

// maxCheckpoints bounds the checkpoints a session keeps (each is an engine
// state, a few KB): when it is reached, every other one of the older half
// is dropped, so they thin out towards the session's start, where late
// inputs do not reach. Tests make it small, to thin often.
var maxCheckpoints = 256

// checkpoint is the state a rebuild reached after applying, in stamp
// order, every input the rebuild takes up to and including one: the
// input at At with sequence number Seq. A rebuild is a pure function of
// the inputs it applies, in order, so one whose inputs begin with the
// same ones can start from here instead of from the session's first
// input, and decides exactly as it would have: the table re-decided late
// inputs by rebuilding the whole session once per revision, and a resume
// of a session with thousands of revisions took a minute and a half.
type checkpoint struct {
	at  time.Duration
	seq uint64
	// eng is never stepped: a rebuild steps a clone of it.
	eng *engine.Engine
	// hand is the hand the rebuild had reached.
	hand int
	// outAt is the latest time of an outcome decided on the way here: a
	// rebuild that keeps the outcomes from a time after it loses none by
	// starting here.
	outAt time.Duration
}

// CompareInputs orders the input stamped at with number seq against the
// one stamped at2 with number seq2 as the table decides them: by stamp,
// then by arrival (-1: the first comes first).
func CompareInputs(at time.Duration, seq uint64, at2 time.Duration, seq2 uint64) int {
	if c := cmp.Compare(at, at2); c != 0 {
		return c
	}
	return cmp.Compare(seq, seq2)
}

// key is CompareInputs against the input at (at, seq).
func key(at time.Duration, seq uint64) func(time.Duration, uint64) int {
	return func(a time.Duration, s uint64) int { return CompareInputs(at, seq, a, s) }
}

// dropCheckpoints forgets the checkpoints that applied, or should have
// applied, input in: one voided, or one that came late and is now put in
// its place. Every other change to the inputs a rebuild takes comes after
// every checkpoint in stamp order (an input decided in turn is stamped at
// or after the engine's time, and a checkpoint's inputs are never later;
// one that arrives before it is late, and comes here), so the
// checkpoints left begin as a rebuild would.
func (c *core) dropCheckpoints(in Entry) {
	for i, ck := range c.checkpoints {
		if key(ck.at, ck.seq)(in.At, in.Seq) >= 0 {
			clear(c.checkpoints[i:])
			c.checkpoints = c.checkpoints[:i]
			return
		}
	}
}

// base is the latest checkpoint a rebuild to until keeping the outcomes
// from from can start at, or nil.
func (c *core) base(until, from time.Duration) *checkpoint {
	for i := len(c.checkpoints) - 1; i >= 0; i-- {
		if ck := &c.checkpoints[i]; ck.at <= until && ck.outAt < from {
			return ck
		}
	}
	return nil
}

// rebuild is a fresh engine that applied every input received so far, not
// voided and not still held, in stamp order (arrival order among equal
// stamps), with time run on to until; it returns the outcomes it decided
// at or after from (noOutcomes: none) and the hand it reached. An input
// the engine refuses is skipped, as it was when it was first applied.
//
// It starts from the latest checkpoint before from, and leaves one every
// checkpointEvery inputs: each revision of a long session costs the
// inputs since a checkpoint near its late input, not the whole session.
// Outcomes before from are dropped as they come and the inputs are sorted
// by reference.
func (c *core) rebuild(until, from time.Duration) (*engine.Engine, []engine.Outcome, int, error) {
	var e *engine.Engine
	hand, outAt := 1, time.Duration(math.MinInt64)
	ck := c.base(until, from)
	if (ck == nil || c.noCheckpoints) && c.floor != nil {
		// The re-decision reaches before the deal the core began at.
		if err := c.widen(); err != nil {
			return nil, nil, 0, err
		}
		ck = c.base(until, from)
	}
	if ck != nil && !c.noCheckpoints {
		c.fromCheckpoint++
		e, hand, outAt = ck.eng.Clone(), ck.hand, ck.outAt
	} else {
		ck = nil
		var err error
		if e, err = engine.NewGame(c.profile, c.dealer, c.start); err != nil {
			return nil, nil, 0, err
		}
		speak(e)
	}
	// A checkpoint is left only before every input still held: one that
	// is released later comes in its place (a late one drops what follows
	// it); one decided in turn comes after.
	held := map[uint64]bool{}
	var first *Entry // the first input held, by key
	hold := func(in Entry) {
		held[in.Seq] = true
		if first == nil || key(first.At, first.Seq)(in.At, in.Seq) > 0 {
			first = &in
		}
	}
	for _, p := range c.buf.h {
		hold(p)
	}
	for _, in := range c.aside {
		hold(in)
	}
	// The inputs before the first whose stamp reaches the checkpoint's
	// are all in it.
	i := 0
	if ck != nil {
		i, _ = slices.BinarySearch(c.atMax, ck.at)
	}
	ins := make([]*Entry, 0, len(c.inputs)-i)
	for ; i < len(c.inputs); i++ {
		in := &c.inputs[i]
		if c.voided[in.Seq] || held[in.Seq] || in.At > until || ck != nil && key(ck.at, ck.seq)(in.At, in.Seq) >= 0 {
			continue
		}
		ins = append(ins, in)
	}
	slices.SortStableFunc(ins, func(a, b *Entry) int { return cmp.Compare(a.At, b.At) })
	clear(c.redealt)
	var out []engine.Outcome
	// hands are the hands out's outcomes are of, as apply files them: a
	// new hand's deal and what follows it are the next hand's.
	hands := c.rebuiltHands[:0]
	keep := func(n int, newHand bool) {
		kept, h := out[:n], hand
		for _, o := range out[n:] {
			outAt = max(outAt, o.At)
			if newHand && o.Kind == engine.KindDeal {
				h = hand + 1
			}
			if o.At >= from {
				kept = append(kept, o)
				hands = append(hands, h)
			}
		}
		clear(out[len(kept):])
		out = kept
	}
	for n, in := range ins {
		m := len(out)
		out, _ = e.Apply(*in.Input, out)
		keep(m, in.Input.Action == engine.NewHand)
		if in.Input.Action == engine.NewHand {
			hand++
			if in.At >= from {
				c.redeal(in.Seq, e, len(out)-1)
			}
		}
		if (n+1)%checkpointEvery == 0 && !c.noCheckpoints && (first == nil || key(first.At, first.Seq)(in.At, in.Seq) > 0) {
			c.leave(checkpoint{at: in.At, seq: in.Seq, eng: e.Clone(), hand: hand, outAt: outAt})
		}
	}
	n := len(out)
	out = e.Advance(until, out)
	keep(n, false)
	c.rebuiltHands = hands
	return e, out, hand, nil
}

// leaveFed leaves a checkpoint every checkpointEvery inputs a replay or a
// resume applies in turn, as a rebuild does: a revision further on then
// starts near its late input instead of where the revision before it
// ended (a replay of a session full of revisions cost a third more than
// of the same session without). The running table leaves none: its
// clones would cost every press, and its rebuilds leave their own.
func (c *core) leaveFed(in Entry) {
	if !c.feeding || c.noCheckpoints {
		return
	}
	if c.fed++; c.fed%checkpointEvery != 0 {
		return
	}
	for _, a := range c.aside {
		if key(in.At, in.Seq)(a.At, a.Seq) > 0 {
			return // a late input will be put before it
		}
	}
	c.leave(checkpoint{at: in.At, seq: in.Seq, eng: c.eng.Clone(), hand: c.hand, outAt: c.eng.Now()})
}

// leave keeps a checkpoint after those kept, if it comes after them.
func (c *core) leave(ck checkpoint) {
	if n := len(c.checkpoints); n > 0 && key(c.checkpoints[n-1].at, c.checkpoints[n-1].seq)(ck.at, ck.seq) >= 0 {
		return
	}
	if len(c.checkpoints) >= maxCheckpoints {
		old := c.checkpoints[:maxCheckpoints/2]
		kept := old[:0]
		for i := range old {
			if i%2 == 0 {
				kept = append(kept, old[i])
			}
		}
		n := copy(c.checkpoints[len(kept):], c.checkpoints[len(old):])
		clear(c.checkpoints[len(kept)+n:])
		c.checkpoints = c.checkpoints[:len(kept)+n]
	}
	c.checkpoints = append(c.checkpoints, ck)
}

// noOutcomes, as rebuild's from, keeps none of the outcomes.
const noOutcomes = time.Duration(math.MaxInt64)
