package render

import (
	"image"
	"testing"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// glyphPixels draws r alone in a 7x13 cell with f and returns the cell.
func glyphPixels(f font.Face, r rune) *image.Alpha {
	img := image.NewAlpha(image.Rect(0, 0, 7, 13))
	d := font.Drawer{Dst: img, Src: image.Opaque, Face: f, Dot: fixed.P(0, 11)}
	d.DrawString(string(r))
	return img
}

// The panel's goldens were drawn with basicfont's 7x13: every ASCII glyph
// of the wider font is the same to the pixel, so no frame changes.
func TestSmallFontKeepsASCII(t *testing.T) {
	f, err := newSmall()
	if err != nil {
		t.Fatal(err)
	}
	for r := rune(0x20); r < 0x7f; r++ {
		got, want := glyphPixels(f, r), glyphPixels(basicfont.Face7x13, r)
		if string(got.Pix) != string(want.Pix) {
			t.Errorf("%q differs from basicfont's 7x13", r)
		}
	}
}

// A name or a French word is drawn with its own letters: each accented
// letter has a glyph of its own, not the replacement box and not its
// bare base letter.
func TestSmallFontDrawsAccents(t *testing.T) {
	f, err := newSmall()
	if err != nil {
		t.Fatal(err)
	}
	box := glyphPixels(f, 0xfffd)
	for _, r := range "éèêëàâçîïôûùüÿœæßñøłŁŒÆÉÈÀÇÔØÅåáíóúýžšřčěňůőűąęśźżğışđ€…«»’·–—" {
		g := glyphPixels(f, r)
		if string(g.Pix) == string(box.Pix) {
			t.Errorf("%q is drawn as the replacement box", r)
		}
		if _, _, _, _, ok := f.Glyph(fixed.P(0, 11), r); !ok {
			t.Errorf("%q has no glyph", r)
		}
	}
	if string(glyphPixels(f, 'é').Pix) == string(glyphPixels(f, 'e').Pix) {
		t.Error("é is drawn as a bare e")
	}
	if w := width("Chloé Lefèvre", f); w != 13*7 {
		t.Errorf("width of a 13-letter name = %d px, want %d (7 a letter)", w, 13*7)
	}
}

// Every size of Go Bold the panels draw (headlines, standings, the kan
// dora prompt, tile faces' "?") has the letters of Latin-1 and Latin
// Extended-A: a French headline ("VÉRIFIER", "RÉVÉLER") or a name
// ("Łucja", "Søren") is drawn with its own letters at every size, not
// with a box.
func TestBoldCoversLatin(t *testing.T) {
	f := faces{}
	for _, px := range []int{24, 20, 17, 16, 14, 12, 10, 9} {
		face := f.get(px)
		if face == small {
			t.Fatalf("Go Bold %d px could not be had", px)
		}
		for r := rune(0xa1); r < 0x180; r++ {
			if !unicode.IsPrint(r) || r == 0xad { // the soft hyphen is drawn as nothing
				continue
			}
			if _, ok := face.GlyphAdvance(r); !ok {
				t.Errorf("Go Bold %d px has no glyph for %q (%U)", px, r, r)
			}
		}
	}
}
