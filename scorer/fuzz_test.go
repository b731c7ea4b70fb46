package scorer_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/tabled/tabled/engine"
	. "github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

// completeHand builds a complete hand from b: four sets (a chow or a pung,
// concealed or called, or a kong) and a pair, the winning tile and the
// situation; false when b asks for a fifth tile of a kind.
func completeHand(b []byte) (Win, bool) {
	for len(b) < 12 {
		b = append(b, byte(len(b)*37))
	}
	var held [34]int
	take := func(k, n int) bool {
		held[k] += n
		return held[k] <= 4
	}
	tl := func(k int) tile.Tile { return tile.Tile(k + 1) }
	w := Win{SeatWind: tl(27 + int(b[0]&3)), RoundWind: tl(27 + int(b[0]>>2&1))}
	for i := range 4 {
		x := b[1+i]
		k := int(x>>2) % 34
		switch x & 3 {
		case 0, 1: // a chow, concealed or called
			if k >= 27 || k%9 > 6 {
				k = k%7 + 9*(k%3)
			}
			if !take(k, 1) || !take(k+1, 1) || !take(k+2, 1) {
				return w, false
			}
			if x&3 == 1 {
				w.Melds = append(w.Melds, Meld{Kind: Chii, Tiles: []tile.Tile{tl(k + 1), tl(k), tl(k + 2)}})
			} else {
				w.Concealed = append(w.Concealed, tl(k), tl(k+1), tl(k+2))
			}
		case 2: // a concealed pung
			if !take(k, 3) {
				return w, false
			}
			w.Concealed = append(w.Concealed, tl(k), tl(k), tl(k))
		case 3: // a called pung or a kong
			kind := []MeldKind{Pon, OpenKan, ClosedKan}[int(b[5+i])%3]
			n := 3
			if kind != Pon {
				n = 4
			}
			if !take(k, n) {
				return w, false
			}
			m := Meld{Kind: kind}
			for range n {
				m.Tiles = append(m.Tiles, tl(k))
			}
			w.Melds = append(w.Melds, m)
		}
	}
	pair := int(b[9]) % 34
	if !take(pair, 2) {
		return w, false
	}
	w.Concealed = append(w.Concealed, tl(pair), tl(pair))
	w.WinTile = w.Concealed[int(b[10])%len(w.Concealed)]
	f := b[11]
	w.Tsumo = f&1 != 0
	closed := true
	for _, m := range w.Melds {
		closed = closed && m.Kind == ClosedKan
	}
	w.Riichi = f&2 != 0 && closed
	w.Ippatsu = w.Riichi && f&4 != 0
	w.LastTile = f&8 != 0
	w.Rinshan = w.Tsumo && f&16 != 0
	w.Chankan = !w.Tsumo && f&32 != 0
	if len(b) > 12 {
		w.Indicators = []tile.Tile{tl(int(b[12]) % 34)}
		if !take(int(b[12])%34, 1) {
			return w, false
		}
	}
	return w, true
}

// FuzzScore: a complete hand is always read (scored, or refused for no
// yaku), never panics, scores the same whatever the order of its tiles,
// and gives a value the payment rules accept; random text into
// tile.ParseHand and then Score never panics either.
func FuzzScore(f *testing.F) {
	rules, _ := Profile("ema2016")
	pay, _ := engine.ScoreFigures("ema2016")
	f.Add([]byte{0, 8, 40, 70, 110, 0, 1, 2, 5, 3, 1}, "123m 456p 789s 55m 234s")
	f.Add([]byte{5, 3, 7, 11, 15, 2, 1, 0, 20, 1, 3}, "11123455678999m")
	f.Add([]byte{0, 110, 114, 118, 122, 0, 0, 0, 4, 3, 0, 9}, "119m19p19s1234567z")
	f.Fuzz(func(t *testing.T, b []byte, text string) {
		if hand, err := tile.ParseHand(text); err == nil {
			w := Win{Concealed: hand, WinTile: hand[len(hand)-1], SeatWind: tile.MustTile("1z"), RoundWind: tile.MustTile("1z")}
			_, _ = Score(w, rules, pay)
			_ = Waits(hand, nil)
		}
		w, ok := completeHand(b)
		if !ok {
			return
		}
		res, err := Score(w, rules, pay)
		var r *Refusal
		if err != nil {
			if !errors.As(err, &r) || r.Code != NoYaku {
				t.Fatalf("complete hand %s %v refused: %v", tile.Format(w.Concealed), w.Melds, err)
			}
		} else if err := pay.Check(res.Value, w.Tsumo); err != nil {
			t.Fatalf("hand %s %v: value %v is not one payment takes: %v", tile.Format(w.Concealed), w.Melds, res.Value, err)
		}
		// The same tiles in another order.
		again := w
		again.Concealed = append([]tile.Tile(nil), w.Concealed...)
		for i, j := 0, len(again.Concealed)-1; i < j; i, j = i+1, j-1 {
			again.Concealed[i], again.Concealed[j] = again.Concealed[j], again.Concealed[i]
		}
		if n := len(b) % len(again.Concealed); n > 0 {
			again.Concealed = append(again.Concealed[n:], again.Concealed[:n]...)
		}
		res2, err2 := Score(again, rules, pay)
		if !reflect.DeepEqual(res, res2) || (err == nil) != (err2 == nil) {
			t.Fatalf("order changed the result: %+v, %v then %+v, %v", res, err, res2, err2)
		}
		// One tile taken out: it is among the waits of what is left.
		left := append([]tile.Tile(nil), w.Concealed...)
		i := len(b) % len(left)
		out := left[i]
		left = append(left[:i], left[i+1:]...)
		found := false
		for _, x := range Waits(left, w.Melds) {
			found = found || x.SameKind(out)
		}
		if !found {
			t.Fatalf("%s %v: %s is not among the waits %v", tile.Format(left), w.Melds, out, Waits(left, w.Melds))
		}
	})
}
