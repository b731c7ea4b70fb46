package engine

// This file admits claims into the claim window and applies the resolver's
// verdict (resolve.go) to the hand.

// meldRefusal is why a chii, pon or kan on window w cannot be made, or
// CodeNone. riichi and kongs are the hand's as they would be (a call may
// undo a too-fast draw, and what was declared on it).
func (e *Engine) meldRefusal(ev Event, w *claimWindow, riichi [4]bool, kongs int) (RuleCode, args) {
	h := &e.h
	a := args{seat: ev.Seat, other: w.claimed.Seat, call: ev.Action}
	switch {
	case !w.open:
		return CodeNoDiscard, a
	case w.claimed.Kong:
		return CodeKongRonOnly, a
	case ev.Seat == w.claimed.Seat:
		return CodeOwnDiscard, a
	case ev.Action == Chii && ev.Seat != w.claimed.Seat.Next():
		return CodeChiiNextOnly, a
	case riichi[ev.Seat]:
		return CodeInRiichi, a
	case h.dead[ev.Seat]:
		return CodeDeadHand, a
	case w.lastTile:
		return CodeLastTile, a
	case ev.Action == Kan && kongs >= MaxKongs:
		return CodeFifthKong, a
	case ev.Action != Chii && ev.Tile.Known() && w.claimed.Tile.Known() && !ev.Tile.SameKind(w.claimed.Tile):
		a.tile, a.tile2 = ev.Tile, w.claimed.Tile
		return CodeTileMismatch, a
	case e.p.ClaimChecks && !makesGroup(ev.Action, w.claimed.Tile, ev.Shown):
		a.tile, a.shown = w.claimed.Tile, ev.Shown
		return CodeNotAGroup, a
	}
	if i := w.pendingOf(ev.Seat); i >= 0 && w.pending[i].Call == Ron && !e.p.RonChangeable {
		return CodeRonStands, a
	}
	return CodeNone, a
}

// makesGroup reports whether a chii or pon showing shown can make its
// group with the discard (WRC 2015 5.2, 5.4.2, 5.4.4: "A chow cannot be
// made with dragons or winds. 8-9-1 in the same suit is not a chow. A
// pung is composed of three identical tiles"). What is not known cannot
// be judged: a plain button (no tiles) always may; red fives count as
// fives.
func makesGroup(call Action, discard Tile, shown [2]Tile) bool {
	var ts []Tile
	for _, t := range append(shown[:], discard) {
		if t.Known() {
			ts = append(ts, t)
		}
	}
	switch call {
	case Pon:
		for _, t := range ts {
			if !t.SameKind(ts[0]) {
				return false
			}
		}
	case Chii:
		for _, t := range ts {
			if t.Suit() == Honor || t.Suit() != ts[0].Suit() {
				return false
			}
		}
		// Known ranks of a chow are distinct and span at most three.
		lo, hi, seen := 10, 0, 0
		for _, t := range ts {
			r := t.Rank()
			if seen&(1<<r) != 0 {
				return false
			}
			seen |= 1 << r
			lo, hi = min(lo, r), max(hi, r)
		}
		return hi-lo <= 2
	}
	return true
}

// claimRefusal is why ev, a chii, pon or kan on the latest discard,
// cannot be made now (with its words), or CodeNone; undo reports a claim
// that puts back a too-fast draw. claim and Legal both ask it.
func (e *Engine) claimRefusal(ev Event) (code RuleCode, reason why, undo bool) {
	w, riichi, kongs := &e.w, e.h.riichi, e.h.kongs
	undo = e.fast.undoable(e.p, ev.At)
	switch {
	case !e.p.ClaimChecks:
	case undo && ev.Seat == e.fast.seat:
		// The put-back protects the other players, not the drawer.
		a := args{seat: ev.Seat, other: e.fast.window.claimed.Seat, calls: e.fast.what}
		return CodeActedOwnTurn, e.why(CodeActedOwnTurn, a), undo
	case !undo && w.open && !w.claimed.Kong && w.drawn && !e.h.ended:
		// The next seat has drawn and the draw can no longer go back:
		// the tile is no longer claimable (WRC 2015 5.4.1, "until the
		// next player draws").
		return CodeNextDrew, e.why(CodeNextDrew, args{seat: e.h.turn, other: w.claimed.Seat}), undo
	}
	if undo && !(w.open && !w.claimed.Kong && w.at == e.fast.window.at && !e.h.ended) {
		// The seat that drew too fast has since made a kong or a tsumo:
		// the claim is on the discard before it.
		w = &e.fast.window
	}
	if undo {
		riichi, kongs = e.fast.before.riichi, e.fast.before.kongs
	}
	if code, a := e.meldRefusal(ev, w, riichi, kongs); code != CodeNone {
		return code, e.why(code, a), undo
	}
	c := Claim{Seat: ev.Seat, Call: ev.Action, At: ev.At, Late: ev.At-w.at > e.p.CallDeadline}
	if w.pendingOf(ev.Seat) < 0 && len(w.won) > 0 {
		if v := e.ask(w, c); len(v.won) == 0 {
			return v.lost[0].Code, why{v.lost[0].Reason, v.lost[0].Args}, undo
		}
	}
	return CodeNone, why{}, undo
}

// claim handles chii, pon and kan on the latest discard.
func (e *Engine) claim(ev Event, out []Outcome) []Outcome {
	code, reason, undo := e.claimRefusal(ev)
	if code != CodeNone {
		return e.reject(out, ev, code, reason)
	}
	w := &e.w
	if undo && !(w.open && !w.claimed.Kong && w.at == e.fast.window.at && !e.h.ended) {
		w = &e.fast.window
	}
	c := Claim{Seat: ev.Seat, Call: ev.Action, At: ev.At, Late: ev.At-w.at > e.p.CallDeadline}
	if undo {
		out = e.putBack(out)
		w = &e.w
	}
	if i := w.pendingOf(ev.Seat); i >= 0 {
		// A quick correction ("chii - no, pon") replaces the call and keeps the first stamp.
		w.pending[i].Call = ev.Action
		w.pending[i].Late = w.pending[i].At-w.at > e.p.CallDeadline
		w.shown[ev.Seat] = ev.Shown
		return out
	}
	w.shown[ev.Seat] = ev.Shown
	w.add(c, e.p.Window)
	return out
}

// putBack undoes a too-fast draw and what was declared on it: the hand is
// as it was before the draw, and the discard can be claimed again.
func (e *Engine) putBack(out []Outcome) []Outcome {
	f := e.fast
	e.fast.ok = false
	if !(e.w.open && !e.w.claimed.Kong && e.w.at == f.window.at && !e.h.ended) {
		e.w = f.window
		e.w.pending = append([]Claim(nil), f.window.pending...)
	}
	e.w.drawn = false
	out = e.withdrawDora(out, e.restore(f.before), f.seat)
	// A tsumo put back takes its values with it, and the ura dora
	// indicators read and the tiles laid for it.
	e.h.values, e.h.scorePending, e.h.ura, e.h.laid = [4]*HandValue{}, false, nil, [4][]Tile{}
	e.w.putBack, e.w.putBackWhat, e.w.putBackEarly = f.seat, f.what, f.replacement
	if !e.p.ClaimChecks && len(f.what) > 1 {
		e.w.putBackWhat = f.what[:1] // logs of that time named the first
	}
	return out
}

// withdrawDora says that the kan dora indicators read for seat's kong,
// which never happened (robbed, or made on a draw that went back), are
// taken back: the table cannot un-flip a tile, the players turn it back.
func (e *Engine) withdrawDora(out []Outcome, withdrawn []Tile, seat Seat) []Outcome {
	h := &e.h
	if !e.p.ClaimChecks {
		return out // logs of that time took the read back without a word
	}
	for _, t := range withdrawn {
		o := Outcome{Kind: KindDora, At: e.now, Dealer: e.dealer, Seat: NoSeat, Code: CodeDoraWithdrawn,
			Indicators: append([]Tile(nil), h.indicators...)}
		o.Reason, o.Args = e.said(CodeDoraWithdrawn, args{other: seat, tile: t})
		o.Dora = make([]Tile, len(h.indicators))
		for i, t := range h.indicators {
			o.Dora[i] = t.Dora()
		}
		out = append(out, o)
	}
	return out
}

// ask is what the resolver says of claim c against the standing decision
// on w, with the words filled in.
func (e *Engine) ask(w *claimWindow, c Claim) verdict {
	v := resolve(e.p, contest{from: w.claimed.Seat, at: w.at, pending: []Claim{c}, decided: w.won})
	for i, l := range v.lost {
		winner := w.won[0]
		if len(v.won) > 0 {
			winner = v.won[0]
		}
		v.lost[i] = e.lose(l, winner, w.claimed.Seat, w.at, w.won)
	}
	return v
}

// ronRefusal is why a ron on window w's tile cannot be made, or CodeNone.
func (e *Engine) ronRefusal(ev Event, w *claimWindow) (RuleCode, args) {
	h := &e.h
	a := args{seat: ev.Seat, other: w.claimed.Seat, call: Ron, tile: w.claimed.Tile}
	switch {
	case !w.open:
		return CodeNoDiscard, a
	case ev.Seat == w.claimed.Seat && w.claimed.Kong:
		return CodeOwnKong, a
	case ev.Seat == w.claimed.Seat:
		return CodeOwnDiscard, a
	case h.dead[ev.Seat]:
		return CodeDeadHand, a
	case w.claimed.Kong && w.concealedKong && !e.p.ConcealedKongRobbable:
		return CodeConcealedNotRobbable, a
	case w.claimed.Kong && w.concealedKong && w.claimed.Tile.Known() && w.claimed.Tile.Suit() != Honor &&
		w.claimed.Tile.Rank() >= 2 && w.claimed.Tile.Rank() <= 8:
		// Thirteen Orphans waits only on terminals and honours.
		return CodeThirteenOrphansOnly, a
	case w.claimed.Kong && !w.concealedKong && w.quiet && !w.ronDecided() && e.p.ExtendedKong != KongAtOnce:
		// Under the RCR the extending tile "counts as a discard": it may
		// be won on until the declarer's next discard.
		return CodeRobbingOver, a
	}
	return CodeNone, a
}

// ron handles a win claim on the latest discard or on a kong (robbing).
// It stays possible until the next discard, and after a decided ron until
// the next deal.
func (e *Engine) ron(ev Event, out []Outcome) []Outcome {
	code, reason, putBack := e.ronCheck(ev)
	if code != CodeNone {
		return e.reject(out, ev, code, reason)
	}
	if putBack {
		out = e.putBack(out)
	}
	w := &e.w
	if i := w.pendingOf(ev.Seat); i >= 0 {
		// "Pon - no, ron" stands as ron, which has no deadline.
		w.pending[i].Call, w.pending[i].Late = Ron, false
		return out
	}
	// A ron has no deadline: it is never late.
	w.add(Claim{Seat: ev.Seat, Call: Ron, At: ev.At}, e.p.Window)
	return out
}

// ronCheck is why ev, a ron, cannot be made now (with its words), or
// CodeNone; putBack reports a ron that voids a too-fast tsumo, whose
// window it is judged on. ron and Legal both ask it.
func (e *Engine) ronCheck(ev Event) (code RuleCode, reason why, putBack bool) {
	w := &e.w
	if e.p.ClaimChecks && e.h.ended && e.h.result == ResultTsumo && e.fast.undoable(e.p, ev.At) {
		// A win is valid until the next discard, and a call in time
		// after a too-fast draw (or a replacement tile taken before the
		// time to rob the kong was over) puts the draw back: the tsumo
		// on it is void, and its values with it.
		if ev.Seat == e.fast.seat {
			return CodeHandOver, e.why(CodeHandOver, args{}), false
		}
		w, putBack = &e.fast.window, true
	}
	if code, a := e.ronRefusal(ev, w); code != CodeNone {
		return code, e.why(code, a), putBack
	}
	if i := w.pendingOf(ev.Seat); i >= 0 {
		if w.pending[i].Call == Ron {
			return CodeAlreadyCalled, e.why(CodeAlreadyCalled, args{seat: ev.Seat}), putBack
		}
		return CodeNone, why{}, putBack
	}
	if (!putBack && e.h.values != [4]*HandValue{}) || e.h.scored {
		return CodeWinnersFixed, e.why(CodeWinnersFixed, args{seat: ev.Seat}), putBack
	}
	if len(w.won) > 0 {
		if containsSeat(w.won, ev.Seat) {
			return CodeAlreadyCalled, e.why(CodeAlreadyCalled, args{seat: ev.Seat}), putBack
		}
		if v := e.ask(w, Claim{Seat: ev.Seat, Call: Ron, At: ev.At}); len(v.won) == 0 {
			return v.lost[0].Code, why{v.lost[0].Reason, v.lost[0].Args}, putBack
		}
	}
	return CodeNone, why{}, putBack
}

// cancel withdraws a seat's pending chii, pon or kan (an empty call).
func (e *Engine) cancel(ev Event, out []Outcome) []Outcome {
	if code, reason := e.cancelRefusal(ev); code != CodeNone {
		return e.reject(out, ev, code, reason)
	}
	e.w.remove(e.w.pendingOf(ev.Seat))
	return out
}

// cancelRefusal is why a seat's cancel cannot withdraw a call now (with
// its words), or CodeNone: it withdraws a pending chii, pon or kan.
func (e *Engine) cancelRefusal(ev Event) (RuleCode, why) {
	w := &e.w
	if i := w.pendingOf(ev.Seat); i >= 0 && w.open {
		if w.pending[i].Call == Ron && !e.p.RonChangeable {
			return CodeRonStands, e.why(CodeRonStands, args{seat: ev.Seat, call: Cancel})
		}
		return CodeNone, why{}
	}
	for _, c := range w.won {
		if c.Seat == ev.Seat && w.open {
			return CodeAlreadyDecidedCancel, e.why(CodeAlreadyDecidedCancel, args{decided: []Claim{c}})
		}
	}
	return CodeNoCall, e.why(CodeNoCall, args{seat: ev.Seat})
}

// decide closes the simultaneity window, asks the resolver, and applies
// its verdict.
func (e *Engine) decide(out []Outcome) []Outcome {
	w := &e.w
	w.windowOpen = false
	ct := contest{from: w.claimed.Seat, at: w.at, pending: w.pending, decided: w.won}
	v := resolve(e.p, ct)
	w.pending = w.pending[:0]
	if len(v.won) == 0 {
		// The standing decision holds (a claim corrected after it was
		// admitted): each claim of the window is refused.
		for _, l := range v.lost {
			l = e.lose(l, w.won[0], w.claimed.Seat, w.at, w.won)
			out = append(out, Outcome{Kind: KindRejection, At: e.now, Dealer: e.dealer, Seat: l.Seat, Call: l.Call, Code: l.Code, Reason: l.Reason})
		}
		return out
	}
	for i, l := range v.lost {
		v.lost[i] = e.lose(l, v.won[0], w.claimed.Seat, w.at, w.won)
	}
	e.decision++
	o := Outcome{Kind: KindDecision, At: e.now, Dealer: e.dealer, Claimed: w.claimed, Ordinal: e.decision, Robbing: w.claimed.Kong,
		Won: v.won, Lost: v.lost}
	a := args{won: v.won, lost: v.lost, decided: w.won}
	switch {
	case v.joined:
		o.Code = CodeJoins
	case v.overrides:
		o.Code = CodeOverrides
	case len(v.lost) > 0:
		o.Code = CodeBeats
	default:
		o.Code = CodeOnlyClaim
	}
	if v.overrides {
		o.Overrides = w.wonOrdinal
	}
	o.Reason, o.Args = e.said(o.Code, a)
	for _, c := range v.won {
		o.Late = o.Late || c.Late
	}
	if o.Late {
		o = e.note(o, CodeLate, a)
	}
	if w.putBack != NoSeat {
		code := CodeFastDraw
		if w.putBackEarly {
			code = CodeEarlyReplacement
		}
		o = e.note(o, code, args{seat: w.putBack, calls: w.putBackWhat})
		w.putBack = NoSeat
	}
	if v.won[0].Call == Ron {
		return e.applyRon(o, out)
	}
	return e.applyMeld(o, v.overrides, out)
}

// applyRon ends the hand with the verdict's winners. The window stays open
// for rons until the next deal.
func (e *Engine) applyRon(o Outcome, out []Outcome) []Outcome {
	w, h := &e.w, &e.h
	from := w.claimed.Seat
	var withdrawn []Tile
	if w.hasBefore {
		// The overridden call, or the robbed kong, never happened.
		withdrawn = e.restore(w.before)
		w.hasBefore, w.riichiPaid = false, false
	}
	w.heldDora = false
	if w.riichi {
		// A riichi declaration tile that is won on: the riichi does not stand.
		h.riichi[from] = false
	}
	if w.claimed.Kong && w.concealedKong {
		o.Referee = e.say(CodeMayBeConcealed, args{other: from})
	}
	out = append(out, o)
	out = e.withdrawDora(out, withdrawn, from)
	w.won, w.wonOrdinal = o.Won, o.Ordinal
	h.from = from
	winners := make([]Seat, len(o.Won))
	for i, c := range o.Won {
		winners[i] = c.Seat
		e.sawRon(c.Seat, w)
	}
	return e.endHand(out, ResultRon, winners, CodeWin, why{text: o.Reason}) // the decision names the winners
}

// applyMeld gives the tile to the winning chii, pon or kan.
func (e *Engine) applyMeld(o Outcome, overrides bool, out []Outcome) []Outcome {
	w, h := &e.w, &e.h
	var withdrawn []Tile
	if overrides {
		withdrawn = e.restore(w.before)
		w.riichiPaid = false
	}
	out = append(out, o)
	out = e.withdrawDora(out, withdrawn, w.claimed.Seat)
	win := o.Won[0]
	w.before, w.hasBefore = e.markHand(), true
	w.won, w.wonOrdinal = o.Won, o.Ordinal
	if w.riichi && !w.riichiPaid {
		e.placeRiichi(w.claimed.Seat)
		w.riichiPaid = true
	}
	from := w.claimed.Seat
	if n := len(h.discards[from]); n > 0 {
		h.discards[from][n-1].Called = true
	}
	h.melds[win.Seat] = append(h.melds[win.Seat], Meld{Call: win.Call, Tile: w.claimed.Tile, From: from, Shown: w.shown[win.Seat]})
	h.turn, h.phase = win.Seat, ToDiscard
	h.calledThisTurn = win.Call != Kan
	e.callMade(win.Call == Kan)
	if win.Call == Kan {
		// Replacement from the dead wall; the live wall gives its last tile to it.
		h.kongs++
		h.wall--
	} else {
		h.kuikae[win.Seat] = forbiddenAfterCall(win.Call, w.claimed.Tile, w.shown[win.Seat])
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
