package web

import (
	"net/http"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tile"
)

// GameView is GET /api/game: what the page offers to pick, from the rules
// packages' own lists, so that none is copied into its scripts. The page
// says each in the reader's language with the catalog's words (tile.*,
// limit.*, action.*).
type GameView struct {
	// Tiles are the tiles a picker offers under the table's rules, mpsz,
	// a suit at a time then the honours, each suit's red five last and
	// only where the rule book has red fives.
	Tiles []string `json:"tiles"`
	// Fu are the fu a value may name (payment.FuCounts); Limits the
	// limits it may name instead (payment's, in increasing worth).
	Fu     []int    `json:"fu"`
	Limits []string `json:"limits"`
	// Actions are a seat's buttons (engine.SeatActions), in their order.
	Actions []string `json:"actions"`
	// Winds are the seats' wind letters in turn order.
	Winds []string `json:"winds"`
}

// gameView is the page's picks under a set with aka red fives.
func gameView(aka int) GameView {
	v := GameView{Fu: payment.FuCounts(), Tiles: pickerTiles(aka > 0)}
	for l := payment.Mangan; l <= payment.Yakuman; l++ {
		v.Limits = append(v.Limits, l.String())
	}
	for _, a := range engine.SeatActions {
		v.Actions = append(v.Actions, a.String())
	}
	for w := engine.East; w <= engine.North; w++ {
		v.Winds = append(v.Winds, w.Letter())
	}
	return v
}

// pickerTiles are every kind of tile in the picker's order, with each
// suit's red five after its nine when red is true.
func pickerTiles(red bool) []string {
	var out []string
	for _, s := range []tile.Suit{tile.Man, tile.Pin, tile.Sou, tile.Honor} {
		n := 9
		if s == tile.Honor {
			n = 7
		}
		for r := 1; r <= n; r++ {
			t, _ := tile.NewTile(s, r, false) // in range: cannot fail
			out = append(out, t.String())
		}
		if red && s != tile.Honor {
			t, _ := tile.NewTile(s, 5, true)
			out = append(out, t.String())
		}
	}
	return out
}

// handleGame serves GameView under the table's rules: red fives only
// where its rule book has them.
func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	p := s.cfg.Profile
	if p.Name == "" && s.cfg.Table != nil {
		p, _ = engine.ProfileByName(s.cfg.Table.State().Profile)
	}
	aka := 0
	if p.Score != nil {
		aka = p.Score.Aka
	}
	writeJSON(w, http.StatusOK, gameView(aka))
}
