package scorer

import "fmt"

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

// Refusal is why a hand is not scored: a code for the log and a sentence for
// the people at the table.
type Refusal struct {
	Code   string // one of the codes above
	Reason string // a sentence: "the hand is not complete: 13 tiles with the melds, a win has 14"
}

// Error is the reason, prefixed by the package.
func (r *Refusal) Error() string { return "scorer: " + r.Reason }

// refuse builds a Refusal.
func refuse(code, format string, a ...any) *Refusal {
	return &Refusal{Code: code, Reason: fmt.Sprintf(format, a...)}
}
