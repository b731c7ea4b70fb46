package standings

import (
	"fmt"

	"github.com/tabled/tabled/payment"
)

// WithResults is the game with its results worked out from its table
// points, the deposits left and the in-game penalties by the book's
// arithmetic (payment.Rules.Standings), as the table itself does: for a
// result a referee enters from a paper sheet, or a table's points
// corrected. The seats are in the first hand's order, so East (seat 0)
// breaks ties when the book does not split them.
func WithResults(rules payment.Rules, g Game) Game {
	for _, st := range rules.Standings(g.Points, g.Sticks, g.Penalty, 0) {
		g.Result[st.Seat] = st.Result
	}
	return g
}

// SwapSeats is the game with players a and b in each other's seats: two
// players who sat in each other's places, so that each takes the points
// and result of the seat they really played. Both must be at the table.
func SwapSeats(g Game, a, b int) (Game, error) {
	sa, sb := -1, -1
	for s, n := range g.Players {
		switch n {
		case a:
			sa = s
		case b:
			sb = s
		}
	}
	if sa < 0 || sb < 0 || a == b {
		return Game{}, fmt.Errorf("standings: round %d table %s: cannot swap players %d and %d: each must be a different player at the table %v", g.Round, g.Table, a, b, g.Players)
	}
	g.Players[sa], g.Players[sb] = b, a
	return g, nil
}
