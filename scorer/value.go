package scorer

import "github.com/tabled/tabled/payment"

// limitHan is the han a limit stands for in a list of yaku.
var limitHan = [...]int{payment.Mangan: 5, payment.Haneman: 6, payment.Baiman: 8, payment.Sanbaiman: 11, payment.Yakuman: 13}

// value is the worth of one reading, and false when it has no yaku; its
// Shape is left for the reading kept.
func (h *hand) value(rd *reading) (Result, bool) {
	var y found
	h.situation(&y)
	switch rd.form {
	case standard:
		h.standardYaku(rd, &y)
	case sevenPairs:
		h.pairsYaku(rd, &y)
	case orphans:
		y[yKokushi] = true
	}
	// Exclusions: the larger yaku holds the smaller.
	y[yIipeikou] = y[yIipeikou] && !y[yRyanpeikou]
	y[yShousangen] = y[yShousangen] && !y[yDaisangen]
	var res Result
	// A yakuman counts alone.
	yakuman := 0
	for k, ok := range y {
		if r := h.han[k]; ok && r != nil && r.Yakuman {
			n := r.Closed
			if h.open {
				n = r.Open
			}
			if n > 0 {
				res.Yaku = append(res.Yaku, Yaku{names[k], 13 * n})
				yakuman += n
			}
		}
	}
	if yakuman > 0 {
		counted := min(yakuman, max(1, h.pay.MaxYakuman))
		res.Value = payment.Value{Limit: payment.Yakuman, Yakuman: counted}
		res.Han = 13 * counted
		res.Limit = payment.Yakuman
		return res, true
	}
	han := 0
	var limit *YakuRule
	for k, ok := range y {
		r := h.han[k]
		if !ok || r == nil {
			continue
		}
		if r.Limit != payment.NoLimit {
			limit = r
			continue
		}
		n := r.Closed
		if h.open {
			n = r.Open
		}
		if n > 0 {
			res.Yaku = append(res.Yaku, Yaku{names[k], n})
			han += n
		}
	}
	var alone Result
	if limit != nil {
		// A limit yaku (RCR 2016 renhou) is worth its limit on its own,
		// not added to anything: the hand is worth that or its other
		// yaku, whichever is more.
		alone = Result{Value: payment.Value{Limit: limit.Limit}, Limit: limit.Limit, Han: limitHan[limit.Limit],
			Yaku: []Yaku{{limit.Name, limitHan[limit.Limit]}}}
		if han == 0 {
			return alone, true
		}
	}
	if han == 0 || rd.form == orphans {
		return Result{}, false // thirteen orphans is kokushi or no hand
	}
	for _, d := range []struct {
		k, n int
	}{{yDora, h.dora}, {yUraDora, h.ura}, {yAkaDora, h.aka}} {
		if d.n > 0 {
			res.Yaku = append(res.Yaku, Yaku{names[d.k], d.n})
			han += d.n
		}
	}
	res.Han = han
	if rd.form == sevenPairs {
		res.Fu, res.FuParts = 25, []FuPart{{Name: "seven pairs", Code: "seven_pairs", Fu: 25}}
	} else {
		res.Fu, res.FuParts = h.fu(rd, y[yPinfu] && h.han[yPinfu] != nil)
	}
	// Three closed kongs can count more fu than payment takes (its
	// MaxFu, 110): such a hand is a limit already, so the value is the
	// same at 110.
	res.Value = payment.Value{Han: han, Fu: min(res.Fu, payment.MaxFu)}
	_, res.Limit = h.pay.Basic(res.Value)
	if limit != nil && better(h.pay, alone, res) {
		return alone, true
	}
	return res, true
}
