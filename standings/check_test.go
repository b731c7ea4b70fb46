package standings_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/standings"
)

// withOka is the RCR 2016 figures played from 25,000 with a return of
// 30,000: the 4 x 5,000 difference is the first place's oka.
func withOka(t *testing.T) payment.Rules {
	r := figures(t, "ema2016")
	r.StartPoints, r.Oka = 25000, 20000
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestUmaSums: games ended by the book's arithmetic pass every check, and
// their results sum to zero, under RCR 2016 (30,000, uma 15/5/-5/-15
// thousand), with deposits left to the first place, a tie splitting the
// uma, and 25,000 start with a 30,000 return (the oka).
func TestUmaSums(t *testing.T) {
	rcr := figures(t, "ema2016")
	oka := withOka(t)
	nobody := rcr
	nobody.LeftoverToFirst = false
	for _, c := range []struct {
		name   string
		rules  payment.Rules
		points [4]int
		sticks int
		want   [4]int
	}{
		{"rcr 2016", rcr, [4]int{45000, 32000, 25000, 18000}, 0, [4]int{30000, 7000, -10000, -27000}},
		{"deposits to the first", rcr, [4]int{44000, 32000, 25000, 17000}, 2, [4]int{31000, 7000, -10000, -28000}},
		{"tie for second", rcr, [4]int{40000, 30000, 30000, 20000}, 0, [4]int{25000, 0, 0, -25000}},
		{"tie for first with a deposit", rcr, [4]int{35000, 35000, 29000, 20000}, 1, [4]int{15500, 15500, -6000, -25000}},
		{"25,000 start, 30,000 return", oka, [4]int{45000, 30000, 15000, 10000}, 0, [4]int{50000, 5000, -20000, -35000}},
		{"deposits to nobody", nobody, [4]int{44000, 32000, 25000, 17000}, 2, [4]int{29000, 7000, -10000, -28000}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := played(t, c.rules, 1, "A", [4]int{1, 2, 3, 4}, c.points, c.sticks, [4]int{})
			if g.Result != c.want {
				t.Errorf("results %v, want %v (worked out by hand)", g.Result, c.want)
			}
			if ps := standings.Check(numbered(4), []standings.Game{g}, c.rules); len(ps) != 0 {
				t.Errorf("problems in a well-ended game: %v", ps)
			}
		})
	}
}

// TestPenaltyBeforeAndAfterUma: RCR 2016 takes a chombo's 20,000 off the
// result after uma (places unchanged; the checks put it back); RCR 2008
// pays it at the table as a reverse mangan, which can change the places
// and so the uma. The same game, the same offender (South, East dealing).
func TestPenaltyBeforeAndAfterUma(t *testing.T) {
	points := [4]int{34000, 31000, 29000, 26000}
	hand := payment.Hand{Dealer: 0, Chombo: 1}
	for _, c := range []struct {
		profile string
		want    [4]int // results
		place   int    // South's place
	}{
		// After uma: South stays second (+5,000), then 20,000 off:
		// 31,000 - 30,000 + 5,000 - 20,000.
		{"ema2016", [4]int{19000, -14000, -6000, -19000}, 2},
		// Before uma: South pays 4,000 to East and 2,000 to each other
		// seat: 23,000, fourth; West moves up to second.
		{"ema2008", [4]int{23000, -22000, 6000, -7000}, 4},
	} {
		t.Run(c.profile, func(t *testing.T) {
			rules := figures(t, c.profile)
			s, err := rules.Settle(hand)
			if err != nil {
				t.Fatal(err)
			}
			var after [4]int
			for i := range after {
				after[i] = points[i] + s.Deltas[i]
			}
			g := played(t, rules, 1, "A", [4]int{1, 2, 3, 4}, after, 0, s.Penalty)
			if g.Result != c.want {
				t.Errorf("results %v, want %v", g.Result, c.want)
			}
			if ps := standings.Check(numbered(4), []standings.Game{g}, rules); len(ps) != 0 {
				t.Errorf("problems: %v", ps)
			}
			st, err := standings.Rank(numbered(4), []standings.Game{g}, nil, standings.Options{Rounds: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range st.Rows {
				if r.Player.Number == 2 && (r.Total != c.want[1] || r.Games[0].Place != c.place) {
					t.Errorf("South: total %d place %d, want %d %d", r.Total, r.Games[0].Place, c.want[1], c.place)
				}
			}
		})
	}
}

// TestRefereeChombo: a chombo a referee gives at the console is the book's
// ChomboResult off the total, after uma (RCR 2016: 20,000), and counts
// nothing once withdrawn.
func TestRefereeChombo(t *testing.T) {
	rules := figures(t, "ema2016")
	g := played(t, rules, 1, "A", [4]int{1, 2, 3, 4}, [4]int{34000, 31000, 29000, 26000}, 0, [4]int{})
	ch := standings.Chombo(rules, 3, 1, "wrong ron", "Head referee")
	if ch.Amount != -20000 || !ch.Chombo || ch.Player != 3 || ch.Round != 1 {
		t.Fatalf("chombo %+v", ch)
	}
	withdrawn := ch
	withdrawn.Withdrawn = true
	for _, c := range []struct {
		pens []standings.Penalty
		want int
	}{
		{nil, -6000},
		{[]standings.Penalty{ch}, -26000},
		{[]standings.Penalty{withdrawn}, -6000},
	} {
		s, err := standings.Rank(numbered(4), []standings.Game{g}, c.pens, standings.Options{Rounds: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range s.Rows {
			if r.Player.Number == 3 && r.Total != c.want {
				t.Errorf("penalties %+v: West's total %d, want %d", c.pens, r.Total, c.want)
			}
		}
	}
}

// TestCheckFinds: every problem is found, named by round and table (and
// player), and nothing is mended.
func TestCheckFinds(t *testing.T) {
	rules := figures(t, "ema2016")
	ok := func(round int, table string, players [4]int) standings.Game {
		return played(t, rules, round, table, players, [4]int{40000, 30000, 28000, 22000}, 0, [4]int{})
	}
	badPoints := ok(1, "B", [4]int{5, 6, 7, 8})
	badPoints.Points[3] = 23000
	badResult := ok(1, "B", [4]int{5, 6, 7, 8})
	badResult.Result[0] += 1000
	hidden := ok(1, "B", [4]int{5, 6, 7, 8})
	hidden.Result[3] -= 20000 // a chombo taken off without saying so
	swapped := ok(1, "B", [4]int{5, 6, 7, 8})
	swapped.Result[1], swapped.Result[2] = swapped.Result[2], swapped.Result[1]
	players := numbered(8)
	sub := standings.Player{Number: 9, Name: "Sub Stitute", FirstRound: 2}
	left := players[7]
	left.LastRound = 1
	for _, c := range []struct {
		name    string
		players []standings.Player
		games   []standings.Game
		want    []string
	}{
		{"all well", players, []standings.Game{ok(1, "A", [4]int{1, 2, 3, 4}), ok(1, "B", [4]int{5, 6, 7, 8})}, nil},
		{"points", players, []standings.Game{ok(1, "A", [4]int{1, 2, 3, 4}), badPoints},
			[]string{"standings: round 1 table B: the table points [40000 30000 28000 23000] and 0 deposits left add up to 121000, not 120000",
				"standings: round 1 table B: North's result -23000 is not -22000: place 4, uma -15000, deposits 0, penalty 0"}},
		{"results", players, []standings.Game{ok(1, "A", [4]int{1, 2, 3, 4}), badResult},
			[]string{"standings: round 1 table B: the results [26000 5000 -7000 -23000] (in-game penalties [0 0 0 0] put back) sum to 1000, not 0",
				"standings: round 1 table B: East's result 26000 is not 25000: place 1, uma 15000, deposits 0, penalty 0",
				"standings: round 1: the results (in-game penalties put back) sum to 1000, not 0"}},
		{"penalty not declared", players, []standings.Game{ok(1, "A", [4]int{1, 2, 3, 4}), hidden},
			[]string{"standings: round 1 table B: the results [25000 5000 -7000 -43000] (in-game penalties [0 0 0 0] put back) sum to -20000, not 0",
				"standings: round 1 table B: North's result -43000 is not -23000: place 4, uma -15000, deposits 0, penalty 0",
				"standings: round 1: the results (in-game penalties put back) sum to -20000, not 0"}},
		{"results swapped", players, []standings.Game{ok(1, "A", [4]int{1, 2, 3, 4}), swapped},
			[]string{"standings: round 1 table B: South's result -7000 is not 5000: place 2, uma 5000, deposits 0, penalty 0",
				"standings: round 1 table B: West's result 5000 is not -7000: place 3, uma -5000, deposits 0, penalty 0"}},
		{"two games, one missing", players, []standings.Game{ok(2, "A", [4]int{1, 2, 3, 4}), ok(2, "B", [4]int{5, 6, 7, 1})},
			[]string{"standings: round 2 table B: player 1 plays also at table A",
				"standings: round 2: player 8 (First8 P8) is in no game of the round"}},
		{"twice at a table", players, []standings.Game{ok(1, "A", [4]int{1, 2, 3, 3}), ok(1, "B", [4]int{5, 6, 7, 8})},
			[]string{"standings: round 1 table A: player 3 plays twice at this table",
				"standings: round 1: player 4 (First4 P4) is in no game of the round"}},
		{"unknown", players, []standings.Game{ok(1, "A", [4]int{1, 2, 3, 44}), ok(1, "B", [4]int{5, 6, 7, 8})},
			[]string{"standings: round 1 table A: North seat has player 44, who is not registered",
				"standings: round 1: player 4 (First4 P4) is in no game of the round"}},
		{"substitute", append(append(players[:7:7], left), sub),
			[]standings.Game{ok(1, "A", [4]int{1, 2, 3, 4}), ok(1, "B", [4]int{5, 6, 7, 8}), ok(2, "A", [4]int{1, 2, 3, 4}), ok(2, "B", [4]int{5, 6, 7, 9})}, nil},
		{"substitute missing", append(append(players[:7:7], left), sub),
			[]standings.Game{ok(1, "A", [4]int{1, 2, 3, 4}), ok(1, "B", [4]int{5, 6, 7, 8}), ok(2, "A", [4]int{1, 2, 3, 4}), ok(2, "B", [4]int{5, 6, 7, 8})},
			[]string{"standings: round 2: player 9 (Sub Stitute) is in no game of the round"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := slices.Clone(c.games)
			var got []string
			for _, p := range standings.Check(c.players, c.games, rules) {
				got = append(got, p.Error())
				if p.Round == 0 || p.Kind == "" {
					t.Errorf("problem without round or kind: %+v", p)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("problems\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(c.want, "\n     "))
			}
			if !slices.Equal(before, c.games) {
				t.Error("Check changed the games")
			}
		})
	}
}
