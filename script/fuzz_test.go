package script_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
)

// FuzzParse: any bytes either parse, and then run deterministically, or
// give an error that names a line. It never panics.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.tbl"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("rules ema2008\nwindow 1ns\n@0ms E discard 0p\n+1ns S chii 46p\n"))
	f.Add([]byte("@5s W pon\n@1s E discard\n"))
	f.Add([]byte("@0ms E riichi\n+0ms E discard 1z\n+1s S discard 1m\n+500ms E ron\n+1s ura 3p\n+1s E hand 234m 456p 789s 11z 23m win 1m\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := script.Parse(bytes.NewReader(b))
		if err != nil {
			var se *script.Error
			if !errors.As(err, &se) || se.Line < 1 || !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		if len(s.Steps) > 2000 {
			return // long but valid: running it proves nothing new
		}
		var a, c bytes.Buffer
		if err := script.WriteJSON(s, &a); err != nil {
			t.Fatalf("a parsed script failed to run: %v", err)
		}
		if err := script.WriteJSON(s, &c); err != nil || a.String() != c.String() {
			t.Fatalf("two runs differ")
		}
	})
}

func TestParseErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"@0ms E discard 3p\n+1s X pon\n", `line 2: "X" is not a seat wind`},
		{"# c\n\n@0ms E discard 3q\n", `line 3: discard: "3q" is not a tile`},
		{"@0ms E pong\n", `line 1: unknown action "pong"`},
		{"@2s E discard\n@1s S pon\n", "line 2: time \"@1s\" (1s) is before the previous line's 2s"},
		{"@0ms E discard\nrules ema2008\n", `line 2: header "rules" must come before`},
		{"rules wrc\n", `line 1: unknown rules "wrc" (known: ema2008, ema2016, wrc2015)`},
		{"window -5ms\n", `line 1: window "-5ms" is not a duration like 250ms`},
		{"dealer 4\n", `line 1: dealer "4" is not a seat 0..3`},
		{"@0ms E tsumo\n+1s E hand\n", `line 2: hand needs the concealed tiles`},
		{"@0ms E tsumo\n+1s E hand 234x\n", `line 2: hand: `},
		{"@0ms E tsumo\n+1s E hand 234m win 5q\n", `line 2: hand: win "5q" is not a tile`},
		{"@0ms E tsumo\n+1s E hand 11112222333344445m\n", `line 2: hand: 17 tiles, more than a hand holds`},
		{"@0ms E tsumo\n+1s ura\n", `line 2: ura takes one tile`},
		{"@0ms E tsumo\n+1s E ura 3p\n", `line 2: unknown action "ura"`},
		{"E discard 3p\n", `line 1: "E" is neither a header`},
		{"@0ms\n", "line 1: a time needs an action"},
		{"@0ms dora\n", "line 1: dora takes one tile"},
		{"@0ms newhand dealer 9\n", `line 1: newhand dealer "9" is not a seat`},
		{"@0ms S chii 2p\n", "line 1: chii shows two tiles"},
		{"@0ms E discard 1m 2m\n", "line 1: discard takes at most 1 tile"},
		{"@0ms S ron 1m\n", "line 1: ron takes at most 0 tile"},
		{"@0ms E\n", "line 1: seat E needs an action"},
		{"@0ms E discard 3p arrives 600ms\n", `line 1: arrives "600ms" is not a delay like +600ms`},
		{"@0ms E discard 3p arrives +0ms\n", `line 1: arrives "+0ms" is not a delay`},
		{"@0ms E discard 3p arrives\n", `line 1: discard: "arrives" is not a tile`},
		{"wait_bound 6s\n", `line 1: wait_bound "6s" is not a duration like 500ms, more than 0 and at most 5s`},
		{"points 30050\n", `line 1: points "30050" is not a positive number of points`},
		{"scores 1 2 3\n", `line 1: header "scores" takes 4 value(s), got 3`},
		{"scores 25000 x 25000 25000\n", `line 1: scores: "x" is not a number of points`},
		{"round S5\n", `line 1: round "S5" is not a round wind and hand like E1`},
		{"honba -1\n", `line 1: honba "-1" is not a number 0..100`},
		{"# c\ngame hanchan2\n", `line 2: game "hanchan2" is not hanchan, tonpuu or open`},
		{"aka 2\n", `line 1: aka "2" is not a number of red fives`},
		{"@0ms E discard\nsticks 1\n", `line 2: header "sticks" must come before`},
		{"@0ms W value 3\n", "line 1: value: 3 han needs its fu"},
		{"@0ms W value lots\n", "line 1: value: \"lots\" is neither a limit"},
		{"@0ms W value yakuman pao X\n", `line 1: value: pao "X" is not a seat wind`},
		{"@0ms W name \x01\n", "line 1: name: a name cannot hold control characters"},
	} {
		_, err := script.Parse(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestParseHeadersAndTimes(t *testing.T) {
	s, err := script.Parse(strings.NewReader("rules ema2008 # old\nwindow 100ms\ndealer 3\n@1.5s E discard 0m\n+250ms S chii 46m\n+0ms newhand dealer 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Profile.Name != "ema2008" || s.Profile.Window.String() != "100ms" || s.Dealer != 3 || len(s.Steps) != 3 {
		t.Fatalf("%+v", s)
	}
	if s.Steps[1].At.String() != "1.75s" || s.Steps[1].Shown[1].String() != "6m" || s.Steps[2].Dealer != 1 || s.Steps[0].Tile.String() != "0m" {
		t.Fatalf("steps: %+v", s.Steps)
	}
}

func TestParseScoreHeaders(t *testing.T) {
	s, err := script.Parse(strings.NewReader("points 25000\nscores 25000 24000 31000 20000\nround S2\nhonba 2\nsticks 1\ngame tonpuu\naka 3\n" +
		"@0ms E discard 1z\n+1s S name Ana Lopes\n+1s W value yakuman 2 pao n\n+1s N value 3 40\n+1s E chombo\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := s.Profile.Score
	if r.StartPoints != 25000 || r.Game.String() != "tonpuu" || r.Aka != 3 || s.Start.Scores != [4]int{25000, 24000, 31000, 20000} ||
		s.Start.RoundWind != engine.South || s.Start.HandNumber != 2 || s.Start.Honba != 2 || s.Start.Sticks != 1 {
		t.Fatalf("headers: %+v %+v", r, s.Start)
	}
	if def, _ := engine.ProfileByName("ema2016"); def.Score.StartPoints != 30000 || def.Score.Game.String() != "hanchan" {
		t.Fatal("a script's headers changed the registry's figures")
	}
	st := s.Steps
	if st[1].Name != "Ana Lopes" || st[2].Value.Yakuman != 2 || *st[2].Pao != engine.North || st[3].Value.Han != 3 || st[3].Value.Fu != 40 || st[4].Action != engine.Chombo {
		t.Fatalf("steps: %+v", st)
	}
	if ev := st[2].Event(1); ev.Value.Pao != 0 || ev.Seat != 3 {
		t.Fatalf("pao North with dealer 1 is seat 0, West seat 3: %+v", ev)
	}
}

// TestHugeTimesAreRefused: stamps and windows that would overflow the
// engine's arithmetic are errors with a line, never a hang.
func TestHugeTimesAreRefused(t *testing.T) {
	for _, in := range []string{"window 2000000h\n", "@2000000h E discard\n", "@8000h E discard\n+8000h S discard\n", "window 61s\n"} {
		if _, err := script.Parse(strings.NewReader(in)); err == nil || !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("Parse(%q) = %v, want a line error", in, err)
		}
	}
}
