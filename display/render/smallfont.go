package render

import (
	"embed"
	"fmt"
	"image"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/plan9font"
	"golang.org/x/image/math/fixed"
)

// The small font is the public-domain "fixed" 7x13, the same face as
// basicfont.Face7x13 for ASCII, but with every letter a European name or
// a French sentence needs: Latin-1 and Latin Extended-A (é, è, à, ç, œ, ß,
// ñ, ø, ł, ...) and the general punctuation (dashes, quotes, "…", "·"), so
// "Chloé" is drawn as written and not with a replacement box.

//go:embed fixed/7x13.*
var fixedFiles embed.FS

// smallRanges are the runes the small font draws; any other is drawn as
// U+FFFD, the last glyph.
var smallRanges = [][2]rune{
	{0x20, 0x7f},     // ASCII
	{0xa0, 0x180},    // Latin-1 Supplement, Latin Extended-A
	{0x2010, 0x2028}, // dashes, quotes, bullets, "…"
	{0x20ac, 0x20ad}, // €
	{0xfffd, 0xfffe}, // the replacement glyph
}

// smallIndex is the Plan 9 font file naming the subfonts for those ranges.
const smallIndex = `13 11
0x0000 0x00FF 7x13.0000
0x0100 0x01FF 7x13.0100
0x2000 0x20FF 7x13.2000
`

// newSmall reads the subfonts and draws every rune of smallRanges into
// one mask, so the face is a basicfont.Face: safe for concurrent use and
// as cheap to draw with as basicfont's own.
func newSmall() (*basicfont.Face, error) {
	const adv, height, ascent = 7, 13, 11
	src, err := plan9font.ParseFont([]byte(smallIndex), func(name string) ([]byte, error) {
		return fixedFiles.ReadFile("fixed/" + name)
	})
	if err != nil {
		return nil, fmt.Errorf("render: small font: %w", err)
	}
	var ranges []basicfont.Range
	n := 0
	for _, r := range smallRanges {
		ranges = append(ranges, basicfont.Range{Low: r[0], High: r[1], Offset: n})
		n += int(r[1] - r[0])
	}
	mask := image.NewAlpha(image.Rect(0, 0, adv, n*height))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: src}
	i := 0
	for _, r := range smallRanges {
		for c := r[0]; c < r[1]; c, i = c+1, i+1 {
			// A glyph is drawn alone into its cell: nothing spills over.
			d.Dst = mask.SubImage(image.Rect(0, i*height, adv, (i+1)*height)).(*image.Alpha)
			d.Dot = fixed.P(0, i*height+ascent)
			d.Face = src
			if c == 0xfffd {
				d.Face = basicfont.Face7x13 // the fixed subfonts here have no U+FFFD
			} else if _, _, _, _, ok := src.Glyph(d.Dot, c); !ok {
				return nil, fmt.Errorf("render: small font: no glyph for %U", c)
			}
			d.DrawString(string(c))
		}
	}
	return &basicfont.Face{Advance: adv, Width: adv, Height: height, Ascent: ascent, Descent: height - ascent, Mask: mask, Ranges: ranges}, nil
}
