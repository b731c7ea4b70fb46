package display_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
)

// TestNewViewInFrench: the board's words in French, scene by scene: the
// headline, the tags and a detail line, each from the catalog (the
// engine's refusal, which the outcome keeps in English, said by its
// rule's few words).
func TestNewViewInFrench(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, tc := range []struct{ scene, headline, tags, detail string }{
		{"idle", "Est 1", "", "Est doit écarter"},
		{"discard_open", "Sud : 5 caractères", "", "Ouest doit piocher"},
		{"pending_window", "CHII Ouest, PON Nord", "DÉCISION", "sur 5m écarté par Sud"},
		{"decision_pon", "PON - Sud", "", "CHII Nord perd : par pon"},
		{"head_bump", "RON - Ouest", "MAIN FINIE", "RON Est perd : éloigné"},
		{"late_pon", "PON - Nord", "TARDIF", "tardif : délai d'appel passé"},
		{"rejected", "CHII Ouest", "REFUSÉ", "seul le joueur Sud, le suivant dans le tour, peut faire chii sur l'écart du joueur Est"},
		{"referee", "VÉRIFIER Sud", "ARBITRE", "échange d'appel (kuikae) : Sud écarte 4 cercles juste après avoir appelé 1 cercle, ce qui est interdit"},
		{"kan_dora_prompt", "Sud : 1 caractère", "KONG", "peut être volé : RON seul"},
		{"dora_with_kan_dora", "DORA dragon blanc", "DORA DE KAN", "indicateur dragon rouge -> dora dragon blanc"},
		{"robbed_kong_dora_withdrawn", "RON - Nord", "VOLE LE KONG MAIN FINIE", "saisir la valeur : Nord"},
		{"exhaustive_draw", "PARTIE NULLE", "MAIN FINIE", "le mur vivant est vide et le dernier écart n'a pas été gagné"},
		{"ron_settled", "RON - Nord", "MAIN FINIE", "E -1000  S -5200  O ±0  N +7200"},
		{"tsumo_hand_settled", "TSUMO - Sud", "MAIN FINIE", "Menzen tsumo 1, Riichi 1, Ippatsu 1, Dora 1, Ura dora 1"},
		{"game_end_accented", "CLASSEMENT FINAL", "PARTIE FINIE", "1 Zoé (E) 36000 +21,0"},
	} {
		t.Run(tc.scene, func(t *testing.T) {
			b := displaytest.Named(t, tc.scene).ViewIn(t, fr).Board
			if b.Headline != tc.headline {
				t.Errorf("headline %q, want %q", b.Headline, tc.headline)
			}
			if got := strings.Join(b.Tags, " "); got != tc.tags {
				t.Errorf("tags %q, want %q", got, tc.tags)
			}
			if !slices.Contains(b.Detail, tc.detail) {
				t.Errorf("detail %q, want a line %q", b.Detail, tc.detail)
			}
			if b.Lang != fr {
				t.Error("the board does not carry its language")
			}
		})
	}
}

// TestWordsInEveryLanguage: the pieces the panels put together, in each
// language: a result after uma with its decimal mark, the round's clock,
// the seat lights' names and their legend (a line for each signal and
// riichi, none missing).
func TestWordsInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	en, fr2 := display.In(nil), display.In(fr)
	for _, c := range []struct{ got, want string }{
		{en.Result(21000), "+21.0"}, {en.Result(-18200), "-18.2"}, {fr2.Result(-8000), "-8,0"}, {en.Result(0), "+0.0"},
		{display.ClockWords(nil, 12*time.Minute, "running"), "time 12 min"},
		{display.ClockWords(fr, 5*time.Minute, "running"), "! temps 5 min"},
		{display.ClockWords(fr, 0, "over"), "TEMPS ÉCOULÉ"},
		{display.ClockWords(fr, 42*time.Second, "waiting"), "! temps 0:42 (en attente)"},
		{fr2.SignalName("won"), "gagné"}, {en.SignalName("pending"), "pending"},
		{fr2.ShortTag("REFUSÉ"), "NON"}, {en.ShortTag("HAND OVER"), "END"}, {en.ShortTag("LATE"), "LATE"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	for _, w := range []display.Words{en, fr2} {
		legend := w.Legend()
		if len(legend) != 8 {
			t.Fatalf("%s: the legend has %d lines, want one for each of the 7 signals and riichi", w.Lang().Code(), len(legend))
		}
		for _, line := range legend {
			if !strings.Contains(line, ":") || strings.Contains(line, "[") {
				t.Errorf("%s: legend line %q", w.Lang().Code(), line)
			}
		}
	}
	if got := en.Legend()[1]; got != "amber, slow pulse: your call is being decided" {
		t.Errorf("the pending light's meaning %q", got)
	}
}
