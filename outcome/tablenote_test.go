package outcome

import (
	"fmt"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
)

// TestTableNoteWords: the table's notes of a revision and of a refused
// void, from their code and arguments: in English the words the table
// has always logged (made here as it made them), in French the
// catalog's; a note without a code is its logged words in every
// language.
func TestTableNoteWords(t *testing.T) {
	fr, _ := catalog.Get("fr")
	late := []LateCall{{Seat: "N", Action: "pon", Source: "serial", Input: 38}, {Action: "dora", Source: "web", Input: 40}}
	for _, c := range []struct {
		note   *TableNote
		logged string
		en, fr string
	}{
		{&TableNote{Code: NoteLate, Late: late[:1], Until: MS(35270 * time.Millisecond)}, "",
			fmt.Sprintf("%s arrived after the table had decided up to %v: decided at its stamp", "North pon from serial (input 38)", 35270*time.Millisecond),
			"en retard sur la table, qui avait décidé jusqu'à 35,27 s : Nord pon depuis serial (entrée 38) ; décidé à son horodatage"},
		{&TableNote{Code: NoteLate, Late: late, Until: MS(350 * time.Millisecond), From: MS(300 * time.Millisecond), Withdrawn: 1}, "",
			fmt.Sprintf("re-decided from %v: %s; %d published outcomes withdrawn", 300*time.Millisecond,
				fmt.Sprintf("%s arrived after the table had decided up to %v: decided at its stamp", "North pon from serial (input 38), table dora from web (input 40)", 350*time.Millisecond), 1),
			"décidé à nouveau à partir de 300 ms : en retard sur la table, qui avait décidé jusqu'à 350 ms : Nord pon depuis serial (entrée 38), la table dora depuis web (entrée 40) ; décidé à son horodatage ; 1 résultat publié retiré"},
		{&TableNote{Code: NoteVoided, Input: 41, From: MS(37900 * time.Millisecond), Withdrawn: 2}, "",
			fmt.Sprintf("re-decided from %v: input %d was voided; %d published outcomes withdrawn", 37900*time.Millisecond, 41, 2),
			"décidé à nouveau à partir de 37,9 s : l'entrée 41 a été annulée ; 2 résultats publiés retirés"},
		{&TableNote{Code: NoteNoInput, Input: 9}, "", fmt.Sprintf("refused: no input %d in this session", 9), "refusé : aucune entrée 9 dans cette session"},
		{&TableNote{Code: NoteAlreadyVoid, Input: 9}, "", fmt.Sprintf("refused: input %d is already void", 9), "refusé : l'entrée 9 est déjà annulée"},
		{&TableNote{Code: NoteVoidFailed, Input: 9, Error: "engine: x"}, "", "refused: engine: x", "refusé : l'état de la table n'a pas pu être reconstruit sans l'entrée 9"},
		{nil, "an old record's words", "an old record's words", "an old record's words"},
		{&TableNote{Code: "later"}, "a code of a later version", "a code of a later version", "a code of a later version"},
	} {
		if got := In(nil).TableNote(c.note, c.logged); got != c.en {
			t.Errorf("English:\n got %q\nwant %q", got, c.en)
		}
		if got := In(fr).TableNote(c.note, c.logged); got != c.fr {
			t.Errorf("French:\n got %q\nwant %q", got, c.fr)
		}
	}
}
