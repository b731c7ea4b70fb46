package standings

import (
	"fmt"
	"slices"
	"strings"
)

// Rank ranks the players by total (the sum of their results in the rounds
// shown and the penalties in force), ties sharing a place. It refuses
// input it cannot count (a player number twice, a game or penalty naming
// no registered player) with an error saying which; what Check reports
// (sums, a player in two games) it counts as given, never mending it.
func Rank(players []Player, games []Game, penalties []Penalty, opts Options) (Standings, error) {
	if opts.HideLast < 0 || opts.HideLast > opts.Rounds {
		return Standings{}, fmt.Errorf("standings: cannot hide the last %d rounds of %d", opts.HideLast, opts.Rounds)
	}
	byNumber := make(map[int]int, len(players))
	for i, p := range players {
		if p.Number <= 0 {
			return Standings{}, fmt.Errorf("standings: player %q has number %d, not 1 or more", p.Name, p.Number)
		}
		if j, dup := byNumber[p.Number]; dup {
			return Standings{}, fmt.Errorf("standings: number %d is both %q and %q", p.Number, players[j].Name, p.Name)
		}
		byNumber[p.Number] = i
	}
	for _, g := range games {
		if g.Round < 1 || g.Table == "" {
			return Standings{}, fmt.Errorf("standings: a game of round %d at table %q: a game needs a round from 1 and a table", g.Round, g.Table)
		}
		for seat, n := range g.Players {
			if _, ok := byNumber[n]; !ok {
				return Standings{}, fmt.Errorf("standings: round %d table %s: %s seat has player %d, who is not registered", g.Round, g.Table, seatName(seat), n)
			}
		}
	}
	for _, p := range penalties {
		if _, ok := byNumber[p.Player]; !ok {
			return Standings{}, fmt.Errorf("standings: penalty %q: player %d is not registered", p.Reason, p.Player)
		}
	}

	shown, withheld := visible(players, games, opts)
	out := Standings{Rows: make([]Row, len(players)), Counted: []int{}, Withheld: withheld, Games: []Game{}, Penalties: []Penalty{}}
	for i, p := range players {
		out.Rows[i] = Row{Player: p, Games: []Played{}}
	}
	for _, g := range games {
		if !shown[g.Round] {
			continue
		}
		out.Games = append(out.Games, g)
		places := tablePlaces(g.Points)
		for seat, n := range g.Players {
			row := &out.Rows[byNumber[n]]
			row.Results += g.Result[seat]
			pl := Played{Round: g.Round, Table: g.Table, Seat: seat, Place: places[seat], Points: g.Points[seat],
				Result: g.Result[seat], Provisional: g.Provisional, RefereeEntered: g.RefereeEntered}
			k := 0
			for other, m := range g.Players {
				if other != seat {
					pl.Opponents[k] = m
					k++
				}
			}
			row.Games = append(row.Games, pl)
		}
	}
	for r := range shown {
		if shown[r] {
			out.Counted = append(out.Counted, r)
		}
	}
	slices.Sort(out.Counted)
	for _, p := range penalties {
		if p.Withdrawn || (p.Round != 0 && !shown[p.Round]) {
			continue
		}
		out.Rows[byNumber[p.Player]].Penalties += p.Amount
		out.Penalties = append(out.Penalties, p)
	}
	slices.SortStableFunc(out.Games, func(a, b Game) int {
		if a.Round != b.Round {
			return a.Round - b.Round
		}
		return strings.Compare(a.Table, b.Table)
	})
	for i := range out.Rows {
		row := &out.Rows[i]
		row.Total = row.Results + row.Penalties
		slices.SortStableFunc(row.Games, func(a, b Played) int { return a.Round - b.Round })
	}
	slices.SortStableFunc(out.Rows, func(a, b Row) int {
		if a.Total != b.Total {
			if a.Total > b.Total {
				return -1
			}
			return 1
		}
		return a.Player.Number - b.Player.Number
	})
	for i := range out.Rows {
		if i > 0 && out.Rows[i].Total == out.Rows[i-1].Total {
			out.Rows[i].Place = out.Rows[i-1].Place
			out.Rows[i].Tied, out.Rows[i-1].Tied = true, true
		} else {
			out.Rows[i].Place = i + 1
		}
	}
	return out, nil
}

// visible is which rounds the standings count, and why the others that
// have games are withheld.
func visible(players []Player, games []Game, opts Options) (map[int]bool, []Withheld) {
	shown := map[int]bool{}
	why := map[int]Withheld{}
	seated := map[[2]int]bool{} // round, player
	unconfirmed := map[int]string{}
	for _, g := range games {
		for _, n := range g.Players {
			seated[[2]int{g.Round, n}] = true
		}
	}
	for _, g := range games {
		if _, seen := shown[g.Round]; !seen {
			shown[g.Round] = true
		}
		switch {
		case opts.HideLast > 0 && !opts.Reveal && g.Round > opts.Rounds-opts.HideLast:
			shown[g.Round] = false
			why[g.Round] = Withheld{Round: g.Round, Why: "hidden until the prize-giving", Code: "hidden"}
		case opts.PublishOnlyConfirmedRounds && g.Provisional && (why[g.Round].Why == "" || g.Table < unconfirmed[g.Round]):
			// The first unconfirmed table by name, whatever the order
			// the games come in.
			shown[g.Round] = false
			unconfirmed[g.Round] = g.Table
			why[g.Round] = Withheld{Round: g.Round, Why: "table " + g.Table + " not confirmed", Code: "unconfirmed", Table: g.Table}
		}
	}
	// A round whose tables are not all in yet is not confirmed either:
	// the players a round expects who have no game of it.
	for r, ok := range shown {
		if !ok || !opts.PublishOnlyConfirmedRounds {
			continue
		}
		waiting := 0
		for _, p := range players {
			if p.Plays(r) && !seated[[2]int{r, p.Number}] {
				waiting++
			}
		}
		if waiting > 0 {
			shown[r] = false
			why[r] = Withheld{Round: r, Why: fmt.Sprintf("games not in for %d players", waiting), Code: "missing", Players: waiting}
		}
	}
	withheld := []Withheld{}
	for _, w := range why {
		withheld = append(withheld, w)
	}
	slices.SortFunc(withheld, func(a, b Withheld) int { return a.Round - b.Round })
	return shown, withheld
}

// tablePlaces is each seat's place at its table by points, tied seats
// sharing the better place.
func tablePlaces(points [Seats]int) [Seats]int {
	var places [Seats]int
	for s := range points {
		places[s] = 1
		for o := range points {
			if points[o] > points[s] {
				places[s]++
			}
		}
	}
	return places
}

var seatNames = [Seats]string{"East", "South", "West", "North"}

// seatName is a seat's wind in words.
func seatName(seat int) string {
	if seat >= 0 && seat < Seats {
		return seatNames[seat]
	}
	return fmt.Sprintf("seat %d", seat)
}
