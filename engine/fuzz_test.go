package engine

import (
	"reflect"
	"testing"
	"time"
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
		case Dora:
			e.Seat = NoSeat
			if !e.Tile.Known() {
				e.Tile = MustTile("5z")
			}
		case NewHand:
			e.Seat = NoSeat
			if b[2]&0x80 != 0 {
				e.Dealer = Seat(b[2] & 3)
			}
		}
		evs = append(evs, e)
		b = b[3:]
	}
	return evs
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
		checkTilesHeld(t, st)
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
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 900 {
			b = b[:900] // 300 events cover a hand; longer inputs only slow the search
		}
		evs := eventsFromBytes(b)
		for _, p := range []Profile{WRC2015, EMA2016, EMA2008, recorded["ema2016"]} {
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

func slicesContain(cs []Claim, c Claim) bool {
	for _, x := range cs {
		if x.Seat == c.Seat && x.Call == c.Call {
			return true
		}
	}
	return false
}
