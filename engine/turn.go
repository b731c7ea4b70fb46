package engine

import "fmt"

// whoseTurn says what the seat on turn is expected to do, for reasons.
func (e *Engine) whoseTurn() string {
	if e.h.phase == ToDraw {
		return e.name(e.h.turn) + " is to draw"
	}
	return e.name(e.h.turn) + " is to discard"
}

// ownTurn checks that seat may act in its own turn now; "" when it may.
func (e *Engine) ownTurn(s Seat, what string) string {
	switch {
	case s != e.h.turn:
		return fmt.Sprintf("not %s's turn to %s: %s", e.name(s), what, e.whoseTurn())
	case e.r.windowOpen:
		return fmt.Sprintf("claims on %s's %s are being decided: wait for the decision", e.name(e.r.claimed.Seat), e.r.claimed.Tile)
	}
	return ""
}

// draw counts the implicit draw of a seat that acts while it is to draw.
// It reports false when the live wall is empty.
func (e *Engine) draw() bool {
	h := &e.h
	if h.phase != ToDraw {
		return true
	}
	if h.wall == 0 {
		return false
	}
	h.wall--
	h.phase = ToDiscard
	return true
}

func (e *Engine) discard(ev Event, out []Outcome) []Outcome {
	h := &e.h
	if why := e.ownTurn(ev.Seat, "discard"); why != "" {
		return e.reject(out, ev, why)
	}
	if !e.draw() {
		return e.reject(out, ev, "the live wall is empty: there is nothing to draw")
	}
	if k := h.kuikae[ev.Seat]; ev.Tile.Known() && (ev.Tile.SameKind(k[0]) || ev.Tile.SameKind(k[1])) {
		out = e.flag(out, ev.Seat, Discard, fmt.Sprintf("swap-calling (kuikae): %s discards %s right after calling %s, which is forbidden", e.name(ev.Seat), ev.Tile, k[0]))
	}
	e.closeRound(false)
	rec := DiscardRecord{Tile: ev.Tile, At: ev.At, Riichi: h.riichiDiscard[ev.Seat]}
	h.riichiDiscard[ev.Seat] = false
	h.discards[ev.Seat] = append(h.discards[ev.Seat], rec)
	r := e.openRound(Claimed{Seat: ev.Seat, Tile: ev.Tile}, ev.At)
	r.lastTile, r.riichi = h.wall == 0, rec.Riichi
	h.turn, h.phase, h.calledThisTurn, h.kuikae[ev.Seat] = ev.Seat.Next(), ToDraw, false, [2]Tile{}
	return out
}

// ownTurnKan reports whether a kan is a declaration in the seat's own turn
// rather than a claim on the discard: the seat holds its tiles, or it is
// next to draw and the call deadline has passed (it has drawn).
func (e *Engine) ownTurnKan(ev Event) bool {
	h, r := &e.h, &e.r
	if ev.Seat != h.turn || h.ended {
		return false
	}
	if h.phase == ToDiscard {
		return true
	}
	return !(r.open && !r.claimed.Kong && ev.At-r.at <= e.p.CallDeadline)
}

// kan declares a concealed or extended kong in the seat's own turn.
func (e *Engine) kan(ev Event, out []Outcome) []Outcome {
	h := &e.h
	need := 1
	if h.phase == ToDraw {
		need = 2
	}
	if why := e.ownTurn(ev.Seat, "declare a kong"); why != "" {
		return e.reject(out, ev, why)
	}
	switch {
	case h.calledThisTurn:
		return e.reject(out, ev, "no kong in a turn that began with a chii or pon")
	case h.dead[ev.Seat]:
		return e.reject(out, ev, fmt.Sprintf("%s has a dead hand (referee): no kong", e.name(ev.Seat)))
	case h.kongs >= MaxKongs:
		return e.reject(out, ev, "four kongs have been made: a fifth kong is never allowed")
	case h.wall < need:
		return e.reject(out, ev, "the live wall is empty: no kong now")
	}
	e.closeRound(false)
	e.draw()
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
	r := e.openRound(Claimed{Seat: ev.Seat, Tile: ev.Tile, Kong: true}, ev.At)
	r.concealedKong = pon < 0
	before.promotedSeat, before.promoted = ev.Seat, pon
	r.before, r.hasBefore = before, true
	return out
}

func (e *Engine) tsumo(ev Event, out []Outcome) []Outcome {
	h := &e.h
	if why := e.ownTurn(ev.Seat, "win by tsumo"); why != "" {
		return e.reject(out, ev, why)
	}
	switch {
	case h.calledThisTurn:
		return e.reject(out, ev, "no tsumo in a turn that began with a chii or pon: discard")
	case h.dead[ev.Seat]:
		return e.reject(out, ev, fmt.Sprintf("%s has a dead hand (referee): it cannot win", e.name(ev.Seat)))
	case !e.draw():
		return e.reject(out, ev, "the live wall is empty: there is nothing to draw")
	}
	e.closeRound(false)
	return e.endHand(out, ResultTsumo, []Seat{ev.Seat}, "TSUMO "+e.name(ev.Seat))
}

func (e *Engine) declareRiichi(ev Event, out []Outcome) []Outcome {
	h := &e.h
	if why := e.ownTurn(ev.Seat, "declare riichi"); why != "" {
		return e.reject(out, ev, why)
	}
	left := h.wall
	if h.phase == ToDraw {
		left--
	}
	switch {
	case h.riichi[ev.Seat]:
		return e.reject(out, ev, fmt.Sprintf("%s is already in riichi", e.name(ev.Seat)))
	case h.dead[ev.Seat]:
		return e.reject(out, ev, fmt.Sprintf("%s has a dead hand (referee): no riichi", e.name(ev.Seat)))
	case e.openHand(ev.Seat):
		return e.reject(out, ev, fmt.Sprintf("riichi needs a concealed hand: %s has called", e.name(ev.Seat)))
	case left < e.p.MinWallForRiichi:
		return e.reject(out, ev, fmt.Sprintf("riichi needs at least %d tiles left in the live wall: %d left", e.p.MinWallForRiichi, max(left, 0)))
	}
	e.draw()
	h.riichi[ev.Seat], h.riichiDiscard[ev.Seat] = true, true
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
