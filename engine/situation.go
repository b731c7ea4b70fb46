package engine

import "time"

// This file derives what the table saw of a win: the situation the scorer
// needs besides the winner's concealed tiles (RCR 2016 4.2: riichi, double
// riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou,
// renhou, the winds). The hand keeps a few marks as play goes on; a win
// reads them into a Situation.

// Situation is what the table saw of one winner's win.
type Situation struct {
	// Tsumo: a win on the seat's own draw; else a ron on From's discard
	// (or kong).
	Tsumo bool
	From  Seat
	// Discard is the tile a ron was won on (NoTile when the table did not
	// see it); DiscardAt when it was discarded.
	Discard   Tile
	DiscardAt time.Duration
	// Riichi: the winner is in riichi; DoubleRiichi: declared in the
	// first go-around with no call before; Ippatsu: won within one
	// go-around of the declaration (its own next draw included) with no
	// call since.
	Riichi, DoubleRiichi, Ippatsu bool
	// LastTile: a tsumo on the last tile of the live wall (haitei) or a
	// ron on the last discard (houtei).
	LastTile bool
	// Rinshan: a tsumo on a kong's replacement tile; Chankan: a ron that
	// robs a kong.
	Rinshan, Chankan bool
	// FirstTurn: the winner had not discarded yet and nobody had called
	// (tenhou, chiihou, renhou).
	FirstTurn bool
	// SeatWind and RoundWind are the winner's wind and the round's.
	SeatWind, RoundWind Wind
}

// callMade notes a chii, pon or kong (any kong, concealed too): the first
// go-around is broken, and so is every ippatsu. After a kong the seat
// draws its replacement tile.
func (e *Engine) callMade(kong bool) {
	h := &e.h
	h.called, h.ippatsu = true, [4]bool{}
	h.afterKong = kong
}

// discarded notes seat's discard: a riichi declaration tile starts its
// ippatsu go-around, any other discard of the seat ends it.
func (e *Engine) discarded(s Seat, riichi bool) {
	h := &e.h
	h.ippatsu[s] = riichi
	h.afterKong = false
}

// situation is seat's situation as the hand stands now.
func (e *Engine) situation(s Seat) *Situation {
	h := &e.h
	return &Situation{
		From: NoSeat, Discard: NoTile,
		Riichi: h.riichi[s], DoubleRiichi: h.riichi[s] && h.doubleRiichi[s], Ippatsu: h.riichi[s] && h.ippatsu[s],
		FirstTurn: len(h.discards[s]) == 0 && !h.called,
		SeatWind:  s.Wind(e.dealer), RoundWind: e.roundWind,
	}
}

// sawTsumo records a tsumo's situation: haitei when the drawn tile was
// the live wall's last, rinshan on a kong's replacement tile.
func (e *Engine) sawTsumo(s Seat) {
	h := &e.h
	sit := e.situation(s)
	sit.Tsumo = true
	sit.Rinshan = h.afterKong
	sit.LastTile = !h.afterKong && h.wall == 0
	h.seen[s] = sit
}

// sawRon records a ron's situation on window w: houtei on the last
// discard, chankan on a kong.
func (e *Engine) sawRon(s Seat, w *claimWindow) {
	sit := e.situation(s)
	sit.From, sit.Discard, sit.DiscardAt = w.claimed.Seat, w.claimed.Tile, w.claimed.At
	sit.LastTile = w.lastTile
	sit.Chankan = w.claimed.Kong
	e.h.seen[s] = sit
}
