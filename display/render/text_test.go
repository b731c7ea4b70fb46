package render

import (
	"errors"
	"image"
	"strings"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"

	"rsc.io/qr"
)

func TestWriteText(t *testing.T) {
	for _, tc := range []struct{ scene, want string }{
		{"late_ron_overrides_pon", `| East 1  0 honba  0 riichi  wall 66  turn: -
| scores: seat 0 (E) 30000  seat 1 (S) 30000  seat 2 (W) 30000  seat 3 (N) 30000
| [OVERRIDE] [HAND OVER] RON - West  (7p)
|   PON East lost: a win beats every other claim until the next discard
|   enter the value: West
| dora: 3p>4p
| lights: E:lost(pon) S:- W:won(ron) N:-
`},
		{"kan_dora_prompt", `| East 1  0 honba  0 riichi  wall 67  turn: South
| scores: seat 0 (E) 30000  seat 1 (S) 30000  seat 2 (W) 30000  seat 3 (N) 30000
| [KONG] South: 1 character  (1m)
|   may be robbed: RON only
|   South to discard
| dora: 3p>4p ?>?  REVEAL KAN DORA
| lights: E:- S:turn W:- N:-
`},
		{"idle", `| East 1  0 honba  0 riichi  wall 69  turn: East
| scores: seat 0 (E) 30000  seat 1 (S) 30000  seat 2 (W) 30000  seat 3 (N) 30000
| East 1
|   East to discard
| dora: 3p>4p  join: http://tabled.local:8080/
| lights: E:turn S:- W:- N:-
`},
		{"ron_settled", `| East 1  0 honba  0 riichi  wall 68  turn: -
| scores: Ana (E) 29000  seat 1 (S) 24800  seat 2 (W) 30000  seat 3 (N) 37200
| [HAND OVER] RON - North  (5m)
|   North: 3 han 40 fu = 5200
|   E -1000  S -5200  W ±0  N +7200
| dora: 3p>4p
| lights: E:-+riichi S:- W:- N:won(ron)
`},
		{"ron_hand_settled", `| East 1  0 honba  0 riichi  wall 68  turn: -
| scores: seat 0 (E) 30000  seat 1 (S) 31000  seat 2 (W) 29000  seat 3 (N) 30000
| [HAND OVER] RON - South  (3m)
|   South: 1 han 30 fu = 1000
|   Haku (white dragon) 1
|   E ±0  S +1000  W -1000  N ±0
| dora: 1s>2s
| hand: 12m 456p 55789s win 3m, pon 5z5z5z (from E)
| lights: E:- S:won(ron) W:- N:-
`},
		{"game_end", `| South 4  0 honba  0 riichi  wall 68  turn: -
| scores: seat 0 (E) 36000  seat 1 (S) 26800  Ana (W) 27000  Bartholomew (N) 30200
| [GAME OVER] FINAL STANDINGS
|   1 East 36000 +21.0
|   2 Bartholomew (N) 30200 +5.2
|   3 Ana (W) 27000 -8.0
|   4 South 26800 -18.2
| dora: 3p>4p
| lights: E:- S:- W:- N:won(ron)
`},
		{"idle_paired", `| East 1  0 honba  0 riichi  wall 69  turn: East
| scores: seat 0 (E) 30000  seat 1 (S) 30000  seat 2 (W) 30000  seat 3 (N) 30000
| East 1
|   East to discard
| dora: 3p>4p  join: http://tabled.local:8080/
| pairing code K7P QRM
| lights: E:turn S:- W:- N:-
`},
		{"idle_paired_https", `| East 1  0 honba  0 riichi  wall 69  turn: East
| scores: seat 0 (E) 30000  seat 1 (S) 30000  seat 2 (W) 30000  seat 3 (N) 30000
| East 1
|   East to discard
| dora: 3p>4p  join: http://tabled.local:8080/
| pairing code K7P QRM
| https certificate 3F A2 91 0C 7B E4 55 D1
| lights: E:turn S:- W:- N:-
`},
		{"discard_open_https", `| East 1  0 honba  0 riichi  wall 68  turn: West
| scores: seat 0 (E) 30000  seat 1 (S) 30000  seat 2 (W) 30000  seat 3 (N) 30000
| South: 5 characters  (5m)
|   West to draw
| dora: 3p>4p
| lights: E:- S:- W:turn N:-
`},
	} {
		var sb strings.Builder
		if err := WriteText(&sb, displaytest.Named(t, tc.scene).View(t)); err != nil {
			t.Fatal(err)
		}
		if sb.String() != tc.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tc.scene, sb.String(), tc.want)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestWriteTextError(t *testing.T) {
	err := WriteText(failWriter{}, display.View{})
	if err == nil || !strings.HasPrefix(err.Error(), "render: ") {
		t.Errorf("error %v", err)
	}
}

// TestQRCode: every module of the code is drawn as a square of whole
// pixels, inside a white quiet zone of two modules.
func TestQRCode(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 80, 80))
	c := &canvas{img: img, f: faces{}}
	c.fill(img.Rect, Black)
	if !c.qrCode(img.Rect, displaytest.URL) {
		t.Fatal("the code did not fit")
	}
	code, err := qr.Encode(displaytest.URL, qr.L)
	if err != nil {
		t.Fatal(err)
	}
	n := code.Size + 4
	scale := 80 / n
	o := (80 - n*scale) / 2
	for y := range n * scale {
		for x := range n * scale {
			mx, my := x/scale-2, y/scale-2
			want := White
			if code.Black(mx, my) {
				want = Black
			}
			if got := img.GrayAt(o+x, o+y); got != want {
				t.Fatalf("pixel %d,%d (module %d,%d) is %v", x, y, mx, my, got)
			}
		}
	}
	if c.qrCode(image.Rect(0, 0, 10, 10), displaytest.URL) {
		t.Error("a code was drawn in 10x10 pixels")
	}
}

// TestWriteTextInFrench: the --sim text panel in the table's language:
// its labels, the board's words, a meld as every view lays it, the lights.
func TestWriteTextInFrench(t *testing.T) {
	fr, _ := catalog.Get("fr")
	var b strings.Builder
	if err := WriteText(&b, displaytest.Named(t, "ron_hand_settled").ViewIn(t, fr)); err != nil {
		t.Fatal(err)
	}
	want := `| Est 1  0 honba  0 riichi  mur 68  tour : -
| scores : siège 0 (E) 30000  siège 1 (S) 31000  siège 2 (O) 29000  siège 3 (N) 30000
| [MAIN FINIE] RON - Sud  (3m)
|   Sud : 1 han 30 fu = 1000
|   Haku (dragon blanc) 1
|   E ±0  S +1000  O -1000  N ±0
| dora : 1s>2s
| main : 12m 456p 55789s gagne 3m, pon 5z5z5z (pris à E)
| lumières : E:- S:gagné(ron) O:- N:-
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
