package outcome

import (
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

// TestVocabularyCoversTheRules: every yaku the scorer names, every limit
// payment names and every tile has words in every language, so no view
// falls back to a code.
func TestVocabularyCoversTheRules(t *testing.T) {
	for _, code := range catalog.Codes() {
		l, _ := catalog.Get(code)
		for _, n := range scorer.Names {
			if !l.Has("yaku." + n) {
				t.Errorf("%s: no words for yaku %s", code, n)
			}
		}
		for lim := payment.Mangan; lim <= payment.Yakuman; lim++ {
			if !l.Has("limit." + lim.String()) {
				t.Errorf("%s: no words for limit %s", code, lim)
			}
		}
		for _, s := range everyTile() {
			if w := TileWords(l, s); w == "" || w[0] == '[' {
				t.Errorf("%s: tile %s in words is %q", code, s, w)
			}
		}
	}
}

func TestVocabularyWords(t *testing.T) {
	en, fr := catalog.English(), mustLang(t, "fr")
	for _, c := range []struct{ got, want string }{
		{TileWords(en, tile.MustTile("1p")), "1 circle"},
		{TileWords(en, tile.MustTile("0p")), "5 circles (red)"},
		{TileWords(en, tile.MustTile("1z")), "East wind"},
		{TileWords(fr, tile.MustTile("0s")), "5 bambous (rouge)"},
		{TileWords(fr, tile.MustTile("3z")), "vent d'Ouest"},
		{TileWords(en, tile.NoTile), "unknown tile"},
		{YakuList(en, []scorer.Yaku{{Name: "riichi", Han: 1}, {Name: "dora", Han: 2}}), "Riichi 1, Dora 2"},
		{YakuList(fr, []scorer.Yaku{{Name: "tanyao", Han: 1}}), "Tanyao (tout simples) 1"},
		{YakuWord(en, "not_a_yaku"), "not_a_yaku"},
		{ValueWords(en, payment.Value{Han: 3, Fu: 40}), "3 han 40 fu"},
		{ValueWords(en, payment.Value{Han: 5}), "5 han"},
		{ValueWords(en, payment.Value{Limit: payment.Mangan}), "mangan"},
		{ValueWords(en, payment.Value{Limit: payment.Yakuman, Yakuman: 2}), "2x yakuman"},
		{ValueWords(fr, payment.Value{Limit: payment.Yakuman, Yakuman: 2}), "yakuman x2"},
		{FuWords(en, scorer.FuPart{Code: "closed_pung", Tile: tile.MustTile("9m"), Fu: 8}), "concealed pung of 9 characters"},
		{FuWords(fr, scorer.FuPart{Code: "pair_dragon", Tile: tile.MustTile("7z"), Fu: 2}), "paire de dragon rouge (dragon)"},
		{FuWords(en, scorer.FuPart{Name: "closed ron", Fu: 10}), "closed ron"},
		{ActionWord(fr, "discard"), "écart"},
		{CallWord(en, "discard"), "DISCARD"},
		{CallWord(fr, "discard"), "ÉCART"},
		{CallWord(fr, "pon"), "PON"},
		{CallWord(fr, "deadhand"), "MAIN MORTE"}, // no button: the panel's word
		{CallWord(fr, "confirm"), "CONFIRMER"},
		{CallWord(en, "confirm"), "CONFIRM"},
		{CallWord(fr, "no_such"), "NO_SUCH"}, // no word at all: its code
		{In(fr).CallLabel("discard", "S"), "ÉCART Sud"},
		{In(fr).CallLabel("cancel", ""), "ANNULER"},
		{In(en).CallLabel("discard", "S"), "DISCARD South"},
		{In(fr).Score(Record{Result: "chombo", Chombo: "E"}), "chombo du joueur Est ; variations E +0 S +0 O +0 N +0 ; scores E 0 S 0 O 0 N 0 ; honba 0, bâtons 0"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func mustLang(t *testing.T, code string) *catalog.Lang {
	t.Helper()
	l, ok := catalog.Get(code)
	if !ok {
		t.Fatalf("no language %s", code)
	}
	return l
}

// everyTile is each face once, red fives included.
func everyTile() []tile.Tile {
	var ts []tile.Tile
	for _, code := range []string{"0m", "0p", "0s"} {
		ts = append(ts, tile.MustTile(code))
	}
	for s, n := range map[tile.Suit]int{0: 9, 1: 9, 2: 9, tile.Honor: 7} {
		for r := 1; r <= n; r++ {
			t, _ := tile.NewTile(s, r, false)
			ts = append(ts, t)
		}
	}
	return ts
}
