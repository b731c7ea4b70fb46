package journal

import (
	"testing"

	"github.com/tabled/tabled/catalog"
)

// TestNoteTagInEveryLanguage: a note's tag in English is what `tabled
// log` always printed (its type in capitals), an alert's its label; in
// French the catalog's words; a type of no known note is itself.
func TestNoteTagInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, c := range []struct{ typ, en, fr string }{
		{"session", "SESSION", "SESSION"},
		{"restart", "RESTART", "REPRISE"},
		{"revision", "REVISION", "RÉVISION"},
		{"repair", "REPAIR", "RÉPARATION"},
		{"damage", "DAMAGE", "DOMMAGE"},
		{"refused", "REFUSED", "REFUSÉ"},
		{"link-back", "LINK-BACK", "LIAISON RÉTABLIE"},
		{"reboot", "REBOOT", "REDÉMARRAGE"},
		{"disk-low", "DISK LOW", "ESPACE DISQUE BAS"},
		{"later-kind", "LATER-KIND", "LATER-KIND"},
	} {
		if got := NoteTag(nil, c.typ); got != c.en {
			t.Errorf("%s in English: %q, want %q", c.typ, got, c.en)
		}
		if got := NoteTag(fr, c.typ); got != c.fr {
			t.Errorf("%s in French: %q, want %q", c.typ, got, c.fr)
		}
	}
}
