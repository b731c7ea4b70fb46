package tileface

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// pt is a point of a face, in its 30x40 units.
type pt struct{ x, y float64 }

// seg is one step of a path: a move, a line, a quadratic or a cubic
// Bézier to the last of its points.
type seg struct {
	op  byte // 'M', 'L', 'Q', 'C' or 'Z'
	pts []pt
}

// place maps a glyph drawn in its own box to the face: scaled by s, moved
// by (dx, dy).
type place struct{ dx, dy, s float64 }

func (p place) at(q pt) pt { return pt{p.dx + q.x*p.s, p.dy + q.y*p.s} }

// parsePath reads the subset of SVG path data the faces are written in:
// absolute M, L, Q, C and Z, numbers apart by spaces or commas. The faces
// are the project's own text, so an error is a mistake in this package
// (TestFaces reads them all).
func parsePath(d string, p place) ([]seg, error) {
	fields := tokens(d)
	var out []seg
	var op byte
	for i := 0; i < len(fields); {
		f := fields[i]
		if n := "MLQCZ"; len(f) == 1 && strings.Contains(n, f) {
			op = f[0]
			i++
			if op == 'Z' {
				out = append(out, seg{op: 'Z'})
				continue
			}
		} else if op == 0 || op == 'Z' {
			return nil, fmt.Errorf("tileface: path %q: %q where a command is due", d, f)
		}
		n := map[byte]int{'M': 1, 'L': 1, 'Q': 2, 'C': 3}[op]
		if i+2*n > len(fields) {
			return nil, fmt.Errorf("tileface: path %q: %c wants %d numbers", d, op, 2*n)
		}
		s := seg{op: op}
		for k := range n {
			x, err1 := strconv.ParseFloat(fields[i+2*k], 64)
			y, err2 := strconv.ParseFloat(fields[i+2*k+1], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("tileface: path %q: %q %q is not a point", d, fields[i+2*k], fields[i+2*k+1])
			}
			s.pts = append(s.pts, p.at(pt{x, y}))
		}
		out = append(out, s)
		i += 2 * n
		if op == 'M' {
			op = 'L' // as in SVG, numbers after a move are lines
		}
	}
	if len(out) == 0 || out[0].op != 'M' {
		return nil, fmt.Errorf("tileface: path %q does not start with M", d)
	}
	return out, nil
}

// tokens splits path data into command letters and numbers: "M9 0L2-1"
// is M, 9, 0, L, 2, -1.
func tokens(d string) []string {
	var out []string
	start := -1
	end := func(i int) {
		if start >= 0 {
			out = append(out, d[start:i])
			start = -1
		}
	}
	for i := 0; i < len(d); i++ {
		switch c := d[i]; {
		case c == ' ' || c == ',':
			end(i)
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			end(i)
			out = append(out, d[i:i+1])
		case c == '-' && start >= 0:
			end(i)
			start = i
		case start < 0:
			start = i
		}
	}
	end(len(d))
	return out
}

// data is segs as SVG path data, in face units.
func data(segs []seg) string {
	var b strings.Builder
	for _, s := range segs {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(s.op)
		for _, q := range s.pts {
			fmt.Fprintf(&b, " %s %s", num(q.x), num(q.y))
		}
	}
	return b.String()
}

// num is a coordinate with two decimals at most, as short as it goes.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }
