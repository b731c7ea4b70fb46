package outcome

import (
	"sort"
	"strings"

	"github.com/tabled/tabled/engine"
)

// Meld is a meld as every view shows it (the status page, the log, the
// panel): its tiles left to right as riichi mahjong lays them ("" for a
// tile the table did not see), the one laid sideways and where it came
// from. One model, so that no view draws a meld its own way.
type Meld struct {
	Call string `json:"call"`
	// Tiles left to right; a concealed kong's outer two face down ("").
	Tiles []string `json:"tiles"`
	// Turned is the index of the tile laid sideways, -1 for none: the
	// claimed tile, turned toward the seat it came from (left tile from
	// the player on the left, middle from the one opposite, right from
	// the one on the right).
	Turned int `json:"turned"`
	// From is the wind of the seat the tile was called from, "" for a
	// kong of the seat's own.
	From      string `json:"from,omitempty"`
	Concealed bool   `json:"concealed,omitempty"`
	Extended  bool   `json:"extended,omitempty"`
}

// MeldOf is seat's meld m as the views show it; dealer names the winds.
func MeldOf(m engine.Meld, seat, dealer engine.Seat) Meld {
	v := Meld{Call: m.Call.String(), Turned: -1, Concealed: m.Concealed, Extended: m.Extended}
	seen := func(t engine.Tile) string {
		if t.Known() {
			return t.String()
		}
		return ""
	}
	n := 3
	if m.Call == engine.Kan {
		n = 4
	}
	// The tiles from the hand: those shown when the table saw them
	// (in order of suit and rank, a red five as a five); a pon's or
	// kong's others are of the claimed tile's kind, a chii's not seen.
	var hand []engine.Tile
	for _, t := range m.Shown {
		if t.Known() {
			hand = append(hand, t)
		}
	}
	sort.SliceStable(hand, func(i, j int) bool {
		a, b := hand[i], hand[j]
		return a.Suit() < b.Suit() || (a.Suit() == b.Suit() && a.Rank() < b.Rank())
	})
	own := make([]string, 0, n-1)
	for _, t := range hand {
		own = append(own, t.String())
	}
	for len(own) < n-1 {
		if m.Call == engine.Chii {
			own = append(own, "")
		} else {
			own = append(own, seen(plain(m.Tile))) // the others of a red five's kind are plain
		}
	}
	if m.Concealed {
		v.Tiles = []string{"", seen(m.Tile), seen(m.Tile), ""}
		return v
	}
	switch {
	case !m.From.Valid() || m.From == seat:
	case m.From.Next() == seat: // the player on the left (the one before in turn)
		v.Turned = 0
	case seat.Next() == m.From: // the player on the right
		v.Turned = n - 1
	default: // the player opposite
		v.Turned = 1
	}
	if m.From.Valid() && m.From != seat {
		v.From = m.From.Wind(dealer).Letter()
	}
	at := max(v.Turned, 0)
	v.Tiles = append(append(append([]string{}, own[:at]...), seen(m.Tile)), own[at:]...)
	return v
}

// MeldWords is a meld as text: its call and its tiles, "?" for one not
// seen, "(from W)" for a called one: "chii 3p45p (from N)".
func MeldWords(m Meld) string {
	var b strings.Builder
	b.WriteString(m.Call + " ")
	for _, t := range m.Tiles {
		if t == "" {
			t = "?"
		}
		b.WriteString(t)
	}
	if m.From != "" {
		b.WriteString(" (from " + m.From + ")")
	}
	return b.String()
}

// plain is t, a red five as a plain five.
func plain(t engine.Tile) engine.Tile {
	if t.Red() {
		return engine.MustTile("5" + t.String()[1:])
	}
	return t
}
