package scorer

import "github.com/tabled/tabled/payment"

// The hand rules of each rule book: one value a book, which the engine's
// rule profile of that book holds (engine.EMA2016.Hand is &RCR2016's copy).
// Name is the profile's name, which the session note records. Each figure
// says where its book states it; "NOT READ" marks a figure taken from
// another book because its own text could not be read, and docs/scoring.md
// says why each choice was made.

// RCR2016 is the hand rules of the EMA Riichi Competition Rules 2016.
var RCR2016 = Rules{
	Name:             "ema2016",
	Yaku:             rcr2016Yaku,
	DoubleWindPairFu: 4, // 4.1.1 gives 2 fu for a seat wind pair and 2 for a round wind pair; a double wind pair is not named: read literally, both
}

// RCR2008 is the hand rules of the EMA Riichi Competition Rules 2008 (and 2012).
var RCR2008 = Rules{
	Name:             "ema2008",
	Yaku:             rcr2008Yaku,
	DoubleWindPairFu: 4, // NOT READ: as RCR 2016
}

// WRC2015 is the hand rules of the World Riichi Championship rules 2015.
var WRC2015 = Rules{
	Name:             "wrc2015",
	Yaku:             wrc2015Yaku,
	DoubleWindPairFu: 4, // NOT READ: as RCR 2016
}

// rcr2016Yaku is the EMA Riichi Competition Rules 2016, 4.2 and the overview
// table of its scoring chapter.
var rcr2016Yaku = []YakuRule{
	{Name: "menzen_tsumo", Closed: 1, Book: "RCR 2016 4.2.1"},
	{Name: "riichi", Closed: 1, Book: "RCR 2016 4.2.1"},
	{Name: "ippatsu", Closed: 1, Book: "RCR 2016 4.2.1"},
	{Name: "chankan", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "rinshan_kaihou", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "haitei", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "houtei", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "pinfu", Closed: 1, Book: "RCR 2016 4.2.1"},
	{Name: "tanyao", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1 (open tanyao allowed)"},
	{Name: "iipeikou", Closed: 1, Book: "RCR 2016 4.2.1"},
	{Name: "yakuhai_seat_wind", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "yakuhai_round_wind", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "haku", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "hatsu", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "chun", Closed: 1, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "double_riichi", Closed: 2, Book: "RCR 2016 4.2.1 (riichi, one more for a double riichi; listed in place of riichi)"},
	{Name: "chiitoitsu", Closed: 2, Book: "RCR 2016 4.2.2"},
	{Name: "chanta", Closed: 2, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "ittsu", Closed: 2, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "sanshoku", Closed: 2, Open: 1, Book: "RCR 2016 4.2.1"},
	{Name: "sanshoku_doukou", Closed: 2, Open: 2, Book: "RCR 2016 4.2.2"},
	{Name: "sankantsu", Closed: 2, Open: 2, Book: "RCR 2016 4.2.2"},
	{Name: "toitoi", Closed: 2, Open: 2, Book: "RCR 2016 4.2.2"},
	{Name: "sanankou", Closed: 2, Open: 2, Book: "RCR 2016 4.2.2"},
	{Name: "shousangen", Closed: 2, Open: 2, Book: "RCR 2016 4.2.2"},
	{Name: "honroutou", Closed: 2, Open: 2, Book: "RCR 2016 4.2.2"},
	{Name: "ryanpeikou", Closed: 3, Book: "RCR 2016 4.2.3"},
	{Name: "junchan", Closed: 3, Open: 2, Book: "RCR 2016 4.2.2"},
	{Name: "honitsu", Closed: 3, Open: 2, Book: "RCR 2016 4.2.2"},
	{Name: "chinitsu", Closed: 6, Open: 5, Book: "RCR 2016 4.2.4"},
	{Name: "renhou", Limit: payment.Mangan, Book: "RCR 2016 4.2 (renhou: a mangan, not cumulative with other yaku or dora)"},
	{Name: "tenhou", Closed: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "chiihou", Closed: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "kokushi", Closed: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "suuankou", Closed: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "daisangen", Closed: 1, Open: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "tsuuiisou", Closed: 1, Open: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "ryuuiisou", Closed: 1, Open: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "chinroutou", Closed: 1, Open: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "chuuren", Closed: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "suukantsu", Closed: 1, Open: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "shousuushii", Closed: 1, Open: 1, Yakuman: true, Book: "RCR 2016 4.2.5"},
	{Name: "daisuushii", Closed: 1, Open: 1, Yakuman: true, Book: "RCR 2016 4.2.5 (a single yakuman)"},
}

// rcr2008Yaku is the EMA Riichi Competition Rules 2008 (and 2012): the yaku
// of 2016 but for tanyao, which needed a concealed hand, and renhou, a
// yakuman. The 2016 revision notes list what changed; the 2008 text itself
// was NOT READ section by section, so the 2016 sections stand for the rest.
var rcr2008Yaku = edit(rcr2016Yaku, "RCR 2008",
	YakuRule{Name: "tanyao", Closed: 1, Book: "RCR 2008 (no open tanyao; allowed from 2016)"},
	YakuRule{Name: "renhou", Closed: 1, Yakuman: true, Book: "RCR 2008 (renhou a yakuman; a mangan from 2016)"},
)

// wrc2015Yaku is the World Riichi Championship rules 2015: the yaku of RCR
// 2016, which followed it. Its yaku list (6.5) was NOT READ section by
// section: the RCR 2016 sections stand for its figures. Its contents list
// a section 6.5.4 "Mangan yaku", which is renhou: a mangan, as in 2016.
var wrc2015Yaku = edit(rcr2016Yaku, "WRC 2015",
	YakuRule{Name: "renhou", Limit: payment.Mangan, Book: "WRC 2015 6.5.4 (mangan yaku; the text not read: as RCR 2016)"},
)

// edit is a copy of base with each change replacing the yaku of its name;
// a change with no han and no limit removes the yaku. Figures kept from
// base get book's name and "as" in their Book.
func edit(base []YakuRule, book string, changes ...YakuRule) []YakuRule {
	var out []YakuRule
	for _, y := range base {
		y.Book = book + ": as " + y.Book
		for _, c := range changes {
			if c.Name == y.Name {
				y = c
			}
		}
		if y.Closed == 0 && y.Limit == payment.NoLimit {
			continue
		}
		out = append(out, y)
	}
	return out
}
