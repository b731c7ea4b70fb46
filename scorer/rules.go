package scorer

import (
	"fmt"

	"github.com/tabled/tabled/payment"
)

// Rules are a rule book's hand rules as data: which yaku it has and what
// each is worth, and the fu it leaves to choose. The payment figures
// (kiriage, kazoe yakuman, how many yakuman count, red fives) are
// payment.Rules'. Rules marshal to JSON losslessly, so a session note can
// record them and a replay scores under the rules it was played with.
type Rules struct {
	// Name is the profile's name ("ema2016").
	Name string `json:"name"`
	// Yaku are the yaku the book has; a yaku it does not list is not
	// played (open tanyao is tanyao with an Open han).
	Yaku []YakuRule `json:"yaku"`
	// DoubleWindPairFu is the fu for a pair of the wind that is both the
	// seat and the round wind (a dragon or single wind pair is 2).
	DoubleWindPairFu int `json:"double_wind_pair_fu"`
}

// YakuRule is one yaku of a book.
type YakuRule struct {
	// Name is the yaku's name as Names spells it.
	Name string `json:"name"`
	// Closed is the han with a concealed hand (a closed kong keeps it
	// concealed); for a yakuman, how many yakuman it counts.
	Closed int `json:"closed"`
	// Open is the han with a called meld; 0: the yaku needs a concealed
	// hand.
	Open int `json:"open,omitempty"`
	// Yakuman: a limit hand, counted as Closed (or Open) yakuman; other
	// yaku and dora do not add to it.
	Yakuman bool `json:"yakuman,omitempty"`
	// Limit: the yaku makes the hand worth this limit on its own, not
	// added to other yaku or dora (RCR 2016 renhou, a mangan); the hand is
	// scored both ways and the higher kept.
	Limit payment.Limit `json:"limit,omitempty"`
	// Book is where the book states the figure ("RCR 2016 4.2.1").
	Book string `json:"book"`
}

// Names are the yaku the scorer knows, in the order a Result lists them,
// as issue 24's score line spells them; then the dora. It is a copy: the
// list itself is names.
var Names = append([]string(nil), names[:]...)

// Validate reports a rules table the scorer cannot apply: an unknown or
// repeated yaku name, a han out of range.
func (r Rules) Validate() error {
	seen := map[string]bool{}
	for _, y := range r.Yaku {
		if nameIndex(y.Name) < 0 || y.Name == "dora" || y.Name == "ura_dora" || y.Name == "aka_dora" {
			return fmt.Errorf("scorer: rules %s: %q is not a yaku the scorer knows", r.Name, y.Name)
		}
		if seen[y.Name] {
			return fmt.Errorf("scorer: rules %s: yaku %q is listed twice", r.Name, y.Name)
		}
		seen[y.Name] = true
		if y.Closed < 0 || y.Open < 0 || y.Closed > 26 || y.Open > y.Closed || (y.Closed == 0 && y.Limit == payment.NoLimit) {
			return fmt.Errorf("scorer: rules %s: yaku %s: han %d closed, %d open cannot be", r.Name, y.Name, y.Closed, y.Open)
		}
	}
	if r.DoubleWindPairFu < 0 || r.DoubleWindPairFu > 4 {
		return fmt.Errorf("scorer: rules %s: a double wind pair is 0..4 fu, not %d", r.Name, r.DoubleWindPairFu)
	}
	return nil
}

// placeOf is the place of each name in names.
var placeOf = func() map[string]int {
	m := map[string]int{}
	for i, n := range names {
		m[n] = i
	}
	return m
}()

// nameIndex is the place of a name in names, -1 if it is not there.
func nameIndex(name string) int {
	if i, ok := placeOf[name]; ok {
		return i
	}
	return -1
}
