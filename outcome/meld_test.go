package outcome

import (
	"testing"

	"github.com/tabled/tabled/engine"
)

// TestMeldOf: a meld as every view lays it: the called tile sideways
// toward the seat it came from (left, middle for the player opposite,
// right), a chii's shown tiles beside it, a concealed kong's ends face
// down.
func TestMeldOf(t *testing.T) {
	tl := engine.MustTile
	for _, c := range []struct {
		name  string
		m     engine.Meld
		seat  engine.Seat
		words string
		turn  int
	}{
		{"a chii from the left, with its shown tiles", engine.Meld{Call: engine.Chii, Tile: tl("3p"), From: 0, Shown: [2]engine.Tile{tl("5p"), tl("4p")}}, 1, "chii 3p4p5p (from E)", 0},
		{"a chii whose tiles were not shown", engine.Meld{Call: engine.Chii, Tile: tl("3p"), From: 0}, 1, "chii 3p?? (from E)", 0},
		{"a chii with a red five", engine.Meld{Call: engine.Chii, Tile: tl("3p"), From: 0, Shown: [2]engine.Tile{tl("0p"), tl("4p")}}, 1, "chii 3p4p0p (from E)", 0},
		{"a pon from the left", engine.Meld{Call: engine.Pon, Tile: tl("7z"), From: 1}, 2, "pon 7z7z7z (from S)", 0},
		{"a pon from the player opposite: the middle tile", engine.Meld{Call: engine.Pon, Tile: tl("7z"), From: 0}, 2, "pon 7z7z7z (from E)", 1},
		{"a pon from the right", engine.Meld{Call: engine.Pon, Tile: tl("7z"), From: 3}, 2, "pon 7z7z7z (from N)", 2},
		{"a pon of a red five", engine.Meld{Call: engine.Pon, Tile: tl("0s"), From: 3}, 2, "pon 5s5s0s (from N)", 2},
		{"an open kong from the right", engine.Meld{Call: engine.Kan, Tile: tl("2m"), From: 3}, 2, "kan 2m2m2m2m (from N)", 3},
		{"a concealed kong", engine.Meld{Call: engine.Kan, Tile: tl("2m"), From: 2, Concealed: true}, 2, "kan ?2m2m?", -1},
	} {
		m := MeldOf(c.m, c.seat, 0)
		if got := MeldWords(m); got != c.words || m.Turned != c.turn {
			t.Errorf("%s: %s turned %d, want %s turned %d", c.name, got, m.Turned, c.words, c.turn)
		}
	}
}
