package tileface

import (
	"fmt"
	"math"
	"sync"
)

// The inks of the faces.
const (
	Red   = "#d0202a"
	Green = "#16803a"
	Blue  = "#1b5fb5"
	Navy  = "#1b2f7a"
	Ink   = "#222"
	Grey  = "#555"
)

// Shape is one mark of a face: SVG path data in the face's 30x40 units,
// stroked Width wide with round ends and joins, or filled when Width is 0.
type Shape struct {
	D      string  `json:"d"`
	Colour string  `json:"colour"`
	Width  float64 `json:"width,omitempty"`
	segs   []seg
}

// The glyphs, each in its own box: digits 10x14, characters 20x20, the
// wind letters 4x6. Written as strokes, the way the characters are
// written by hand, so they read at a phone's tile size.
var (
	digits = [10][]string{
		1: {"M2.5 3 L6 0 L6 14"},
		2: {"M1 3.5 Q1 0 5 0 Q9 0 9 3.5 Q9 6 5.5 9 L1 14 L9.5 14"},
		3: {"M1.5 1.5 Q5 -0.8 8 1.2 Q9.8 4.5 4.5 6.5 Q9.8 7.2 9 11 Q7.5 15 1 12.8"},
		4: {"M7 14 L7 0 L1 9.5 L10 9.5"},
		5: {"M9 0 L2.2 0 L1.6 6.3 Q5 4.5 8 6.5 Q10 9.5 8 12.5 Q5 15 1 12.8"},
		6: {"M8.5 1 Q5 -0.5 3 1.5 Q1 4 1 9 Q1 14 5 14 Q9 14 9 10.2 Q9 6.5 5 6.5 Q2 6.5 1 9"},
		7: {"M1 0 L9.5 0 L4 14"},
		8: {"M5 6.5 Q1.5 6 1.5 3.3 Q1.5 0 5 0 Q8.5 0 8.5 3.3 Q8.5 6 5 6.5 Q1 7 1 10.3 Q1 14 5 14 Q9 14 9 10.3 Q9 7 5 6.5"},
		9: {"M1.5 13 Q5 14.5 7 12.5 Q9 10 9 5 Q9 0 5 0 Q1 0 1 4 Q1 7.5 5 7.5 Q8 7.5 9 5"},
	}
	// man is 萬: grass over a sun, a frame and the strokes inside it.
	man = []string{
		"M2 3 L18 3", "M7 0.5 L7 6", "M13 0.5 L13 6",
		"M5 7.5 L15 7.5 L15 12 L5 12 Z", "M5 9.8 L15 9.8", "M10 7.5 L10 16",
		"M3 20 L3 14 L17 14 L17 18.5 Q17 20 15 19.5", "M7 19 L10 16 L12.5 18.8", "M6.5 18.5 L13.5 17.5",
	}
	// winds are 東, 南, 西 and 北.
	winds = [4][]string{
		{"M2 5 L18 5", "M10 0 L10 20", "M5 7.5 L15 7.5 L15 13.5 L5 13.5 Z", "M5 10.5 L15 10.5", "M9.5 14 L2 19.5", "M10.5 14 L18 19.5"},
		{"M2 3 L18 3", "M10 0 L10 3", "M3.5 20 L3.5 6 L16.5 6 L16.5 18.5 Q16.5 20 14.5 19.5", "M7.5 7.5 L8.5 9.5", "M12.5 7.5 L11.5 9.5", "M6 11 L14 11", "M6.5 14.5 L13.5 14.5", "M10 11 L10 19.5"},
		{"M2 2 L18 2", "M3.5 20 L3.5 6.5 L16.5 6.5 L16.5 20", "M3.5 18 L16.5 18", "M8 2 L8 9 Q8 12 5 13.5", "M12 2 L12 11 Q12 13 15.5 13"},
		{"M7.5 0.5 L7.5 19.5", "M2 7 L7.5 7", "M7.5 14 L2 17.5", "M12.5 0.5 L12.5 17 Q12.5 19.5 15 19.5 L18.5 19.5 L18.5 16.5", "M12.5 9.5 L18 6.5"},
	}
	windLetters = [4][]string{
		{"M4 0 L0 0 L0 6 L4 6", "M0 3 L3 3"},
		{"M4 0.8 Q2.5 -0.5 0.8 0.5 Q-0.3 2.5 2 3 Q4.3 3.5 3.6 5.4 Q2 6.6 0 5.3"},
		{"M0 0 L1 6 L2 2.5 L3 6 L4 0"},
		{"M0 6 L0 0 L4 6 L4 0"},
	}
	// hatsu is 發: the 癶 above, 弓 and 殳 below.
	hatsu = []string{
		"M3 1.5 L8 1.5 L3 7", "M5 4.2 L9 7.5", "M12 1 L13.5 3", "M11.5 5.5 L18 1.5", "M13 4.5 L18.5 7.5",
		"M3 9 L8 9 L8 12 L3.5 12 L3.5 15.5 L8.5 15.5 Q9 20 6 19.5",
		"M12 8.5 L12 11 Q12 12.5 14 12.5 L17 12.5 L17 9.5", "M11.5 14.5 L17 14.5 Q15 18 11 20", "M12.5 16 L18.5 20",
	}
	// chun is 中.
	chun = []string{"M3 5 L17 5 L17 14 L3 14 Z", "M10 0 L10 20"}
)

// pips are the centres of the circles and bamboo on a face, by rank.
var pips = [10][]pt{
	1: {{15, 20}}, 2: {{15, 11}, {15, 29}}, 3: {{8, 9}, {15, 20}, {22, 31}},
	4: {{9, 11}, {21, 11}, {9, 29}, {21, 29}}, 5: {{9, 10}, {21, 10}, {15, 20}, {9, 30}, {21, 30}},
	6: {{9, 9}, {21, 9}, {9, 20}, {21, 20}, {9, 31}, {21, 31}},
	7: {{7, 7}, {15, 11}, {23, 15}, {9, 24}, {21, 24}, {9, 33}, {21, 33}},
	8: {{9, 7}, {21, 7}, {9, 16}, {21, 16}, {9, 25}, {21, 25}, {9, 34}, {21, 34}},
	9: {{7, 8}, {15, 8}, {23, 8}, {7, 20}, {15, 20}, {23, 20}, {7, 32}, {15, 32}, {23, 32}},
}

// Codes are the tiles that have a face, in mpsz: 1m..9m, 0m (the red
// five), the same of p and s, then 1z..7z (East, South, West, North,
// white, green and red dragon).
var Codes = func() []string {
	var c []string
	for _, s := range "mps" {
		for r := 1; r <= 10; r++ {
			c = append(c, fmt.Sprintf("%d%c", r%10, s))
		}
	}
	for r := 1; r <= 7; r++ {
		c = append(c, fmt.Sprintf("%dz", r))
	}
	return c
}()

// faces are every face, built once.
var faces = sync.OnceValues(func() (map[string][]Shape, error) {
	m := make(map[string][]Shape, len(Codes))
	for _, c := range Codes {
		f, err := build(c)
		if err != nil {
			return nil, err
		}
		m[c] = f
	}
	return m, nil
})

// Shapes is the face of the tile code in mpsz ("3p", "0s", "7z"), false
// for a code that is no tile.
func Shapes(code string) ([]Shape, bool) {
	m, err := faces()
	if err != nil {
		panic(err) // the faces are this package's own text; TestFaces reads them
	}
	f, ok := m[code]
	return f, ok
}

// All is every face by its code.
func All() map[string][]Shape {
	m, err := faces()
	if err != nil {
		panic(err)
	}
	return m
}

// build draws the face of code.
func build(code string) ([]Shape, error) {
	r, suit := int(code[0]-'0'), code[1]
	red := r == 0
	if red {
		r = 5
	}
	var out []Shape
	var err error
	add := func(paths []string, colour string, width float64, p place) {
		for _, d := range paths {
			segs, e := parsePath(d, p)
			if e != nil && err == nil {
				err = e
			}
			out = append(out, Shape{D: data(segs), Colour: colour, Width: width, segs: segs})
		}
	}
	switch suit {
	case 'm':
		add(digits[r], pick(red, Red, Navy), 2.2, place{10, 3, 1})
		add(man, Red, 1.9, place{7, 20.5, 0.8})
	case 'z':
		switch {
		case r <= 4:
			add(winds[r-1], Ink, 2.1, place{4.5, 12, 1.05})
			add(windLetters[r-1], Grey, 1.1, place{22.5, 3.5, 1})
		case r == 5:
			add([]string{"M6 7 L24 7 L24 33 L6 33 Z"}, Blue, 2.5, place{0, 0, 1})
		case r == 6:
			add(hatsu, Green, 2, place{4, 10, 1.1})
		default:
			add(chun, Red, 2.6, place{4, 9, 1.1})
		}
	case 'p':
		if r == 1 {
			out = append(out, circle(pt{15, 20}, 10, pick(red, Red, Green), 3), disc(pt{15, 20}, 4.5, Red))
			break
		}
		rad := map[bool]float64{true: 6, false: 4.4}[r <= 2]
		if r >= 7 {
			rad = 3.5
		}
		for i, c := range pips[r] {
			out = append(out, circle(c, rad, pipColour(red, r, i, Blue, Green), 2.2))
		}
	case 's':
		if r == 1 { // the bird of one bamboo: a body, a head and a tail
			add([]string{"M9 30 L15 37 L21 30 Z"}, Blue, 0, place{0, 0, 1})
			out = append(out, ellipse(pt{15, 22}, 7, 9, Green), disc(pt{15, 11}, 4, Red))
			break
		}
		for i, c := range pips[r] {
			add([]string{fmt.Sprintf("M%g %g L%g %g", c.x, c.y-3, c.x, c.y+3)}, pipColour(red, r, i, Green, Green), 3.6, place{0, 0, 1})
		}
	default:
		return nil, fmt.Errorf("tileface: %q is not a tile", code)
	}
	if red {
		out = append(out, disc(pt{5, 5}, 2.2, Red))
	}
	return out, err
}

// pipColour is the ink of pip i of a rank-r face: the centre of a five and
// every pip of a red five red, else alternately a and b.
func pipColour(red bool, r, i int, a, b string) string {
	if red || r == 5 && i == 2 {
		return Red
	}
	return [2]string{a, b}[i%2]
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// ellipse is a filled ellipse around c, as four cubic arcs.
func ellipse(c pt, rx, ry float64, colour string) Shape {
	k := 4 * (math.Sqrt2 - 1) / 3 // the control distance of a quarter circle
	segs := []seg{
		{'M', []pt{{c.x + rx, c.y}}},
		{'C', []pt{{c.x + rx, c.y + k*ry}, {c.x + k*rx, c.y + ry}, {c.x, c.y + ry}}},
		{'C', []pt{{c.x - k*rx, c.y + ry}, {c.x - rx, c.y + k*ry}, {c.x - rx, c.y}}},
		{'C', []pt{{c.x - rx, c.y - k*ry}, {c.x - k*rx, c.y - ry}, {c.x, c.y - ry}}},
		{'C', []pt{{c.x + k*rx, c.y - ry}, {c.x + rx, c.y - k*ry}, {c.x + rx, c.y}}},
		{'Z', nil},
	}
	return Shape{D: data(segs), Colour: colour, segs: segs}
}

func disc(c pt, r float64, colour string) Shape { return ellipse(c, r, r, colour) }

// circle is a ring around c, stroked width wide.
func circle(c pt, r float64, colour string, width float64) Shape {
	s := ellipse(c, r, r, colour)
	s.Width = width
	return s
}
