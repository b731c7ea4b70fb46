package tournament

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// game finds the game a result or confirmation names.
func game(s *State, round int, table string) (*GameState, error) {
	if s.Round(round) == nil {
		return nil, Refuse("round_unseated", map[string]any{"round": round}, "round %d is not seated", round)
	}
	g := s.Game(round, table)
	if g == nil {
		return nil, Refuse("table_not_in_round", map[string]any{"table": table, "round": round}, "no table %q plays round %d", table, round)
	}
	return g, nil
}

// checkSeats says whether a result's seats are the game's players, each
// once, with places 1..4.
func checkSeats(g *GameState, res Result) error {
	want := slices.Clone(g.Players[:])
	got := make([]int, 4)
	for i, st := range res.Seats {
		got[i] = st.Player
		if st.Place < 1 || st.Place > 4 {
			return fmt.Errorf("seat %d: place %d is not 1..4", i, st.Place)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		return fmt.Errorf("round %d, table %s: the result is of players %v, the table seats %v", res.Round, res.Table, got, want)
	}
	return nil
}

func applyResult(s *State, res Result) error {
	g, err := game(s, res.Round, res.Table)
	if err != nil {
		return err
	}
	if g.Result != nil {
		return Refuse("result_exists", map[string]any{"round": res.Round, "table": res.Table}, "round %d, table %s has a result already: correct it", res.Round, res.Table)
	}
	if err := checkSeats(g, res); err != nil {
		return err
	}
	r := res
	g.Result = &r
	return nil
}

func applyCorrect(s *State, res Result) error {
	g, err := game(s, res.Round, res.Table)
	if err != nil {
		return err
	}
	if g.Result == nil {
		return Refuse("no_result", map[string]any{"round": res.Round, "table": res.Table}, "round %d, table %s has no result to correct: enter one", res.Round, res.Table)
	}
	if err := checkSeats(g, res); err != nil {
		return err
	}
	r := res
	r.Referee, r.Seq = g.Result.Referee, g.Result.Seq
	g.Result, g.Corrected = &r, true
	return nil
}

func applyConfirm(s *State, c Confirm, by string) error {
	g, err := game(s, c.Round, c.Table)
	if err != nil {
		return err
	}
	switch {
	case g.Result == nil:
		return Refuse("nothing_to_confirm", map[string]any{"round": c.Round, "table": c.Table}, "round %d, table %s has no result to confirm", c.Round, c.Table)
	case g.Confirmed:
		return Refuse("confirmed_already", map[string]any{"round": c.Round, "table": c.Table}, "round %d, table %s is confirmed already", c.Round, c.Table)
	case c.Player != 0 && !slices.Contains(g.Players[:], c.Player):
		return fmt.Errorf("player %d does not play round %d at table %s", c.Player, c.Round, c.Table)
	case c.Player != 0 && slices.Contains(g.ConfirmedBy, c.Player):
		return fmt.Errorf("player %d has confirmed round %d, table %s already", c.Player, c.Round, c.Table)
	}
	if c.Player == 0 {
		g.Confirmed, g.Referee = true, by
		return nil
	}
	g.ConfirmedBy = append(g.ConfirmedBy, c.Player)
	g.Confirmed = len(g.ConfirmedBy) == 4
	return nil
}

func applySwap(s *State, sw Swap) error {
	r := s.Round(sw.Round)
	if r == nil {
		return Refuse("round_unseated", map[string]any{"round": sw.Round}, "round %d is not seated", sw.Round)
	}
	if sw.A == sw.B {
		return Refuse("swap_self", map[string]any{"player": sw.A}, "a swap is of two players, not %d with themselves", sw.A)
	}
	for i := range r.Games {
		g := &r.Games[i]
		if g.Result == nil {
			continue
		}
		a, b := -1, -1
		for j, st := range g.Result.Seats {
			switch st.Player {
			case sw.A:
				a = j
			case sw.B:
				b = j
			}
		}
		switch {
		case a < 0 && b < 0:
			continue
		case a < 0 || b < 0:
			return Refuse("swap_apart", map[string]any{"a": sw.A, "b": sw.B, "round": sw.Round}, "players %d and %d did not play at one table in round %d", sw.A, sw.B, sw.Round)
		}
		res := *g.Result
		res.Seats[a].Player, res.Seats[b].Player = sw.B, sw.A
		g.Result, g.Corrected = &res, true
		return nil
	}
	return Refuse("swap_none", map[string]any{"a": sw.A, "b": sw.B, "round": sw.Round}, "no result of round %d has players %d and %d", sw.Round, sw.A, sw.B)
}

func applyPenalty(s *State, r Record) error {
	p := *r.Penalty
	if _, ok := s.Player(p.Player); !ok {
		return Refuse("no_player", map[string]any{"player": p.Player}, "there is no player %d", p.Player)
	}
	switch {
	case p.Amount == 0:
		return Refuse("penalty_amount", map[string]any{"amount": 0}, "field amount: a penalty of 0 points is none")
	case p.Amount > 1_000_000 || p.Amount < -1_000_000:
		return Refuse("penalty_amount", map[string]any{"amount": p.Amount}, "field amount: %d points is not a penalty", p.Amount)
	case p.Round != 0 && s.Round(p.Round) == nil:
		return Refuse("round_unseated", map[string]any{"round": p.Round}, "round %d is not seated", p.Round)
	}
	s.Penalties = append(s.Penalties, PenaltyState{Penalty: p, Seq: r.Seq, By: r.By, At: r.At, Why: r.Why})
	return nil
}

// activeIn says whether player p plays round n: seated (not a reserve,
// or a substitute from n on) and not replaced by round n.
func activeIn(p PlayerState, n int) bool {
	if p.Reserve && (p.Replaces == 0 || n < p.From) {
		return false
	}
	return p.ReplacedBy == 0 || n < p.From
}

// check finds what does not add up: never mended, each an alert.
func check(s *State) []Alert {
	var out []Alert
	for _, r := range s.Rounds {
		at := map[int][]string{}
		for _, g := range r.Games {
			for _, p := range g.Players {
				at[p] = append(at[p], g.Table)
			}
			if g.Result == nil {
				continue
			}
			points, results, penalties := 0, 0, 0
			for i, st := range g.Result.Seats {
				points += st.Points
				results += st.Result
				penalties += g.Result.Penalties[i]
			}
			if want := 4 * s.Options.Start; points+1000*g.Result.Sticks != want {
				out = append(out, Alert{Round: r.Number, Table: g.Table, Text: fmt.Sprintf(
					"round %d, table %s: the table points add up to %d with %d deposits of 1000 left, not the starting %d",
					r.Number, g.Table, points, g.Result.Sticks, want), Code: "points_sum",
					Args: map[string]any{"round": r.Number, "table": g.Table, "points": points, "sticks": g.Result.Sticks, "start": want}})
			}
			if results+penalties != 0 {
				out = append(out, Alert{Round: r.Number, Table: g.Table, Text: fmt.Sprintf(
					"round %d, table %s: the results after uma add up to %d, not 0 (less the book's penalties of %d)",
					r.Number, g.Table, results, penalties), Code: "results_sum",
					Args: map[string]any{"round": r.Number, "table": g.Table, "results": results, "penalties": penalties}})
			}
		}
		players := make([]int, 0, len(at))
		for p := range at {
			players = append(players, p)
		}
		sort.Ints(players)
		for _, p := range players {
			if len(at[p]) > 1 {
				out = append(out, Alert{Round: r.Number, Table: at[p][0], Text: fmt.Sprintf("round %d: player %d plays at tables %v", r.Number, p, at[p]),
					Code: "two_tables", Args: map[string]any{"round": r.Number, "player": p, "tables": strings.Join(at[p], ", ")}})
			}
		}
		for _, p := range s.Players {
			if activeIn(p, r.Number) && len(at[p.Number]) == 0 {
				out = append(out, Alert{Round: r.Number, Text: fmt.Sprintf("round %d: player %d (%s) plays at no table", r.Number, p.Number, p.Name),
					Code: "no_table", Args: map[string]any{"round": r.Number, "player": p.Number, "name": p.Name}})
			}
		}
	}
	return out
}
