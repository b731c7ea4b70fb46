package tournament

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)

// rec makes a record at minute m of the day.
func rec(m int, kind Kind, why string, body any) Record {
	r := Record{Kind: kind, By: "ref", At: t0.Add(time.Duration(m) * time.Minute), Why: why}
	switch b := body.(type) {
	case Player:
		r.Player = &b
	case Substitute:
		r.Substitute = &b
	case Options:
		r.Options = &b
	case Seated:
		r.Seated = &b
	case Clock:
		r.Clock = &b
	case Result:
		r.Result = &b
	case Confirm:
		r.Confirm = &b
	case Swap:
		r.Swap = &b
	case Penalty:
		r.Penalty = &b
	case Withdraw:
		r.Withdraw = &b
	}
	return r
}

// eight is a tournament of eight players and a reserve, two rounds on
// tables a and b, round 1 seated.
func eight(t *testing.T) *Book {
	t.Helper()
	var b Book
	add := func(r Record) {
		t.Helper()
		if _, err := b.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	add(rec(0, KindOptions, "", Options{Name: "Test", Rounds: 2, RoundMinutes: 60, AfterTime: 1, Tables: []string{"a", "b"}, Start: 30000, Uma: [4]int{15000, 5000, -5000, -15000}}))
	for i := 1; i <= 8; i++ {
		add(rec(1, KindPlayer, "", Player{Name: fmt.Sprintf("P%d", i), EMA: fmt.Sprintf("%08d", i)}))
	}
	add(rec(2, KindPlayer, "", Player{Name: "Reserve", Reserve: true}))
	add(rec(3, KindSeated, "", Seated{From: 1, Players: []int{1, 2, 3, 4, 5, 6, 7, 8},
		Rounds: [][][4]int{{{1, 2, 3, 4}, {5, 6, 7, 8}}, {{1, 5, 2, 6}, {3, 7, 4, 8}}}}))
	return &b
}

// result of a game: players East..North with points; places and
// results (uma 15/5/-5/-15, start 30000) worked out here.
func result(round int, table string, players [4]int, points [4]int) Result {
	res := Result{Round: round, Table: table}
	uma := []int{15000, 5000, -5000, -15000}
	for i := range 4 {
		place := 1
		for j := range 4 {
			if points[j] > points[i] || points[j] == points[i] && j < i {
				place++
			}
		}
		res.Seats[i] = Seat{Player: players[i], Points: points[i], Place: place, Result: points[i] - 30000 + uma[place-1]}
	}
	return res
}

func TestBook(t *testing.T) {
	good := result(1, "a", [4]int{1, 2, 3, 4}, [4]int{45000, 32000, 28000, 15000})
	for _, tc := range []struct {
		name string
		recs []Record
		err  string // the last record's refusal; "" for none
		want func(s State) string
	}{
		{"a player needs a name", []Record{rec(5, KindPlayer, "", Player{Name: " "})}, "needs a name", nil},
		{"an EMA number is digits", []Record{rec(5, KindPlayer, "", Player{Name: "X", EMA: "12a"})}, "not an EMA number", nil},
		{"an EMA number once", []Record{rec(5, KindPlayer, "", Player{Name: "X", EMA: "00000003"})}, "player 3's (P3) already", nil},
		{"a card once", []Record{rec(5, KindPlayer, "", Player{Number: 1, Name: "P1", Cards: []string{"04a1"}}), rec(5, KindPlayer, "", Player{Number: 2, Name: "P2", Cards: []string{"04a1"}})}, "card 04a1 is registered to player 1", nil},
		{"an edit keeps the number", []Record{rec(5, KindPlayer, "", Player{Number: 2, Name: "Ana", Country: "FR"})}, "", func(s State) string {
			if p, _ := s.Player(2); p.Name != "Ana" || p.Country != "FR" || len(s.Players) != 9 {
				return fmt.Sprintf("player 2 %+v, %d players", p, len(s.Players))
			}
			return ""
		}},
		{"a reason is needed for a penalty", []Record{rec(5, KindPenalty, "", Penalty{Player: 1, Amount: 20000})}, "needs a reason", nil},
		{"no result before the seating of its table", []Record{rec(5, KindResult, "", result(1, "c", [4]int{1, 2, 3, 4}, [4]int{30000, 30000, 30000, 30000}))}, `no table "c"`, nil},
		{"a result is of the table's players", []Record{rec(5, KindResult, "", result(1, "a", [4]int{1, 2, 3, 5}, [4]int{45000, 32000, 28000, 15000}))}, "the table seats [1 2 3 4]", nil},
		{"one result per game", []Record{rec(5, KindResult, "", good), rec(6, KindResult, "", good)}, "has a result already: correct it", nil},
		{"a clock starts once", []Record{rec(5, KindClock, "", Clock{1, ClockStart}), rec(6, KindClock, "", Clock{1, ClockStart})}, "clock is running: it cannot start", nil},
		{"the clock counts running time only", []Record{rec(5, KindClock, "", Clock{1, ClockStart}), rec(15, KindClock, "", Clock{1, ClockPause}), rec(25, KindClock, "", Clock{1, ClockResume})}, "", func(s State) string {
			if got := s.Rounds[0].Clock.Remaining(t0.Add(35 * time.Minute)); got != 40*time.Minute {
				return fmt.Sprintf("remaining %v at 35 min, want 40m (20 of 60 run)", got)
			}
			return ""
		}},
		{"a started round keeps its seating", []Record{rec(5, KindClock, "", Clock{1, ClockStart}), rec(6, KindSeated, "", Seated{From: 1, Players: []int{1, 2, 3, 4, 5, 6, 7, 8}, Rounds: [][][4]int{{{1, 2, 3, 4}, {5, 6, 7, 8}}}})}, "round 1 has started", nil},
		{"a substitute takes the rounds left", []Record{rec(5, KindClock, "", Clock{1, ClockStart}), rec(6, KindSubstitute, "", Substitute{Out: 3, In: 9, From: 2})}, "", func(s State) string {
			r1, r2 := s.Rounds[0].Games[0].Players, s.Rounds[1].Games[1].Players
			if r1[2] != 3 || r2[0] != 9 {
				return fmt.Sprintf("round 1 %v, round 2 %v: want 3 in round 1, 9 in round 2", r1, r2)
			}
			if p, _ := s.Player(3); p.ReplacedBy != 9 || p.From != 2 {
				return fmt.Sprintf("player 3: %+v", p)
			}
			return ""
		}},
		{"no substitute for a round started", []Record{rec(5, KindClock, "", Clock{1, ClockStart}), rec(6, KindSubstitute, "", Substitute{Out: 3, In: 9, From: 1})}, "round 1 has started", nil},
		{"nine players do not fit", []Record{rec(5, KindPlayer, "", Player{Name: "Z"})}, "", func(s State) string {
			if f := s.Fit(); !strings.Contains(f, "9 players") || !strings.Contains(f, "it takes 3 more players, or 1 of them made a substitute") {
				return "fit: " + f
			}
			if len(s.Alerts) != 2 || !strings.Contains(s.Alerts[0].Text, "player 10 (Z) plays at no table") {
				return fmt.Sprintf("alerts %v, want player 10 at no table in each round", s.Alerts)
			}
			return ""
		}},
		{"the points must add up", []Record{rec(5, KindResult, "", result(1, "a", [4]int{1, 2, 3, 4}, [4]int{45000, 32000, 28000, 14000}))}, "", func(s State) string {
			if len(s.Alerts) != 2 || !strings.Contains(s.Alerts[0].Text, "round 1, table a: the table points add up to 119000") || !strings.Contains(s.Alerts[1].Text, "results after uma add up to -1000") {
				return fmt.Sprintf("alerts %v", s.Alerts)
			}
			return ""
		}},
		{"deposits left count", []Record{rec(5, KindResult, "", func() Result {
			r := result(1, "a", [4]int{1, 2, 3, 4}, [4]int{45000, 32000, 28000, 14000})
			r.Sticks = 1
			r.Seats[0].Result += 1000
			return r
		}())}, "", func(s State) string {
			if len(s.Alerts) != 0 {
				return fmt.Sprintf("alerts %v", s.Alerts)
			}
			return ""
		}},
		{"four players confirm", []Record{rec(5, KindResult, "", good), rec(6, KindConfirm, "", Confirm{1, "a", 1}), rec(6, KindConfirm, "", Confirm{1, "a", 2}), rec(6, KindConfirm, "", Confirm{1, "a", 3})}, "", func(s State) string {
			if g := s.Game(1, "a"); g.Confirmed || len(g.ConfirmedBy) != 3 {
				return fmt.Sprintf("after three: %+v", g)
			}
			return ""
		}},
		{"a player confirms once", []Record{rec(5, KindResult, "", good), rec(6, KindConfirm, "", Confirm{1, "a", 1}), rec(6, KindConfirm, "", Confirm{1, "a", 1})}, "has confirmed", nil},
		{"a stranger does not confirm", []Record{rec(5, KindResult, "", good), rec(6, KindConfirm, "", Confirm{1, "a", 5})}, "does not play round 1 at table a", nil},
		{"a swap exchanges two seats", []Record{rec(5, KindResult, "", good), rec(6, KindSwap, "sat in each other's seats", Swap{1, 1, 4})}, "", func(s State) string {
			g := s.Game(1, "a")
			if g.Result.Seats[0].Player != 4 || g.Result.Seats[3].Player != 1 || !g.Corrected {
				return fmt.Sprintf("%+v", g.Result.Seats)
			}
			return ""
		}},
		{"a swap is within a table", []Record{rec(5, KindResult, "", good), rec(6, KindSwap, "x", Swap{1, 1, 5})}, "did not play at one table", nil},
		{"a withdrawn correction gives the table's result back", []Record{rec(5, KindResult, "", good), rec(6, KindCorrect, "miscount", result(1, "a", [4]int{1, 2, 3, 4}, [4]int{44000, 33000, 28000, 15000})), rec(7, KindWithdraw, "the table was right", Withdraw{13})}, "", func(s State) string {
			if g := s.Game(1, "a"); g.Result.Seats[0].Points != 45000 || g.Corrected {
				return fmt.Sprintf("%+v", g.Result)
			}
			return ""
		}},
		{"a penalty given and withdrawn", []Record{rec(5, KindPenalty, "late", Penalty{Player: 2, Amount: 5000}), rec(6, KindPenalty, "chombo", Penalty{Player: 3, Amount: 20000, Round: 1}), rec(7, KindWithdraw, "given by mistake", Withdraw{12})}, "", func(s State) string {
			if len(s.Penalties) != 1 || s.Penalties[0].Player != 3 || s.Penalties[0].Why != "chombo" {
				return fmt.Sprintf("%+v", s.Penalties)
			}
			return ""
		}},
		{"a table's own result is corrected, not withdrawn", []Record{rec(5, KindResult, "", good), rec(6, KindWithdraw, "x", Withdraw{12})}, "correct it instead", nil},
		{"a withdrawal that would unseat a later record is refused", []Record{
			rec(5, KindResult, "broken table", func() Result { r := good; r.Referee = true; return r }()),
			rec(6, KindConfirm, "", Confirm{Round: 1, Table: "a"}),
			rec(7, KindWithdraw, "wrong table", Withdraw{12})}, "record 13 (confirm) would no longer fit", nil},
		{"a player is no record to withdraw", []Record{rec(5, KindWithdraw, "x", Withdraw{2})}, "which is not withdrawn", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := eight(t)
			var err error
			for i, r := range tc.recs {
				_, err = b.Add(r)
				if err != nil && i < len(tc.recs)-1 {
					t.Fatalf("record %d: %v", i, err)
				}
			}
			if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("got %v, want %q", err, tc.err)
			}
			if tc.want != nil {
				if msg := tc.want(b.State()); msg != "" {
					t.Error(msg)
				}
			}
			// What a Book holds folds again to the same State.
			recs, _ := b.Records()
			again, err := Fold(recs)
			if err != nil {
				t.Fatalf("fold again: %v", err)
			}
			if !reflect.DeepEqual(again.State(), b.State()) {
				t.Errorf("fold again:\n%v\nwant\n%v", again.State(), b.State())
			}
		})
	}
}

// TestPublished: a round's results are shown once all its games are
// confirmed (when the options say so), never in the hidden last rounds.
func TestPublished(t *testing.T) {
	b := eight(t)
	st := b.State()
	opts := st.Options
	opts.PublishConfirmed, opts.HideLast = true, 1
	steps := []struct {
		r      Record
		r1, r2 bool
	}{
		{rec(4, KindOptions, "", opts), false, false},
		{rec(5, KindResult, "", result(1, "a", [4]int{1, 2, 3, 4}, [4]int{45000, 32000, 28000, 15000})), false, false},
		{rec(5, KindResult, "", result(1, "b", [4]int{5, 6, 7, 8}, [4]int{30000, 30000, 30000, 30000})), false, false},
		{rec(6, KindConfirm, "", Confirm{Round: 1, Table: "a"}), false, false},
		{rec(7, KindConfirm, "", Confirm{Round: 1, Table: "b"}), true, false},
	}
	for i, s := range steps {
		if _, err := b.Add(s.r); err != nil {
			t.Fatal(err)
		}
		st := b.State()
		if st.Published(1) != s.r1 || st.Published(2) != s.r2 {
			t.Errorf("step %d: published %v %v, want %v %v", i, st.Published(1), st.Published(2), s.r1, s.r2)
		}
	}
	if st := b.State(); len(st.Alerts) != 0 {
		t.Errorf("ties at 30000 each: alerts %v", st.Alerts)
	}
}
