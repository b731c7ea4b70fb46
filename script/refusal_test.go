package script_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/script"
)

// TestRefusalsInEveryLanguage: a command the language refuses, as typed
// at the terminal (ParseCommand), reads in English as it always did
// (Error, byte for byte) and in French from the same refusal
// (catalog.ErrorIn); a payment.ParseValue fault inside a value's refusal
// too.
func TestRefusalsInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, c := range []struct{ line, en, fr string }{
		{"W pong", `unknown action "pong" (want discard, chii, pon, kan, ron, tsumo, riichi, cancel, tenpai, deadhand, value, hand, chombo, name, confirm)`,
			`action « pong » inconnue (actions possibles : discard, chii, pon, kan, ron, tsumo, riichi, cancel, tenpai, deadhand, value, hand, chombo, name, confirm)`},
		{"X pon", `"X" is not a seat wind (E, S, W, N) nor dora, ura, newhand or time`,
			`« X » n'est ni un vent de siège (E, S, W, N) ni dora, ura, newhand ou time`},
		{"E discard 3q", `discard: "3q" is not a tile (want mpsz like 3p, 7z, 0m)`,
			`discard : « 3q » n'est pas une tuile (en mpsz, comme 3p, 7z, 0m)`},
		{"E discard 1m 2m", "discard takes at most 1 tile(s), got 2", "discard prend au plus 1 tuile(s), pas 2"},
		{"S chii 2p", "chii shows two tiles from the hand, or none", "chii montre deux tuiles de la main, ou aucune"},
		{"dora", "dora takes one tile, like: dora 4m", "dora prend une tuile, par ex. : dora 4m"},
		{"newhand dealer 9", `newhand dealer "9" is not a seat 0..3`, "newhand dealer « 9 » n'est pas un siège de 0 à 3"},
		{"time now", "time takes nothing: the round's time is up at the line's stamp", "time ne prend rien : le temps de la manche est écoulé à l'heure de la ligne"},
		{"E", "seat E needs an action: discard, chii", "le siège E demande une action : discard, chii"},
		{"W value 3", `value: 3 han needs its fu (like "3 30"): below 5 han the fu set the worth`,
			"value : 3 han demande ses fu (comme « 3 30 ») : sous 5 han, les fu fixent la valeur"},
		{"W value lots", `value: "lots" is neither a limit nor a number of han 1..99`, "value : « lots » n'est ni une limite ni un nombre de han de 1 à 99"},
		{"W value", `value: a value is han and fu ("3 40") or a limit`, "value : une valeur se donne en han et fu (« 3 40 »)"},
		{"W value mangan 2", "value: mangan takes nothing after it (only yakuman takes a number)", "value : mangan ne prend rien après lui (seul yakuman prend un nombre)"},
		{"W value yakuman 9", `value: yakuman "9": the number of yakuman must be 1..6`, "value : yakuman « 9 » : le nombre de yakuman va de 1 à 6"},
		{"W value 3 x", `value: fu "x" is not a number like 30`, "value : fu « x » n'est pas un nombre comme 30"},
		{"W value 3 40 50", "value: a value is han and fu, two numbers, not 3 words", "value : une valeur, ce sont han et fu, deux nombres, pas 3 mots"},
		{"W value mangan pao X", `value: pao "x" is not a seat wind (E, S, W, N)`, "value : pao « x » n'est pas un vent de siège (E, S, W, N)"},
		{"E hand", "hand needs the concealed tiles, like: hand 234m 456p 789s 5p 55z [win 5p]", "hand demande les tuiles cachées, par ex. : hand 234m 456p 789s 5p 55z [win 5p]"},
		{"E hand 234m win 5q", `hand: win "5q" is not a tile (want mpsz like 5m)`, "hand : win « 5q » n'est pas une tuile (en mpsz, comme 5m)"},
		{"E card", "card is a reader's read of a player's card", "card est la lecture de la carte d'un joueur"},
		{"dora 9x", `dora: "9x" is not a tile: suit 'x' is not one of m, p, s, z`, "dora : « 9x » n'est pas une tuile : la famille « x » n'est pas m, p, s ou z"},
		{"ura 0z", `ura: "0z" is not a tile: 0 (red five) needs m, p or s`, "ura : « 0z » n'est pas une tuile : 0 (cinq rouge) demande m, p ou s"},
		{"dora 44m", `dora: "44m" is not a tile (want mpsz like 3p, 7z or 0m)`, "dora : « 44m » n'est pas une tuile (en mpsz, comme 3p, 7z ou 0m)"},
		{"E hand 234", `hand: group 1 "234" has no suit letter (m, p, s or z) after its ranks`, "hand : le groupe 1 « 234 » n'a pas de lettre de famille (m, p, s ou z) après ses rangs"},
		{"E hand 234m p", `hand: group 2 "p" has a suit letter but no ranks`, "hand : le groupe 2 « p » a une lettre de famille mais pas de rangs"},
		{"E hand 234m 08z", `hand: group 2 "08z": 0z is not a tile`, "hand : groupe 2 « 08z » : 0z n'est pas une tuile"},
		{"E hand 234m x", `hand: group 2: "x" is not a rank (0-9) or a suit letter (m, p, s, z)`, "hand : groupe 2 : « x » n'est ni un rang (0-9) ni une lettre de famille (m, p, s, z)"},
		{"E hand 11112222333344445m", "hand: 17 tiles, more than a hand holds (14, the winning tile included)", "hand : 17 tuiles, plus qu'une main n'en tient (14, tuile gagnante comprise)"},
		{"E name Ana\x01", "name: a name cannot hold control characters (U+0001)", "nom : un nom ne peut pas contenir de caractères de contrôle (U+0001)"},
		{"E name " + strings.Repeat("a", 200), "name: a name is at most", "nom : un nom fait au plus"},
		{"E name \xff", "name: a name must be UTF-8 text", "nom : un nom doit être du texte UTF-8"},
	} {
		_, err := script.ParseCommand(c.line)
		if err == nil {
			t.Errorf("%q: taken, want refused", c.line)
			continue
		}
		if got := catalog.ErrorIn(catalog.English(), err); got != err.Error() || !strings.HasPrefix(got, c.en) {
			t.Errorf("%q in English: %q (Error %q), want %q", c.line, got, err.Error(), c.en)
		}
		if got := catalog.ErrorIn(fr, err); !strings.HasPrefix(got, c.fr) {
			t.Errorf("%q in French: %q, want %q", c.line, got, c.fr)
		}
	}
}

// TestScriptErrorInEveryLanguage: a scenario's error names its line in
// the reader's language, English as Error says it.
func TestScriptErrorInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, c := range []struct{ in, en, fr string }{
		{"@2s E discard\n@1s S pon\n", `line 2: time "@1s" (1s) is before the previous line's 2s: lines must be in time order`,
			"ligne 2 : l'heure « @1s » (1 s) précède celle de la ligne d'avant, 2 s : les lignes vont dans l'ordre du temps"},
		{"window 2m\n", `line 1: window "2m" is not a duration like 250ms, more than 0 and at most 1m0s`,
			"ligne 1 : window « 2m » n'est pas une durée comme 250ms, de plus de 0 et d'au plus 1 min"},
		{"rules none\nsticks 1\n", `line 1: unknown rules "none" (known: ema2008, ema2016, wrc2015)`,
			"ligne 1 : règles « none » inconnues (connues : ema2008, ema2016, wrc2015)"},
		{"@0ms E discard\nhonba 200\n", `line 2: header "honba" must come before the first timed line`,
			"ligne 2 : l'en-tête « honba » doit venir avant la première ligne datée"},
		{"honba 200\n", `line 1: honba "200" is not a number 0..100`, "ligne 1 : honba « 200 » n'est pas un nombre de 0 à 100"},
		{"game long\n", `line 1: game "long" is not hanchan, tonpuu or open`, "ligne 1 : game « long » n'est pas hanchan, tonpuu ou open"},
	} {
		_, err := script.Parse(strings.NewReader(c.in))
		var se *script.Error
		if !errors.As(err, &se) {
			t.Errorf("%q: %v, want a script error", c.in, err)
			continue
		}
		if got := se.Error(); got != c.en || se.In(catalog.English()) != c.en {
			t.Errorf("%q in English: %q, want %q", c.in, got, c.en)
		}
		if got := catalog.ErrorIn(fr, err); got != c.fr {
			t.Errorf("%q in French: %q, want %q", c.in, got, c.fr)
		}
	}
}

// FuzzRefusalWords: whatever line is typed, a refusal reads in English
// as its Error and in every language of the catalog in words the catalog
// has (no key left as "[key]").
func FuzzRefusalWords(f *testing.F) {
	for _, s := range []string{"W pong", "dora 9x", "E hand 234m x", "W value 3", "E name \x01", "newhand dealer 9", "E discard 1m 2m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		_, err := script.ParseCommand(line)
		if err == nil || errors.Is(err, script.ErrHelp) {
			return
		}
		if got := catalog.ErrorIn(nil, err); got != err.Error() {
			t.Fatalf("%q: English %q, Error %q", line, got, err.Error())
		}
		for _, code := range catalog.Codes() {
			l, _ := catalog.Get(code)
			if got := catalog.ErrorIn(l, err); got == "" || strings.Contains(got, "[i33.") {
				t.Fatalf("%q in %s: %q", line, code, got)
			}
		}
	})
}
