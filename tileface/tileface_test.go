package tileface

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/masks.txt from the current faces (look at it before committing)")

// TestFaces: every tile has a face; each shape's path data reads back to
// the same path (the page draws D, the panel the parsed path); a code that
// is no tile has none.
func TestFaces(t *testing.T) {
	if len(Codes) != 37 {
		t.Fatalf("%d codes, want 37 (27 suited, 3 red fives, 7 honours)", len(Codes))
	}
	for _, c := range Codes {
		shapes, ok := Shapes(c)
		if !ok || len(shapes) == 0 {
			t.Fatalf("%s has no face", c)
		}
		for _, s := range shapes {
			segs, err := parsePath(s.D, place{s: 1})
			if err != nil {
				t.Fatalf("%s: %v", c, err)
			}
			if got := data(segs); got != s.D {
				t.Errorf("%s: %q reads back as %q", c, s.D, got)
			}
			if !strings.HasPrefix(s.Colour, "#") || s.Width < 0 {
				t.Errorf("%s: shape %+v", c, s)
			}
		}
	}
	for _, c := range []string{"", "1", "8z", "1x", "x1"} {
		if _, ok := Shapes(c); ok {
			t.Errorf("%q has a face", c)
		}
	}
	if Mask("8z", 10, 10) != nil {
		t.Error("Mask of 8z is not nil")
	}
}

// TestParsePathErrors: a mistake in a face's path data is named.
func TestParsePathErrors(t *testing.T) {
	for _, d := range []string{"", "L1 1", "M1", "M1 x", "Q1 1", "M0 0 Z 3 4", "M0 0 C1 1 2 2"} {
		if _, err := parsePath(d, place{s: 1}); err == nil || !strings.Contains(err.Error(), "tileface: path") {
			t.Errorf("parsePath(%q) = %v, want an error naming the path", d, err)
		}
	}
}

// TestMasks: each face rasterized at the panel's dora size, as text (#
// where the mask is over half opaque), against testdata/masks.txt. Every
// face inks some pixels and leaves the border clear.
func TestMasks(t *testing.T) {
	if runtime.GOARCH != "amd64" && !*update {
		// Go may fuse a multiply and an add elsewhere (arm64), which can
		// move an edge across the threshold.
		t.Skipf("testdata/masks.txt is drawn on amd64, this is %s", runtime.GOARCH)
	}
	var b strings.Builder
	for _, c := range Codes {
		m := Mask(c, 18, 24)
		b.WriteString(c + "\n")
		inked := 0
		for y := range 24 {
			for x := range 18 {
				ch := byte('.')
				if m.AlphaAt(x, y).A >= 0x80 {
					ch = '#'
					inked++
					if x == 0 || y == 0 || x == 17 || y == 23 {
						t.Errorf("%s inks the border at %d,%d", c, x, y)
					}
				}
				b.WriteByte(ch)
			}
			b.WriteByte('\n')
		}
		if inked < 12 {
			t.Errorf("%s inks %d pixels of 18x24", c, inked)
		}
	}
	path := filepath.Join("testdata", "masks.txt")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("masks differ from %s (go test ./tileface/ -run TestMasks -update rewrites it: look at it first)", path)
	}
}
