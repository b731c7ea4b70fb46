package engine

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// label is a claim as the panel shows it: "PON South".
func (e *Engine) label(c Claim) string {
	return strings.ToUpper(c.Call.String()) + " " + e.name(c.Seat)
}

// claim handles chii, pon and kan on the latest discard.
func (e *Engine) claim(ev Event, out []Outcome) []Outcome {
	r, h := &e.r, &e.h
	switch {
	case !r.open:
		return e.reject(out, ev, "there is no discard to claim")
	case r.claimed.Kong:
		return e.reject(out, ev, fmt.Sprintf("%s's kong can be robbed only for a win (ron)", e.name(r.claimed.Seat)))
	case ev.Seat == r.claimed.Seat:
		return e.reject(out, ev, fmt.Sprintf("%s cannot claim its own discard", e.name(ev.Seat)))
	case ev.Action == Chii && ev.Seat != r.claimed.Seat.Next():
		return e.reject(out, ev, fmt.Sprintf("only %s, next in turn, may chii %s's discard", e.name(r.claimed.Seat.Next()), e.name(r.claimed.Seat)))
	case h.riichi[ev.Seat]:
		return e.reject(out, ev, fmt.Sprintf("%s is in riichi: no chii, pon or open kan", e.name(ev.Seat)))
	case h.dead[ev.Seat]:
		return e.reject(out, ev, fmt.Sprintf("%s has a dead hand (referee): no calls", e.name(ev.Seat)))
	case r.lastTile:
		return e.reject(out, ev, "the last discard of the hand can be claimed only for a win")
	case ev.Action == Kan && h.kongs >= MaxKongs:
		return e.reject(out, ev, "four kongs have been made: a fifth kong is never allowed")
	case ev.Action != Chii && ev.Tile.Known() && r.claimed.Tile.Known() && !ev.Tile.SameKind(r.claimed.Tile):
		return e.reject(out, ev, fmt.Sprintf("%s %s does not match the discard %s", ev.Action, ev.Tile, r.claimed.Tile))
	}
	if i := r.pendingOf(ev.Seat); i >= 0 {
		if r.pending[i].Call == Ron {
			return e.reject(out, ev, fmt.Sprintf("RON %s stands: a win claim cannot be changed", e.name(ev.Seat)))
		}
		// A quick correction ("chii - no, pon") replaces the call and keeps the first stamp.
		r.pending[i].Call = ev.Action
		r.shown[ev.Seat] = ev.Shown
		return out
	}
	if len(r.won) > 0 {
		prev := r.won[0]
		if !(prev.Call == Chii && ev.Action != Chii && e.ponWithin(ev.At)) {
			return e.reject(out, ev, fmt.Sprintf("%s was already decided on this discard", e.label(prev)))
		}
	}
	r.shown[ev.Seat] = ev.Shown
	r.add(Claim{Seat: ev.Seat, Call: ev.Action, At: ev.At, Late: ev.At-r.at > e.p.CallDeadline}, e.p.Window)
	return out
}

// ponWithin reports whether a pon or kan at t is early enough to beat a
// chii under the profile's "within N seconds of the discard" rule.
func (e *Engine) ponWithin(t time.Duration) bool {
	return e.p.PonBeatsChiiWithin > 0 && t-e.r.at <= e.p.PonBeatsChiiWithin
}

// ron handles a win claim on the latest discard or on a kong (robbing).
func (e *Engine) ron(ev Event, out []Outcome) []Outcome {
	r, h := &e.r, &e.h
	switch {
	case !r.open:
		return e.reject(out, ev, "there is no discard to win on (a win on your own draw is tsumo)")
	case ev.Seat == r.claimed.Seat && r.claimed.Kong:
		return e.reject(out, ev, fmt.Sprintf("%s cannot rob its own kong (a win on the replacement tile is tsumo)", e.name(ev.Seat)))
	case ev.Seat == r.claimed.Seat:
		return e.reject(out, ev, fmt.Sprintf("%s cannot win on its own discard", e.name(ev.Seat)))
	case h.dead[ev.Seat]:
		return e.reject(out, ev, fmt.Sprintf("%s has a dead hand (referee): it cannot win", e.name(ev.Seat)))
	}
	if i := r.pendingOf(ev.Seat); i >= 0 {
		if r.pending[i].Call == Ron {
			return e.reject(out, ev, fmt.Sprintf("RON %s is already called", e.name(ev.Seat)))
		}
		// "Pon - no, ron" stands as ron.
		r.pending[i].Call = Ron
		return out
	}
	r.add(Claim{Seat: ev.Seat, Call: Ron, At: ev.At, Late: ev.At-r.at > e.p.CallDeadline}, e.p.Window)
	return out
}

// cancel withdraws a seat's pending chii, pon or kan (an empty call).
func (e *Engine) cancel(ev Event, out []Outcome) []Outcome {
	r := &e.r
	if i := r.pendingOf(ev.Seat); i >= 0 && r.open {
		if r.pending[i].Call == Ron {
			return e.reject(out, ev, fmt.Sprintf("RON %s stands: a win claim is never withdrawn (referee: an empty ron call is a dead hand)", e.name(ev.Seat)))
		}
		r.remove(i)
		return out
	}
	for _, w := range r.won {
		if w.Seat == ev.Seat && r.open {
			return e.reject(out, ev, fmt.Sprintf("%s was already decided: only the referee can undo it", e.label(w)))
		}
	}
	return e.reject(out, ev, fmt.Sprintf("%s has no call to cancel", e.name(ev.Seat)))
}

// decide closes the simultaneity window and decides its claims.
func (e *Engine) decide(out []Outcome) []Outcome {
	r := &e.r
	r.windowOpen = false
	var rons, melds []Claim
	for _, c := range r.pending {
		if c.Call == Ron {
			rons = append(rons, c)
		} else {
			melds = append(melds, c)
		}
	}
	r.pending = r.pending[:0]
	e.decision++
	o := Outcome{Kind: KindDecision, At: e.now, Dealer: e.dealer, Claimed: r.claimed, Ordinal: e.decision, Robbing: r.claimed.Kong}
	if len(rons) > 0 {
		return e.decideRon(o, rons, melds, out)
	}
	return e.decideMeld(o, melds, out)
}

func (e *Engine) decideRon(o Outcome, rons, melds []Claim, out []Outcome) []Outcome {
	r, h := &e.r, &e.h
	from := r.claimed.Seat
	sort.SliceStable(rons, func(i, j int) bool { return distance(from, rons[i].Seat) < distance(from, rons[j].Seat) })
	won := rons
	if e.p.HeadBump {
		won = rons[:1]
		for _, c := range rons[1:] {
			c.Reason = fmt.Sprintf("%s beats %s: head bump, %s is closer to %s in turn order", e.label(won[0]), e.label(c), e.name(won[0].Seat), e.name(from))
			o.Lost = append(o.Lost, c)
		}
	}
	for _, c := range melds {
		c.Reason = fmt.Sprintf("%s beats %s: a win beats every other claim", e.label(won[0]), e.label(c))
		o.Lost = append(o.Lost, c)
	}
	if len(r.won) > 0 {
		for _, c := range r.won {
			c.Reason = fmt.Sprintf("%s beats %s: a win beats every other claim until the next discard", e.label(won[0]), e.label(c))
			o.Lost = append(o.Lost, c)
		}
		o.Overrides = r.wonOrdinal
	}
	if r.hasBefore {
		// The overridden call, or the robbed kong, never happened.
		e.restore(r.before)
		r.riichiPaid = false
	}
	if r.riichi {
		// A riichi declaration tile that is won on: the riichi does not stand.
		h.riichi[from] = false
	}
	if r.claimed.Kong && r.concealedKong {
		o.Referee = fmt.Sprintf("%s's kong may be concealed: only Thirteen Orphans may rob a concealed kong", e.name(from))
	}
	o.Won = won
	winners := make([]Seat, len(won))
	names := make([]string, len(won))
	for i, c := range won {
		o.Late = o.Late || c.Late
		winners[i], names[i] = c.Seat, e.label(c)
	}
	o.Reason = e.summary(strings.Join(names, " and "), o)
	if len(won) > 1 {
		o.Reason = strings.TrimSuffix(o.Reason, ": the only claim") + " (several players may win on one discard)"
	}
	out = append(out, o)
	e.closeRound(true)
	return e.endHand(out, ResultRon, winners, o.Reason)
}

// summary is the one-line reason of a decision.
func (e *Engine) summary(winner string, o Outcome) string {
	switch {
	case o.Overrides > 0:
		var prev []string
		for _, c := range e.r.won {
			prev = append(prev, e.label(c))
		}
		return winner + " overrides " + strings.Join(prev, ", ")
	case len(o.Lost) > 0:
		var lost []string
		for _, c := range o.Lost {
			lost = append(lost, e.label(c))
		}
		return winner + " beats " + strings.Join(lost, ", ")
	}
	return winner + ": the only claim"
}

// beats reports whether meld claim a wins over b in one window, and why.
func (e *Engine) beats(a, b Claim) (bool, string) {
	if a.Call != Chii && b.Call == Chii {
		if e.p.PonBeatsChiiSimultaneous {
			return true, fmt.Sprintf("called within %d ms of each other, %s beats chii", e.p.Window.Milliseconds(), a.Call)
		}
		if e.ponWithin(a.At) {
			return true, fmt.Sprintf("%s within %v of the discard beats chii", a.Call, e.p.PonBeatsChiiWithin)
		}
	}
	if b.Call != Chii && a.Call == Chii {
		if ok, _ := e.beats(b, a); ok {
			return false, ""
		}
	}
	switch {
	case a.At < b.At:
		return true, "called first"
	case a.At == b.At && distance(e.r.claimed.Seat, a.Seat) < distance(e.r.claimed.Seat, b.Seat):
		return true, "called at the same moment and closer to the discarder in turn order"
	}
	return false, ""
}

func (e *Engine) decideMeld(o Outcome, melds []Claim, out []Outcome) []Outcome {
	r, h := &e.r, &e.h
	w := melds[0]
	for _, c := range melds[1:] {
		if ok, _ := e.beats(c, w); ok {
			w = c
		}
	}
	for _, c := range melds {
		if c == w {
			continue
		}
		_, why := e.beats(w, c)
		c.Reason = fmt.Sprintf("%s beats %s: %s", e.label(w), e.label(c), why)
		o.Lost = append(o.Lost, c)
	}
	if len(r.won) > 0 {
		// The profile's "pon within N s beats chii, even one already decided".
		for _, c := range r.won {
			_, why := e.beats(w, c)
			c.Reason = fmt.Sprintf("%s beats %s: %s, even one already decided", e.label(w), e.label(c), why)
			o.Lost = append(o.Lost, c)
		}
		o.Overrides = r.wonOrdinal
		e.restore(r.before)
		r.riichiPaid = false
	}
	o.Won, o.Late = []Claim{w}, w.Late
	o.Reason = e.summary(e.label(w), o)
	if w.Late {
		o.Reason += fmt.Sprintf(" (late: after the %v call deadline)", e.p.CallDeadline)
	}
	out = append(out, o)

	r.before, r.hasBefore = e.markHand(), true
	r.won, r.wonOrdinal = o.Won, o.Ordinal
	if r.riichi && !r.riichiPaid {
		e.riichiSticks++
		r.riichiPaid = true
	}
	from := r.claimed.Seat
	if n := len(h.discards[from]); n > 0 {
		h.discards[from][n-1].Called = true
	}
	h.melds[w.Seat] = append(h.melds[w.Seat], Meld{Call: w.Call, Tile: r.claimed.Tile, From: from})
	h.turn, h.phase = w.Seat, ToDiscard
	h.calledThisTurn = w.Call != Kan
	if w.Call == Kan {
		// Replacement from the dead wall; the live wall gives its last tile to it.
		h.kongs++
		h.wall--
	} else {
		h.kuikae[w.Seat] = forbiddenAfterCall(w.Call, r.claimed.Tile, r.shown[w.Seat])
	}
	return out
}

// forbiddenAfterCall is what swap-calling forbids discarding after a call:
// the called tile, and after a chii on an end, the tile at the other end.
func forbiddenAfterCall(call Action, taken Tile, shown [2]Tile) [2]Tile {
	f := [2]Tile{taken, NoTile}
	if call != Chii || !taken.Known() || !shown[0].Known() || !shown[1].Known() || taken.Suit() == Honor ||
		shown[0].Suit() != taken.Suit() || shown[1].Suit() != taken.Suit() {
		return f
	}
	a, b, t := shown[0].Rank(), shown[1].Rank(), taken.Rank()
	if a > b {
		a, b = b, a
	}
	other := 0
	switch {
	case t < a && b+1 <= 9:
		other = b + 1
	case t > b && a-1 >= 1:
		other = a - 1
	}
	if other > 0 {
		f[1], _ = NewTile(taken.Suit(), other, false)
	}
	return f
}
