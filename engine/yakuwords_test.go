package engine

import (
	"testing"

	"github.com/tabled/tabled/scorer"
)

// TestYakuWords: every yaku the scorer names has words people read, and
// a hand's yaku read as a list with their han.
func TestYakuWords(t *testing.T) {
	words := YakuWordsByName()
	for _, n := range scorer.Names {
		if w := words[n]; w == "" || w == n {
			t.Errorf("yaku %q has no words", n)
		}
	}
	if len(words) != len(scorer.Names) {
		t.Errorf("%d yaku words for the scorer's %d names", len(words), len(scorer.Names))
	}
	for _, c := range []struct{ got, want string }{
		{YakuWord("menzen_tsumo"), "Menzen tsumo"},
		{YakuWord("not_a_yaku"), "not_a_yaku"},
		{YakuWords([]scorer.Yaku{{Name: "riichi", Han: 1}, {Name: "ippatsu", Han: 1}, {Name: "menzen_tsumo", Han: 1}, {Name: "dora", Han: 2}}), "Riichi 1, Ippatsu 1, Menzen tsumo 1, Dora 2"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
}
