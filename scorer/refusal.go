package scorer

import (
	"fmt"

	"github.com/tabled/tabled/payment"
)

// The codes of a Refusal, short and stable for the claim log.
const (
	NotComplete  = "not_complete"    // no reading makes four sets and a pair, seven pairs or thirteen orphans
	NoYaku       = "no_yaku"         // complete, but no yaku (dora alone are not one)
	FiveOfATile  = "five_of_a_tile"  // more than four of a kind between hand, melds and indicators
	TooManyRed   = "too_many_red"    // more red fives than the set holds
	BadMeld      = "bad_meld"        // a meld whose tiles cannot make its set, or were not seen
	WinNotInHand = "win_not_in_hand" // the winning tile is not among the concealed tiles
	TooManyTiles = "too_many_tiles"  // more than 14 tiles with the melds (a kong counts 3)
	TooFewTiles  = "too_few_tiles"   // fewer than 14
	UnknownTile  = "unknown_tile"    // a concealed tile, winning tile or wind whose face was not given
	BadSituation = "bad_situation"   // a situation that cannot be (ippatsu without riichi, chankan on a tsumo)
	UnknownYaku  = "unknown_yaku"    // the rules name a yaku the scorer does not know
)

// Refusal is why a hand is not scored: a code for the log, the refusal's
// parameters for a view to put in its reader's words (package outcome
// words Fault from the catalog), and the English sentence for developers.
type Refusal struct {
	Code   string // one of the codes above
	Fault  Fault  // the sentence as a sub-code and what it names
	Reason string // a sentence: "13 tiles with the melds (a kong counts 3): a winning hand has 14"
}

// Error is the reason, prefixed by the package.
func (r *Refusal) Error() string { return "scorer: " + r.Reason }

// Fault is a refusal as parameters, without words (payment.Fault, the
// one home of the type, which the scorer's rules package below it shares):
// Code is one of the sub-codes below, the catalog's key under
// hand.refused.
type Fault = payment.Fault

// The sub-codes of a Fault the scorer gives (Refusal.Fault.Code).
const (
	FaultMeldKind     = "meld_kind"      // a meld of no known kind
	FaultMeldSize     = "meld_size"      // Text a meld's kind shows N tiles, not M
	FaultMeldUnseen   = "meld_tile"      // a meld's tile N was not seen
	FaultMeldNotRow   = "meld_not_row"   // a chii's tiles are not a run
	FaultMeldNotKind  = "meld_not_kind"  // not N tiles of one kind
	FaultUnknownYaku  = "unknown_yaku"   // the rules Text name the yaku Text2
	FaultWind         = "wind"           // Text is no wind
	FaultConcealed    = "concealed"      // concealed tile N not named
	FaultWinUnnamed   = "win_unnamed"    // no winning tile
	FaultTileCount    = "tile_count"     // N tiles with the melds, not 14
	FaultWinNotInHand = "win_not_in"     // winning tile Text not among Text2
	FaultIppatsu      = "ippatsu"        // ippatsu without riichi
	FaultRiichiOpen   = "riichi_open"    // riichi with a meld
	FaultChankan      = "chankan_tsumo"  // chankan on a tsumo
	FaultRinshan      = "rinshan_ron"    // rinshan on a ron
	FaultFirstTurn    = "first_turn"     // first go-around with a meld
	FaultFive         = "five_of_a_tile" // N tiles Text
	FaultRedNone      = "red_none"       // red five Text in a set without them
	FaultRedCount     = "red_count"      // N red fives, the set holds M
	FaultNotComplete  = "not_complete"   // the hand Text is not complete
	FaultNoYaku       = "no_yaku"        // the hand Text has no yaku
)

// refuse builds a Refusal: f its parameters, format and a its English.
func refuse(code string, f Fault, format string, a ...any) *Refusal {
	return &Refusal{Code: code, Fault: f, Reason: fmt.Sprintf(format, a...)}
}
