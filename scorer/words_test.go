package scorer_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/outcome"
	. "github.com/tabled/tabled/scorer"
)

// TestRefusalWords: every refused hand of the tables reads, from the
// catalog, as the scorer's own English sentence (so the two never drift)
// and in French.
func TestRefusalWords(t *testing.T) {
	fr, ok := catalog.Get("fr")
	if !ok {
		t.Fatal("no French catalog")
	}
	n := 0
	for _, c := range loadCases(t) {
		if c.refused == "" {
			continue
		}
		n++
		_, err := Score(c.win, c.rules, c.pay)
		var r *Refusal
		if !errors.As(err, &r) {
			t.Fatalf("%s: got %v, want a refusal", c.line, err)
		}
		if en := outcome.FaultWords(catalog.English(), r.Fault); en != r.Reason {
			t.Errorf("%s: the catalog says %q, the scorer %q", c.line, en, r.Reason)
		}
		if f := outcome.FaultWords(fr, r.Fault); f == r.Reason || strings.ContainsAny(f, "[{") {
			t.Errorf("%s: French %q is not the English %q in French", c.line, f, r.Reason)
		}
	}
	if n < 30 {
		t.Errorf("%d refused hands in the tables, want at least 30", n)
	}
}
