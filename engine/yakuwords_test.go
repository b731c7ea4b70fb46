package engine

import (
	"testing"

	"github.com/tabled/tabled/scorer"
)

// TestYakuWords: every yaku the scorer names has words in what the status
// page is still served.
func TestYakuWordsByName(t *testing.T) {
	words := YakuWordsByName()
	for _, n := range scorer.Names {
		if w := words[n]; w == "" || w == n {
			t.Errorf("yaku %q has no words", n)
		}
	}
	if len(words) != len(scorer.Names) {
		t.Errorf("%d yaku words for the scorer's %d names", len(words), len(scorer.Names))
	}
}
