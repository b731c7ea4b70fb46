package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/tile"
)

// play is a hand as a script plays it: seat 0 is East; each step is 4 s
// after the one before (past the call deadline) unless it is a riichi's
// discard or a ron, which come at once.
func play(t testing.TB, steps ...string) *Engine {
	t.Helper()
	return playWith(t, EMA2016, steps...)
}

// playWith is play under profile p.
func playWith(t testing.TB, p Profile, steps ...string) *Engine {
	t.Helper()
	e := newEngine(t, p)
	var out []Outcome
	at := time.Duration(0)
	for _, s := range steps {
		f := strings.Fields(s)
		var v Event
		if f[0] == "dora" {
			v = Event{Seat: NoSeat, Action: Dora, Tile: MustTile(f[1]), Dealer: NoSeat}
		} else {
			w, err := ParseWind(f[0])
			if err != nil {
				t.Fatal(err)
			}
			a, err := ParseAction(f[1])
			if err != nil {
				t.Fatal(err)
			}
			v = ev(0, w.Seat(0), a)
			if len(f) > 2 {
				v.Tile = MustTile(f[2])
			}
		}
		if v.Action != Discard || len(e.h.discards[v.Seat]) > 0 || v.Seat != 0 {
			at += 4 * time.Second
		}
		if v.Action == Ron {
			at -= 3500 * ms
		}
		v.At = at
		var err error
		if out, err = e.Apply(v, out); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	e.Advance(at+time.Second, out) // the last window closes
	return e
}

// TestSituationDerived: what the table saw of a win, derived from play.
func TestSituationDerived(t *testing.T) {
	opening := []string{"dora 1s", "E discard 1z", "S discard 2z", "W discard 1m", "N discard 9m", "E discard 3z"}
	for _, tc := range []struct {
		name  string
		steps []string
		seat  Seat
		want  Situation
	}{
		{"riichi ippatsu tsumo", append(append([]string(nil), opening...), "S riichi", "S discard 9p", "W discard 1m", "N discard 9m", "E discard 2z", "S tsumo"),
			1, Situation{Tsumo: true, From: NoSeat, Discard: NoTile, Riichi: true, Ippatsu: true, SeatWind: South}},
		{"a call ends the ippatsu", append(append([]string(nil), opening...), "S riichi", "S discard 9p", "W discard 5z", "E pon", "E discard 6z", "S tsumo"),
			1, Situation{Tsumo: true, From: NoSeat, Discard: NoTile, Riichi: true, SeatWind: South}},
		{"the declarer's next discard ends the ippatsu", append(append([]string(nil), opening...), "S riichi", "S discard 9p", "W discard 1m", "N discard 9m", "E discard 2z", "S discard 7z", "W discard 4s", "S ron"),
			1, Situation{From: 2, Discard: MustTile("4s"), Riichi: true, SeatWind: South}},
		{"double riichi, ron within the go-around", []string{"E discard 1z", "S riichi", "S discard 9p", "W discard 4s", "S ron"},
			1, Situation{From: 2, Discard: MustTile("4s"), Riichi: true, DoubleRiichi: true, Ippatsu: true, SeatWind: South}},
		{"a concealed kong ends the first go-around", []string{"E discard 1z", "S kan 9m", "S discard 1m", "W riichi", "W discard 2m", "N tsumo"},
			3, Situation{Tsumo: true, From: NoSeat, Discard: NoTile, SeatWind: North}},
		{"rinshan", []string{"E discard 1z", "S kan 9m", "S tsumo"},
			1, Situation{Tsumo: true, From: NoSeat, Discard: NoTile, Rinshan: true, SeatWind: South}},
		{"tenhou", []string{"E tsumo"},
			0, Situation{Tsumo: true, From: NoSeat, Discard: NoTile, FirstTurn: true, SeatWind: East}},
		{"renhou", []string{"E discard 3p", "W ron"},
			2, Situation{From: 0, Discard: MustTile("3p"), FirstTurn: true, SeatWind: West}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := play(t, tc.steps...)
			st := e.State()
			got := st.Seen[tc.seat]
			if got == nil {
				t.Fatalf("no situation for seat %d: %+v", tc.seat, st)
			}
			g := *got
			g.DiscardAt = 0
			if g != tc.want {
				t.Errorf("situation %+v, want %+v", g, tc.want)
			}
		})
	}
}

// TestFuritenFlagged: a ron is furiten by its own discard, by a tile
// passed since its last discard, or passed since its riichi; not by a tile
// passed before its last discard without riichi.
func TestFuritenFlagged(t *testing.T) {
	hand := "234m 456p 555z 23s 99s 4s" // haku; waits 1s-4s, wins on 4s
	for _, tc := range []struct {
		name  string
		steps []string
		want  string // in the preview's furiten, "" for none
	}{
		{"own discard", []string{"E discard 1z", "S discard 1s", "W discard 9m", "N discard 9m", "E discard 4s", "S ron"}, "discarded 1s itself"},
		{"passed since its last discard", []string{"E discard 1z", "S discard 9p", "W discard 1s", "N discard 9m", "E discard 4s", "S ron"}, "let West's 1s pass"},
		{"passed before its last discard", []string{"E discard 1s", "S discard 9p", "W discard 9m", "N discard 9m", "E discard 4s", "S ron"}, ""},
		{"passed since its riichi", []string{"E discard 1z", "S riichi", "S discard 9p", "W discard 1s", "N discard 9m", "E discard 2z", "S discard 7z", "W discard 9m", "N discard 9m", "E discard 4s", "S ron"}, "let West's 1s pass"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := play(t, tc.steps...)
			ts, err := tile.ParseHand(hand)
			if err != nil {
				t.Fatal(err)
			}
			wh, err := e.State().ScoreHand(1, ts, NoTile)
			if err != nil {
				t.Fatalf("ScoreHand: %v", err)
			}
			if (tc.want == "") != (wh.Furiten == "") || !strings.Contains(wh.Furiten, tc.want) {
				t.Errorf("furiten %q, want %q", wh.Furiten, tc.want)
			}
		})
	}
}

// TestUraFromTheDoraReader: after a riichi win, a read on the dora reader
// when no dora indicator is due is an ura dora indicator; under a profile
// without hand rules (an older session note) it is refused as before.
func TestUraFromTheDoraReader(t *testing.T) {
	steps := []string{"dora 1s", "E discard 1z", "S discard 2z", "W discard 1m", "N discard 9m", "E discard 3z",
		"S riichi", "S discard 9p", "W discard 1m", "N discard 9m", "E discard 2z", "S tsumo"}
	read := Event{At: 60 * time.Second, Seat: NoSeat, Action: Dora, Tile: MustTile("3p"), Source: SourceNFC, Dealer: NoSeat}
	e := play(t, steps...)
	out := apply(t, e, read)
	if len(out) != 0 || len(e.State().Ura) != 1 {
		t.Fatalf("a read after the riichi win: %+v, ura %v; want it taken as the ura indicator", out, e.State().Ura)
	}
	if out = apply(t, e, Event{At: 61 * time.Second, Seat: NoSeat, Action: Dora, Tile: MustTile("4p"), Source: SourceNFC, Dealer: NoSeat}); len(out) != 1 || out[0].Code != CodeNoDoraDue {
		t.Errorf("a second read with one indicator: %+v, want no dora due", out)
	}
	ts, _ := tile.ParseHand("234m 456p 789s 123s 55z")
	if out = apply(t, e, Event{At: 62 * time.Second, Seat: 1, Action: Hand, Hand: ts, Tile: MustTile("1s"), Dealer: NoSeat}); len(out) != 1 || out[0].Kind != KindScore {
		t.Fatalf("the hand: %+v", out)
	}
	if y := out[0].Score.Wins[0].Hand.Result.Yaku; fmt.Sprint(y) != "[{menzen_tsumo 1} {riichi 1} {ippatsu 1} {dora 1} {ura_dora 1}]" {
		t.Errorf("yaku %v", y)
	}

	p := EMA2016
	p.Hand = nil
	if out := apply(t, playWith(t, p, steps...), read); len(out) != 1 || out[0].Code != CodeNoDoraDue {
		t.Errorf("without hand rules: %+v, want the read refused", out)
	}
}

// BenchmarkPreview: what a tablet's preview costs the server: the table's
// state scores a proposed hand (a riichi ippatsu tsumo with an ura read).
func BenchmarkPreview(b *testing.B) {
	e := play(b, "dora 1s", "E discard 1z", "S discard 2z", "W discard 1m", "N discard 9m", "E discard 3z",
		"S riichi", "S discard 9p", "W discard 1m", "N discard 9m", "E discard 2z", "S tsumo")
	apply(b, e, Event{At: time.Hour, Seat: NoSeat, Action: Ura, Tile: MustTile("3p"), Dealer: NoSeat})
	st := e.State()
	hand, err := tile.ParseHand("234m 456p 789s 123s 55z")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.ScoreHand(1, hand, MustTile("1s")); err != nil {
			b.Fatal(err)
		}
	}
}
