package display

import (
	"strconv"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// Words are the panel's words in one language of the catalog ([panel],
// [lights] and the game's vocabulary): every sentence a Board carries is
// made here from a key and its parameters, never written in the code.
//
// The panel writes points as plain digits in every language ("36000",
// "+5200"), as the scoreboards of automatic tables do: a score is read
// at arm's length, and a separator would cost a cell its width.
type Words struct{ l *catalog.Lang }

// In is the panel's words in l; nil is English.
func In(l *catalog.Lang) Words {
	return Words{l: l}
}

// Lang is the language of the words.
func (w Words) Lang() *catalog.Lang { return w.l }

// Text is the message key with its parameters (catalog.Lang.Text).
func (w Words) Text(key string, args ...any) string { return w.l.Text(key, args...) }

// Wind is a wind by its name: "East", "Ouest".
func (w Words) Wind(x engine.Wind) string { return w.l.Text("wind." + x.Letter()) }

// Letter is a wind by its letter: "W", "O".
func (w Words) Letter(x engine.Wind) string { return w.l.Text("wind.letter." + x.Letter()) }

// Call is an action as a headline shouts it: "PON", "ÉCART", "VALEUR"
// (outcome.CallWord: a seat's button by the game's vocabulary, any other
// input by the words the panel names it with).
func (w Words) Call(a engine.Action) string { return outcome.CallWord(w.l, a.String()) }

// Label is a call and the seat that made it: "PON North", "CHII Ouest";
// the call alone for no seat.
func (w Words) Label(call engine.Action, s, dealer engine.Seat) string {
	if !s.Valid() {
		return w.Call(call)
	}
	return w.l.Text("panel.label", "call", w.Call(call), "wind", w.Wind(s.Wind(dealer)))
}

// Round is a hand of the game: "East 1", "Sud 4".
func (w Words) Round(x engine.Wind, hand int) string {
	return w.l.Text("panel.round", "wind", w.Wind(x), "n", strconv.Itoa(hand))
}

// Tag is one of the board's tags by its code ("late", "hand_over"):
// "LATE", "MAIN FINIE".
func (w Words) Tag(code string) string { return w.l.Text(tagKeys[code]) }

// tagKeys are the tags' keys by code, and shortTagKeys the tags the OLED
// shortens beside a reason.
var (
	tagKeys = map[string]string{
		"deciding": "panel.tag.deciding", "kong": "panel.tag.kong", "hand_over": "panel.tag.hand_over",
		"late": "panel.tag.late", "override": "panel.tag.override", "robs_kong": "panel.tag.robs_kong",
		"referee": "panel.tag.referee", "rejected": "panel.tag.rejected", "dora": "panel.tag.dora", "kan_dora": "panel.tag.kan_dora",
		"game_over": "panel.tag.game_over",
	}
	shortTagKeys = map[string]string{
		"rejected": "panel.short_tag.rejected", "hand_over": "panel.short_tag.hand_over", "referee": "panel.short_tag.referee",
		"override": "panel.short_tag.override", "robs_kong": "panel.short_tag.robs_kong",
	}
)

// TagCodes are the codes of every tag a board may carry, for the tests
// that render every word of the panel.
func TagCodes() []string {
	codes := make([]string, 0, len(tagKeys))
	for c := range tagKeys {
		codes = append(codes, c)
	}
	return codes
}

// ShortTag is a tag as the OLED shows it beside a reason ("NO" for
// "REJECTED"): the tag itself when it has no short form.
func (w Words) ShortTag(tag string) string {
	for code, key := range shortTagKeys {
		if tag == w.Tag(code) {
			return w.l.Text(key)
		}
	}
	return tag
}

// Signed is a change of points as people write it: "+5200", "-1000",
// "±0" (a bare 0 beside the points reads as one more digit of them).
func Signed(n int) string {
	if n == 0 {
		return "±0"
	}
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Result is a result after uma as a results sheet writes it, in
// thousands with one decimal: "+26.0", "-7.5" ("+26,0" in French).
func (w Words) Result(n int) string {
	sign := "+"
	if n < 0 {
		sign, n = "-", -n
	}
	tenths := (n + 50) / 100 // rounded to the nearest hundred, as %.1f of n/1000
	return w.l.Text("panel.result", "sign", sign, "units", strconv.Itoa(tenths/10), "tenths", strconv.Itoa(tenths%10))
}

// signalKeys are each signal's name and meaning, by the signal's code;
// riichi, which shows beside any other signal, last.
var signalKeys = []struct{ code, name, meaning string }{
	{"turn", "lights.name.turn", "lights.meaning.turn"},
	{"pending", "lights.name.pending", "lights.meaning.pending"},
	{"won", "lights.name.won", "lights.meaning.won"},
	{"late", "lights.name.late", "lights.meaning.late"},
	{"lost", "lights.name.lost", "lights.meaning.lost"},
	{"rejected", "lights.name.rejected", "lights.meaning.rejected"},
	{"referee", "lights.name.referee", "lights.meaning.referee"},
	{"riichi", "lights.name.riichi", "lights.meaning.riichi"},
}

// SignalName is a signal as the text panel's lights line names it: "won",
// "gagné"; "riichi" names the riichi light.
func (w Words) SignalName(code string) string {
	for _, k := range signalKeys {
		if k.code == code {
			return w.l.Text(k.name)
		}
	}
	return code
}

// Legend is what each seat light means, a line a signal, as a player
// reads it beside the table: "amber, slow pulse: your call is being
// decided". Riichi, shown beside any other, comes last.
func (w Words) Legend() []string {
	lines := make([]string, len(signalKeys))
	for i, k := range signalKeys {
		lines[i] = w.l.Text(k.meaning)
	}
	return lines
}
