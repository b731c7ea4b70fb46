package engine

// This file takes a winner's hand laid on its seat's discard reader: once
// the seat has won and its hand is due, each tile read on that reader is a
// tile of the hand, not a discard. The engine collects the reads (they are
// logged as the reads they are, so a replay collects them again) and, when
// the count is complete, enters them as the seat's Hand input, scored and
// refused exactly as a typed or picked hand.

// laying reports whether ev is a tile laid on a winner's discard reader:
// a read on a seat's reader (a discard from the reader) after the hand
// was won, by a winner whose hand is due, under rules that score hands.
// A typed discard is never a laid tile.
func (e *Engine) laying(ev Event) bool {
	return ev.Action == Discard && ev.Source == SourceNFC && ev.Tile.Known() && e.handDue(ev.Seat)
}

// handDue reports whether seat's hand can be entered now: it won the
// ended hand and neither its hand nor a value is in, or only a value
// entered as han and fu (which the hand is then checked against).
func (e *Engine) handDue(seat Seat) bool {
	h := &e.h
	if e.p.Hand == nil || e.p.Score == nil || !seat.Valid() || h.seen[seat] == nil {
		return false
	}
	if in := h.values[seat]; in != nil {
		return in.Hand == nil
	}
	return e.valueRefusal(Event{Seat: seat, Action: Hand}) == CodeNone
}

// layCount is how many tiles seat lays for its hand: fourteen less three
// for each meld the table recorded (a kong counts three), one fewer after
// a ron on a discard the table saw, the discard being the winning tile.
func (e *Engine) layCount(seat Seat) int {
	n := MaxHandTiles - 3*len(e.h.melds[seat])
	if sit := e.h.seen[seat]; sit != nil && !sit.Tsumo && sit.Discard.Known() {
		n--
	}
	return n
}

// lay takes one tile laid on a winner's reader. When the count is
// complete the tiles are the seat's Hand input (from the reader), and the
// seat's laid tiles are cleared whether the hand is taken or refused: a
// refused hand is laid again from the first tile.
func (e *Engine) lay(ev Event, out []Outcome) []Outcome {
	h := &e.h
	s := ev.Seat
	h.laid[s] = append(h.laid[s], ev.Tile)
	if len(h.laid[s]) < e.layCount(s) {
		return out
	}
	hand := Event{At: ev.At, Seat: s, Action: Hand, Hand: h.laid[s], Tile: NoTile, Source: SourceNFC, Dealer: NoSeat}
	if sit := h.seen[s]; sit.Tsumo || !sit.Discard.Known() {
		// The last tile laid is the drawn tile of a tsumo, or the tile
		// won on when the table did not see the discard.
		hand.Tile = ev.Tile
	} else {
		hand.Hand = append(hand.Hand, sit.Discard)
	}
	h.laid[s] = nil
	return e.hand(hand, out)
}

// unlay takes back the last tile a seat laid (its cancel button while it
// lays its hand): a tile laid twice by mistake need not spoil the hand.
func (e *Engine) unlay(ev Event) {
	l := e.h.laid[ev.Seat]
	e.h.laid[ev.Seat] = l[:len(l)-1]
}

// unlaying reports whether ev is a seat's cancel while it lays its hand.
func (e *Engine) unlaying(ev Event) bool {
	return ev.Action == Cancel && ev.Seat.Valid() && len(e.h.laid[ev.Seat]) > 0 && e.handDue(ev.Seat)
}
