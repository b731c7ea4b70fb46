package engine

import "maps"

// yakuWords are the yaku in English, by the names the score line spells
// (scorer.Names), for the status page's /yakuwords.js alone: the words of
// every yaku are the catalog's (outcome.YakuWord, in every language).
//
// To be removed when the web serves the catalog's yaku words instead.
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

// YakuWordsByName are the English words of every yaku by name, a copy:
// what the status page is still served as /yakuwords.js.
//
// Deprecated: the catalog's yaku.* messages (outcome.YakuWord) are the
// words; this goes once web/tilefaces.go no longer serves it.
func YakuWordsByName() map[string]string { return maps.Clone(yakuWords) }
