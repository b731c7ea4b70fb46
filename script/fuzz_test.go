package script_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

// TestHugeTimesAreRefused: stamps and windows that would overflow the
// engine's arithmetic are errors with a line, never a hang.
func TestHugeTimesAreRefused(t *testing.T) {
	for _, in := range []string{"window 2000000h\n", "@2000000h E discard\n", "@8000h E discard\n+8000h S discard\n", "window 61s\n"} {
		if _, err := script.Parse(strings.NewReader(in)); err == nil || !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("Parse(%q) = %v, want a line error", in, err)
		}
	}
}
