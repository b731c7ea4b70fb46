package payment

// Check reports a value the rules cannot produce, in words a player
// understands. tsumo says how the hand was won (a ron has at least 30 fu).
func (r Rules) Check(v Value, tsumo bool) error {
	if v.Limit != NoLimit {
		switch {
		case v.Limit >= limitCount:
			return refuse(Fault{Code: FaultUnknownLimit, N: int(v.Limit)}, "unknown limit %d", v.Limit)
		case v.Han != 0 || v.Fu != 0:
			return refuse(Fault{Code: FaultLimitAlone, Text: v.Limit.String()}, "a %s is entered by its name alone, without han or fu", v.Limit)
		case v.Limit != Yakuman && v.Yakuman != 0:
			return refuse(Fault{Code: FaultSeveralLimit, Text: v.Limit.String()}, "only a yakuman can be counted several times, not a %s", v.Limit)
		case v.Yakuman < 0 || v.Yakuman > r.MaxYakuman:
			if r.MaxYakuman == 1 {
				return refuse(Fault{Code: FaultSingleYakuman}, "these rules count a single yakuman only: yakuman are not cumulative")
			}
			return refuse(Fault{Code: FaultMaxYakuman, N: r.MaxYakuman, M: v.Yakuman}, "these rules count at most %d yakuman in one hand, not %d", r.MaxYakuman, v.Yakuman)
		}
		return nil
	}
	switch {
	case v.Yakuman != 0:
		return refuse(Fault{Code: FaultSeveral}, "only a yakuman can be counted several times")
	case v.Han < 1:
		return refuse(Fault{Code: FaultHanMin, N: v.Han}, "a winning hand has at least 1 han (a yaku), not %d", v.Han)
	case v.Han > MaxHan:
		return refuse(Fault{Code: FaultHanMax, N: v.Han}, "%d han is more than any hand can hold", v.Han)
	case v.Han >= 5 && v.Fu == 0:
		return nil // a limit by its han: fu do not count
	case v.Fu < 20:
		return refuse(Fault{Code: FaultFuMin, N: v.Fu}, "%d fu: every hand has at least 20 fu", v.Fu)
	case v.Fu > MaxFu:
		return refuse(Fault{Code: FaultFuMax, N: v.Fu, M: MaxFu}, "%d fu: no hand has more than %d fu", v.Fu, MaxFu)
	case v.Fu == 25 && v.Han < 2:
		return refuse(Fault{Code: FaultSevenPairs, N: v.Han}, "25 fu is seven pairs, which is 2 han at least, not %d", v.Han)
	case v.Fu != 25 && v.Fu%10 != 0:
		return refuse(Fault{Code: FaultFuRound, N: v.Fu, M: (v.Fu + 9) / 10 * 10}, "%d fu: fu are rounded up to 10 (only seven pairs has 25): did you mean %d?", v.Fu, (v.Fu+9)/10*10)
	case v.Fu == 20 && !tsumo:
		return refuse(Fault{Code: FaultFu20Ron}, "20 fu on a ron: a hand won on a discard has 30 fu at least (pinfu ron is 30)")
	case v.Fu == 20 && v.Han < 2:
		return refuse(Fault{Code: FaultFu20OneHan}, "1 han 20 fu: only a pinfu tsumo has 20 fu, and it is 2 han at least (pinfu and tsumo)")
	}
	return nil
}

// MaxCountedHan is the most han a person enters as a count: a hand of
// more is a limit, entered by its name.
const MaxCountedHan = 13

// CheckEntered is Check for a value a person entered (at the terminal, on
// a phone, by the referee): besides what the rules cannot produce, a han
// count over MaxCountedHan is refused, since such a hand is entered by its
// limit's name and a count that high is far likelier a typo ("35" for
// "3 5") than a hand. The scorer's own counts are checked by Check alone.
func (r Rules) CheckEntered(v Value, tsumo bool) error {
	if err := r.Check(v, tsumo); err != nil {
		return err
	}
	if v.Limit == NoLimit && v.Han > MaxCountedHan {
		name := Sanbaiman
		if r.KazoeYakuman {
			name = Yakuman
		}
		return refuse(Fault{Code: FaultCountedTooHigh, N: MaxCountedHan, Text: name.String()}, "more than %d han is entered by its limit's name (%s here), not counted: was it a typo?", MaxCountedHan, name)
	}
	return nil
}

// limitOf is the limit a value reaches, NoLimit below mangan.
func (r Rules) limitOf(v Value) Limit {
	if v.Limit != NoLimit {
		return v.Limit
	}
	switch h := v.Han; {
	case h >= 13 && r.KazoeYakuman:
		return Yakuman
	case h >= 11:
		return Sanbaiman
	case h >= 8:
		return Baiman
	case h >= 6:
		return Haneman
	case h == 5:
		return Mangan
	}
	if r.Kiriage && ((v.Han == 4 && v.Fu == 30) || (v.Han == 3 && v.Fu == 60)) {
		return Mangan
	}
	if fuHan(v) >= 2000 {
		return Mangan
	}
	return NoLimit
}

// fuHan is fu x 2^(han+2), uncapped.
func fuHan(v Value) int { return v.Fu << (v.Han + 2) }

// Basic is the hand's basic points: fu x 2^(han+2), capped at a mangan's
// 2,000, or the limit's (a yakuman's times their number). Limit is the
// limit the value reaches (NoLimit below mangan). v must pass Check.
func (r Rules) Basic(v Value) (basic int, limit Limit) {
	limit = r.limitOf(v)
	if limit == NoLimit {
		return fuHan(v), NoLimit
	}
	basic = limit.basic()
	if limit == Yakuman && v.Yakuman > 1 {
		basic *= v.Yakuman
	}
	return basic, limit
}

// up100 rounds up to a multiple of 100.
func up100(n int) int { return (n + 99) / 100 * 100 }

// RonPoints is what the discarder pays for a ron, counters aside: 6x basic
// to East, 4x to another seat, rounded up to 100.
func (r Rules) RonPoints(v Value, dealer bool) int {
	b, _ := r.Basic(v)
	if dealer {
		return up100(6 * b)
	}
	return up100(4 * b)
}

// TsumoPoints is what each seat pays for a tsumo, counters aside: when
// East wins each pays 2x basic (fromDealer is 0); otherwise East pays 2x
// and the others 1x, each rounded up to 100.
func (r Rules) TsumoPoints(v Value, dealer bool) (fromDealer, fromOther int) {
	b, _ := r.Basic(v)
	if dealer {
		return 0, up100(2 * b)
	}
	return up100(2 * b), up100(b)
}
