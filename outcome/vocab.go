package outcome

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

// The game's vocabulary in the catalog's words: the keys are completed
// from the names the rules packages give (yaku.<scorer name>,
// limit.<payment name>, fu.<part code>, tile.<suit>), so each word has one
// home, the catalog, in every language. A nil language is English.

// YakuWord is a yaku as players read it: "Menzen tsumo" for menzen_tsumo,
// "Tanyao (tout simples)" in French; a name the catalog lacks is returned
// as it is.
func YakuWord(l *catalog.Lang, name string) string {
	if !l.Has("yaku."+name) && !catalog.English().Has("yaku."+name) {
		return name
	}
	return l.Text("yaku." + name)
}

// YakuList is a hand's yaku with their han: "Riichi 1, Ippatsu 1, Dora 2".
func YakuList(l *catalog.Lang, ys []scorer.Yaku) string {
	parts := make([]string, len(ys))
	for i, y := range ys {
		parts[i] = YakuWord(l, y.Name) + " " + strconv.Itoa(y.Han)
	}
	return strings.Join(parts, ", ")
}

// ValueWords is a value as people read it: "3 han 40 fu", "5 han",
// "mangan", "2x yakuman".
func ValueWords(l *catalog.Lang, v payment.Value) string {
	switch {
	case v.Limit == payment.Yakuman && v.Yakuman > 1:
		return l.Text("value.yakuman_times", "n", v.Yakuman)
	case v.Limit != payment.NoLimit:
		return l.Text("limit." + v.Limit.String())
	case v.Fu == 0:
		return l.Text("value.han", "han", v.Han)
	}
	return l.Text("value.han_fu", "han", v.Han, "fu", v.Fu)
}

// FuWords is one part of a fu count in words: "concealed pung of 9
// characters"; a part with no code (from an older record) keeps its name.
func FuWords(l *catalog.Lang, p scorer.FuPart) string {
	if p.Code == "" {
		return p.Name
	}
	return l.Text("fu."+p.Code, "tile", TileWords(l, p.Tile))
}

// TileWords is a tile as a player says it: "1 circle", "5 circles (red)",
// "East wind", "white dragon"; in French "5 cercles (rouge)", "vent d'Est".
func TileWords(l *catalog.Lang, t tile.Tile) string {
	if !t.Known() {
		return l.Text("tile.unknown")
	}
	if t.Suit() == tile.Honor {
		return l.Text("tile.honour." + strconv.Itoa(t.Rank()))
	}
	w := l.Count("tile."+string(t.Suit().Letter()), t.Rank())
	if t.Red() {
		w = l.Text("tile.red", "tile", w)
	}
	return w
}

// ActionWord is a seat's action as its button names it: "pon", "écart".
func ActionWord(l *catalog.Lang, action string) string {
	return l.Text("action." + action)
}

// InputWord is any input's action in l's words: a seat's button by the
// game's vocabulary ([action]: "écart"), any other input (a value, a
// hand, a confirmation, the referee's) by the words the panel names it
// with ([panel.input]: "valeur", "main", "confirmer"); an action the
// catalog has no word for is its code.
func InputWord(l *catalog.Lang, action string) string {
	if l.Has("action." + action) {
		return ActionWord(l, action)
	}
	if key := inputKeys[action]; key != "" && l.Has(key) {
		return l.Text(key)
	}
	return action
}

// inputKeys are the keys of the inputs that are not a seat's button, by
// the action's name (engine.ActionNames).
var inputKeys = map[string]string{
	"dora": "panel.input.dora", "newhand": "panel.input.newhand", "tenpai": "panel.input.tenpai",
	"deadhand": "panel.input.deadhand", "value": "panel.input.value", "chombo": "panel.input.chombo",
	"name": "panel.input.name", "hand": "panel.input.hand", "ura": "panel.input.ura", "time": "panel.input.time",
	"round": "panel.input.round", "card": "panel.input.card", "confirm": "panel.input.confirm",
}

// CallWord is a call as a headline or a reason shouts it: "PON", "ÉCART",
// "VALEUR" in French (InputWord). English keeps the call's code, which
// its words are, so the logged reasons stay as they were.
func CallWord(l *catalog.Lang, call string) string {
	if l.Code() != catalog.Default {
		return strings.ToUpper(InputWord(l, call))
	}
	return strings.ToUpper(call)
}

// NameRefusal is why the engine refuses a player's name (CheckName), as a
// refusal of the catalog: its In words it in a reader's language, its
// Error is the engine's English. A code it has no words for keeps the
// engine's English.
func NameRefusal(e *engine.NameError) *catalog.Refusal {
	switch e.Code {
	case engine.NameLong:
		return catalog.Refuse("i33.name.long", "n", e.N, "m", engine.MaxNameLength)
	case engine.NameNotUTF8:
		return catalog.Refuse("i33.name.not_utf8")
	case engine.NameControl:
		return catalog.Refuse("i33.name.control", "rune", fmt.Sprintf("%U", e.Rune))
	}
	return catalog.Refuse("i33.parse.as_is", "why", e.Error())
}
