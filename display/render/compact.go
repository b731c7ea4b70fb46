package render

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/pairing"
)

// compact is the layout for the 128x64 OLED.
func (c *canvas) compact(b display.Board) {
	W, H := c.img.Rect.Dx(), c.img.Rect.Dy()
	qr := image.Rectangle{}
	if b.Mode == display.ModeIdle && b.URL != "" {
		qr = image.Rect(W-H, 0, W, H)
		if c.qrCode(qr, b.URL) {
			W = qr.Min.X - 1
		}
	}
	// Top bar: the round in words, then what fits of honba, riichi sticks
	// and the wall; the turn letter boxed on the right.
	c.fill(image.Rect(0, 0, W, 12), Black)
	if b.Mode == display.ModeGameEnd {
		c.compactStandings(b, W)
		return
	}
	for _, bar := range compactBars(b) {
		if width(bar, small) <= W-15 || bar == "" {
			c.text(2, 10, bar, small, White)
			break
		}
	}
	c.fill(image.Rect(W-11, 1, W-1, 11), White)
	c.text(W-10, 10, turnLetter(b), small, Black)

	stripTop := H - 17
	y := c.compactTagRow(b, 13, W)
	bottom := stripTop
	if b.Scoring && qr.Empty() {
		// The four scores in hundreds, as automatic tables show them.
		bottom -= 11
		for i, cell := range scoreCells(b, true) {
			c.text(1+i*W/4, stripTop-2, shorten(cell, W/4-1, small, ""), small, Black)
		}
	}
	if b.KanDoraDue > 0 {
		bottom -= 13
	}
	var sizes []int
	for _, px := range []int{16, 14, 12, 10, 9} {
		if m := c.f.get(px).Metrics(); y+m.Ascent.Ceil()+m.Descent.Ceil()-1 <= bottom || px <= 10 {
			sizes = append(sizes, px)
		}
	}
	if rows := certRows(b.Cert); b.ShowsCert() && y+21 < bottom {
		// The fingerprint in place of the headline (the top bar says the
		// round), in two rows as narrow as the QR code leaves.
		step := min(12, bottom-1-(y+10))
		c.text(2, y+10, rows[0], small, Black)
		c.text(2, y+10+step, rows[1], small, Black)
		y += 10 + step + 2
	} else {
		face, head := c.fit(b.Headline, W-3, sizes...)
		y += face.Metrics().Ascent.Ceil()
		c.text(2, y, head, face, Black)
		y += face.Metrics().Descent.Ceil()
	}
	switch {
	case b.KanDoraDue > 0:
		c.fill(image.Rect(0, bottom, W, bottom+12), Black)
		c.text(2, bottom+10, shorten(words(b).Text("panel.reveal_short"), W-3, small, ""), small, White)
	case b.Brief != "" && len(b.Tags) == 0 && y+12 <= bottom:
		c.text(2, bottom-3, shorten(b.Brief, W-3, small, "."), small, Black)
	case len(b.Detail) > 0 && y+12 <= bottom:
		c.text(2, bottom-3, shorten(b.Detail[0], W-3, small, "..."), small, Black)
	}
	if b.Hand != nil {
		c.handStrip(image.Rect(1, stripTop+1, W-1, H), b.Hand)
		return
	}
	c.doraStrip(image.Rect(1, stripTop, W-1, H), b)
}

// compactStandings draws the final standings in the compact layout, a
// line a place under the top bar, within width W.
func (c *canvas) compactStandings(b display.Board, W int) {
	wd := words(b)
	c.text(2, 10, shorten(wd.Tag("game_over"), W-3, small, ""), small, White)
	for i, s := range b.Standings {
		w := wd.Letter(engine.Seat(s.Seat).Wind(b.Dealer))
		line := fmt.Sprintf("%d %s %s %d %s", s.Place, w, b.Names[s.Seat], s.Points/100, wd.Result(s.Result))
		if b.Names[s.Seat] == "" || width(line, small) > W-3 {
			line = fmt.Sprintf("%d %s %d %s", s.Place, w, s.Points/100, wd.Result(s.Result))
		}
		c.text(2, 12+13*(i+1)-2, line, small, Black)
	}
}

// compactTagRow draws the compact layout's row under the top bar at y,
// within width W: the newest alert, the pairing code, the first tag and
// the reason, or the tags; it returns where the headline may begin.
func (c *canvas) compactTagRow(b display.Board, y, W int) int {
	switch {
	case len(b.Alerts) > 0: // an alert matters more than the tags
		c.fill(image.Rect(0, y, W, y+12), Black)
		a := b.Alerts[len(b.Alerts)-1]
		// The time and the count go when the label would not fit with them.
		label, more := alertLabel(b, a), ""
		if len(b.Alerts) > 1 {
			more = fmt.Sprintf(" +%d", len(b.Alerts)-1)
		}
		line := label
		for _, l := range []string{a.Wall.Format("15:04") + " " + label + more, a.Wall.Format("15:04") + " " + label, label + more} {
			if width(l, small) <= W-3 {
				line = l
				break
			}
		}
		c.text(2, y+10, shorten(line, W-3, small, "."), small, White)
		y += 13
	case b.ShowsPair() && b.KanDoraDue == 0:
		// The code in place of the tags: the headline says the rest.
		code := words(b).Text("panel.code", "code", pairing.Show(b.Pair))
		if width(code, small)+4 > W-1 { // beside the QR code
			code = pairing.Show(b.Pair)
		}
		c.tags([]string{code}, 1, y, W, 12, 2)
		y += 12
	case len(b.Tags) > 0 && b.Brief != "" && b.KanDoraDue == 0:
		// No room for a row of tags and a line of reason: the first tag,
		// short, then the reason; the reason alone if both do not fit.
		x := 2
		if t := words(b).ShortTag(b.Tags[0]); width(t, small)+8+width(b.Brief, small) <= W-3 {
			c.tags([]string{t}, 1, y, W, 12, 2)
			x = width(t, small) + 8
		}
		c.text(x, y+10, shorten(b.Brief, W-3-x, small, "."), small, Black)
		y += 13
	case len(b.Tags) > 0 && b.KanDoraDue == 0: // the prompt needs their room
		c.tags(b.Tags, 1, y, W, 12, 2)
		y += 12
	}
	return y
}

// compactBars are the OLED's top bar, longest first: "East 1  1 honba
// 2 sticks  wall 67" down to "East 1"; honba and sticks only when there
// are some.
func compactBars(b display.Board) []string {
	w := words(b)
	round := w.Round(b.RoundWind, b.HandNumber)
	var extra []string
	if b.Honba > 0 {
		extra = append(extra, w.Text("panel.honba", "n", strconv.Itoa(b.Honba)))
	}
	if b.RiichiSticks > 0 {
		extra = append(extra, w.Lang().Count("panel.sticks", b.RiichiSticks))
	}
	wall := wallLine(b)
	var bars []string
	for n := len(extra); n >= 0; n-- {
		bars = append(bars, strings.Join(append(append([]string{round}, extra[:n]...), wall), "  "))
	}
	for n := len(extra); n >= 1; n-- {
		bars = append(bars, strings.Join(append([]string{round}, extra[:n]...), " "))
	}
	bars = append(bars, round, w.Letter(b.RoundWind)+strconv.Itoa(b.HandNumber))
	return bars
}
