package engine

// The tournament's players at the table: a player's card laid on a reader
// says where the round seats its player, and flags a player at another
// seat for the referee; at the game's end each player confirms the result
// at its seat. Both are inputs, so the claim log says who showed a card
// where and who confirmed, and a replay says the same.

// seatedAt is the physical seat where the round seats its i-th player (in
// wind order from East at the first dealer's seat).
func (e *Engine) seatedAt(i int) Seat { return (e.firstDealer + Seat(i)) & 3 }

// playerAt is the round's player at physical seat s, nil without a round.
func (e *Engine) playerAt(s Seat) *SeatedPlayer {
	if e.seating == nil || !s.Valid() {
		return nil
	}
	p := e.seating.Players[(s-e.firstDealer+4)&3]
	return &p
}

// card takes a player's card laid on a reader.
func (e *Engine) card(ev Event, out []Outcome) []Outcome {
	if e.seating != nil {
		for i, p := range e.seating.Players {
			for _, c := range p.Cards {
				if c != ev.Card {
					continue
				}
				at, pl := e.seatedAt(i), p
				a := args{seat: at, name: p.Name}
				out = append(out, e.tell(Outcome{Kind: KindSeated, At: e.now, Dealer: e.dealer, Seat: at, Call: Card, Code: CodeSeated, Player: &pl}, a))
				if ev.Seat.Valid() && ev.Seat != at {
					a.other = ev.Seat
					out = e.flag(out, ev.Seat, Card, CodeWrongSeat, e.why(CodeWrongSeat, a))
				}
				return out
			}
		}
	}
	return e.refuse(out, ev, CodeNotACard, args{name: ev.Card})
}

// confirm takes a player's confirmation of the ended game's result.
func (e *Engine) confirm(ev Event, out []Outcome) []Outcome {
	switch {
	case !e.over:
		return e.refuse(out, ev, CodeNotOver, args{})
	case e.confirmed[ev.Seat]:
		return e.refuse(out, ev, CodeConfirmedOnce, args{})
	}
	e.confirmed[ev.Seat] = true
	o := Outcome{Kind: KindConfirmed, At: e.now, Dealer: e.dealer, Seat: ev.Seat, Call: Confirm, Code: CodeConfirmed}
	// Without a round the player is the seat's name (number 0).
	o.Player = &SeatedPlayer{Name: e.names[ev.Seat]}
	if p := e.playerAt(ev.Seat); p != nil {
		o.Player = p
	}
	o.Reason, o.Args = e.said(CodeConfirmed, args{seat: ev.Seat, name: o.Player.Name})
	return append(out, o)
}
