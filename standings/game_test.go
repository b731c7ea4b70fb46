package standings_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/standings"
)

// TestWithResults: a referee's game from a paper sheet gets the results
// the table would have given, and passes the checks.
func TestWithResults(t *testing.T) {
	rules := figures(t, "ema2016")
	g := standings.WithResults(rules, standings.Game{Round: 1, Table: "9", Players: [4]int{1, 2, 3, 4},
		Points: [4]int{20000, 44000, 32000, 23000}, Sticks: 1, Penalty: [4]int{0, 0, 0, 20000}, RefereeEntered: true})
	// Second place 32,000 +5,000; first 44,000 +15,000 and the deposit;
	// North third, then the chombo.
	want := [4]int{-25000, 30000, 7000, -32000}
	if g.Result != want {
		t.Errorf("results %v, want %v", g.Result, want)
	}
	if ps := standings.Check(numbered(4), []standings.Game{g}, rules); len(ps) != 0 {
		t.Errorf("problems: %v", ps)
	}
}

// TestSwapSeats: two players who sat in each other's seats take each
// other's points and results; anyone not at the table is refused.
func TestSwapSeats(t *testing.T) {
	rules := figures(t, "ema2016")
	g := played(t, rules, 2, "3", [4]int{5, 6, 7, 8}, [4]int{40000, 30000, 28000, 22000}, 0, [4]int{})
	s, err := standings.SwapSeats(g, 8, 6)
	if err != nil {
		t.Fatal(err)
	}
	if s.Players != [4]int{5, 8, 7, 6} || s.Points != g.Points || s.Result != g.Result {
		t.Errorf("swapped %+v", s)
	}
	for _, c := range [][2]int{{5, 9}, {9, 5}, {5, 5}} {
		if _, err := standings.SwapSeats(g, c[0], c[1]); err == nil || !strings.Contains(err.Error(), "round 2 table 3: cannot swap") {
			t.Errorf("swap %v: error %v", c, err)
		}
	}
}

// TestJSONRoundTrip: the types a console keeps in its store come back
// the same from their JSON.
func TestJSONRoundTrip(t *testing.T) {
	d := tournamentDay(t)
	s := d.ranked(t)
	at := time.Date(2026, 11, 7, 14, 3, 0, 0, time.UTC)
	d.penalties[0].At = at
	d.corrections[0].At = at
	for name, v := range map[string]any{"players": &d.players, "games": &d.games, "penalties": &d.penalties, "corrections": &d.corrections, "standings": &s,
		"options": &standings.Options{Rounds: 8, HideLast: 2, PublishOnlyConfirmedRounds: true}, "tournament": &d.tournament} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		back := reflect.New(reflect.TypeOf(v).Elem())
		if err := json.Unmarshal(b, back.Interface()); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(back.Interface(), v) {
			t.Errorf("%s: %s read back as %+v", name, b, back.Elem().Interface())
		}
	}
}
