package engine

import "time"

// claimWindow is one claimable thing: the latest discard, or a kong that may
// be robbed. It holds the open simultaneity window and the standing
// decision. After a ron is decided it stays open for more rons on the same
// tile until the next deal.
type claimWindow struct {
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
	// heldDora: an extended kong whose time to be robbed is still running;
	// its kan dora indicator is not due until that time is over.
	heldDora bool

	pending    []Claim
	shown      [4][2]Tile
	windowOpen bool
	windowEnd  time.Duration
	quiet      bool // past the call deadline plus a window: nothing more is on time

	// won and wonOrdinal are the standing decision on this tile; before
	// is the hand as it was before that decision's (or the kong's)
	// effect, which a later ron undoes.
	won        []Claim
	wonOrdinal int
	before     mark
	hasBefore  bool
	// drawn: the next seat has drawn (acted in its own turn) since the
	// discard; a draw within the call deadline is also a fastDraw.
	drawn bool
	// putBack names the seat whose too-fast draw a call undid, what it
	// had declared on it, and whether it was a kong's replacement tile,
	// for the decision's words.
	putBack      Seat
	putBackWhat  []Action
	putBackEarly bool
}

// quietAt is when no claim on the window's tile can be on time any more,
// even one started at the call deadline.
func (w *claimWindow) quietAt(p Profile) time.Duration { return w.at + p.CallDeadline + p.Window }

// ronDecided reports whether the standing decision is a win.
func (w *claimWindow) ronDecided() bool { return len(w.won) > 0 && w.won[0].Call == Ron }

// pendingOf is the index of seat's claim in the open window, or -1.
func (w *claimWindow) pendingOf(s Seat) int {
	for i, c := range w.pending {
		if c.Seat == s {
			return i
		}
	}
	return -1
}

// add puts a claim in the window, opening the window if it is the first.
// The window runs from the first claim's stamp to that plus the profile's
// window, both ends included.
func (w *claimWindow) add(c Claim, width time.Duration) {
	if !w.windowOpen {
		w.windowOpen, w.windowEnd = true, c.At+width
	}
	w.pending = append(w.pending, c)
}

// remove takes a claim out of the window; an emptied window closes with
// no decision.
func (w *claimWindow) remove(i int) {
	w.pending = append(w.pending[:i], w.pending[i+1:]...)
	if len(w.pending) == 0 {
		w.windowOpen = false
	}
}

// closeWindow ends the claimable tile: an unclaimed riichi declaration
// tile places its bet, and an extended kong nobody robbed stands.
func (e *Engine) closeWindow(won bool, out []Outcome) []Outcome {
	w := &e.w
	if w.open && w.riichi && !w.riichiPaid && !won {
		e.placeRiichi(w.claimed.Seat)
		w.riichiPaid = true
	}
	out = e.kongStands(out)
	w.open = false
	return out
}

// kongStands ends an extended kong's time to be robbed: its kan dora is due.
func (e *Engine) kongStands(out []Outcome) []Outcome {
	w := &e.w
	if !w.heldDora {
		return out
	}
	w.heldDora = false
	a := args{other: w.claimed.Seat, tile: w.claimed.Tile}
	if len(e.h.indicators) >= 1+e.h.kongs {
		a.n = 1 // its kan dora was read within the robbing time
	}
	return append(out, e.tell(Outcome{Kind: KindKongStands, At: e.now, Dealer: e.dealer, Seat: w.claimed.Seat, Claimed: w.claimed,
		Code: CodeKongStands}, a))
}

// openWindow starts a new claimable tile, reusing the pending buffer.
func (e *Engine) openWindow(c Claimed, at time.Duration) *claimWindow {
	buf := e.w.pending[:0]
	c.At = at
	e.w = claimWindow{open: true, claimed: c, at: at, pending: buf, putBack: NoSeat}
	return &e.w
}
