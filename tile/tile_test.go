package tile

import "testing"

func TestParseTileRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		in   string
		kind int
		red  bool
	}{
		{"1m", 0, false},
		{"9m", 8, false},
		{"0m", 4, true},
		{"5p", 13, false},
		{"0p", 13, true},
		{"9s", 26, false},
		{"1z", 27, false},
		{"4z", 30, false},
		{"5z", 31, false},
		{"7z", 33, false},
	} {
		tl, err := ParseTile(tc.in)
		if err != nil {
			t.Fatalf("ParseTile(%q): %v", tc.in, err)
		}
		if tl.Kind() != tc.kind || tl.Red() != tc.red || tl.String() != tc.in {
			t.Errorf("%q: kind %d red %v string %q", tc.in, tl.Kind(), tl.Red(), tl.String())
		}
	}
}

func TestParseTileErrors(t *testing.T) {
	for _, in := range []string{"", "1", "m1", "10m", "8z", "0z", "1x", "11", "5M", "ab"} {
		if _, err := ParseTile(in); err == nil {
			t.Errorf("ParseTile(%q) accepted a bad tile", in)
		}
	}
}

// TestRuleDoraFollowsIndicator: "The dora is the tile after the indicator:
// 1-9 in a suit wraps 9 -> 1; winds E -> S -> W -> N -> E; dragons white ->
// green -> red -> white."
func TestRuleDoraFollowsIndicator(t *testing.T) {
	for _, tc := range []struct{ ind, dora string }{
		{"1m", "2m"}, {"8m", "9m"}, {"9m", "1m"}, {"9p", "1p"}, {"9s", "1s"}, {"0s", "6s"}, {"4p", "5p"},
		{"1z", "2z"}, {"2z", "3z"}, {"3z", "4z"}, {"4z", "1z"},
		{"5z", "6z"}, {"6z", "7z"}, {"7z", "5z"},
	} {
		if got := MustTile(tc.ind).Dora(); got.String() != tc.dora {
			t.Errorf("indicator %s: dora %s, want %s", tc.ind, got, tc.dora)
		}
	}
}
