package engine

import "slices"

// Clone is an engine in the same state as e that shares no mutable memory
// with it: stepping either leaves the other as it was. The table keeps
// clones as checkpoints, so that re-deciding a late input starts from a
// state near it instead of from the session's first input.
//
// Every slice the engine appends to or writes in place is copied. What
// stays shared is never written once made: the profile, and the values
// behind the pointers (a hand's entered values and situations, the last
// score, the game's end), which the engine replaces rather than changes.
func (e *Engine) Clone() *Engine {
	c := *e
	c.h = e.h.clone()
	c.w = e.w.clone()
	c.fast = e.fast.clone()
	return &c
}

func (h hand) clone() hand {
	h.indicators = slices.Clone(h.indicators)
	h.winners = slices.Clone(h.winners)
	h.ura = slices.Clone(h.ura)
	for s := range h.discards {
		h.discards[s] = slices.Clone(h.discards[s])
		h.melds[s] = slices.Clone(h.melds[s])
		h.laid[s] = slices.Clone(h.laid[s])
	}
	return h
}

func (w claimWindow) clone() claimWindow {
	w.pending = slices.Clone(w.pending)
	w.won = slices.Clone(w.won)
	w.putBackWhat = slices.Clone(w.putBackWhat)
	w.before = w.before.clone()
	return w
}

func (f fastDraw) clone() fastDraw {
	f.window = f.window.clone()
	f.before = f.before.clone()
	f.what = slices.Clone(f.what)
	return f
}

func (m mark) clone() mark {
	m.winners = slices.Clone(m.winners)
	return m
}
