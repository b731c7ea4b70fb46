package render

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/pairing"
)

// Panel sizes, landscape.
var (
	// EInkSize is the Waveshare 2.13" e-ink (V4) turned landscape.
	EInkSize = image.Pt(250, 122)
	// OLEDSize is the common 0.96" SSD1306 OLED.
	OLEDSize = image.Pt(128, 64)
)

// Render draws the panel frame of the view's board at size: black on
// white, every pixel Black or White. Sizes of at least 200x100 get the
// full layout (designed for EInkSize); smaller ones the compact layout
// (designed for OLEDSize). It is safe for concurrent use.
func Render(v display.View, size image.Point) *image.Gray {
	img := image.NewGray(image.Rectangle{Max: size})
	RenderTo(img, v)
	return img
}

// RenderTo draws the panel frame into img, reusing it (see Render).
func RenderTo(img *image.Gray, v display.View) {
	f := facePool.Get().(faces)
	defer facePool.Put(f)
	c := &canvas{img: img, f: f}
	c.fill(img.Rect, White)
	if s := img.Rect.Size(); s.X >= 200 && s.Y >= 100 {
		c.large(v.Board)
	} else {
		c.compact(v.Board)
	}
	threshold(img)
}

// pngEncoder reuses its buffers between frames.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers{}}

type pngBuffers struct{ p sync.Pool }

// Get is a pooled buffer, or nil for a new one.
func (b *pngBuffers) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

// Put keeps e for the next frame.
func (b *pngBuffers) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// PNG writes the view's e-ink frame as a PNG, for the status page.
func PNG(w io.Writer, v display.View) error {
	if err := pngEncoder.Encode(w, Render(v, EInkSize)); err != nil {
		return fmt.Errorf("render: panel PNG: %w", err)
	}
	return nil
}

// words are the board's language: the words the panel draws of its own.
func words(b display.Board) display.Words { return display.In(b.Lang) }

// roundLine is "East 1  0 honba  1 riichi".
func roundLine(b display.Board) string {
	w := words(b)
	return w.Text("panel.round_line", "wind", w.Wind(b.RoundWind), "n", strconv.Itoa(b.HandNumber),
		"honba", strconv.Itoa(b.Honba), "sticks", strconv.Itoa(b.RiichiSticks))
}

// wallLine is "wall 67".
func wallLine(b display.Board) string { return words(b).Text("panel.wall", "n", strconv.Itoa(b.Wall)) }

// scoreCells are the four scores by wind, East first: "E 25000", or in
// hundreds for a small panel, "E250", which shows a settled hand's change
// instead until the next deal ("E+52"): the large panel has it in a
// detail line.
func scoreCells(b display.Board, hundreds bool) []string {
	var cells []string
	wd := words(b)
	for w := engine.East; w <= engine.North; w++ {
		s, letter := w.Seat(b.Dealer), wd.Letter(w)
		switch {
		case b.Settled && hundreds:
			cells = append(cells, fmt.Sprintf("%s%+d", letter, b.Deltas[s]/100))
		case hundreds:
			cells = append(cells, fmt.Sprintf("%s%d", letter, b.Scores[s]/100))
		default:
			cells = append(cells, fmt.Sprintf("%s %d", letter, b.Scores[s]))
		}
	}
	return cells
}

// pairLine is the pairing code as the panels show it.
func pairLine(b display.Board) string {
	return words(b).Text("panel.pairing", "code", pairing.Show(b.Pair))
}

// certLabel names the certificate's fingerprint on the panels.
func certLabel(b display.Board) string { return words(b).Text("panel.cert") }

// boardDetail is the board's detail lines, the pairing code and the
// certificate's fingerprint first when the panel shows them.
func boardDetail(b display.Board) []string {
	var lines []string
	if b.Clock != "" {
		lines = append(lines, b.Clock)
	}
	if b.ShowsPair() {
		lines = append(lines, pairLine(b))
	}
	if b.ShowsCert() {
		lines = append(lines, certLabel(b), b.Cert)
	}
	return append(lines, b.Detail...)
}

// certRows are the certificate's fingerprint as the OLED shows it: its
// hex digits without the spaces, in two rows ("3FA2910C", "7BE455D1").
func certRows(cert string) [2]string {
	digits := strings.ReplaceAll(cert, " ", "")
	return [2]string{digits[:len(digits)/2], digits[len(digits)/2:]}
}

// turnLetter is the wind letter of the seat on turn, "-" when none.
func turnLetter(b display.Board) string {
	if !b.Turn.Valid() {
		return "-"
	}
	return words(b).Letter(b.Turn.Wind(b.Dealer))
}

// alertLine is an alert for the e-ink, in a person's words in the
// board's language: "14:03 a controller restarted: none lost", and how
// many more are showing; the time, then the count, go when the line would
// not fit w pixels with them.
func alertLine(b display.Board, a alert.Alert, n, w int) string {
	line := alertWords(b, a)
	more := ""
	if n > 1 {
		more = words(b).Text("panel.more_alerts", "n", strconv.Itoa(n-1)) + " "
	}
	for _, s := range []string{more + a.Wall.Format("15:04") + " " + line, more + line} {
		if width(s, small) <= w {
			return s
		}
	}
	return line
}

// large is the layout for the 250x122 e-ink.
func (c *canvas) large(b display.Board) {
	W, H := c.img.Rect.Dx(), c.img.Rect.Dy()
	// Top bar: round, hand, honba, riichi sticks; the wall on the right.
	c.fill(image.Rect(0, 0, W, 15), Black)
	c.text(3, 12, roundLine(b), small, White)
	// On the idle panel of a scoring game the QR code takes the bar's end
	// (below); the wall is full then anyway.
	if !(b.Scoring && b.Mode == display.ModeIdle && b.URL != "") {
		wall := wallLine(b)
		if width(roundLine(b), small)+7+width(wall, small) > W-6 {
			wall = strconv.Itoa(b.Wall) // many counters: the number alone
		}
		c.text(W-3-width(wall, small), 12, wall, small, White)
	}

	if b.Mode == display.ModeGameEnd {
		c.standings(b, 16)
		return
	}
	stripTop := H - 36
	if b.Hand != nil {
		stripTop = H - 25 // fourteen tiles across are no taller: room for the yaku
	}
	main := image.Rect(0, 16, W, stripTop-1)
	if b.Scoring {
		main.Max.Y = c.scoreRow(b, stripTop)
	}
	right := W - 3
	asideBottom := main.Max.Y // below it, lines may use the whole width
	switch {
	case b.Mode == display.ModeIdle && b.URL != "":
		q := image.Rect(W-main.Dy()-4, main.Min.Y-1, W, stripTop)
		if b.Scoring {
			// As large, but up over the header's end rather than down
			// over North's score: the wall count waits for the first
			// discard, the scores are what the players look for.
			q = q.Sub(image.Pt(0, stripTop-main.Max.Y-1))
		}
		if c.qrCode(q, b.URL) {
			right = q.Min.X - 2
		}
	case b.Tile.Known() || b.Mode == display.ModeOpen || b.Mode == display.ModePending:
		tr := image.Rect(W-30, main.Min.Y+4, W-4, main.Min.Y+4+35)
		c.tile(tr, b.Tile, b.Mode == display.ModeDora, false)
		right, asideBottom = tr.Min.X-4, tr.Max.Y
	}

	y := main.Min.Y + 1
	if len(b.Tags) > 0 {
		c.tags(b.Tags, 2, y, right, 14, 3)
		y += 15
	}
	sizes := []int{24, 20, 17, 14, 12}
	if len(b.Tags) > 0 {
		sizes = sizes[1:]
	}
	// The headline gives up size for the lines the panel must show (the
	// pairing code, the certificate's fingerprint) under it; at idle, where
	// it repeats the top bar, it gives up its place if that is not enough.
	headline := true
	if must := len(boardDetail(b)) - len(b.Detail); must > 0 {
		free := main.Max.Y
		if len(b.Alerts) > 0 {
			free -= 15
		}
		if b.KanDoraDue > 0 {
			free -= 17
		}
		for len(sizes) > 2 && detailLines(y+c.headHeight(c.f.get(sizes[0])), free) < must {
			sizes = sizes[1:]
		}
		headline = b.Mode != display.ModeIdle || detailLines(y+c.headHeight(c.f.get(sizes[0])), free) >= must
	}
	if headline {
		face, head := c.fit(b.Headline, right-3, sizes...)
		c.text(3, y+face.Metrics().Ascent.Ceil(), head, face, Black)
		y += c.headHeight(face)
	}

	bottom := main.Max.Y
	if n := len(b.Alerts); n > 0 {
		// The newest alert, white on black above everything below it.
		bottom -= 15
		c.fill(image.Rect(0, bottom+1, W, bottom+15), Black)
		line := alertLine(b, b.Alerts[n-1], n, W-6)
		c.text(3, bottom+12, shorten(line, W-6, small, "..."), small, White)
		main.Max.Y = bottom
	}
	if b.KanDoraDue > 0 {
		bottom -= 17
		c.fill(image.Rect(0, bottom+1, W, main.Max.Y), Black)
		prompt := revealLine(b)
		f, prompt := c.fit(prompt, W-4, 14, 12)
		c.text((W-width(prompt, f))/2, main.Max.Y-3, prompt, f, White)
	}
	c.detail(b, y, bottom, right, asideBottom)
	c.largeStrip(b, stripTop)
}

// scoreRow draws the large layout's four scores in a row above the dora
// strip at stripTop, East first, and returns the row's top less a pixel:
// where the main area ends.
func (c *canvas) scoreRow(b display.Board, stripTop int) int {
	W := c.img.Rect.Dx()
	rowTop := stripTop - 14
	c.fill(image.Rect(0, rowTop-1, W, rowTop), Black)
	for i, cell := range scoreCells(b, false) {
		x := i * W / 4
		if i > 0 {
			c.fill(image.Rect(x, rowTop, x+1, stripTop), Black)
		}
		c.text(x+3, rowTop+11, shorten(cell, W/4-4, small, ""), small, Black)
	}
	return rowTop - 1
}

// detail draws the large layout's detail lines from y down to bottom:
// narrow (up to right) beside the tile or QR code, which ends at
// asideBottom, full width below it.
func (c *canvas) detail(b display.Board, y, bottom, right, asideBottom int) {
	W := c.img.Rect.Dx()
	var widths []int
	for range detailLines(y, bottom) {
		ly := y + 13*len(widths)
		w := right - 3
		if ly >= asideBottom {
			w = W - 6
		}
		widths = append(widths, w)
	}
	var detail []string
	for _, d := range boardDetail(b) {
		if len(detail) >= len(widths) {
			break
		}
		detail = append(detail, wrap(d, widths[len(detail):])...)
	}
	for _, d := range detail {
		y += 13
		c.text(3, y-2, d, small, Black)
	}
}

// largeStrip draws the large layout's bottom strip from stripTop: the
// dora strip (each indicator, an arrow and its dora, inverted; indicators
// still due are dashed "?" tiles) with whose turn on the right, or a
// settled hand's tiles.
func (c *canvas) largeStrip(b display.Board, stripTop int) {
	W, H := c.img.Rect.Dx(), c.img.Rect.Dy()
	c.fill(image.Rect(0, stripTop-1, W, stripTop), Black)
	if b.Hand != nil {
		// The hand is settled: its tiles matter now, not the dora or a turn.
		c.handStrip(image.Rect(2, stripTop+1, W-2, H-1), b.Hand)
		return
	}
	turnW := 44
	c.doraStrip(image.Rect(2, stripTop+1, W-turnW-2, H-1), b)
	c.fill(image.Rect(W-turnW, stripTop, W-turnW+1, H), Black)
	label := words(b).Text("panel.turn")
	c.text(W-turnW/2-width(label, small)/2, stripTop+12, label, small, Black)
	f := c.f.get(20)
	letter := turnLetter(b)
	c.text(W-turnW/2-width(letter, f)/2+1, H-3, letter, f, Black)
}

// headHeight is how far down a headline in face takes the lines below
// it: its ascent and half its descent (headlines are mostly capitals and
// digits).
func (c *canvas) headHeight(face font.Face) int {
	m := face.Metrics()
	return m.Ascent.Ceil() + m.Descent.Ceil()/2
}

// detailLines is how many detail lines of the large layout fit from y
// to bottom, each a pixel clear of what is below.
func detailLines(y, bottom int) int {
	if y+14 > bottom {
		return 0
	}
	return (bottom-y-14)/13 + 1
}

// standings draws the final standings from y down: the headline, then a
// line per place, over the whole width (the hand's dora and turn no
// longer matter).
func (c *canvas) standings(b display.Board, y int) {
	W, H := c.img.Rect.Dx(), c.img.Rect.Dy()
	face, head := c.fit(b.Headline, W-4, 14, 12, 10)
	m := face.Metrics()
	y += m.Ascent.Ceil()
	c.text(2, y, head, face, Black)
	y += m.Descent.Ceil()
	line := (H - y) / max(1, len(b.Detail))
	line = min(line, 24)
	for _, d := range b.Detail {
		f, text := c.fit(d, W-4, min(line-2, 16), 14, 12, 10)
		y += line
		c.text(2, y-(line-f.Metrics().Ascent.Ceil())/2, text, f, Black)
	}
}

// tags draws the tags as white-on-black labels in a row from x, y: h
// pixels high, pad pixels of margin and as far apart, as many as end by
// right.
func (c *canvas) tags(tags []string, x, y, right, h, pad int) {
	for _, t := range tags {
		w := width(t, small) + 2*pad
		if x+w > right {
			return
		}
		c.fill(image.Rect(x, y, x+w, y+h), Black)
		c.text(x+pad, y+h-2-(h-12)/2, t, small, White)
		x += w + pad
	}
}

// doraStrip draws the indicator -> dora pairs in r.
func (c *canvas) doraStrip(r image.Rectangle, b display.Board) {
	k := max(1, len(b.Indicators)+b.KanDoraDue)
	h := r.Dy()
	w := h * 3 / 4
	gap, arrowW := max(4, w/3), max(6, w/2)
	if fit := (r.Dx()/k - gap - arrowW) / 2; fit < w {
		w = max(6, fit)
		h = w * 4 / 3
	}
	y := r.Min.Y + (r.Dy()-h)/2
	x := r.Min.X
	for i := range k {
		ind, dora := engine.NoTile, engine.NoTile
		known := i < len(b.Indicators)
		if known {
			ind, dora = b.Indicators[i], b.Dora[i]
		}
		c.tile(image.Rect(x, y, x+w, y+h), ind, false, !known)
		x += w
		c.arrow(image.Rect(x+2, y, x+arrowW-1, y+h), Black)
		x += arrowW
		c.tile(image.Rect(x, y, x+w, y+h), dora, known, !known)
		x += w + gap
	}
}

// revealLine is the prompt to read the kan dora indicators due: "REVEAL
// KAN DORA", "REVEAL 2 KAN DORA".
func revealLine(b display.Board) string {
	if b.KanDoraDue > 1 {
		return words(b).Text("panel.reveal_n", "n", strconv.Itoa(b.KanDoraDue))
	}
	return words(b).Text("panel.reveal")
}

// alertWords is an alert in a person's words in the board's language:
// its kind's line, or its label and the note's text for a kind the
// catalog does not word.
func alertWords(b display.Board, a alert.Alert) string {
	if alert.Is(a.Kind) {
		return alert.LineIn(b.Lang, a.Kind)
	}
	if a.Line != "" {
		return a.Line
	}
	return a.Label + ": " + a.Text
}

// alertLabel is an alert's short label in the board's language.
func alertLabel(b display.Board, a alert.Alert) string {
	if alert.Is(a.Kind) {
		return alert.LabelIn(b.Lang, a.Kind)
	}
	return a.Label
}
