package engine

import "maps"

// yakuWords are the yaku as players read them, by the names the score
// line spells (scorer.Names): the one home of these words, for the
// engine's reasons, the log's lines, the panel and the status page (which
// the web serves them to).
var yakuWords = map[string]string{
	"menzen_tsumo": "Menzen tsumo", "riichi": "Riichi", "ippatsu": "Ippatsu", "chankan": "Chankan (robbing a kong)",
	"rinshan_kaihou": "Rinshan kaihou (after a kong)", "haitei": "Haitei (last tile)", "houtei": "Houtei (last discard)",
	"pinfu": "Pinfu", "tanyao": "Tanyao (all simples)", "iipeikou": "Iipeikou",
	"yakuhai_seat_wind": "Seat wind", "yakuhai_round_wind": "Round wind",
	"haku": "Haku (white dragon)", "hatsu": "Hatsu (green dragon)", "chun": "Chun (red dragon)",
	"double_riichi": "Double riichi", "chiitoitsu": "Chiitoitsu (seven pairs)", "chanta": "Chanta", "ittsu": "Ittsu (straight)",
	"sanshoku": "Sanshoku", "sanshoku_doukou": "Sanshoku doukou", "sankantsu": "Sankantsu (three kongs)",
	"toitoi": "Toitoi (all pungs)", "sanankou": "Sanankou (three concealed pungs)", "shousangen": "Shousangen",
	"honroutou": "Honroutou", "ryanpeikou": "Ryanpeikou", "junchan": "Junchan", "honitsu": "Honitsu (half flush)",
	"chinitsu": "Chinitsu (full flush)", "tenhou": "Tenhou", "chiihou": "Chiihou", "renhou": "Renhou",
	"kokushi": "Kokushi musou (thirteen orphans)", "suuankou": "Suuankou (four concealed pungs)", "daisangen": "Daisangen",
	"tsuuiisou": "Tsuuiisou (all honours)", "ryuuiisou": "Ryuuiisou (all green)", "chinroutou": "Chinroutou (all terminals)",
	"chuuren": "Chuuren poutou (nine gates)", "suukantsu": "Suukantsu (four kongs)", "shousuushii": "Shousuushii",
	"daisuushii": "Daisuushii", "dora": "Dora", "ura_dora": "Ura dora", "aka_dora": "Red fives",
}

// YakuWord is a yaku as players read it: "Menzen tsumo" for
// menzen_tsumo; a name it does not know is returned as it is.
func YakuWord(name string) string {
	if w, ok := yakuWords[name]; ok {
		return w
	}
	return name
}

// YakuWordsByName are the words of every yaku by name, a copy: what the
// status page is served to show a hand's yaku.
func YakuWordsByName() map[string]string { return maps.Clone(yakuWords) }
