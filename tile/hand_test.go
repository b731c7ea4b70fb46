package tile

import (
	"strings"
	"testing"
)

func TestParseHand(t *testing.T) {
	for _, tc := range []struct {
		name, in, format string
		n                int
	}{
		{"groups with spaces", "234m 456p 789s 5p 55z", "234m 4556p 789s 55z", 12},
		{"groups without spaces", "234m456p789s5p55z", "234m 4556p 789s 55z", 12},
		{"red five sorts before its fives", "505m", "055m", 3},
		{"red fives of every suit", "0m0p0s", "0m 0p 0s", 3},
		{"honours only", "1234567z", "1234567z", 7},
		{"unsorted input comes back sorted", "9s 1m 7z 1m", "11m 9s 7z", 4},
		{"tabs and newlines between groups", "12m\t3p\n4s", "12m 3p 4s", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := ParseHand(tc.in)
			if err != nil {
				t.Fatalf("ParseHand(%q): %v", tc.in, err)
			}
			if len(h) != tc.n {
				t.Errorf("ParseHand(%q): %d tiles, want %d", tc.in, len(h), tc.n)
			}
			if got := Format(h); got != tc.format {
				t.Errorf("Format(ParseHand(%q)) = %q, want %q", tc.in, got, tc.format)
			}
			again, err := ParseHand(Format(h))
			if err != nil || Format(again) != tc.format {
				t.Errorf("ParseHand(Format) = %v, %v: not the inverse", again, err)
			}
		})
	}
}

func TestParseHandKeepsOrder(t *testing.T) {
	h, err := ParseHand("9s 1m 0p")
	if err != nil {
		t.Fatal(err)
	}
	if h[0] != MustTile("9s") || h[1] != MustTile("1m") || h[2] != MustTile("0p") {
		t.Errorf("ParseHand reordered the tiles: %v", h)
	}
}

func TestParseHandErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "holds no tiles"},
		{"   ", "holds no tiles"},
		{"234", `group 1 "234" has no suit letter`},
		{"234 m", `group 1 "234" has no suit letter`},
		{"234m 56", `group 2 "56" has no suit letter`},
		{"m", `group 1 "m" has a suit letter but no ranks`},
		{"12m p", `group 2 "p" has a suit letter but no ranks`},
		{"123m 8z", `group 2 "8z": 8z is not a tile`},
		{"0z", `group 1 "0z": 0z is not a tile`},
		{"12m 3x", `group 2: "x" is not a rank`},
		{"1M", `group 1: "M" is not a rank`},
	} {
		_, err := ParseHand(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseHand(%q) = %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

func TestFormatUnknown(t *testing.T) {
	if got := Format([]Tile{NoTile, MustTile("3p"), MustTile("1p")}); got != "13p ?" {
		t.Errorf("Format with NoTile = %q", got)
	}
	if got := Format(nil); got != "" {
		t.Errorf("Format(nil) = %q", got)
	}
}

// FuzzParseHand: ParseHand never panics, and what it accepts Format writes
// back as a hand that parses to the same tiles.
func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"234m 456p 789s 5p 55z", "0m0p0s", "12", "8z", "m", "1234567z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHand(s)
		if err != nil {
			return
		}
		again, err := ParseHand(Format(h))
		if err != nil {
			t.Fatalf("ParseHand(Format(%v)) = %v", h, err)
		}
		if Format(again) != Format(h) || len(again) != len(h) {
			t.Fatalf("round trip %q -> %q", Format(h), Format(again))
		}
	})
}
