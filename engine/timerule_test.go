package engine

import (
	"strings"
	"testing"

	"github.com/tabled/tabled/payment"
)

// TestGameEndsBusted: under rules whose game ends below zero (no book
// tabled applies has it; a club may), a bust after the time signal ends
// the game as a bust, not by the time rule, and says so.
func TestGameEndsBusted(t *testing.T) {
	p, err := ProfileByName("ema2016")
	if err != nil {
		t.Fatal(err)
	}
	r := *p.Score
	r.BustEnds = true
	p.Score = &r
	e, err := NewGame(p, 0, Start{Scores: [4]int{30000, 30000, 3000, 57000}})
	if err != nil {
		t.Fatal(err)
	}
	var out []Outcome
	for _, ev := range []Event{
		{At: 0, Seat: 0, Action: Discard, Tile: mustTile(t, "1z")},
		{At: 1e9, Seat: NoSeat, Action: Time},
		{At: 4e9, Seat: 1, Action: Discard, Tile: mustTile(t, "2z")},
		{At: 8e9, Seat: 2, Action: Discard, Tile: mustTile(t, "5m")},
		{At: 85e8, Seat: 3, Action: Ron},
		{At: 20e9, Seat: 3, Action: Value, Value: &HandValue{Value: payment.Value{Limit: payment.Mangan}, Pao: NoSeat}},
	} {
		if out, err = e.Apply(ev, out); err != nil {
			t.Fatalf("%+v: %v", ev, err)
		}
	}
	last := out[len(out)-1]
	if last.Kind != KindGameEnd || last.GameEnd.End != EndBust || !strings.Contains(last.Reason, "below zero") {
		t.Fatalf("last outcome %+v, want a game end by a bust", last)
	}
}

// TestTimeInputChecks: hands after the signal come with a time input only,
// within bounds.
func TestTimeInputChecks(t *testing.T) {
	n, big, neg := 2, MaxAfterTime+1, -1
	for _, tc := range []struct {
		ev   Event
		want string
	}{
		{Event{Seat: NoSeat, Action: Time, AfterTime: &n}, ""},
		{Event{Seat: NoSeat, Action: Time}, ""},
		{Event{Seat: NoSeat, Action: Time, AfterTime: &big}, "0..16"},
		{Event{Seat: NoSeat, Action: Time, AfterTime: &neg}, "0..16"},
		{Event{Seat: NoSeat, Action: NewHand, AfterTime: &n}, "with a time input only"},
	} {
		err := tc.ev.Validate()
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: %v, want %q", tc.ev, err, tc.want)
		}
	}
}

func mustTile(t *testing.T, s string) Tile {
	t.Helper()
	x, err := ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}
