package scorer

import (
	"fmt"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tile"
)

// MeldKind is how a meld the table recorded was made.
type MeldKind uint8

// The kinds of meld.
const (
	Chii      MeldKind = iota // a called chow
	Pon                       // a called pung
	OpenKan                   // a called kong, or a called pung extended to a kong
	ClosedKan                 // a concealed kong: it does not open the hand
)

var meldNames = [...]string{"chii", "pon", "kan", "closed kan"}

// String names the kind as the table calls it.
func (k MeldKind) String() string {
	if int(k) < len(meldNames) {
		return meldNames[k]
	}
	return fmt.Sprintf("meld(%d)", uint8(k))
}

// Meld is a set the winner called or declared, with its tiles as shown (a
// red five as red): three for a chii or pon, four for a kong.
type Meld struct {
	Kind  MeldKind
	Tiles []tile.Tile
}

// Win is a winning hand and what the table saw of it.
type Win struct {
	// Concealed are the tiles in the hand, the winning tile included: with
	// three per meld they make 14.
	Concealed []tile.Tile
	// Melds are the calls and kongs, in the order made.
	Melds []Meld
	// WinTile is the winning tile, one of Concealed: the discard won on (or
	// the kong robbed), or the tile drawn.
	WinTile tile.Tile
	// Tsumo: won on a drawn tile; false is a ron.
	Tsumo bool
	// SeatWind and RoundWind are the winner's seat wind and the round's
	// wind, 1z (East) to 4z (North). The seat wind East is the dealer.
	SeatWind, RoundWind tile.Tile
	// Riichi: the winner declared riichi; DoubleRiichi: in the first
	// uninterrupted go-around (Riichi is then set too); Ippatsu: won within
	// one go-around of the riichi with no call made since.
	Riichi, DoubleRiichi, Ippatsu bool
	// LastTile: won on the last tile of the live wall (haitei on a tsumo)
	// or on the discard after it (houtei on a ron).
	LastTile bool
	// Rinshan: a tsumo on a kong's replacement tile. Chankan: a ron
	// robbing a kong.
	Rinshan, Chankan bool
	// FirstTurn: won in the first uninterrupted go-around, before the
	// winner's first discard and with no call made: tenhou (the dealer's
	// tsumo), chiihou (another seat's tsumo), renhou (a ron) where the
	// rules have it.
	FirstTurn bool
	// Indicators are the dora and kan dora indicators, as read.
	Indicators []tile.Tile
	// Ura are the ura dora indicators, one under each indicator; they count
	// only with Riichi.
	Ura []tile.Tile
}

// Yaku is one line of the reason: a yaku with its han (13 per yakuman),
// or the dora ("dora", "ura_dora", "aka_dora") with their count as han.
// Names are lower case, as the score line spells them (Names lists them).
type Yaku struct {
	Name string `json:"name"`
	Han  int    `json:"han"`
}

// FuPart is one line of the fu count: "base" 20, "closed ron" 10, "tsumo"
// 2, "edge wait" 2, "pair 5z" 2, "closed pung 9m" 8, ..., and "rounding"
// up to the next 10. Code names the part for the catalog's words (fu.<code>,
// with Tile the set's or pair's tile where it has one); Name is the same in
// English, kept for the JSON that carried it first.
type FuPart struct {
	Name string    `json:"name"`
	Code string    `json:"code"`
	Tile tile.Tile `json:"tile,omitempty"`
	Fu   int       `json:"fu"`
}

// Result is what the hand is worth and why.
type Result struct {
	// Value is what the settlement takes: han (dora included) and fu, a
	// limit by name where the rules make the hand one whatever its han
	// (renhou as a mangan), or a yakuman and how many count (at most the
	// payment rules' MaxYakuman).
	Value payment.Value `json:"value"`
	// Limit is the limit the value reaches under the payment rules
	// (kiriage, kazoe), payment.NoLimit below a mangan.
	Limit payment.Limit `json:"limit,omitempty"`
	// Han is the han counted, dora included; 13 per yakuman.
	Han int `json:"han"`
	// Fu is the fu counted and rounded up to 10 (25 for seven pairs); 0
	// for a yakuman, where fu do not count.
	Fu int `json:"fu"`
	// Yaku are the yaku in a fixed order (the order of Names), then the
	// dora; a yakuman lists its yakuman alone.
	Yaku []Yaku `json:"yaku"`
	// FuParts are the fu, part by part, ending with the rounding; empty
	// for a yakuman.
	FuParts []FuPart `json:"fu_parts,omitempty"`
	// Shape is the reading chosen: the concealed sets and pair in mpsz
	// ("234m 456p 789s 55z"), then the melds in parentheses ("(555p)", a
	// closed kong in brackets "[5555p]"); seven pairs and thirteen orphans
	// as their tiles.
	Shape string `json:"shape"`
}
