package outcome

import (
	"strings"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// TestTilesInReasons: a reason that names tiles says them in English in
// mpsz, as the claim log always kept them, and in French in words: a
// tile, the tiles a call showed, the tiles a furiten hand waits on.
func TestTilesInReasons(t *testing.T) {
	fr, _ := catalog.Get("fr")
	m := engine.MustTile
	a := engine.Args{Dealer: 0, Seat: 2, Other: 1, Call: engine.Chii, Tile: m("8p"), Tile2: m("5p"), Shown: [2]engine.Tile{m("5p"), m("6p")},
		Waits: []engine.Tile{m("3p"), m("6p"), m("1z")}}
	for _, c := range []struct {
		lang *catalog.Lang
		code engine.RuleCode
		want string
	}{
		{nil, engine.CodeNotAGroup, "CHII 5p 6p with 8p is not a chow"},
		{fr, engine.CodeNotAGroup, "CHII 5 cercles et 6 cercles avec 8 cercles n'est pas un chow"},
		{nil, engine.CodeTileMismatch, "chii 8p does not match the discard 5p"},
		{fr, engine.CodeTileMismatch, "chii 8 cercles ne correspond pas à l'écart 5 cercles"},
		{nil, engine.CodeFuriten, "furiten: West waits on 3p 6p 1z and let South's 8p pass"},
		{fr, engine.CodeFuriten, "furiten : Ouest attend 3 cercles, 6 cercles et vent d'Est et a laissé passer le 8 cercles du joueur Sud"},
		{nil, engine.CodeKuikae, "swap-calling (kuikae): West discards 8p right after calling 5p"},
		{fr, engine.CodeKuikae, "échange d'appel (kuikae) : Ouest écarte 8 cercles juste après avoir appelé 5 cercles"},
	} {
		got, ok := Reason(c.lang, c.code, a)
		if !ok || len(got) < len(c.want) || got[:len(c.want)] != c.want {
			t.Errorf("%s in %s: %q, want it to start %q", c.code, c.lang.Code(), got, c.want)
		}
	}
}

// TestScoredHandInEveryLanguage: a settled win's hand reads in English as
// logged and in French with the meld kinds and "win" in French, its tiles
// in mpsz in both.
func TestScoredHandInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	from := "E"
	r := Record{Result: "tsumo", Wins: []Win{{Seat: "S", Han: 9, Fu: 40, Limit: "baiman", Points: 16000,
		Hand: "406p 23466789s win 4s, closed kan 0m5m5m5m, pon 5z5z5z"}}}
	rRon := Record{Result: "ron", Wins: []Win{{Seat: "W", From: &from, Han: 1, Fu: 30, Points: 1000, Hand: "234m 345678p 99s win 5p"}}}
	for _, c := range []struct {
		lang *catalog.Lang
		r    Record
		want string
	}{
		{nil, r, "406p 23466789s win 4s, closed kan 0m5m5m5m, pon 5z5z5z"},
		{fr, r, "406p 23466789s victoire 4s, kong fermé 0m5m5m5m, pung 5z5z5z"},
		{fr, rRon, "234m 345678p 99s victoire 5p"},
	} {
		if got := In(c.lang).Score(c.r); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q lacks %q", c.lang.Code(), got, c.want)
		}
	}
}
