package standings_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/tabled/tabled/standings"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ from the current writers (look at the diff before committing)")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

// day is a small tournament worked out by hand: eight players, two
// rounds of two tables under RCR 2016, an in-game chombo, a referee's
// penalty, a penalty withdrawn, a table entered by a referee, a
// correction, players without an EMA number, a tie for second, and
// names that need quoting in CSV and escaping in HTML.
type day struct {
	tournament  standings.Tournament
	players     []standings.Player
	games       []standings.Game
	penalties   []standings.Penalty
	corrections []standings.Correction
}

func tournamentDay(t *testing.T) day {
	rules := figures(t, "ema2016")
	d := day{
		tournament: standings.Tournament{Name: "Test Riichi Open", Country: "FRA", City: "Lyon", MERS: "1", Rules: "Riichi", Dates: "7-8 Nov 2026", Days: 2},
		players: []standings.Player{
			{Number: 1, Name: "Ana Silva", EMA: "04010001", Country: "POR"},
			{Number: 2, Name: "Bram van Dijk", LastName: "van Dijk", EMA: "06020002", Country: "NED", Club: "Leiden"},
			{Number: 3, Name: `Chloé "Clo" Martin`, Country: "FRA"},
			{Number: 4, Name: "Dmitri Ivanov", EMA: "15030004", Country: "RUS"},
			{Number: 5, Name: "Eva Berg", EMA: "09040005", Country: "SWE"},
			{Number: 6, Name: "Frank O'Neil", Country: "GBR", Club: "Kent, UK"},
			{Number: 7, Name: "Gina <Rossi>", EMA: "07060007", Country: "ITA"},
			{Number: 8, Name: "Hana Sato", EMA: "05070008", Country: "GER"},
		},
	}
	none := [4]int{}
	d.games = []standings.Game{
		played(t, rules, 1, "1", [4]int{1, 2, 3, 4}, [4]int{45000, 32000, 25000, 18000}, 0, none),
		// One deposit left: to the first place. South and West tie for
		// second and share +5,000 and -5,000.
		played(t, rules, 1, "2", [4]int{5, 6, 7, 8}, [4]int{38000, 31000, 31000, 19000}, 1, none),
		// West (8) chombo: 20,000 off after uma, second place kept.
		played(t, rules, 2, "1", [4]int{5, 1, 8, 4}, [4]int{28000, 36000, 30000, 26000}, 0, [4]int{0, 0, 20000, 0}),
		played(t, rules, 2, "2", [4]int{3, 7, 2, 6}, [4]int{41000, 27000, 27000, 25000}, 0, none),
	}
	d.games[3].RefereeEntered = true
	d.penalties = []standings.Penalty{
		{Player: 5, Round: 1, Amount: -1000, Reason: "late for round 1", By: "Head referee"},
		{Player: 6, Round: 2, Amount: -5000, Reason: "slow play after two warnings", By: "Referee Kim"},
		{Player: 2, Amount: -10000, Reason: "late for round 2", By: "Head referee", Withdrawn: true, WithdrawnReason: "on time: the hall clock was wrong", WithdrawnBy: "Head referee"},
	}
	d.corrections = []standings.Correction{
		{Round: 1, Table: "2", What: "swapped the results of 6 and 7", Reason: "they sat in each other's seats for hands 3 to 6", By: "Referee Kim"},
		{Round: 2, Table: "1", What: "North's points 26000, not 25000", Reason: "a stick miscounted", By: "Referee Kim", Withdrawn: true, WithdrawnReason: "the table's count was right"},
	}
	return d
}

// ranked is the day's final standings, every round shown.
func (d day) ranked(t *testing.T) standings.Standings {
	s, err := standings.Rank(d.players, d.games, d.penalties, standings.Options{Rounds: 2, HideLast: 1, Reveal: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDayByHand: the day's standings equal the totals worked out by hand
// (results from the table points, the uma 15/5/-5/-15 thousand, a
// deposit, a chombo, penalties), and its games pass every check.
func TestDayByHand(t *testing.T) {
	d := tournamentDay(t)
	if ps := standings.Check(d.players, d.games, figures(t, "ema2016")); len(ps) != 0 {
		t.Fatalf("problems: %v", ps)
	}
	want := []struct{ place, number, total int }{
		{1, 1, 30000 + 21000},             // +15,000 +15,000; then +6,000 +15,000
		{2, 3, -10000 + 26000},            // -5,000 -5,000; then +11,000 +15,000
		{2, 5, 24000 - 7000 - 1000},       // +8,000 +15,000 +1,000 deposit; -2,000 -5,000; late
		{4, 2, 7000 - 3000},               // the withdrawn 10,000 counts nothing
		{5, 7, 1000 - 3000},               // a tie for second twice: no uma
		{6, 6, 1000 - 20000 - 5000},       // slow play
		{7, 8, -26000 + 0 + 5000 - 20000}, // second place, then the chombo
		{8, 4, -27000 - 19000},
	}
	s := d.ranked(t)
	if len(s.Rows) != len(want) {
		t.Fatalf("%d rows", len(s.Rows))
	}
	for i, w := range want {
		r := s.Rows[i]
		if r.Place != w.place || r.Player.Number != w.number || r.Total != w.total {
			t.Errorf("row %d: place %d player %d total %d, want %d %d %d", i, r.Place, r.Player.Number, r.Total, w.place, w.number, w.total)
		}
	}
}
