package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/tile"
)

// TestHandLaidOnTheReader: once a seat has won, each read on its discard
// reader is a tile of its hand; the complete count is entered as its Hand
// input (the ron's discard counting as the winning tile, after a tsumo
// the last tile laid), refused with its reason and then laid again from
// the first tile; its cancel takes back the last tile laid; a read on
// another seat's reader, or a typed discard, is refused as before.
func TestHandLaidOnTheReader(t *testing.T) {
	opening := []string{"dora 1s", "E discard 1z", "S discard 2z", "W discard 1m", "N discard 9m", "E discard 3z"}
	tsumo := append(append([]string(nil), opening...), "S riichi", "S discard 9p", "W discard 1m", "N discard 9m", "E discard 2z", "S tsumo")
	ron := []string{"E discard 1s", "S discard 9p", "W discard 9m", "N discard 9m", "E discard 4s", "S ron"}
	for _, tc := range []struct {
		name  string
		steps []string
		// reads are "seat tiles" laid one by one on that seat's reader
		// ("S 234m 5p"), "S cancel" for the seat's cancel button, or
		// "S typed 5p" for a discard typed at the terminal.
		reads []string
		// want are the outcomes of the reads, one per line:
		// "score <seat> win <tile> <value>" or "rejected <seat> <call> <code>".
		want string
		// laid is what State says South has laid at the end.
		laid string
	}{
		{"tsumo: the last tile laid is the drawn tile", tsumo,
			[]string{"S 234m 456p 789s 23s 55z 1s"},
			"score 1 win 1s 4 han 30 fu", ""},
		{"tsumo: laid in another order, another winning tile", tsumo,
			[]string{"S 1s 234m 456p 789s 3s 55z 2s"},
			"score 1 win 2s 4 han 30 fu", ""},
		{"ron: thirteen laid, the discard is the winning tile", ron,
			[]string{"S 234m 456p 555z 23s 99s"},
			"score 1 win 4s 1 han 40 fu", ""},
		{"ron: the discard laid as one of the thirteen leaves a tile out", ron,
			[]string{"S 234m 456p 555z 23s 9s", "S 4s"},
			"rejected 1 hand hand_refused", ""},
		{"refused, then laid again from the first tile", ron,
			[]string{"S 234m 456p 555z 29s 99s", "S 234m", "S 456p 555z 23s 99s"},
			"rejected 1 hand hand_refused\nscore 1 win 4s 1 han 40 fu", ""},
		{"part laid: shown, not entered", ron,
			[]string{"S 234m 456p"},
			"", "234m 456p"},
		{"a tile laid twice and taken back with cancel", ron,
			[]string{"S 234m 4m", "S cancel", "S 456p 555z 23s 99s"},
			"score 1 win 4s 1 han 40 fu", ""},
		{"a tile laid twice completes the count early and is refused", ron,
			[]string{"S 234m 4m 456p 555z 23s 9s"},
			"rejected 1 hand hand_refused", ""},
		{"another seat's reader: a discard refused as before", ron,
			[]string{"S 234m", "W 5p", "S 456p 555z 23s 99s"},
			"rejected 2 discard hand_over\nscore 1 win 4s 1 han 40 fu", ""},
		{"a typed discard is no tile laid", ron,
			[]string{"S typed 5p"},
			"rejected 1 discard hand_over", ""},
		{"after the hand is in, a read is refused as before", ron,
			[]string{"S 234m 456p 555z 23s 99s", "S 5p"},
			"score 1 win 4s 1 han 40 fu\nrejected 1 discard hand_over", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := play(t, tc.steps...)
			at := time.Minute
			var got []string
			for _, r := range tc.reads {
				f := strings.Fields(r)
				w, err := ParseWind(f[0])
				if err != nil {
					t.Fatal(err)
				}
				seat := w.Seat(0)
				var evs []Event
				switch f[1] {
				case "cancel":
					evs = append(evs, Event{Seat: seat, Action: Cancel, Source: SourceSerial, Dealer: NoSeat})
				case "typed":
					evs = append(evs, Event{Seat: seat, Action: Discard, Tile: MustTile(f[2]), Source: SourceTerminal, Dealer: NoSeat})
				default:
					ts, err := tile.ParseHand(strings.Join(f[1:], " "))
					if err != nil {
						t.Fatal(err)
					}
					for _, x := range ts {
						evs = append(evs, Event{Seat: seat, Action: Discard, Tile: x, Source: SourceNFC, Dealer: NoSeat})
					}
				}
				for _, ev := range evs {
					at += time.Second
					ev.At = at
					for _, o := range apply(t, e, ev) {
						got = append(got, laidOutcome(o))
					}
				}
			}
			if g := strings.Join(got, "\n"); g != tc.want {
				t.Errorf("outcomes:\n%s\nwant:\n%s", g, tc.want)
			}
			if g := tile.Format(e.State().Laid[1]); g != tc.laid {
				t.Errorf("South has laid %q, want %q", g, tc.laid)
			}
		})
	}
}

func laidOutcome(o Outcome) string {
	switch o.Kind {
	case KindScore:
		w := o.Score.Wins[0]
		if w.Hand == nil {
			return fmt.Sprintf("score %d without a hand", w.Seat)
		}
		r := w.Hand.Result
		return fmt.Sprintf("score %d win %s %d han %d fu", w.Seat, w.Hand.WinTile, r.Han, r.Fu)
	case KindRejection:
		return fmt.Sprintf("rejected %d %s %s", o.Seat, o.Call, o.Code)
	}
	return fmt.Sprintf("%s %d %s", o.Kind, o.Seat, o.Code)
}

// TestLaidHandState: the state shows what a winner lays and how many
// tiles it lays in all; reads on a seat's reader before the hand ended
// are its discards, as before.
func TestLaidHandState(t *testing.T) {
	e := play(t, "E discard 1s")
	out := apply(t, e, Event{At: 10 * time.Second, Seat: 1, Action: Discard, Tile: MustTile("9p"), Source: SourceNFC, Dealer: NoSeat})
	st := e.State()
	if len(out) != 0 || len(st.Discards[1]) != 1 || st.Discards[1][0].Tile != MustTile("9p") || st.LayCount != [4]int{} {
		t.Fatalf("a read during the hand: %+v, discards %v, lay count %v; want South's discard", out, st.Discards[1], st.LayCount)
	}
	e = play(t, "E discard 1s", "S discard 9p", "W discard 9m", "N discard 9m", "E discard 4s", "S ron")
	apply(t, e, Event{At: time.Minute, Seat: 1, Action: Discard, Tile: MustTile("2m"), Source: SourceNFC, Dealer: NoSeat})
	st = e.State()
	if st.LayCount != [4]int{1: 13} || tile.Format(st.Laid[1]) != "2m" {
		t.Errorf("after a ron, one tile laid: laid %v of %v; want 2m of 13 for South", st.Laid, st.LayCount)
	}
}
