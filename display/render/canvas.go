package render

import (
	"image"
	"image/color"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The panel is monochrome: a frame is an *image.Gray holding only Black
// and White.
var (
	Black = color.Gray{Y: 0}
	White = color.Gray{Y: 0xff}
)

// small is the font of every small line: 7x13 pixels, crisp on any panel,
// with the letters of every European name (smallfont.go).
var small font.Face = func() font.Face {
	f, err := newSmall()
	if err != nil {
		panic(err) // the font is embedded: a test reads it
	}
	return f
}()

// bold is Go Bold, for headlines and tile faces; parsed once.
var bold = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// faces holds Go Bold faces by pixel size. A font.Face is not safe for
// concurrent use: each render takes a set from the pool.
type faces map[int]font.Face

var facePool = sync.Pool{New: func() any { return faces{} }}

// get is Go Bold at px pixels, or the small font if Go Bold cannot be had.
func (f faces) get(px int) font.Face {
	if fc, ok := f[px]; ok {
		return fc
	}
	var fc font.Face = small
	if ft, err := bold(); err == nil {
		if face, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull}); err == nil {
			fc = face
		}
	}
	f[px] = fc
	return fc
}

// canvas draws on a monochrome frame.
type canvas struct {
	img *image.Gray
	f   faces
}

func (c *canvas) fill(r image.Rectangle, col color.Gray) {
	r = r.Intersect(c.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.img.Pix[c.img.PixOffset(r.Min.X, y):c.img.PixOffset(r.Max.X, y)]
		for i := range row {
			row[i] = col.Y
		}
	}
}

func (c *canvas) set(x, y int, col color.Gray) { c.img.SetGray(x, y, col) }

// frameRect draws a w-pixel outline inside r.
func (c *canvas) frameRect(r image.Rectangle, w int, col color.Gray) {
	c.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), col)
	c.fill(image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), col)
	c.fill(image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), col)
	c.fill(image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), col)
}

// text draws s with its baseline at y from x and returns the x after it.
func (c *canvas) text(x, y int, s string, face font.Face, col color.Gray) int {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
	return d.Dot.X.Ceil()
}

// textIn draws s clipped to r, baseline at y.
func (c *canvas) textIn(r image.Rectangle, x, y int, s string, face font.Face, col color.Gray) {
	sub := &canvas{img: c.img.SubImage(r).(*image.Gray), f: c.f}
	sub.text(x, y, s, face, col)
}

func width(s string, face font.Face) int { return font.MeasureString(face, s).Ceil() }

// fit is the largest of sizes at which s fits in w pixels, and s itself,
// shortened with an ellipsis if even the smallest is too wide.
func (c *canvas) fit(s string, w int, sizes ...int) (font.Face, string) {
	for _, px := range sizes {
		if f := c.f.get(px); width(s, f) <= w {
			return f, s
		}
	}
	f := c.f.get(sizes[len(sizes)-1])
	return f, shorten(s, w, f, "…")
}

// shorten cuts s so that s+tail fits in w pixels.
func shorten(s string, w int, face font.Face, tail string) string {
	if width(s, face) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && width(string(r)+tail, face) > w {
		r = r[:len(r)-1]
	}
	return strings.TrimRight(string(r), " ,:") + tail
}

// wrap breaks s into lines of the small font, the i-th at most widths[i]
// pixels wide and at most len(widths) of them; the last line is cut with
// "..." when s does not fit.
func wrap(s string, widths []int) []string {
	var lines []string
	words := strings.Fields(s)
	for len(words) > 0 && len(lines) < len(widths) {
		w := widths[len(lines)]
		line := words[0]
		words = words[1:]
		for len(words) > 0 && width(line+" "+words[0], small) <= w {
			line += " " + words[0]
			words = words[1:]
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return nil
	}
	last, w := &lines[len(lines)-1], widths[len(lines)-1]
	if len(words) > 0 {
		*last = shorten(*last+" "+strings.Join(words, " "), w, small, "...")
	} else if width(*last, small) > w {
		*last = shorten(*last, w, small, "...")
	}
	return lines
}

// threshold makes every pixel black or white.
func threshold(img *image.Gray) {
	for i, p := range img.Pix {
		if p < 0x80 {
			img.Pix[i] = 0
		} else {
			img.Pix[i] = 0xff
		}
	}
}
