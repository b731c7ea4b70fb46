package engine

import (
	"github.com/tabled/tabled/payment"
	"strings"
	"testing"
	"time"
)

const ms = time.Millisecond

func newEngine(t testing.TB, p Profile) *Engine {
	t.Helper()
	e, err := New(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func apply(t testing.TB, e *Engine, evs ...Event) []Outcome {
	t.Helper()
	var out []Outcome
	for _, ev := range evs {
		var err error
		if out, err = e.Apply(ev, out); err != nil {
			t.Fatalf("Apply(%+v): %v", ev, err)
		}
	}
	return out
}

func ev(at time.Duration, s Seat, a Action) Event {
	return Event{At: at, Seat: s, Action: a, Dealer: NoSeat}
}

func TestApplyRejectsMalformedInput(t *testing.T) {
	e := newEngine(t, EMA2016)
	for _, tc := range []struct {
		ev   Event
		want string
	}{
		{Event{At: 0, Seat: 7, Action: Pon}, "seat 7"},
		{Event{At: 0, Seat: NoSeat, Action: Dora}, "no tile"},
		{Event{At: 0, Seat: 0}, "no valid action"},
		{Event{At: 0, Seat: 0, Action: actionCount}, "no valid action"},
		{Event{At: 0, Action: NewHand, Dealer: 9}, "dealer 9"},
	} {
		if _, err := e.Apply(tc.ev, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Apply(%+v) = %v, want an error with %q", tc.ev, err, tc.want)
		}
	}
	apply(t, e, ev(time.Second, 0, Discard))
	if _, err := e.Apply(ev(500*ms, 1, Chii), nil); err == nil || !strings.Contains(err.Error(), "time order") {
		t.Errorf("an event before the previous one was accepted: %v", err)
	}
	if e.State().Wall != LiveDraws {
		t.Error("a refused event changed the state")
	}
}

func TestProfiles(t *testing.T) {
	for _, name := range []string{"wrc2015", "ema2016", "ema2008"} {
		p, err := ProfileByName(name)
		if err != nil || p.Validate() != nil || p.Name != name {
			t.Errorf("profile %s: %v", name, err)
		}
	}
	if _, err := ProfileByName("wrc"); err == nil {
		t.Error("unknown profile accepted")
	}
	bad := EMA2016
	bad.Window = 0
	if _, err := New(bad, 0); err == nil {
		t.Error("a zero window was accepted")
	}
	if WRC2015.HeadBump == EMA2016.HeadBump || EMA2008.Precedence[1].Within != 3*time.Second || !EMA2016.Precedence[1].InTime {
		t.Error("the books must differ on head bump, the three-second rule and pon in time over chii")
	}
}

// TestNewHandRotation: the dealer keeps the seat after its own win or a
// draw in tenpai (honba + 1); otherwise the seat to its right deals and,
// after four dealers, the round wind advances.
func TestNewHandRotation(t *testing.T) {
	e := newEngine(t, EMA2016)
	at := time.Duration(0)
	step := func(evs ...Event) {
		for i := range evs {
			at += time.Second
			evs[i].At = at
		}
		apply(t, e, evs...)
	}
	newHand := Event{Seat: NoSeat, Action: NewHand, Dealer: NoSeat}
	// Dealer (seat 0) wins by tsumo at once: keeps, honba 1.
	step(Event{Seat: 0, Action: Tsumo}, newHand)
	if st := e.State(); st.Dealer != 0 || st.Honba != 1 || st.HandNumber != 1 {
		t.Fatalf("after dealer tsumo: %+v", st)
	}
	// South (seat 1) wins on East's discard: dealer moves to seat 1, honba 0.
	step(Event{Seat: 0, Action: Discard}, Event{Seat: 1, Action: Ron})
	at += time.Second // let the window close
	step(newHand)
	if st := e.State(); st.Dealer != 1 || st.Honba != 0 || st.HandNumber != 2 || st.RoundWind != East {
		t.Fatalf("after non-dealer ron: dealer %d honba %d hand %d", st.Dealer, st.Honba, st.HandNumber)
	}
	// A hand ended by the referee with the dealer tenpai: dealer keeps, honba 1.
	step(Event{Seat: 1, Action: Tenpai}, newHand)
	if st := e.State(); st.Dealer != 1 || st.Honba != 1 {
		t.Fatalf("after dealer tenpai: dealer %d honba %d", st.Dealer, st.Honba)
	}
	// Two more rotations without tenpai, then the referee names seat 0: South round.
	step(newHand, newHand)
	if st := e.State(); st.Dealer != 3 || st.HandNumber != 4 || st.Honba != 3 {
		t.Fatalf("after two draws: dealer %d hand %d honba %d", st.Dealer, st.HandNumber, st.Honba)
	}
	step(newHand)
	if st := e.State(); st.Dealer != 0 || st.RoundWind != South || st.HandNumber != 1 {
		t.Fatalf("after four dealers: dealer %d round %v hand %d", st.Dealer, st.RoundWind, st.HandNumber)
	}
}

// TestRiichiStickPlacedWhenTilePasses: the riichi bet is placed when the
// declaration tile is not won on, off the declarer's points; a win takes
// the sticks once its value is in.
func TestRiichiStickPlacedWhenTilePasses(t *testing.T) {
	e := newEngine(t, EMA2016)
	apply(t, e, ev(0, 0, Riichi), ev(time.Second, 0, Discard))
	if e.State().RiichiSticks != 0 {
		t.Fatal("stick placed before the tile passed")
	}
	apply(t, e, ev(5*time.Second, 1, Discard))
	if st := e.State(); st.RiichiSticks != 1 || !st.Riichi[0] || !st.Discards[0][0].Riichi || st.Scores[0] != 29000 {
		t.Fatalf("after the tile passed: %+v", st)
	}
	apply(t, e, ev(6*time.Second, 0, Ron))
	e.Advance(7*time.Second, nil)
	if st := e.State(); st.RiichiSticks != 1 || !st.Ended || !st.ValueDue[0] {
		t.Fatalf("after East's win, before its value: sticks %d ended %v value due %v", st.RiichiSticks, st.Ended, st.ValueDue)
	}
	v := ev(8*time.Second, 0, Value)
	v.Value = &HandValue{Value: payment.Value{Han: 1, Fu: 30}, Pao: NoSeat}
	apply(t, e, v)
	if st := e.State(); st.RiichiSticks != 0 || st.Scores != [4]int{31500, 28500, 30000, 30000} || st.ValueDue[0] {
		t.Fatalf("after East's value: sticks %d scores %v", st.RiichiSticks, st.Scores)
	}
}

// TestRiichiDeclarationTileWonOn: a ron on the riichi declaration tile means
// the riichi does not stand and its stick is not placed.
func TestRiichiDeclarationTileWonOn(t *testing.T) {
	e := newEngine(t, EMA2016)
	apply(t, e, ev(0, 0, Riichi), ev(time.Second, 0, Discard), ev(1100*ms, 2, Ron))
	e.Advance(2*time.Second, nil)
	if st := e.State(); st.Riichi[0] || st.RiichiSticks != 0 {
		t.Fatalf("riichi stands after its tile was won on: %+v", st)
	}
}

func TestRiichiNeedsConcealedHandAndWall(t *testing.T) {
	e := newEngine(t, EMA2016)
	apply(t, e, ev(0, 0, Discard), ev(100*ms, 1, Chii))
	e.Advance(time.Second, nil)
	out := apply(t, e, ev(2*time.Second, 1, Riichi))
	if len(out) != 1 || out[0].Kind != KindRejection || out[0].Code != CodeOpenHand {
		t.Fatalf("riichi after a chii: %+v", out)
	}
}

func TestKanDoraDue(t *testing.T) {
	e := newEngine(t, EMA2016)
	apply(t, e, Event{At: 0, Seat: NoSeat, Action: Dora, Tile: MustTile("1m")}, ev(time.Second, 0, Kan))
	if d := e.State().KanDoraDue; d != 1 {
		t.Fatalf("after a concealed kong KanDoraDue = %d, want 1", d)
	}
	out := apply(t, e, Event{At: 2 * time.Second, Seat: NoSeat, Action: Dora, Tile: MustTile("2m")})
	if e.State().KanDoraDue != 0 || out[0].Kind != KindDora {
		t.Fatalf("the read did not fill the prompt: %+v", out)
	}
	out = apply(t, e, Event{At: 3 * time.Second, Seat: NoSeat, Action: Dora, Tile: MustTile("3m")})
	if out[0].Kind != KindRejection {
		t.Fatalf("a dora read with none due was accepted: %+v", out)
	}
}

// TestNextDeadline: the table loop asks when to call Advance.
func TestNextDeadline(t *testing.T) {
	e := newEngine(t, EMA2016)
	if _, ok := e.NextDeadline(); ok {
		t.Fatal("a deadline before any discard")
	}
	apply(t, e, ev(0, 0, Discard), ev(100*ms, 2, Pon))
	if d, ok := e.NextDeadline(); !ok || d != 350*ms {
		t.Fatalf("deadline %v %v, want the window's close at 350ms", d, ok)
	}
	out := e.Advance(349*ms, nil)
	if len(out) != 0 {
		t.Fatal("decided before the window closed")
	}
	out = e.Advance(350*ms, nil)
	if len(out) != 1 || out[0].Kind != KindDecision || out[0].At != 350*ms {
		t.Fatalf("at the window's close: %+v", out)
	}
}

// TestOverrideKeepsEarlierExtendedKong: a ron that overrides a later call
// does not undo an extended kong made earlier in the hand; a robbed one is a
// pon again.
func TestOverrideKeepsEarlierExtendedKong(t *testing.T) {
	e := newEngine(t, EMA2016)
	k := func(at time.Duration, s Seat, a Action, tile string) Event {
		v := ev(at, s, a)
		if tile != "" {
			v.Tile = MustTile(tile)
		}
		return v
	}
	apply(t, e,
		k(0, 0, Discard, "9m"), k(300*ms, 2, Pon, "9m"), // West pons 9m
		k(time.Second, 2, Discard, "1z"),
		k(5*time.Second, 3, Discard, "2z"),
		k(9*time.Second, 0, Discard, "3z"),
		k(13*time.Second, 1, Discard, "4z"),
		k(17*time.Second, 2, Kan, "9m"), // West extends it in its own turn; nobody robs it
		k(21*time.Second, 2, Discard, "5p"),
		k(21300*ms, 3, Chii, ""),      // North's chii is decided ...
		k(22*time.Second, 0, Ron, ""), // ... then East wins on the 5p
	)
	e.Advance(23*time.Second, nil)
	st := e.State()
	if !st.Ended || st.Kongs != 1 || len(st.Melds[2]) != 1 || st.Melds[2][0].Call != Kan || !st.Melds[2][0].Extended {
		t.Fatalf("after the override: kongs %d, West's melds %+v", st.Kongs, st.Melds[2])
	}
	// And a robbed extended kong is a pon again.
	e = newEngine(t, EMA2016)
	apply(t, e,
		k(0, 0, Discard, "9m"), k(300*ms, 2, Pon, "9m"),
		k(time.Second, 2, Discard, "1z"),
		k(5*time.Second, 3, Discard, "2z"),
		k(9*time.Second, 0, Discard, "3z"),
		k(13*time.Second, 1, Discard, "4z"),
		k(17*time.Second, 2, Kan, "9m"),
		k(17300*ms, 1, Ron, ""),
	)
	e.Advance(18*time.Second, nil)
	if st := e.State(); st.Kongs != 0 || st.Melds[2][0].Call != Pon || st.Melds[2][0].Extended {
		t.Fatalf("after the robbing: kongs %d, West's melds %+v", st.Kongs, st.Melds[2])
	}
}
