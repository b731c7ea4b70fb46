package render

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/image/font"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
)

// The places of the panel a message is drawn in, and the room each has
// (from the layouts in render.go and compact.go).
const (
	// placeHeadline: the e-ink's headline beside the tile, at its
	// smallest size (Go Bold 12), and the OLED's (Go Bold 9).
	placeHeadline = "headline"
	// placeStandings: the e-ink's final standings over the whole width,
	// at their smallest size (Go Bold 10).
	placeStandings = "standings line"
	// placeTag: one tag, white on black, on the OLED's row (the
	// narrower of the two panels).
	placeTag = "tag"
	// placeDetail: a detail line of the e-ink, in the small font, over
	// the whole width: it may wrap onto a second line, never be cut.
	placeDetail = "detail line"
	// placeBrief: the OLED's brief line, display.BriefWidth characters.
	placeBrief = "brief line"
	// placeBar: the e-ink's top bar: the round line and the wall.
	placeBar = "top bar"
	// placeTurn: the e-ink's turn box's label.
	placeTurn = "turn box"
	// placePrompt: the e-ink's prompt to read a kan dora (Go Bold 12,
	// the whole width).
	placePrompt = "kan dora prompt"
	// placeOLEDLine: one line of the OLED in the small font.
	placeOLEDLine = "OLED line"
	// placeShortTag: a tag the OLED puts before a reason.
	placeShortTag = "short tag"
	// placeTerminal: the --sim text panel and the lights' legend: a
	// terminal's or a page's line, with no width of the panel's.
	placeTerminal = "terminal"
)

// placeOf is where each message of the panel is drawn, by key or key
// prefix (the longest prefix wins). A key of [panel] or [lights] that is
// in none fails the test: a new message needs its place.
var placeOf = map[string]string{
	"panel.round": placeHeadline, "panel.label": placeHeadline, "panel.won": placeHeadline, "panel.open": placeHeadline,
	"panel.check": placeHeadline, "panel.check_table": placeHeadline, "panel.no_kan_dora": placeHeadline,
	"panel.dora": placeHeadline, "panel.kan_dora": placeHeadline, "panel.kong_stands": placeHeadline,
	"panel.draw": placeHeadline, "panel.chombo": placeHeadline, "panel.chombo_by": placeHeadline,
	"panel.input.":    placeHeadline,
	"panel.standings": placeStandings, "panel.standing": placeStandings, "panel.named": placeStandings, "panel.result": placeStandings,
	"panel.tag.": placeTag, "panel.code": placeTag,
	"panel.on": placeDetail, "panel.discard_of": placeDetail, "panel.kong_of": placeDetail, "panel.robbable": placeDetail,
	"panel.to_discard": placeDetail, "panel.to_draw": placeDetail, "panel.game_over": placeDetail, "panel.hand_over": placeDetail,
	"panel.lost": placeDetail, "panel.late": placeDetail, "panel.referee": placeDetail, "panel.indicator": placeDetail,
	"panel.deal": placeDetail, "panel.value_due": placeDetail, "panel.laid": placeDetail, "panel.win": placeDetail,
	"panel.delta": placeDetail, "panel.pairing": placeDetail, "panel.cert": placeDetail, "panel.clock.": placeDetail,
	"panel.more_alerts": placeDetail,
	"panel.brief.":      placeBrief,
	"panel.round_line":  placeBar, "panel.wall": placeBar,
	"panel.turn":   placeTurn,
	"panel.reveal": placePrompt, "panel.reveal_n": placePrompt,
	"panel.reveal_short": placeOLEDLine, "panel.honba": placeOLEDLine, "panel.sticks.": placeOLEDLine,
	"panel.short_tag.": placeShortTag,
	"panel.text.":      placeTerminal, "lights.": placeTerminal,
}

// widestName is a long player's name as a scoresheet gives it: where a
// line has no room for a name the table allows (engine.MaxNameLength
// bytes), the panel cuts the name with an ellipsis, never the words
// around it; the test gives a name this much room.
const widestName = "Bartholomeus"

// TestEveryPanelStringFits renders every message of the panel ([panel],
// and the game's words in it), in every language, with the widest
// parameters a table gives (the longest wind, tile, call and value
// words of the language, the largest numbers), at the width its place on
// the panel allows, and fails naming the key and the language of one
// that does not fit.
func TestEveryPanelStringFits(t *testing.T) {
	f := faces{}
	for _, code := range catalog.Codes() {
		l, _ := catalog.Get(code)
		p := widest(l)
		var keys []string
		for k := range l.Messages() {
			if strings.HasPrefix(k, "panel.") || strings.HasPrefix(k, "lights.") {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, key := range keys {
			where := place(key)
			if where == "" {
				t.Errorf("%s: no place on the panel for %s: add it to placeOf", code, key)
				continue
			}
			for _, s := range p.texts(key) {
				if why := fits(f, where, s); why != "" {
					t.Errorf("%s (%s): %q does not fit the %s: %s", key, code, s, where, why)
				}
			}
		}
		// The briefs as the OLED shows them: a lost claim's with the
		// widest claim before it, a refusal's alone.
		w := display.In(l)
		for _, c := range display.BriefCodes() {
			s := w.Brief(c)
			if lostCodes[c] {
				s = l.Text("panel.brief.why", "call", p.lostLabel, "why", s)
			}
			if why := fits(f, placeBrief, s); why != "" {
				t.Errorf("brief of %s (%s): %q does not fit the %s: %s", c, code, s, placeBrief, why)
			}
		}
	}
}

// lostCodes are the codes a lost claim gives: its brief follows the claim.
var lostCodes = map[engine.RuleCode]bool{
	engine.CodeRonBeatsAll: true, engine.CodeHeadBump: true, engine.CodeFirstCall: true,
	engine.CodeCloser: true, engine.CodeAlreadyDecided: true,
}

// place is key's place: its own, or its longest prefix's.
func place(key string) string {
	if p, ok := placeOf[key]; ok {
		return p
	}
	best := ""
	for prefix := range placeOf {
		if strings.HasSuffix(prefix, ".") && strings.HasPrefix(key, prefix) && len(prefix) > len(best) {
			best = prefix
		}
	}
	return placeOf[best]
}

// fits is "" when s fits its place, else why not.
func fits(f faces, where, s string) string {
	px := func(face font.Face, w int) string {
		if got := width(s, face); got > w {
			return fmt.Sprintf("%d pixels, the room is %d", got, w)
		}
		return ""
	}
	eink, oled := EInkSize.X, OLEDSize.X
	switch where {
	case placeHeadline:
		if why := px(f.get(12), eink-34-3); why != "" {
			return "e-ink: " + why
		}
		if why := px(f.get(9), oled-3); why != "" {
			return "OLED: " + why
		}
	case placeStandings:
		return px(f.get(10), eink-4)
	case placeTag:
		return px(small, oled-5)
	case placeDetail:
		full := []int{eink - 6, eink - 6}
		if lines := wrap(s, full); strings.Join(lines, " ") != strings.Join(strings.Fields(s), " ") {
			return fmt.Sprintf("two lines of %d pixels show %q", eink-6, lines)
		}
	case placeBrief:
		if n := utf8.RuneCountInString(s); n > display.BriefWidth {
			return fmt.Sprintf("%d characters, the room is %d", n, display.BriefWidth)
		}
		return px(small, oled-3)
	case placeBar:
		// The round line and the wall, 7 pixels apart (a space's):
		// with many counters the wall's count goes alone (large).
		return px(small, eink-6)
	case placeTurn:
		return px(small, 40)
	case placePrompt:
		return px(f.get(12), eink-4)
	case placeOLEDLine:
		return px(small, oled-3)
	case placeShortTag:
		return px(small, 5*7)
	}
	return ""
}

// params are the widest parameters of one language.
type params struct {
	l                                   *catalog.Lang
	wind, letter, call, tile, name      string
	winCall, dora                       string
	value, label, lostLabel, why, brief string
	// tiles and doras are every tile's words (a dora's never red): a
	// headline in a proportional font is tried with each.
	tiles, doras []string
}

// widest finds the widest words of l the parameters take.
func widest(l *catalog.Lang) params {
	w := display.In(l)
	// The widest in the small font, and of those in Go Bold (the
	// headlines').
	bold := faces{}.get(12)
	longest := func(ss []string) string {
		best := ""
		for _, s := range ss {
			ws, wb := width(s, small), width(best, small)
			if ws > wb || (ws == wb && width(s, bold) > width(best, bold)) {
				best = s
			}
		}
		return best
	}
	var winds, letters []string
	for x := engine.East; x <= engine.North; x++ {
		winds, letters = append(winds, w.Wind(x)), append(letters, w.Letter(x))
	}
	var calls, tiles, lost []string
	for _, name := range engine.ActionNames() {
		a, _ := engine.ParseAction(name)
		calls = append(calls, w.Call(a))
	}
	var wins, doras []string
	for _, a := range []engine.Action{engine.Chii, engine.Pon, engine.Kan, engine.Ron, engine.Tsumo} {
		wins = append(wins, w.Call(a))
	}
	for _, suit := range []string{"m", "p", "s"} {
		for r := 0; r <= 9; r++ {
			t := engine.MustTile(strconv.Itoa(r) + suit)
			tiles = append(tiles, outcome.TileWords(l, t))
			doras = append(doras, outcome.TileWords(l, t.Dora())) // a dora is never a red five
		}
	}
	for r := 1; r <= 7; r++ {
		t := engine.MustTile(strconv.Itoa(r) + "z")
		tiles, doras = append(tiles, outcome.TileWords(l, t)), append(doras, outcome.TileWords(l, t.Dora()))
	}
	var briefs []string
	for _, c := range display.BriefCodes() {
		briefs = append(briefs, w.Brief(c))
		if lostCodes[c] {
			lost = append(lost, w.Brief(c))
		}
	}
	for _, a := range []engine.Action{engine.Pon, engine.Kan, engine.Ron} {
		lost = append(lost, l.Text("panel.brief.call_wins", "call", l.Text("action."+a.String())))
	}
	var lostLabels []string
	for _, a := range []engine.Action{engine.Chii, engine.Pon, engine.Kan, engine.Ron} {
		for x := engine.East; x <= engine.North; x++ {
			lostLabels = append(lostLabels, l.Text("panel.brief.call", "call", w.Call(a), "wind", w.Letter(x)))
		}
	}
	values := []string{
		outcome.ValueWords(l, payment.Value{Han: 13, Fu: 110}), outcome.ValueWords(l, payment.Value{Limit: payment.Yakuman, Yakuman: 6}),
	}
	for _, lim := range []payment.Limit{payment.Mangan, payment.Haneman, payment.Baiman, payment.Sanbaiman} {
		values = append(values, outcome.ValueWords(l, payment.Value{Limit: lim}))
	}
	p := params{l: l, wind: longest(winds), letter: longest(letters), call: longest(calls), tile: longest(tiles),
		name: longest(append(winds, widestName)), value: longest(values), lostLabel: longest(lostLabels),
		why: longest(lost), brief: longest(briefs), winCall: longest(wins), dora: longest(doras), tiles: tiles, doras: doras}
	p.label = l.Text("panel.label", "call", p.call, "wind", p.wind)
	return p
}

// texts are the message key with the widest parameters: one text, or
// one per form of a message whose parameter is a choice.
func (p params) texts(key string) []string {
	l := p.l
	args := []any{
		"wind", p.wind, "call", p.call, "tile", p.tile, "who", p.name, "name", p.name, "label", p.label,
		"n", "99", "m", "9", "s", "59", "honba", "19", "sticks", "12", "seat", "3", "count", "14",
		"points", "192000", "change", "+192000", "place", "4", "sign", "-", "units", "123", "tenths", "4",
		"value", p.value, "why", p.why, "what", p.brief, "indicator", p.tile, "dora", p.tile,
		"code", "K7P QRM", "time", l.Text("panel.clock.min", "n", "600"), "brief", p.lostLabel + " : " + p.why,
		"tiles", "1112345678999m", "cells", "", "url", "",
	}
	switch key {
	case "panel.delta", "panel.named", "panel.brief.call", "panel.text.meld":
		args = append([]any{"wind", p.letter}, args...)
	case "panel.on":
		args = append([]any{"what", l.Text("panel.kong_of", "wind", p.wind, "tile", "0m")}, args...)
	case "panel.discard_of", "panel.kong_of":
		args = append([]any{"tile", "0m"}, args...)
	case "panel.won":
		args = append([]any{"call", p.winCall}, args...)
	case "panel.dora", "panel.kan_dora", "panel.open":
		var out []string
		ts := p.doras
		if key == "panel.open" {
			ts = p.tiles
		}
		for _, tw := range ts {
			out = append(out, l.Text(key, append([]any{"tile", tw}, args...)...))
		}
		return out
	case "panel.indicator":
		args = append([]any{"indicator", p.tile, "dora", p.dora}, args...)
	case "panel.round", "panel.reveal_n":
		args = append([]any{"n", "4"}, args...)
	case "panel.wall":
		// Beside the round line with few counters.
		return []string{l.Text("panel.round_line", "wind", p.wind, "n", "4", "honba", "9", "sticks", "9") + " " + l.Text(key, "n", "70")}
	case "panel.more_alerts":
		args = append([]any{"n", "7"}, args...)
	case "panel.clock.min":
		args = append([]any{"n", "600"}, args...)
	case "panel.brief.call_wins":
		args = append([]any{"call", "chii"}, args...)
	case "panel.brief.why":
		args = append([]any{"call", p.lostLabel}, args...)
	case "panel.laid":
		args = append([]any{"n", "14"}, args...)
	case "panel.round_line":
		// The bar holds the round line and the wall.
		return []string{l.Text(key, "wind", p.wind, "n", "4", "honba", "19", "sticks", "12") + " 70"}
	case "panel.brief.more":
		return nil // dropped when the line has no room for it (briefDecision)
	}
	if strings.HasPrefix(key, "panel.sticks.") {
		args = append([]any{"n", 12}, args...)
	}
	if strings.HasPrefix(key, "panel.honba") || strings.HasPrefix(key, "panel.sticks.") {
		// The OLED's bar: the round, and this beside it.
		return []string{l.Text("panel.round", "wind", p.wind, "n", "4") + " " + l.Text(key, args...)}
	}
	return []string{l.Text(key, args...)}
}
