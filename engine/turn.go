package engine

import "slices"

// ownTurn checks that seat may act in its own turn now; CodeNone when it may.
func (e *Engine) ownTurn(ev Event) RuleCode {
	switch {
	case ev.Seat != e.h.turn:
		return CodeNotYourTurn
	case e.w.windowOpen:
		return CodeDeciding
	}
	return CodeNone
}

// turnRefusal is why ev, an action in the seat's own turn that draws
// first when the seat is to draw, cannot be taken now, or CodeNone.
// before reports a refusal that comes before the draw (not the seat's
// turn, a decision pending, an empty wall: nothing changes); after it the
// seat has drawn all the same, as a refused tsumo or kong still shows.
// needs is what the action asks once drawn, given the live wall then (nil:
// nothing more). The handlers and Legal both ask it, so what a seat is
// offered is what the engine takes.
func (e *Engine) turnRefusal(ev Event, emptyWall RuleCode, needs func(s Seat, wall int) RuleCode) (code RuleCode, before bool) {
	if code := e.ownTurn(ev); code != CodeNone {
		return code, true
	}
	wall := e.h.wall
	if e.h.phase == ToDraw {
		if wall == 0 {
			return emptyWall, true
		}
		wall--
	}
	if needs == nil {
		return CodeNone, false
	}
	return needs(ev.Seat, wall), false
}

// tsumoNeeds: no tsumo in a turn begun with a call, nor from a dead hand.
func (e *Engine) tsumoNeeds(s Seat, _ int) RuleCode {
	switch {
	case e.h.calledThisTurn:
		return CodeCalledThisTurn
	case e.h.dead[s]:
		return CodeDeadHand
	}
	return CodeNone
}

// kongNeeds: an own kong not in a turn begun with a call, not from a dead
// hand, not a fifth, and a tile left for its replacement.
func (e *Engine) kongNeeds(s Seat, wall int) RuleCode {
	switch {
	case e.h.calledThisTurn:
		return CodeCalledThisTurn
	case e.h.dead[s]:
		return CodeDeadHand
	case e.h.kongs >= MaxKongs:
		return CodeFifthKong
	case wall < 1:
		return CodeNoKongWall
	}
	return CodeNone
}

// riichiNeeds: riichi once, from a live closed hand, with the profile's
// tiles still in the wall.
func (e *Engine) riichiNeeds(s Seat, wall int) RuleCode {
	switch {
	case e.h.riichi[s]:
		return CodeAlreadyRiichi
	case e.h.dead[s]:
		return CodeDeadHand
	case e.openHand(s):
		return CodeOpenHand
	case wall < e.p.MinWallForRiichi:
		return CodeRiichiWall
	}
	return CodeNone
}

// refuse rejects ev with code, naming what the code needs.
func (e *Engine) refuse(out []Outcome, ev Event, code RuleCode, a args) []Outcome {
	a.seat, a.call = ev.Seat, ev.Action
	if code == CodeDeciding {
		a.other, a.tile = e.w.claimed.Seat, e.w.claimed.Tile
	}
	return e.reject(out, ev, code, e.why(code, a))
}

// draw counts the implicit draw of a seat that acts while it is to draw.
// It reports false when the live wall is empty. A draw made while a call
// on the discard is still on time is remembered, so that such a call can
// put it back.
func (e *Engine) draw() bool {
	h, w := &e.h, &e.w
	if h.phase != ToDraw {
		return true
	}
	if h.wall == 0 {
		return false
	}
	e.fast = fastDraw{}
	if w.open && !w.claimed.Kong && e.now-w.at <= e.p.CallDeadline {
		e.fast = fastDraw{ok: true, seat: h.turn, before: e.markHand(), window: *w}
		e.fast.window.pending = append([]Claim(nil), w.pending...)
	}
	if w.open && !w.claimed.Kong {
		w.drawn = true
	}
	h.wall--
	h.phase = ToDiscard
	return true
}

func (e *Engine) discard(ev Event, out []Outcome) []Outcome {
	h := &e.h
	if code, _ := e.turnRefusal(ev, CodeWallEmpty, nil); code != CodeNone {
		return e.refuse(out, ev, code, args{})
	}
	e.draw()
	// The seat has discarded: the tile before can no longer be called.
	e.fast = fastDraw{}
	if k := h.kuikae[ev.Seat]; !e.p.KuikaeAllowed && ev.Tile.Known() && (ev.Tile.SameKind(k[0]) || ev.Tile.SameKind(k[1])) {
		out = e.flag(out, ev.Seat, Discard, CodeKuikae, e.why(CodeKuikae, args{seat: ev.Seat, tile: ev.Tile, tile2: k[0]}))
	}
	out = e.closeWindow(false, out)
	rec := DiscardRecord{Tile: ev.Tile, At: ev.At, Riichi: h.riichiDiscard[ev.Seat]}
	h.riichiDiscard[ev.Seat] = false
	e.discarded(ev.Seat, rec.Riichi)
	h.discards[ev.Seat] = append(h.discards[ev.Seat], rec)
	w := e.openWindow(Claimed{Seat: ev.Seat, Tile: ev.Tile}, ev.At)
	w.lastTile, w.riichi = h.wall == 0, rec.Riichi
	h.turn, h.phase, h.calledThisTurn, h.kuikae[ev.Seat] = ev.Seat.Next(), ToDraw, false, [2]Tile{}
	return out
}

// ownTurnKan reports whether a kan is a declaration in the seat's own turn
// rather than a claim on the discard: the seat holds its tiles, or it is
// next to draw and the call deadline has passed (it has drawn).
func (e *Engine) ownTurnKan(ev Event) bool {
	h, w := &e.h, &e.w
	if ev.Seat != h.turn || h.ended {
		return false
	}
	if h.phase == ToDiscard {
		return true
	}
	return !(w.open && !w.claimed.Kong && ev.At-w.at <= e.p.CallDeadline)
}

// kan declares a concealed or extended kong in the seat's own turn. A
// refused kong still shows that the seat has drawn.
func (e *Engine) kan(ev Event, out []Outcome) []Outcome {
	h := &e.h
	code, pre := e.turnRefusal(ev, CodeNoKongWall, e.kongNeeds)
	if !pre {
		e.draw()
	}
	if code != CodeNone {
		return e.refuse(out, ev, code, args{})
	}
	out = e.closeWindow(false, out)
	before := e.markHand()
	// An extended kong promotes a melded pon of the same tile; with tiles
	// unseen, any melded pon may be the one.
	pon := -1
	for i, m := range h.melds[ev.Seat] {
		if m.Call == Pon && (!m.Tile.Known() || !ev.Tile.Known() || m.Tile.SameKind(ev.Tile)) {
			pon = i
			if m.Tile.Known() && m.Tile.SameKind(ev.Tile) {
				break
			}
		}
	}
	if pon >= 0 {
		m := &h.melds[ev.Seat][pon]
		m.Call, m.Extended = Kan, true
		if !m.Tile.Known() {
			m.Tile = ev.Tile
		}
	} else {
		h.melds[ev.Seat] = append(h.melds[ev.Seat], Meld{Call: Kan, Tile: ev.Tile, From: ev.Seat, Concealed: true})
	}
	h.kongs++
	h.wall--
	h.phase = ToDiscard
	e.callMade(true)
	e.declared(ev.Seat, Kan)
	w := e.openWindow(Claimed{Seat: ev.Seat, Tile: ev.Tile, Kong: true}, ev.At)
	w.concealedKong = pon < 0
	// WRC 2015 5.4.7: an extended kong's kan dora comes after the others
	// have had their time to rob it; RCR 2016 3.3.6 and a concealed
	// kong's at once.
	w.heldDora = pon >= 0 && e.p.ExtendedKong != KongAtOnce
	before.promotedSeat, before.promoted = ev.Seat, pon
	w.before, w.hasBefore = before, true
	if e.fast.ok && e.fast.seat == ev.Seat {
		e.fast.before.promotedSeat, e.fast.before.promoted = ev.Seat, pon
	}
	return out
}

func (e *Engine) tsumo(ev Event, out []Outcome) []Outcome {
	code, before := e.turnRefusal(ev, CodeWallEmpty, e.tsumoNeeds)
	if !before {
		e.draw()
	}
	if code != CodeNone {
		return e.refuse(out, ev, code, args{})
	}
	e.earlyReplacement(ev.Seat)
	out = e.closeWindow(false, out)
	e.sawTsumo(ev.Seat)
	e.declared(ev.Seat, Tsumo)
	return e.endHand(out, ResultTsumo, []Seat{ev.Seat}, CodeWin, e.why(CodeWin, args{seat: ev.Seat}))
}

func (e *Engine) declareRiichi(ev Event, out []Outcome) []Outcome {
	h := &e.h
	code, before := e.turnRefusal(ev, CodeRiichiWall, e.riichiNeeds)
	if !before {
		e.draw()
	}
	if code != CodeNone {
		return e.refuse(out, ev, code, args{n: e.p.MinWallForRiichi, m: h.wall})
	}
	h.riichi[ev.Seat], h.riichiDiscard[ev.Seat] = true, true
	// RCR 2016 4.2: a riichi declared in the first go-around, before any
	// call, is a double riichi.
	h.doubleRiichi[ev.Seat] = len(h.discards[ev.Seat]) == 0 && !h.called
	e.declared(ev.Seat, Riichi)
	return out
}

// openHand reports whether seat has called a tile this hand.
func (e *Engine) openHand(s Seat) bool {
	for _, m := range e.h.melds[s] {
		if !m.Concealed {
			return true
		}
	}
	return false
}

// declared notes what a seat declared on a too-fast draw, for the words of
// the call that puts the draw back.
func (e *Engine) declared(s Seat, what Action) {
	if e.fast.ok && e.fast.seat == s && !slices.Contains(e.fast.what, what) {
		e.fast.what = append(e.fast.what, what)
	}
}

// earlyReplacement remembers a tsumo on the replacement tile of seat's
// extended kong made while the kong may still be robbed, under a profile
// whose replacement comes after that time (WRC 2015 5.4.7): a robbing ron
// in time voids it, as a call voids a too-fast draw. A draw that can still
// be put back is remembered already.
func (e *Engine) earlyReplacement(s Seat) {
	w := &e.w
	if e.p.ExtendedKong != KongAfterRobbing || !w.open || !w.claimed.Kong || w.concealedKong || w.claimed.Seat != s ||
		w.quiet || e.now-w.at > e.p.CallDeadline || e.fast.undoable(e.p, e.now) {
		return
	}
	e.fast = fastDraw{ok: true, seat: s, before: e.markHand(), window: *w, replacement: true}
	e.fast.window.pending = append([]Claim(nil), w.pending...)
	// The kong's time is not over: closing it for the tsumo does not say
	// it stands (the kan dora is due with the tsumo all the same).
	w.heldDora = false
}
