package tileface

import (
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Mask draws the face of code scaled into a w x h mask: opaque where any
// shape inks the face, whatever its colour, for a monochrome panel. A
// stroke is drawn as a quadrilateral along each piece and a disc at each
// joint, all turning the same way, so they add up to one round-ended line.
// It returns nil for a code that is no tile.
func Mask(code string, w, h int) *image.Alpha {
	shapes, ok := Shapes(code)
	if !ok || w <= 0 || h <= 0 {
		return nil
	}
	m := image.NewAlpha(image.Rect(0, 0, w, h))
	sx, sy := float64(w)/30, float64(h)/40
	z := vector.NewRasterizer(w, h)
	for _, s := range shapes {
		z.Reset(w, h)
		z.DrawOp = draw.Over
		for _, line := range flatten(s.segs) {
			for i := range line {
				line[i] = pt{line[i].x * sx, line[i].y * sy}
			}
			if s.Width == 0 {
				polygon(z, line)
				continue
			}
			hw := s.Width * math.Sqrt(sx*sy) / 2
			for i := 1; i < len(line); i++ {
				quad(z, line[i-1], line[i], hw)
			}
			for _, p := range line {
				polygon(z, round(p, hw))
			}
		}
		z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	}
	return m
}

// flatten turns a path into polylines, one a subpath; a closed one ends
// where it began.
func flatten(segs []seg) [][]pt {
	var out [][]pt
	var cur []pt
	for _, s := range segs {
		switch s.op {
		case 'M':
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = []pt{s.pts[0]}
		case 'L':
			cur = append(cur, s.pts[0])
		case 'Q', 'C':
			p0 := cur[len(cur)-1]
			for k := 1; k <= 8; k++ {
				cur = append(cur, bezier(p0, s.pts, float64(k)/8))
			}
		case 'Z':
			cur = append(cur, cur[0])
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// bezier is the point at t of the curve from p0 through ctl.
func bezier(p0 pt, ctl []pt, t float64) pt {
	ps := append([]pt{p0}, ctl...)
	for len(ps) > 1 {
		for i := range len(ps) - 1 {
			ps[i] = pt{ps[i].x + (ps[i+1].x-ps[i].x)*t, ps[i].y + (ps[i+1].y-ps[i].y)*t}
		}
		ps = ps[:len(ps)-1]
	}
	return ps[0]
}

// quad adds the stroke of the piece p-q, hw to each side.
func quad(z *vector.Rasterizer, p, q pt, hw float64) {
	dx, dy := q.x-p.x, q.y-p.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*hw, dx/l*hw
	polygon(z, []pt{{p.x + nx, p.y + ny}, {q.x + nx, q.y + ny}, {q.x - nx, q.y - ny}, {p.x - nx, p.y - ny}})
}

// round is a disc of radius r around c, turning as quad's pieces do.
func round(c pt, r float64) []pt {
	const n = 12
	out := make([]pt, n)
	for k := range n {
		a := -2 * math.Pi * float64(k) / n
		out[k] = pt{c.x + r*math.Cos(a), c.y + r*math.Sin(a)}
	}
	return out
}

func polygon(z *vector.Rasterizer, ps []pt) {
	z.MoveTo(float32(ps[0].x), float32(ps[0].y))
	for _, p := range ps[1:] {
		z.LineTo(float32(p.x), float32(p.y))
	}
	z.ClosePath()
}
