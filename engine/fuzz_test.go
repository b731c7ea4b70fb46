package engine

import (
	"reflect"
	"testing"
	"time"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tile"
)

// eventsFromBytes turns fuzz input into a time-ordered event stream: three
// bytes an event (time step, seat and action, tile).
func eventsFromBytes(b []byte) []Event {
	var evs []Event
	at := time.Duration(0)
	for len(b) >= 3 {
		at += time.Duration(b[0]) * 25 * time.Millisecond
		a := Action(1 + int(b[1]>>2)%int(actionCount-1))
		e := Event{At: at, Seat: Seat(b[1] & 3), Action: a, Dealer: NoSeat}
		if k := int(b[2]) % 40; k < 34 {
			e.Tile = Tile(k + 1)
		}
		switch a {
		case Dora, Ura:
			e.Seat = NoSeat
			if !e.Tile.Known() {
				e.Tile = MustTile("5z")
			}
		case Hand:
			// A complete hand now and then, else tiles of every kind.
			e.Hand = fuzzHand(b[2])
			if b[2]&1 == 0 {
				e.Tile = e.Hand[len(e.Hand)-1]
			}
		case NewHand:
			e.Seat = NoSeat
			if b[2]&0x80 != 0 {
				e.Dealer = Seat(b[2] & 3)
			}
		case Value:
			e.Tile, e.Value = NoTile, fuzzValue(b[2])
		case Name:
			e.Tile, e.Name = NoTile, string(rune('A'+b[2]%26))
		case Time:
			e.Seat, e.Tile = NoSeat, NoTile
			if n := int(b[2] % 4); n < 3 {
				e.AfterTime = &n
			}
		case Round:
			// Round 1 or 2 of a tournament, each player with a card.
			e.Seat, e.Tile = NoSeat, NoTile
			e.Seating = &Seating{Tournament: "fuzz", Round: 1 + int(b[2]&1), Sent: uint64(b[2]), AfterTime: -1, ClockState: "running", RemainingMS: 1000,
				Players: [4]SeatedPlayer{{Player: 1, Name: "A", Cards: []string{"a1"}}, {Player: 2, Name: "B", Cards: []string{"b2"}}, {Player: 3, Name: "C"}, {Player: 4, Name: "D"}}}
		case Card:
			e.Tile, e.Card = NoTile, [...]string{"a1", "b2", "ff", "a1"}[b[2]%4]
			if b[2]&4 != 0 {
				e.Seat = NoSeat
			}
		case Confirm:
			e.Tile = NoTile
		}
		evs = append(evs, e)
		b = b[3:]
	}
	return evs
}

// bytesFromEvents is eventsFromBytes backwards, for seeds: stamps in steps
// of 25 ms (at most 255 steps apart), a dora read's tile, no dealer named.
func bytesFromEvents(evs []Event) []byte {
	var b []byte
	prev := time.Duration(0)
	for _, e := range evs {
		tile := byte(39) // unseen
		if e.Tile.Known() {
			tile = byte(e.Tile.Kind())
		}
		seat := byte(e.Seat) & 3
		b = append(b, byte((e.At-prev)/(25*time.Millisecond)), byte(e.Action-1)<<2|seat, tile)
		prev = e.At
	}
	return b
}

// edgeSeeds are the rules' edges as fuzz seeds: a call after the next
// seat drew past the deadline, a ron after a too-fast tsumo, the drawer's
// own chii, a tsumo and a kan dora read in an extended kong's robbing
// time, a put-back of a riichi and a kong.
func edgeSeeds() [][]Event {
	kong := []Event{tiled(0, 0, Discard, "9m"), ev(300*ms, 1, Pon), tiled(1300*ms, 1, Discard, "1z"), tiled(5300*ms, 2, Discard, "2z"),
		tiled(9300*ms, 3, Discard, "3z"), tiled(13300*ms, 0, Discard, "4z"), tiled(17300*ms, 1, Kan, "9m")}
	dora := Event{At: 17800 * ms, Seat: NoSeat, Action: Dora, Tile: MustTile("4m")}
	return [][]Event{
		{tiled(0, 0, Discard, "5s"), ev(3500*ms, 1, Riichi), ev(4000*ms, 2, Pon)},
		{tiled(0, 0, Discard, "5s"), ev(time.Second, 1, Tsumo), ev(1500*ms, 2, Ron)},
		{tiled(0, 0, Discard, "3p"), ev(time.Second, 1, Riichi), ev(1300*ms, 1, Chii), ev(1500*ms, 2, Pon)},
		append(append([]Event(nil), kong...), ev(17800*ms, 1, Tsumo), ev(18300*ms, 3, Ron)),
		append(append([]Event(nil), kong...), dora, ev(18300*ms, 3, Ron)),
		{tiled(0, 0, Discard, "5s"), ev(time.Second, 1, Riichi), tiled(1100*ms, 1, Kan, "1z"), ev(1500*ms, 2, Pon)},
	}
}

// TestEdgeSeedsRoundTrip: the seeds are the events they stand for.
func TestEdgeSeedsRoundTrip(t *testing.T) {
	for _, evs := range edgeSeeds() {
		got := eventsFromBytes(bytesFromEvents(evs))
		for i := range evs {
			want := evs[i]
			want.Dealer = NoSeat
			if want.Action == Dora {
				want.Seat = NoSeat
			}
			if !reflect.DeepEqual(got[i], want) {
				t.Fatalf("event %d: %+v, want %+v", i, got[i], want)
			}
		}
	}
}

// fuzzHand is a hand's concealed tiles from a byte: complete hands with
// and without yaku, seven pairs, and hands cut short.
func fuzzHand(b byte) []Tile {
	hands := []string{"234m 456p 789s 5p 55z", "23467m 456p 55z 5m", "11223344556677z", "19m19p19s1234567z 1m",
		"234m 234m 234m 22p 99s", "123m 456m 789m 11p", "1112345678999m 5m", "55z"}
	ts, err := tile.ParseHand(hands[int(b>>1)%len(hands)])
	if err != nil {
		panic(err)
	}
	return ts
}

// fuzzValue is a value from a byte: han and fu (some the rules refuse),
// limits, yakuman several times, sometimes with a liable seat.
func fuzzValue(b byte) *HandValue {
	v := &HandValue{Pao: NoSeat}
	switch k := int(b) & 63; {
	case k < 40:
		v.Han, v.Fu = 1+k%5, []int{20, 25, 30, 40, 50, 60, 70, 110}[k/5]
	case k < 45:
		v.Limit = payment.Limit(k - 39)
	case k < 50:
		v.Han = 5 + (k-45)*2
	default:
		v.Limit, v.Yakuman = payment.Yakuman, 1+k%3
	}
	if b&0x40 != 0 {
		v.Pao = Seat(b>>7) * 2 // East or West, liable now and then
	}
	return v
}

// runEvents applies evs and runs time out, checking invariants as it goes.
// With tableLike it advances time to every deadline before the next input,
// as the table does; the outcomes and walls must not depend on that.
func runEvents(t *testing.T, p Profile, evs []Event, tableLike bool) ([]Outcome, []int) {
	e, err := New(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []Outcome
	check := func() {
		st := e.State()
		if st.Wall < 0 || st.Wall > LiveDraws {
			t.Fatalf("wall %d out of range", st.Wall)
		}
		if st.Kongs < 0 || st.Kongs > MaxKongs {
			t.Fatalf("%d kongs", st.Kongs)
		}
		if st.Wall+st.Kongs > LiveDraws {
			t.Fatalf("wall %d + kongs %d > %d", st.Wall, st.Kongs, LiveDraws)
		}
		// A kong that never happened (robbed, or put back) has no kan dora.
		if len(st.Indicators) > 1+st.Kongs {
			t.Fatalf("%d indicators for %d kongs", len(st.Indicators), st.Kongs)
		}
		if p.ClaimChecks {
			// Profiles of old session notes replay the old rulings, a
			// call after the next seat drew among them.
			checkTilesHeld(t, st)
		}
		// The four scores plus the deposits on the table make the start.
		if err := e.CheckInvariant(); err != nil {
			t.Fatal(err)
		}
	}
	var walls []int
	for _, ev := range evs {
		if tableLike {
			for d, ok := e.NextDeadline(); ok && d < ev.At; d, ok = e.NextDeadline() {
				out = e.Advance(d, out)
				check()
			}
		}
		if out, err = e.Apply(ev, out); err != nil {
			t.Fatalf("Apply(%+v): %v", ev, err)
		}
		check()
		walls = append(walls, e.State().Wall)
	}
	for d, ok := e.NextDeadline(); ok; d, ok = e.NextDeadline() {
		out = e.Advance(d, out)
		check()
	}
	return out, append(walls, e.State().Wall)
}

// checkTilesHeld: no seat ever holds a draw the table took back. Every
// tile that left the live wall (a draw, or a tile the dead wall took for a
// kong's replacement) is in a hand, a meld or a river, so the tiles the
// seats hold, melds included, come to 13 each, one more a kong, and one
// more for the seat that is to discard. A call that puts back a too-fast
// draw, a put-back tsumo, a call refused because the next seat drew: each
// keeps this count, or a seat holds a tile too many.
func checkTilesHeld(t *testing.T, st State) {
	t.Helper()
	if st.Ended {
		return // a ron's tile stays in the river; the count is for hands in play
	}
	discards, called := 0, 0
	for _, river := range st.Discards {
		discards += len(river)
		for _, d := range river {
			if d.Called {
				called++
			}
		}
	}
	// Dealt 4*13+1; drawn from the live wall LiveDraws-Wall-Kongs; one
	// replacement a kong.
	held := 4*13 + 1 + (LiveDraws - st.Wall - st.Kongs) + st.Kongs - discards + called
	want := 4*13 + st.Kongs
	if st.Phase == ToDiscard {
		want++
	}
	if held != want {
		t.Fatalf("the seats hold %d tiles, want %d (wall %d, kongs %d, %d discards of which %d called, turn %d phase %d): a seat holds a draw the table took back, or lacks one",
			held, want, st.Wall, st.Kongs, discards, called, st.Turn, st.Phase)
	}
}

// checkDecisions: at most one chii/pon/kan winner per discard (Claimed
// holds the discard's stamp), unless a
// later decision says it overrides the earlier one; times never go back.
func checkDecisions(t *testing.T, out []Outcome) {
	type key struct {
		c    Claimed
		hand int
	}
	hand := 0
	meldWinner := map[key]int{} // discard -> ordinal of its standing meld decision
	var last time.Duration
	for _, o := range out {
		if o.At < last {
			t.Fatalf("outcome at %v after one at %v", o.At, last)
		}
		last = o.At
		if o.Kind == KindHandEnd {
			hand++
		}
		if o.Kind != KindDecision {
			continue
		}
		if len(o.Won) == 0 {
			t.Fatalf("decision without a winner: %+v", o)
		}
		for _, c := range append(append([]Claim(nil), o.Won...), o.Lost...) {
			if c.Call == Ron && c.Late {
				t.Fatalf("a ron flagged late: %+v", o)
			}
			if c.Code == CodeNone && !slicesContain(o.Won, c) {
				t.Fatalf("a lost claim without a rule code: %+v", o)
			}
		}
		if o.Won[0].Call == Ron {
			continue
		}
		if len(o.Won) != 1 {
			t.Fatalf("%d meld winners in one decision", len(o.Won))
		}
		k := key{o.Claimed, hand}
		if prev, ok := meldWinner[k]; ok && o.Overrides != prev {
			t.Fatalf("second meld decision %d on %+v does not override %d", o.Ordinal, o.Claimed, prev)
		}
		meldWinner[k] = o.Ordinal
	}
}

// FuzzEngine applies random event streams under every profile (and the
// ema2016 of old session notes) and checks the invariants, and that replaying the same events decides the same.
func FuzzEngine(f *testing.F) {
	f.Add([]byte{0, 0, 10, 4, 4, 10, 4, 9, 10})
	f.Add([]byte{0, 4, 3, 8, 12, 3, 2, 5, 3, 40, 1, 1, 0, 33, 0, 8, 20, 7})
	f.Add([]byte{0, 16, 1, 0, 36, 2, 10, 4, 3, 2, 17, 3, 2, 18, 3, 2, 19, 3})
	for _, evs := range edgeSeeds() {
		f.Add(bytesFromEvents(evs))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 900 {
			b = b[:900] // 300 events cover a hand; longer inputs only slow the search
		}
		evs := eventsFromBytes(b)
		for _, p := range fuzzProfiles {
			first, walls := runEvents(t, p, evs, false)
			checkDecisions(t, first)
			if again, _ := runEvents(t, p, evs, false); !reflect.DeepEqual(first, again) {
				t.Fatalf("%s: replay differs", p.Name)
			}
			// A replay that advances time as the table does gives the
			// same walls, input by input, and the same outcomes.
			table, tableWalls := runEvents(t, p, evs, true)
			if !reflect.DeepEqual(walls, tableWalls) {
				t.Fatalf("%s: walls %v, replayed with the table's advances %v", p.Name, walls, tableWalls)
			}
			if !reflect.DeepEqual(first, table) {
				t.Fatalf("%s: outcomes differ when time is advanced as the table does", p.Name)
			}
		}
	})
}

// fuzzProfiles are the profiles FuzzEngine plays: each edition with its
// score figures and, as a log from before the score was kept, without.
var fuzzProfiles = func() []Profile {
	var ps []Profile
	for _, n := range ProfileNames() {
		p, err := ProfileByName(n)
		if err != nil {
			panic(err)
		}
		ps = append(ps, p)
	}
	old := EMA2016
	old.Score = nil
	// And ema2016 as notes from before the RCR 2016 correction read.
	return append(ps, old, recorded["ema2016"])
}()

func slicesContain(cs []Claim, c Claim) bool {
	for _, x := range cs {
		if x.Seat == c.Seat && x.Call == c.Call {
			return true
		}
	}
	return false
}
