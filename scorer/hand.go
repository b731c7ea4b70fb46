package scorer

import (
	"strconv"
	"strings"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tile"
)

// Kinds of tiles, as tile.Tile.Kind numbers them.
const (
	kinds  = 34
	east   = 27 // 1z; the winds run to 30 (4z)
	haku   = 31 // 5z, white
	hatsu  = 32 // 6z, green
	chun   = 33 // 7z, red
	noKind = -1
)

// hand is a Win checked and counted once, for every reading to use.
type hand struct {
	w     *Win
	rules *Rules
	pay   *payment.Rules
	// han is each known yaku's rule, by its place in Names; nil where the
	// rules do not have it.
	han [len(names)]*YakuRule
	// concealed counts the concealed tiles by kind.
	concealed [kinds]int8
	melds     []set
	open      bool // a chii, pon or open kong: the hand is not concealed
	win       int8 // the winning tile's kind
	seat      int8 // the seat wind's kind
	round     int8 // the round wind's kind
	// dora, ura and aka are the dora (kan dora included), ura dora
	// (after a riichi) and red fives (in a set with them) held.
	dora, ura, aka int
}

// names are the yaku the scorer knows, in the order a Result lists them,
// as issue 24's score line spells them, then the dora: a hand indexes its
// rules by place in it.
var names = [...]string{
	"menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan_kaihou", "haitei", "houtei",
	"pinfu", "tanyao", "iipeikou", "yakuhai_seat_wind", "yakuhai_round_wind", "haku", "hatsu",
	"chun", "double_riichi", "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou",
	"sankantsu", "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan",
	"honitsu", "chinitsu", "tenhou", "chiihou", "renhou", "kokushi", "suuankou", "daisangen",
	"tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "suukantsu", "shousuushii", "daisuushii",
	"dora", "ura_dora", "aka_dora",
}

// newHand checks w and counts it, or refuses it with the first thing wrong.
func newHand(w *Win, r *Rules, pay *payment.Rules) (*hand, error) {
	h := &hand{w: w, rules: r, pay: pay}
	for i := range r.Yaku {
		y := &r.Yaku[i]
		k := nameIndex(y.Name)
		if k < 0 || k >= len(names)-3 {
			return nil, refuse(UnknownYaku, Fault{Code: FaultUnknownYaku, Text: r.Name, Text2: y.Name}, "the rules %s name a yaku %q the scorer does not know", r.Name, y.Name)
		}
		h.han[k] = y
	}
	if err := h.check(); err != nil {
		return nil, err
	}
	h.countDora()
	return h, nil
}

// check refuses a hand that cannot be: unseen tiles, bad melds, the wrong
// number of tiles, a winning tile not in the hand, a fifth tile, a
// situation that contradicts itself.
func (h *hand) check() error {
	w := h.w
	for _, wind := range []tile.Tile{w.SeatWind, w.RoundWind} {
		if !wind.Known() || wind.Kind() < east || wind.Kind() > east+3 {
			return refuse(UnknownTile, Fault{Code: FaultWind, Text: wind.String()}, "the seat and round winds must be winds 1z-4z, not %s", wind)
		}
	}
	h.seat, h.round = int8(w.SeatWind.Kind()), int8(w.RoundWind.Kind())
	for i, t := range w.Concealed {
		if !t.Known() {
			return refuse(UnknownTile, Fault{Code: FaultConcealed, N: i + 1}, "concealed tile %d is not known: every concealed tile must be named", i+1)
		}
		h.concealed[t.Kind()]++
	}
	if !w.WinTile.Known() {
		return refuse(UnknownTile, Fault{Code: FaultWinUnnamed}, "the winning tile is not named")
	}
	size := len(w.Concealed)
	for i, m := range w.Melds {
		s, err := meldSet(m)
		if err != nil {
			err.Fault.At, err.Fault.AtKind, err.Fault.AtTiles = i+1, m.Kind.String(), tile.Format(m.Tiles)
			err.Reason = "meld " + strconv.Itoa(i+1) + " (" + m.Kind.String() + " " + tile.Format(m.Tiles) + "): " + err.Reason
			return err
		}
		h.melds = append(h.melds, s)
		h.open = h.open || s.open
		size += 3
	}
	switch {
	case size > 14:
		return refuse(TooManyTiles, Fault{Code: FaultTileCount, N: size}, "%d tiles with the melds (a kong counts 3): a winning hand has 14", size)
	case size < 14:
		return refuse(TooFewTiles, Fault{Code: FaultTileCount, N: size}, "%d tiles with the melds (a kong counts 3): a winning hand has 14", size)
	}
	if h.concealed[w.WinTile.Kind()] == 0 {
		return refuse(WinNotInHand, Fault{Code: FaultWinNotInHand, Text: w.WinTile.String(), Text2: tile.Format(w.Concealed)}, "the winning tile %s is not among the concealed tiles %s", w.WinTile, tile.Format(w.Concealed))
	}
	h.win = int8(w.WinTile.Kind())
	if err := h.checkTileCounts(); err != nil {
		return err
	}
	switch {
	case w.Ippatsu && !w.Riichi && !w.DoubleRiichi:
		return refuse(BadSituation, Fault{Code: FaultIppatsu}, "ippatsu without a riichi")
	case (w.Riichi || w.DoubleRiichi) && h.open:
		return refuse(BadSituation, Fault{Code: FaultRiichiOpen}, "a riichi with a called meld")
	case w.Chankan && w.Tsumo:
		return refuse(BadSituation, Fault{Code: FaultChankan}, "robbing a kong (chankan) is a win on another's tile, not a tsumo")
	case w.Rinshan && !w.Tsumo:
		return refuse(BadSituation, Fault{Code: FaultRinshan}, "a win on a kong's replacement tile (rinshan) is a tsumo")
	case w.FirstTurn && len(w.Melds) > 0:
		return refuse(BadSituation, Fault{Code: FaultFirstTurn}, "a win in the first go-around with a meld: any call ends the first go-around")
	}
	return nil
}

// checkTileCounts refuses a fifth tile of a kind, or more red fives than
// the set holds, between the hand, the melds and the indicators.
func (h *hand) checkTileCounts() error {
	var all [kinds]int
	var red [3]int
	add := func(ts []tile.Tile) {
		for _, t := range ts {
			if t.Known() {
				all[t.Kind()]++
				if t.Red() {
					red[t.Suit()]++
				}
			}
		}
	}
	add(h.w.Concealed)
	for _, m := range h.w.Melds {
		add(m.Tiles)
	}
	add(h.w.Indicators)
	add(h.w.Ura)
	for k, n := range all {
		if n > 4 {
			return refuse(FiveOfATile, Fault{Code: FaultFive, N: n, Text: tile.Tile(k + 1).String()}, "%d tiles %s between the hand, the melds and the indicators: a set has 4", n, tile.Tile(k+1))
		}
	}
	perSuit := max(1, h.pay.Aka-2) // three red fives are one a suit; a fourth is a second 5p
	total := red[0] + red[1] + red[2]
	for s, n := range red {
		if total > h.pay.Aka || n > perSuit {
			if h.pay.Aka == 0 {
				return refuse(TooManyRed, Fault{Code: FaultRedNone, Text: "0" + string("mps"[s])}, "a red five (0%c) in a set without red fives", "mps"[s])
			}
			return refuse(TooManyRed, Fault{Code: FaultRedCount, N: total, M: h.pay.Aka}, "%d red fives: the set holds %d", total, h.pay.Aka)
		}
	}
	return nil
}

// countDora counts the dora held (kan dora included), the ura dora after
// a riichi and the red fives of a set that has them.
func (h *hand) countDora() {
	var held [kinds]int
	for k, n := range h.concealed {
		held[k] = int(n)
	}
	for _, s := range h.melds {
		for _, k := range s.kinds() {
			held[k]++
		}
	}
	count := func(ind []tile.Tile) (n int) {
		for _, t := range ind {
			if t.Known() {
				n += held[t.Dora().Kind()]
			}
		}
		return n
	}
	h.dora = count(h.w.Indicators)
	if h.w.Riichi || h.w.DoubleRiichi {
		h.ura = count(h.w.Ura)
	}
	if h.pay.Aka > 0 {
		for _, t := range h.w.Concealed {
			if t.Red() {
				h.aka++
			}
		}
		for _, m := range h.w.Melds {
			for _, t := range m.Tiles {
				if t.Red() {
					h.aka++
				}
			}
		}
	}
}

// describe is the hand as tiles, for a refusal.
func (h *hand) describe() string {
	var b strings.Builder
	b.WriteString(tile.Format(h.w.Concealed))
	for _, m := range h.w.Melds {
		b.WriteString(" (" + m.Kind.String() + " " + tile.Format(m.Tiles) + ")")
	}
	return b.String()
}
