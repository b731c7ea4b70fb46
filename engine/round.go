package engine

import "time"

// round is one claimable thing: the latest discard, or a kong that may be
// robbed. It holds the open simultaneity window and the latest decision.
type round struct {
	open    bool
	claimed Claimed
	at      time.Duration
	// lastTile: the discard was made with the live wall empty; it can only
	// be won on, and if not the hand is drawn.
	lastTile bool
	// riichi: the discard declares riichi; riichiPaid: the bet was placed
	// because the tile passed without a win.
	riichi, riichiPaid bool
	// concealedKong: a kong robbable only for Thirteen Orphans.
	concealedKong bool

	pending    []Claim
	shown      [4][2]Tile
	windowOpen bool
	windowEnd  time.Duration
	quiet      bool // past the call deadline plus a window: nothing more is on time

	// won and wonOrdinal are the latest chii/pon/kan decision on this tile;
	// before is the hand as it was before that decision's (or the kong's)
	// effect, which a later ron undoes.
	won        []Claim
	wonOrdinal int
	before     mark
	hasBefore  bool
}

// quietAt is when no claim on the round's tile can be on time any more,
// even one started at the call deadline.
func (r *round) quietAt(p Profile) time.Duration { return r.at + p.CallDeadline + p.Window }

// pendingOf is the index of seat's claim in the open window, or -1.
func (r *round) pendingOf(s Seat) int {
	for i, c := range r.pending {
		if c.Seat == s {
			return i
		}
	}
	return -1
}

// add puts a claim in the window, opening the window if it is the first.
func (r *round) add(c Claim, w time.Duration) {
	if !r.windowOpen {
		r.windowOpen, r.windowEnd = true, c.At+w
	}
	r.pending = append(r.pending, c)
}

// remove takes seat's claim out of the window; an emptied window closes
// with no decision.
func (r *round) remove(i int) {
	r.pending = append(r.pending[:i], r.pending[i+1:]...)
	if len(r.pending) == 0 {
		r.windowOpen = false
	}
}

// closeRound ends the claimable round; an unclaimed riichi declaration
// tile places its bet.
func (e *Engine) closeRound(won bool) {
	r := &e.r
	if r.open && r.riichi && !r.riichiPaid && !won {
		e.riichiSticks++
		r.riichiPaid = true
	}
	r.open = false
}

// openRound starts a new claimable round, reusing the pending buffer.
func (e *Engine) openRound(c Claimed, at time.Duration) *round {
	buf := e.r.pending[:0]
	e.r = round{open: true, claimed: c, at: at, pending: buf}
	return &e.r
}
