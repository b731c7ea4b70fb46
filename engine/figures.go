package engine

import "github.com/tabled/tabled/payment"

// ScoreFigures returns the score figures of the named profile (a copy of
// its Score), and false when the profile keeps no score.
func ScoreFigures(name string) (payment.Rules, bool) {
	p, err := ProfileByName(name)
	if err != nil || p.Score == nil {
		return payment.Rules{}, false
	}
	return *p.Score, true
}
