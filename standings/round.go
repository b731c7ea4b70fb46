package standings

import (
	"io"
	"strconv"
)

// RoundHeader is the per-round CSV's header: one row a player a game of
// the round, by table then seat. Result is in points, the in-game
// penalties (a chombo's, already in the result) beside it; result_k is
// the result in thousands (Thousands).
var RoundHeader = []string{"round", "table", "seat", "number", "name", "points", "place", "result", "penalty", "result_k", "provisional", "referee_entered"}

// WriteRoundCSV writes the games of one round the standings counted (a
// withheld round has no rows).
func WriteRoundCSV(w io.Writer, s Standings, round int) error {
	names := map[int]string{}
	for _, r := range s.Rows {
		names[r.Player.Number] = r.Player.Name
	}
	var rows [][]string
	for _, g := range s.Games {
		if g.Round != round {
			continue
		}
		places := tablePlaces(g.Points)
		for seat, n := range g.Players {
			rows = append(rows, []string{strconv.Itoa(g.Round), g.Table, seatName(seat), strconv.Itoa(n), names[n],
				strconv.Itoa(g.Points[seat]), strconv.Itoa(places[seat]), strconv.Itoa(g.Result[seat]), strconv.Itoa(g.Penalty[seat]), Thousands(g.Result[seat]),
				strconv.FormatBool(g.Provisional), strconv.FormatBool(g.RefereeEntered)})
		}
	}
	return writeCSV(w, "round CSV", RoundHeader, rows)
}
