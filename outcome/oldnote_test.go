package outcome

import (
	"testing"

	"github.com/tabled/tabled/catalog"
)

// TestOldNoteReadBack: a revision or a refused void logged before the
// table kept its note's code reads in French from its English words (as
// three versions of the table wrote them, journal/testdata/golden-logs);
// English keeps them as logged; words that are not the table's, or that
// it would not write exactly so, stay as logged in every language.
func TestOldNoteReadBack(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, c := range []struct{ logged, fr string }{
		{"re-decided from 35.07s: North pon from serial (input 38) arrived after the table had decided up to 35.27s: decided at its stamp; 1 published outcomes withdrawn",
			"décidé à nouveau à partir de 35,07 s : en retard sur la table, qui avait décidé jusqu'à 35,27 s : Nord pon depuis serial (entrée 38) ; décidé à son horodatage ; 1 résultat publié retiré"},
		{"re-decided from 37.9s: input 41 was voided; 1 published outcomes withdrawn",
			"décidé à nouveau à partir de 37,9 s : l'entrée 41 a été annulée ; 1 résultat publié retiré"},
		{"North pon from serial (input 38), table dora from web (input 40) arrived after the table had decided up to 350ms: decided at its stamp",
			"en retard sur la table, qui avait décidé jusqu'à 350 ms : Nord pon depuis serial (entrée 38), la table dora depuis web (entrée 40) ; décidé à son horodatage"},
		{"input 41 was voided", "l'entrée 41 a été annulée"},
		{"refused: no input 9 in this session", "refusé : aucune entrée 9 dans cette session"},
		{"refused: input 9 is already void", "refusé : l'entrée 9 est déjà annulée"},
		// Not the table's words, or not exactly: as logged.
		{"refused: engine: x", "refused: engine: x"},
		{"re-decided from 37.9s: input 41 was voided; 0 published outcomes withdrawn", "re-decided from 37.9s: input 41 was voided; 0 published outcomes withdrawn"},
		{"re-decided from 37.90s: input 41 was voided; 1 published outcomes withdrawn", "re-decided from 37.90s: input 41 was voided; 1 published outcomes withdrawn"},
		{"Nobody pon from serial (input 38) arrived after the table had decided up to 1s: decided at its stamp", "Nobody pon from serial (input 38) arrived after the table had decided up to 1s: decided at its stamp"},
		{"input 99999999999999999999 was voided", "input 99999999999999999999 was voided"},
		{"", ""},
	} {
		if got := In(fr).TableNote(nil, c.logged); got != c.fr {
			t.Errorf("French of %q:\n got %q\nwant %q", c.logged, got, c.fr)
		}
		if got := In(nil).TableNote(nil, c.logged); got != c.logged {
			t.Errorf("English of %q: %q", c.logged, got)
		}
	}
}

// FuzzReadNote: a logged note is outside bytes (a claim log's): read back
// or left, never a panic, and what is read back gives its words again.
func FuzzReadNote(f *testing.F) {
	f.Add("re-decided from 37.9s: input 41 was voided; 1 published outcomes withdrawn")
	f.Add("North pon from serial (input 38) arrived after the table had decided up to 350ms: decided at its stamp")
	f.Add("refused: no input 9 in this session")
	f.Fuzz(func(t *testing.T, logged string) {
		if note := readNote(logged); note != nil && In(nil).TableNote(note, "") != logged {
			t.Fatalf("%q read back as %+v", logged, note)
		}
	})
}
