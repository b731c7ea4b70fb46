package standings_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabled/tabled/standings"
)

// result is a game with the results given (ranking only adds them up).
func result(round int, table string, players, results [4]int) standings.Game {
	return standings.Game{Round: round, Table: table, Players: players, Result: results,
		Points: [4]int{30000 + results[0], 30000 + results[1], 30000 + results[2], 30000 + results[3]}}
}

// TestRankTies: tied totals share the best place of the tie and the next
// player takes the place after them all, at the top, in the middle and at
// the bottom, two and three at a time.
func TestRankTies(t *testing.T) {
	a, b := [4]int{1, 2, 3, 4}, [4]int{5, 6, 7, 8}
	for _, c := range []struct {
		name    string
		ra, rb  [4]int
		pens    []standings.Penalty
		places  map[int]int // player -> place
		orderBy []int       // players best first
	}{
		{"no tie", [4]int{30000, 5000, -10000, -25000}, [4]int{20000, 4000, -9000, -15000}, nil,
			map[int]int{1: 1, 5: 2, 2: 3, 6: 4, 7: 5, 3: 6, 8: 7, 4: 8}, []int{1, 5, 2, 6, 7, 3, 8, 4}},
		{"two at the top", [4]int{20000, 5000, -10000, -15000}, [4]int{20000, 4000, -9000, -15000}, nil,
			map[int]int{1: 1, 5: 1, 2: 3, 6: 4, 7: 5, 3: 6, 4: 7, 8: 7}, []int{1, 5, 2, 6, 7, 3, 4, 8}},
		{"two in the middle", [4]int{30000, 4000, -9000, -25000}, [4]int{20000, 4000, -9000, -15000}, nil,
			map[int]int{1: 1, 5: 2, 2: 3, 6: 3, 3: 5, 7: 5, 8: 7, 4: 8}, []int{1, 5, 2, 6, 3, 7, 8, 4}},
		{"three at the top", [4]int{20000, 5000, -10000, -15000}, [4]int{20000, 4000, -9000, -15000},
			[]standings.Penalty{{Player: 2, Amount: 15000, Reason: "bonus"}},
			map[int]int{1: 1, 2: 1, 5: 1, 6: 4, 7: 5, 3: 6, 4: 7, 8: 7}, []int{1, 2, 5, 6, 7, 3, 4, 8}},
		{"three at the bottom", [4]int{30000, 5000, -10000, -25000}, [4]int{20000, 4000, -9000, -15000},
			[]standings.Penalty{{Player: 8, Amount: -10000, Reason: "late"}, {Player: 3, Amount: -15000, Reason: "late"}},
			map[int]int{1: 1, 5: 2, 2: 3, 6: 4, 7: 5, 3: 6, 4: 6, 8: 6}, []int{1, 5, 2, 6, 7, 3, 4, 8}},
		{"all tied", [4]int{0, 0, 0, 0}, [4]int{0, 0, 0, 0}, nil,
			map[int]int{1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}, []int{1, 2, 3, 4, 5, 6, 7, 8}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := standings.Rank(numbered(8), []standings.Game{result(1, "A", a, c.ra), result(1, "B", b, c.rb)}, c.pens, standings.Options{Rounds: 1})
			if err != nil {
				t.Fatal(err)
			}
			var order []int
			for _, r := range s.Rows {
				order = append(order, r.Player.Number)
				if r.Place != c.places[r.Player.Number] {
					t.Errorf("player %d: place %d, want %d", r.Player.Number, r.Place, c.places[r.Player.Number])
				}
				tied := 0
				for _, o := range s.Rows {
					if o.Total == r.Total {
						tied++
					}
				}
				if r.Tied != (tied > 1) {
					t.Errorf("player %d: tied %v with %d on %d", r.Player.Number, r.Tied, tied, r.Total)
				}
				if r.Total != r.Results+r.Penalties {
					t.Errorf("player %d: total %d is not results %d + penalties %d", r.Player.Number, r.Total, r.Results, r.Penalties)
				}
			}
			if !slices.Equal(order, c.orderBy) {
				t.Errorf("order %v, want %v", order, c.orderBy)
			}
		})
	}
}

// TestRankPlayed: each player's games carry the round, table, seat, place
// at the table, points, result and the three opponents in seat order.
func TestRankPlayed(t *testing.T) {
	rules := figures(t, "ema2016")
	g1 := played(t, rules, 1, "A", [4]int{1, 2, 3, 4}, [4]int{42000, 30000, 30000, 17000}, 1, [4]int{})
	g2 := played(t, rules, 2, "A", [4]int{4, 3, 2, 1}, [4]int{25000, 35000, 25000, 35000}, 0, [4]int{})
	g2.Provisional, g2.RefereeEntered = true, true
	s, err := standings.Rank(numbered(4), []standings.Game{g2, g1}, nil, standings.Options{Rounds: 2})
	if err != nil {
		t.Fatal(err)
	}
	var p2 standings.Row
	for _, r := range s.Rows {
		if r.Player.Number == 2 {
			p2 = r
		}
	}
	want := []standings.Played{
		// 30000 each for South and West: they share second place and split
		// the uma of second and third, +5,000 and -5,000: 0 each.
		{Round: 1, Table: "A", Seat: 1, Place: 2, Points: 30000, Result: 0, Opponents: [3]int{1, 3, 4}},
		// Tied third with East: -5,000 and -15,000 shared, -10,000 each.
		{Round: 2, Table: "A", Seat: 2, Place: 3, Points: 25000, Result: -15000, Opponents: [3]int{4, 3, 1}, Provisional: true, RefereeEntered: true},
	}
	if !slices.Equal(p2.Games, want) {
		t.Errorf("player 2's games\n got %+v\nwant %+v", p2.Games, want)
	}
	if p2.Results != -15000 || p2.Total != -15000 {
		t.Errorf("player 2: results %d total %d, want -15000", p2.Results, p2.Total)
	}
	if !slices.Equal(s.Counted, []int{1, 2}) || len(s.Withheld) != 0 {
		t.Errorf("counted %v withheld %v", s.Counted, s.Withheld)
	}
	if s.Games[0].Round != 1 || s.Games[1].Round != 2 {
		t.Errorf("games not by round: %+v", s.Games)
	}
}

// TestRankWithheld: the last K rounds are hidden until the prize-giving,
// a round with a provisional table is withheld when only confirmed rounds
// are published, and a penalty tied to a hidden round is hidden with it.
func TestRankWithheld(t *testing.T) {
	rules := figures(t, "ema2016")
	pts := [4]int{40000, 30000, 28000, 22000}
	r1 := played(t, rules, 1, "A", [4]int{1, 2, 3, 4}, pts, 0, [4]int{})
	r2 := played(t, rules, 2, "A", [4]int{2, 3, 4, 1}, pts, 0, [4]int{})
	r3 := played(t, rules, 3, "A", [4]int{3, 4, 1, 2}, pts, 0, [4]int{})
	// Round 4 has two tables: eight players, the second table not in.
	r4a := played(t, rules, 4, "A", [4]int{1, 2, 3, 4}, pts, 0, [4]int{})
	r2p := r2
	r2p.Provisional = true
	r2pB := r2p
	r2pB.Table = "B"
	r2pB.Players = [4]int{5, 6, 7, 8}
	pens := []standings.Penalty{
		{Player: 1, Round: 3, Amount: -5000, Reason: "slow play", By: "Ref"},
		{Player: 1, Amount: -1000, Reason: "late", By: "Ref"},
		{Player: 4, Amount: -8000, Reason: "mistake", By: "Ref", Withdrawn: true, WithdrawnReason: "wrong player"},
	}
	for _, c := range []struct {
		name     string
		games    []standings.Game
		opts     standings.Options
		counted  []int
		withheld []standings.Withheld
		total1   int
	}{
		{"everything", []standings.Game{r1, r2, r3}, standings.Options{Rounds: 3}, []int{1, 2, 3}, []standings.Withheld{},
			r1.Result[0] + r2.Result[3] + r3.Result[2] - 6000},
		{"last hidden", []standings.Game{r1, r2, r3}, standings.Options{Rounds: 3, HideLast: 1}, []int{1, 2},
			[]standings.Withheld{{Round: 3, Why: "hidden until the prize-giving", Code: "hidden"}}, r1.Result[0] + r2.Result[3] - 1000},
		{"last two hidden", []standings.Game{r1, r2, r3}, standings.Options{Rounds: 3, HideLast: 2}, []int{1},
			[]standings.Withheld{{Round: 2, Why: "hidden until the prize-giving", Code: "hidden"}, {Round: 3, Why: "hidden until the prize-giving", Code: "hidden"}}, r1.Result[0] - 1000},
		{"revealed", []standings.Game{r1, r2, r3}, standings.Options{Rounds: 3, HideLast: 2, Reveal: true}, []int{1, 2, 3}, []standings.Withheld{},
			r1.Result[0] + r2.Result[3] + r3.Result[2] - 6000},
		{"provisional shown", []standings.Game{r1, r2p}, standings.Options{Rounds: 3}, []int{1, 2}, []standings.Withheld{},
			r1.Result[0] + r2.Result[3] - 1000},
		{"two tables unconfirmed", []standings.Game{r1, r2pB, r2p}, standings.Options{Rounds: 3, PublishOnlyConfirmedRounds: true}, []int{1},
			[]standings.Withheld{{Round: 2, Why: "table A not confirmed", Code: "unconfirmed", Table: "A"}}, r1.Result[0] - 1000},
		{"provisional withheld", []standings.Game{r1, r2p}, standings.Options{Rounds: 3, PublishOnlyConfirmedRounds: true}, []int{1},
			[]standings.Withheld{{Round: 2, Why: "table A not confirmed", Code: "unconfirmed", Table: "A"}}, r1.Result[0] - 1000},
		{"a table not in", []standings.Game{r1, r2, r3, r4a}, standings.Options{Rounds: 4, PublishOnlyConfirmedRounds: true}, []int{1, 2, 3},
			[]standings.Withheld{{Round: 4, Why: "games not in for 4 players", Code: "missing", Players: 4}}, r1.Result[0] + r2.Result[3] + r3.Result[2] - 6000},
	} {
		t.Run(c.name, func(t *testing.T) {
			players := numbered(4)
			if c.opts.Rounds == 4 || c.name == "two tables unconfirmed" {
				// Four more players, from round c.opts.Rounds.
				for _, p := range numbered(8)[4:] {
					p.FirstRound = max(c.opts.Rounds, 2)
					players = append(players, p)
				}
			}
			s, err := standings.Rank(players, c.games, pens, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(s.Counted, c.counted) || !slices.Equal(s.Withheld, c.withheld) {
				t.Errorf("counted %v withheld %v, want %v %v", s.Counted, s.Withheld, c.counted, c.withheld)
			}
			for _, r := range s.Rows {
				if r.Player.Number == 1 && r.Total != c.total1 {
					t.Errorf("player 1's total %d, want %d", r.Total, c.total1)
				}
				if r.Player.Number == 4 && r.Penalties != 0 {
					t.Errorf("player 4's withdrawn penalty counted: %d", r.Penalties)
				}
				for _, g := range r.Games {
					if !slices.Contains(c.counted, g.Round) {
						t.Errorf("player %d shows round %d", r.Player.Number, g.Round)
					}
				}
			}
			for _, p := range s.Penalties {
				if p.Withdrawn || (p.Round != 0 && !slices.Contains(c.counted, p.Round)) {
					t.Errorf("penalty counted: %+v", p)
				}
			}
		})
	}
}

// TestRankHideTooMany: hiding more rounds than the tournament has is the
// organiser's mistake, said at once.
func TestRankHideTooMany(t *testing.T) {
	for _, o := range []standings.Options{{Rounds: 0, HideLast: 1}, {Rounds: 4, HideLast: 5}, {Rounds: 4, HideLast: -1}} {
		if _, err := standings.Rank(numbered(4), nil, nil, o); err == nil || !strings.Contains(err.Error(), "cannot hide the last") {
			t.Errorf("%+v: error %v", o, err)
		}
	}
}

// TestRankRefuses: input Rank cannot count is an error naming it.
func TestRankRefuses(t *testing.T) {
	good := result(1, "A", [4]int{1, 2, 3, 4}, [4]int{})
	for _, c := range []struct {
		name    string
		players []standings.Player
		games   []standings.Game
		pens    []standings.Penalty
		want    string
	}{
		{"number twice", append(numbered(4), standings.Player{Number: 2, Name: "Bo"}), nil, nil, `number 2 is both "First2 P2" and "Bo"`},
		{"number zero", []standings.Player{{Number: 0, Name: "Zed"}}, nil, nil, `player "Zed" has number 0`},
		{"unknown seat", numbered(4), []standings.Game{result(2, "C", [4]int{1, 2, 3, 9}, [4]int{})}, nil, "round 2 table C: North seat has player 9"},
		{"unknown penalty", numbered(4), []standings.Game{good}, []standings.Penalty{{Player: 5, Reason: "noise"}}, `penalty "noise": player 5`},
		{"round zero", numbered(4), []standings.Game{result(0, "A", [4]int{1, 2, 3, 4}, [4]int{})}, nil, `a game of round 0 at table "A"`},
		{"no table", numbered(4), []standings.Game{result(1, "", [4]int{1, 2, 3, 4}, [4]int{})}, nil, `a game of round 1 at table ""`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := standings.Rank(c.players, c.games, c.pens, standings.Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}
