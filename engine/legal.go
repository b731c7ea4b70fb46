package engine

// This file says what each seat may press now, from the same checks the
// handlers make: the page's buttons and the terminal's help show it and
// decide nothing themselves.

// SeatActions are the actions a seat's buttons make, in the order they
// are shown.
var SeatActions = [...]Action{Discard, Chii, Pon, Kan, Ron, Tsumo, Riichi, Cancel}

// Legal is what seat s may press now (of SeatActions): each press the
// engine would take at this moment rather than refuse. A chii or pon is
// judged without its shown tiles (a plain button), so a chii on an honour
// is refused; a discard, kan, tsumo or riichi of the seat to draw counts
// its draw (a tsumo may come while a ron on the discard before is still
// possible). It changes nothing.
func (e *Engine) Legal(s Seat) []Action {
	if !s.Valid() {
		return nil
	}
	var can []Action
	for _, a := range SeatActions {
		if e.refusal(Event{At: e.now, Seat: s, Action: a, Tile: NoTile, Source: SourceWeb, Dealer: NoSeat}) == CodeNone {
			can = append(can, a)
		}
	}
	return can
}

// refusal is why Apply would refuse ev now, or CodeNone, following Apply's
// own dispatch.
func (e *Engine) refusal(ev Event) RuleCode {
	if e.h.ended && !e.openAfterEnd(ev) {
		return CodeHandOver
	}
	var code RuleCode
	switch ev.Action {
	case Discard:
		if !e.laying(ev) {
			code, _ = e.turnRefusal(ev, CodeWallEmpty, nil)
		}
	case Chii, Pon:
		code, _, _ = e.claimRefusal(ev)
	case Kan:
		if e.ownTurnKan(ev) {
			code, _ = e.turnRefusal(ev, CodeNoKongWall, e.kongNeeds)
		} else {
			code, _, _ = e.claimRefusal(ev)
		}
	case Ron:
		code, _, _ = e.ronCheck(ev)
	case Tsumo:
		code, _ = e.turnRefusal(ev, CodeWallEmpty, e.tsumoNeeds)
	case Riichi:
		code, _ = e.turnRefusal(ev, CodeRiichiWall, e.riichiNeeds)
	case Cancel:
		if !e.unlaying(ev) {
			code, _ = e.cancelRefusal(ev)
		}
	default:
		code = CodeNone
	}
	return code
}
