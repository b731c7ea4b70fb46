package payment

import (
	"strings"
	"testing"
)

func ema2016() Rules {
	return Rules{StartPoints: 30000, Uma: [4]int{15000, 5000, -5000, -15000}, TiesSplit: true, LeftoverToFirst: true,
		MaxYakuman: 1, HonbaRon: 300, HonbaTsumo: 100, HonbaEachWinner: true, Riichi: 1000, OwnRiichiBack: true,
		Noten: 3000, ChomboResult: 20000, PaoShared: true}
}

// TestPaymentTable checks cells of the RCR 2016 payment table (4.1.3, the
// table on p. 31): ron and tsumo, East and the others, 1-4 han, 20-110 fu.
// Columns: han, fu; non-dealer ron, dealer ron; non-dealer tsumo (from the
// others / from East); dealer tsumo (from each). 0: the cell is empty
// (no ron at 20 fu).
func TestPaymentTable(t *testing.T) {
	table := []struct{ han, fu, ron, dealerRon, tsOther, tsDealer, dealerTs int }{
		{1, 30, 1000, 1500, 300, 500, 500},
		{1, 40, 1300, 2000, 400, 700, 700},
		{1, 50, 1600, 2400, 400, 800, 800},
		{1, 60, 2000, 2900, 500, 1000, 1000},
		{1, 70, 2300, 3400, 600, 1200, 1200},
		{1, 80, 2600, 3900, 700, 1300, 1300},
		{1, 90, 2900, 4400, 800, 1500, 1500},
		{1, 100, 3200, 4800, 800, 1600, 1600},
		{1, 110, 3600, 5300, 900, 1800, 1800},
		{2, 20, 0, 0, 400, 700, 700},
		{2, 25, 1600, 2400, 400, 800, 800},
		{2, 30, 2000, 2900, 500, 1000, 1000},
		{2, 40, 2600, 3900, 700, 1300, 1300},
		{2, 50, 3200, 4800, 800, 1600, 1600},
		{2, 60, 3900, 5800, 1000, 2000, 2000},
		{2, 70, 4500, 6800, 1200, 2300, 2300},
		{2, 80, 5200, 7700, 1300, 2600, 2600},
		{2, 90, 5800, 8700, 1500, 2900, 2900},
		{2, 100, 6400, 9600, 1600, 3200, 3200},
		{2, 110, 7100, 10600, 1800, 3600, 3600},
		{3, 20, 0, 0, 700, 1300, 1300},
		{3, 25, 3200, 4800, 800, 1600, 1600},
		{3, 30, 3900, 5800, 1000, 2000, 2000},
		{3, 40, 5200, 7700, 1300, 2600, 2600},
		{3, 50, 6400, 9600, 1600, 3200, 3200},
		{3, 60, 7700, 11600, 2000, 3900, 3900},
		{3, 70, 8000, 12000, 2000, 4000, 4000},
		{4, 20, 0, 0, 1300, 2600, 2600},
		{4, 25, 6400, 9600, 1600, 3200, 3200},
		{4, 30, 7700, 11600, 2000, 3900, 3900},
		{4, 40, 8000, 12000, 2000, 4000, 4000},
		{4, 110, 8000, 12000, 2000, 4000, 4000},
	}
	r := ema2016()
	for _, c := range table {
		v := Value{Han: c.han, Fu: c.fu}
		if c.ron != 0 {
			if err := r.Check(v, false); err != nil {
				t.Errorf("%d han %d fu ron refused: %v", c.han, c.fu, err)
			}
			if got := r.RonPoints(v, false); got != c.ron {
				t.Errorf("%d han %d fu non-dealer ron = %d, want %d", c.han, c.fu, got, c.ron)
			}
			if got := r.RonPoints(v, true); got != c.dealerRon {
				t.Errorf("%d han %d fu dealer ron = %d, want %d", c.han, c.fu, got, c.dealerRon)
			}
		} else if err := r.Check(v, false); err == nil {
			t.Errorf("%d han %d fu ron accepted", c.han, c.fu)
		}
		if err := r.Check(v, true); err != nil {
			t.Errorf("%d han %d fu tsumo refused: %v", c.han, c.fu, err)
		}
		if d, o := r.TsumoPoints(v, false); d != c.tsDealer || o != c.tsOther {
			t.Errorf("%d han %d fu non-dealer tsumo = %d/%d, want %d/%d", c.han, c.fu, o, d, c.tsOther, c.tsDealer)
		}
		if _, o := r.TsumoPoints(v, true); o != c.dealerTs {
			t.Errorf("%d han %d fu dealer tsumo = %d all, want %d", c.han, c.fu, o, c.dealerTs)
		}
	}
}

// TestLimits: the limits by han and by name, kiriage, kazoe and multiples.
func TestLimits(t *testing.T) {
	r := ema2016()
	kiriage := r
	kiriage.Kiriage = true
	kazoe := r
	kazoe.MaxYakuman, kazoe.KazoeYakuman = 2, true
	for _, c := range []struct {
		name        string
		r           Rules
		v           Value
		ron, dealer int
		limit       Limit
	}{
		{"5 han mangan", r, Value{Han: 5}, 8000, 12000, Mangan},
		{"6 han haneman", r, Value{Han: 6, Fu: 30}, 12000, 18000, Haneman},
		{"7 han haneman", r, Value{Han: 7}, 12000, 18000, Haneman},
		{"8 han baiman", r, Value{Han: 8}, 16000, 24000, Baiman},
		{"10 han baiman", r, Value{Han: 10}, 16000, 24000, Baiman},
		{"11 han sanbaiman", r, Value{Han: 11}, 24000, 36000, Sanbaiman},
		{"13 han no kazoe", r, Value{Han: 13}, 24000, 36000, Sanbaiman},
		{"13 han kazoe", kazoe, Value{Han: 13}, 32000, 48000, Yakuman},
		{"yakuman", r, Value{Limit: Yakuman}, 32000, 48000, Yakuman},
		{"double yakuman", kazoe, Value{Limit: Yakuman, Yakuman: 2}, 64000, 96000, Yakuman},
		{"mangan by name", r, Value{Limit: Mangan}, 8000, 12000, Mangan},
		{"no kiriage 4/30", r, Value{Han: 4, Fu: 30}, 7700, 11600, NoLimit},
		{"no kiriage 3/60", r, Value{Han: 3, Fu: 60}, 7700, 11600, NoLimit},
		{"kiriage 4/30", kiriage, Value{Han: 4, Fu: 30}, 8000, 12000, Mangan},
		{"kiriage 3/60", kiriage, Value{Han: 3, Fu: 60}, 8000, 12000, Mangan},
		{"capped 3/70", r, Value{Han: 3, Fu: 70}, 8000, 12000, Mangan},
	} {
		if err := c.r.Check(c.v, false); err != nil {
			t.Errorf("%s: refused: %v", c.name, err)
			continue
		}
		if _, l := c.r.Basic(c.v); l != c.limit {
			t.Errorf("%s: limit %v, want %v", c.name, l, c.limit)
		}
		if got := c.r.RonPoints(c.v, false); got != c.ron {
			t.Errorf("%s: ron %d, want %d", c.name, got, c.ron)
		}
		if got := c.r.RonPoints(c.v, true); got != c.dealer {
			t.Errorf("%s: dealer ron %d, want %d", c.name, got, c.dealer)
		}
	}
}

// TestCheckRefuses: values the rules cannot produce, with a reason a
// player understands.
func TestCheckRefuses(t *testing.T) {
	r := ema2016()
	for _, c := range []struct {
		v     Value
		tsumo bool
		says  string
	}{
		{Value{Han: 3, Fu: 10}, false, "at least 20 fu"},
		{Value{Han: 1, Fu: 20}, false, "30 fu at least"},
		{Value{Han: 2, Fu: 20}, false, "30 fu at least"},
		{Value{Han: 1, Fu: 25}, false, "seven pairs"},
		{Value{Han: 1, Fu: 25}, true, "seven pairs"},
		{Value{Han: 2, Fu: 35}, false, "did you mean 40"},
		{Value{Han: 2, Fu: 32}, true, "rounded up to 10"},
		{Value{Han: 0, Fu: 30}, false, "at least 1 han"},
		{Value{Han: 3, Fu: 120}, false, "more than 110"},
		{Value{Han: 4}, false, "at least 20 fu"},
		{Value{Limit: Mangan, Han: 5}, false, "by its name alone"},
		{Value{Limit: Yakuman, Yakuman: 2}, false, "not cumulative"},
		{Value{Limit: Haneman, Yakuman: 2}, false, "only a yakuman"},
	} {
		err := r.Check(c.v, c.tsumo)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("Check(%+v, tsumo %v) = %v, want an error saying %q", c.v, c.tsumo, err, c.says)
		}
	}
}

func TestParseValue(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Value
		err  string
	}{
		{"3 40", Value{Han: 3, Fu: 40}, ""},
		{"6", Value{Han: 6}, ""},
		{"mangan", Value{Limit: Mangan}, ""},
		{"yakuman", Value{Limit: Yakuman}, ""},
		{"yakuman 2", Value{Limit: Yakuman, Yakuman: 2}, ""},
		{"3", Value{}, "needs its fu"},
		{"haneman 2", Value{}, "takes nothing"},
		{"yakuman 9", Value{}, "1..6"},
		{"lots", Value{}, "neither a limit"},
		{"", Value{}, "han and fu"},
		{"3 forty", Value{}, "not a number"},
	} {
		v, err := ParseValue(strings.Fields(c.in))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseValue(%q) = %v, %v; want an error saying %q", c.in, v, err, c.err)
			}
			continue
		}
		if err != nil || v != c.want {
			t.Errorf("ParseValue(%q) = %+v, %v; want %+v", c.in, v, err, c.want)
		}
		if c.in != "6" && v.String() != c.in {
			t.Errorf("%+v.String() = %q, want %q", v, v.String(), c.in)
		}
	}
}

// TestCheckEntered: a value a person enters is refused, with the reason,
// when no hand makes it or no count that high is entered (a limit is
// entered by its name): one rule for the terminal, the phone and the
// referee.
func TestCheckEntered(t *testing.T) {
	for _, c := range []struct {
		v     Value
		tsumo bool
		kazoe bool
		err   string
	}{
		{Value{Han: 35}, false, false, "more than 13 han is entered by its limit's name (sanbaiman here), not counted: was it a typo?"},
		{Value{Han: 14}, true, true, "(yakuman here)"},
		{Value{Han: 13}, false, true, ""},
		{Value{Han: 5}, false, false, ""},
		{Value{Han: 1, Fu: 20}, true, false, "1 han 20 fu: only a pinfu tsumo has 20 fu"},
		{Value{Han: 2, Fu: 20}, true, false, ""},
		{Value{Han: 2, Fu: 20}, false, false, "20 fu on a ron"},
		{Value{Han: 3, Fu: 35}, false, false, "did you mean 40?"},
		{Value{Han: 3, Fu: 120}, false, false, "no hand has more than 110 fu"},
		{Value{Han: 2, Fu: 110}, false, false, ""},
		{Value{Limit: Yakuman}, false, false, ""},
	} {
		r := Rules{KazoeYakuman: c.kazoe, MaxYakuman: 1}
		err := r.CheckEntered(c.v, c.tsumo)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: refused: %v", c.v.Words(), err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want %q", c.v.Words(), err, c.err)
		}
	}
}
