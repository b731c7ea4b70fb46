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
	if last.Kind != KindGameEnd || last.GameEnd.End != EndBust || last.Args == nil || last.Args.End != EndBust {
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

// TestCardsAndConfirmations: a round seats Ana East at the first dealer's
// seat (2); her card on the table's reader says where she sits, on
// South's reader it is flagged for the referee; a card of nobody's is
// refused; a confirmation before the game's end is refused, after it each
// seat confirms once, with its player from the round.
func TestCardsAndConfirmations(t *testing.T) {
	p, _ := ProfileByName("ema2016")
	e, err := NewGame(p, 1, Start{RoundWind: South, HandNumber: 4, Scores: [4]int{20000, 40000, 30000, 30000}})
	if err != nil {
		t.Fatal(err)
	}
	s := &Seating{Tournament: "Spring Open", Round: 1, Sent: 1, AfterTime: -1, ClockState: "running", RemainingMS: 1000,
		Players: [4]SeatedPlayer{{Player: 7, Name: "Ana", Cards: []string{"0a"}}, {Player: 12, Name: "Bo"}, {Player: 3, Name: "Cy"}, {Player: 30, Name: "Di"}}}
	var out []Outcome
	apply := func(ev Event) []Outcome {
		t.Helper()
		n := len(out)
		if out, err = e.Apply(ev, out); err != nil {
			t.Fatalf("%+v: %v", ev, err)
		}
		return out[n:]
	}
	if got := apply(Event{At: 0, Seat: NoSeat, Action: Round, Seating: s}); len(got) != 0 || e.State().Names != [4]string{"Cy", "Di", "Ana", "Bo"} {
		t.Fatalf("round: %+v, names %v", got, e.State().Names)
	}
	// South 4 with seat 1 dealing: the game's first dealer is seat 2,
	// where the round's East, Ana, sits.
	got := apply(Event{At: 1, Seat: NoSeat, Action: Card, Card: "0a"})
	if len(got) != 1 || got[0].Kind != KindSeated || got[0].Seat != e.State().FirstDealer || got[0].Player.Name != "Ana" || got[0].Args.Name != "Ana" || got[0].Args.Seat != e.State().FirstDealer {
		t.Fatalf("card on the table's reader: %+v", got)
	}
	wrong := (e.State().FirstDealer + 1) & 3
	got = apply(Event{At: 2, Seat: wrong, Action: Card, Card: "0a"})
	if len(got) != 2 || got[1].Kind != KindFlag || got[1].Code != CodeWrongSeat || got[1].Args.Name != "Ana" || got[1].Args.Other != wrong {
		t.Fatalf("card on another seat's reader: %+v", got)
	}
	if got = apply(Event{At: 3, Seat: 0, Action: Card, Card: "ff"}); len(got) != 1 || got[0].Code != CodeNotACard {
		t.Fatalf("nobody's card: %+v", got)
	}
	if got = apply(Event{At: 4, Seat: 2, Action: Confirm}); len(got) != 1 || got[0].Code != CodeNotOver {
		t.Fatalf("a confirmation in play: %+v", got)
	}
	apply(Event{At: 5, Seat: NoSeat, Action: NewHand}) // S4 drawn, East noten: the game ends
	if !e.State().GameOver {
		t.Fatal("the game did not end after South 4")
	}
	got = apply(Event{At: 6, Seat: 3, Action: Confirm})
	if len(got) != 1 || got[0].Kind != KindConfirmed || got[0].Seat != 3 || got[0].Player == nil || got[0].Player.Name != "Bo" {
		t.Fatalf("Bo's confirmation: %+v", got)
	}
	if got = apply(Event{At: 7, Seat: 3, Action: Confirm}); len(got) != 1 || got[0].Code != CodeConfirmedOnce {
		t.Fatalf("a second confirmation: %+v", got)
	}
	if c := e.State().Confirmed; c != [4]bool{false, false, false, true} {
		t.Fatalf("confirmed %v", c)
	}
	// The same round sent again names the seats only; the next round
	// starts the next game, its confirmations afresh.
	if got = apply(Event{At: 8, Seat: NoSeat, Action: Round, Seating: s}); len(got) != 0 || !e.State().GameOver {
		t.Fatalf("the round sent again: %+v", got)
	}
	next := *s
	next.Round, next.Sent = 2, 2
	next.Players[0], next.Players[1] = s.Players[1], s.Players[0]
	got = apply(Event{At: 9, Seat: NoSeat, Action: Round, Seating: &next})
	if st := e.State(); len(got) != 1 || got[0].Kind != KindDeal || st.GameOver || st.Confirmed != [4]bool{} || st.Names[st.FirstDealer] != "Bo" || st.Dealer != st.FirstDealer {
		t.Fatalf("the next round: %+v, state %+v", got, st)
	}
}
