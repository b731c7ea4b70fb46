package outcome

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
)

// reasonCases are the arguments that reach each variant of a code's words:
// every call, no tile, a suit tile and an honor, none, one or three
// declared calls.
func reasonCases() []engine.Args {
	var out []engine.Args
	tiles := []engine.Tile{0, engine.MustTile("3p"), engine.MustTile("6z")}
	calls := [][]engine.Action{nil, {engine.Riichi}, {engine.Riichi, engine.Kan, engine.Tsumo}}
	for _, call := range []engine.Action{engine.Discard, engine.Chii, engine.Pon, engine.Kan, engine.Ron, engine.Tsumo, engine.Riichi, engine.Cancel} {
		for i, t := range tiles {
			out = append(out, engine.Args{
				Dealer: 1, Seat: 2, Other: 3, Call: call, Tile: t, Tile2: engine.MustTile("4p"),
				N: 4, M: 2, Calls: calls[i], Shown: [2]engine.Tile{engine.MustTile("5p"), engine.MustTile("6p")},
				Decided:  []engine.Called{{Seat: 0, Call: engine.Pon}},
				Won:      []engine.Called{{Seat: 2, Call: call}, {Seat: 3, Call: engine.Ron}}[:1+i%2],
				Lost:     []engine.Called{{Seat: 1, Call: engine.Chii, Overridden: i == 2}},
				Deadline: 2 * time.Second, Window: 250 * time.Millisecond, Within: 1500 * time.Millisecond,
				Turn: 3, ToDraw: i == 1, Rules: "EMA 2016", RoundWind: engine.South, Hand: 2, Honba: 1, Sticks: 1,
				End: engine.EndBust, Name: []string{"", "Ana", "Chloé"}[i], Value: payment.Value{Han: 3, Fu: 40},
				Entered: payment.Value{Limit: payment.Mangan}, Yaku: []scorer.Yaku{{Name: "riichi", Han: 1}, {Name: "tanyao", Han: 1}},
				Waits: []engine.Tile{engine.MustTile("3p"), engine.MustTile("6p")}, Fault: []string{"", "no yaku", ""}[i],
			})
		}
	}
	return out
}

// TestReasonEveryCodeEveryLanguage renders every rule code the catalog
// words, with the arguments of each of its variants, in every language:
// none falls back to a key, leaves a parameter unfilled or is empty, and a
// language other than English says it in its own words.
func TestReasonEveryCodeEveryLanguage(t *testing.T) {
	var worded []string
	for c := engine.CodeNone + 1; !strings.HasPrefix(c.String(), "code("); c++ {
		for _, a := range reasonCases() {
			en, ok := Reason(catalog.English(), c, a)
			if !ok {
				continue
			}
			if !slices.Contains(worded, c.String()) {
				worded = append(worded, c.String())
			}
			for _, code := range catalog.Codes() {
				l, _ := catalog.Get(code)
				s, ok := Reason(l, c, a)
				switch {
				case !ok:
					t.Errorf("%s %s %+v: no words in %s but in English", c, a.Call, a, code)
				case s == "" || strings.Contains(s, "[") || strings.Contains(s, "{"):
					t.Errorf("%s %s in %s: %q", c, a.Call, code, s)
				case code != catalog.Default && s == en:
					t.Errorf("%s %s in %s is the English %q", c, a.Call, code, s)
				}
			}
		}
	}
	// Every code has words: none is left to the engine.
	for c := engine.CodeNone + 1; !strings.HasPrefix(c.String(), "code("); c++ {
		if !slices.Contains(worded, c.String()) {
			t.Errorf("%s has no words in the catalog", c)
		}
	}
}

// TestReasonWords: the words of a few refusals, English as the engine
// has always said them (the goldens of script, journal and cmd/tabled hold
// every other), French as the EMA's French translation words it.
func TestReasonWords(t *testing.T) {
	fr, _ := catalog.Get("fr")
	a := engine.Args{Dealer: 0, Seat: 2, Other: 3, Call: engine.Pon, Turn: 3, ToDraw: true, Deadline: 2 * time.Second,
		Calls: []engine.Action{engine.Riichi, engine.Kan, engine.Tsumo}, Name: "Ana"}
	for _, c := range []struct {
		lang *catalog.Lang
		code engine.RuleCode
		call engine.Action
		want string
	}{
		{nil, engine.CodeOwnDiscard, engine.Ron, "West cannot win on its own discard"},
		{fr, engine.CodeOwnDiscard, engine.Pon, "Ouest ne peut pas réclamer son propre écart"},
		{catalog.English(), engine.CodeNotYourTurn, engine.Discard, "not West's turn to discard: North is to draw"},
		{fr, engine.CodeNotYourTurn, engine.Discard, "ce n'est pas le tour du joueur Ouest d'écarter : Nord doit piocher"},
		{fr, engine.CodeDeadHand, engine.Kan, "Ouest a une main morte (arbitre) : pas de kong"},
		// French elides "de" before a vowel: the preposition is each value's.
		{fr, engine.CodeNotYourTurn, engine.Kan, "ce n'est pas le tour du joueur Ouest de déclarer un kong : Nord doit piocher"},
		{fr, engine.CodeNotYourTurn, engine.Tsumo, "ce n'est pas le tour du joueur Ouest de gagner par tsumo : Nord doit piocher"},
		{fr, engine.CodeNotYourTurn, engine.Riichi, "ce n'est pas le tour du joueur Ouest de déclarer riichi : Nord doit piocher"},
		{fr, engine.CodeWrongSeat, engine.Card, "Ana : sa carte est sur le lecteur du joueur Nord, mais la place attribuée à Ana est Ouest (arbitre : un joueur à la mauvaise place)"},
		{catalog.English(), engine.CodeEarlyReplacement, engine.Kan, "West took its replacement tile before the time to rob its kong was over: its riichi, kan and tsumo is void"},
		{fr, engine.CodeEarlyReplacement, engine.Kan, "Ouest a pris sa tuile de remplacement avant la fin du délai pour voler son kong : son riichi, kan et tsumo est nul"},
	} {
		a.Call = c.call
		if got, ok := Reason(c.lang, c.code, a); !ok || got != c.want {
			t.Errorf("%s %s: %q %v, want %q", c.code, c.call, got, ok, c.want)
		}
	}
}
