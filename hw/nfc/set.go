package nfc

import (
	"fmt"

	"github.com/tabled/tabled/engine"
)

// EnrolmentOrder is the order `tabled enroll` asks for a set's tiles: each
// kind in turn, characters, circles, bamboos, then winds and dragons, four
// of each; with red fives, the first five of each suit is the red one.
func EnrolmentOrder(redFives bool) []engine.Tile {
	var order []engine.Tile
	for _, suit := range "mpsz" {
		ranks := 9
		if suit == 'z' {
			ranks = 7
		}
		for rank := 1; rank <= ranks; rank++ {
			for copy := range CopiesPerKind {
				s := fmt.Sprintf("%d%c", rank, suit)
				if redFives && rank == 5 && suit != 'z' && copy == 0 {
					s = fmt.Sprintf("0%c", suit)
				}
				order = append(order, engine.MustTile(s))
			}
		}
	}
	return order
}
