package outcome

import (
	"regexp"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
)

// FaultWords is a refused hand's fault (a scorer's or the engine's
// scorer.Fault) in l's words: the catalog's hand.refused.<code>, and
// after it the melds the table recorded when they may be the fault. A
// fault of no known code reads as its code.
func FaultWords(l *catalog.Lang, f scorer.Fault) string {
	key := "hand.refused." + f.Code
	if f.Code == "not_winner" && f.Text == "" {
		key = "hand.refused.not_winner_none"
	}
	if f.Code == "" || !l.Has(key) {
		return f.Code
	}
	s := l.Text(key,
		"n", f.N, "m", f.M, "tile", tileCodeIn(l, f.Text), "tiles", f.Text2, "other", tileCodeIn(l, f.Text2), "hand", describedIn(l, f.Text),
		"rules", f.Text, "yaku", f.Text2, "kind", meldKindWord(l, f.Text), "call", meldKindWord(l, f.Text),
		"seat", windWord(l, f.Text))
	switch {
	case f.At > 0 && l.Code() == catalog.Default:
		s = l.Text("hand.refused.in_meld", "at", f.At, "kind", meldKindWord(l, f.AtKind), "tiles", f.AtTiles, "fault", s)
	case f.At > 0:
		s = l.Text("i33.meld.in_meld", "at", f.At, "meld", meldIn(l, f.AtKind, f.AtTiles), "fault", s)
	}
	if f.Melds != "" {
		s = l.Text("hand.refused.melds", "fault", s, "melds", meldsIn(l, f.Melds))
	}
	return s
}

// ValueFaultWords is the payment rules' refusal of a value (a
// payment.ValueError's Fault) in l's words: the catalog's
// value.refused.<code>, or the words of a value as typed that
// payment.ParseValue cannot read. A fault of no known code reads as its
// code.
func ValueFaultWords(l *catalog.Lang, f payment.Fault) string {
	if key, ok := valueParseKeys[f.Code]; ok {
		return l.Text(key, "word", catalog.Quoted(f.Text), "n", f.N, "m", f.M)
	}
	key := "value.refused." + f.Code
	if f.Code == "" || !l.Has(key) {
		return f.Code
	}
	return l.Text(key, "n", f.N, "m", f.M, "limit", f.Text)
}

// meldKindWord is a meld's kind ("pon", "closed kan") or a call in l's
// words; a kind the catalog has no word for is itself.
func meldKindWord(l *catalog.Lang, kind string) string {
	key := "hand.refused.meld." + strings.ReplaceAll(kind, " ", "_")
	if kind == "" || !l.Has(key) {
		return kind
	}
	return l.Text(key)
}

// windWord is a wind's letter ("E") in l's words.
func windWord(l *catalog.Lang, letter string) string {
	if letter == "" || !l.Has("wind."+letter) {
		return letter
	}
	return l.Text("wind." + letter)
}

// valueParseKeys are the catalog's words of the payment.ParseValue faults
// and of a hand Settle cannot settle.
var valueParseKeys = map[string]string{
	payment.FaultValueEmpty:   "i33.value.empty",
	payment.FaultYakumanCount: "i33.value.yakuman_count",
	payment.FaultLimitNothing: "i33.value.limit_nothing",
	payment.FaultNotHan:       "i33.value.not_han",
	payment.FaultNeedsFu:      "i33.value.needs_fu",
	payment.FaultNotFu:        "i33.value.not_fu",
	payment.FaultValueWords:   "i33.value.words",

	payment.FaultSettleDealer:     "i33.value.settle_dealer",
	payment.FaultSettleChombo:     "i33.value.settle_chombo",
	payment.FaultSettleTsumo:      "i33.value.settle_tsumo",
	payment.FaultSettleFrom:       "i33.value.settle_from",
	payment.FaultSettleNegative:   "i33.value.settle_negative",
	payment.FaultSettleWinner:     "i33.value.settle_winner",
	payment.FaultSettleOwnDiscard: "i33.value.settle_own_discard",
	payment.FaultSettlePaoSeat:    "i33.value.settle_pao_seat",
	payment.FaultSettlePao:        "i33.value.settle_pao",
}

// describedMeld is a meld in a hand as the scorer describes one it
// refuses: "(pon 555z)".
var describedMeld = regexp.MustCompile(`\(([a-z]+(?: [a-z]+)?) ([0-9mpsz]+)\)`)

// describedIn is a hand as the scorer describes it ("234m 19s (pon
// 555z)") with its melds' kinds in l's words ("(pung 555z)"), its tiles in
// mpsz; English as described.
func describedIn(l *catalog.Lang, hand string) string {
	if l.Code() == catalog.Default {
		return hand
	}
	return describedMeld.ReplaceAllStringFunc(hand, func(m string) string {
		p := describedMeld.FindStringSubmatch(m)
		return "(" + meldKindWord(l, p[1]) + " " + p[2] + ")"
	})
}
