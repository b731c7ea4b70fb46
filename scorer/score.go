package scorer

import "github.com/tabled/tabled/payment"

// Score works out what the winning hand w is worth under the hand rules r
// and the payment rules pay (kiriage, kazoe yakuman, how many yakuman
// count, red fives in the set). It reads the hand every way it can (four
// sets and a pair with the winning tile in each place it fits, seven
// pairs, thirteen orphans) and keeps the reading worth the most basic
// points under pay, then the most han, then the most fu.
//
// A hand it cannot score is refused with a *Refusal saying why: not
// complete, no yaku, five of a tile, a bad meld, the winning tile not in
// the hand, too many or too few tiles.
func Score(w Win, r Rules, pay payment.Rules) (Result, error) {
	h, err := newHand(&w, &r, &pay)
	if err != nil {
		return Result{}, err
	}
	var best Result
	var bestReading reading
	found, scored := false, false
	keep := func(rd *reading) {
		found = true
		res, ok := h.value(rd)
		if !ok {
			return
		}
		if !scored || better(&pay, res, best) {
			best, bestReading = res, *rd
		}
		scored = true
	}
	h.readings(func(rd *reading) {
		if rd.form != standard {
			keep(rd)
			return
		}
		// The winning tile may have completed any concealed group that
		// holds its kind, and the wait (so fu, pinfu, a concealed pung)
		// follows from which.
		for i := -1; i < rd.n; i++ {
			if i >= 0 && (rd.sets[i].melded || !rd.sets[i].holds(h.win) || (i > 0 && rd.sets[i] == rd.sets[i-1])) {
				continue
			}
			if i < 0 && rd.pair != h.win {
				continue
			}
			rd.winSet = i
			keep(rd)
		}
	})
	if !found {
		return Result{}, refuse(NotComplete, Fault{Code: FaultNotComplete, Text: h.describe()}, "the hand is not complete: %s is not four sets and a pair, seven pairs or thirteen orphans", h.describe())
	}
	if !scored {
		return Result{}, refuse(NoYaku, Fault{Code: FaultNoYaku, Text: h.describe()}, "the hand %s is complete but has no yaku (dora alone are not one)", h.describe())
	}
	best.Shape = bestReading.shape(h)
	return best, nil
}

// better reports whether a is worth more than b: more basic points, then
// more han, then more fu.
func better(pay *payment.Rules, a, b Result) bool {
	ba, _ := pay.Basic(a.Value)
	bb, _ := pay.Basic(b.Value)
	if ba != bb {
		return ba > bb
	}
	if a.Han != b.Han {
		return a.Han > b.Han
	}
	return a.Fu > b.Fu
}
