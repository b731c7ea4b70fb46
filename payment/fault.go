package payment

import "fmt"

// Fault is a refused hand or value as parameters, without words: Code
// says which sentence (a stable sub-code: the scorer's and the engine's
// are the catalog's keys under hand.refused, the payment rules' under
// value.refused), the other fields what it names. Text and Text2 are tiles in mpsz, a meld's
// kind, a rules or yaku name, never a sentence. At is the number of the
// meld at fault (1 the first), AtKind its kind and AtTiles its tiles.
// Melds is filled by the engine: the melds the table recorded, when they
// may be the fault.
type Fault struct {
	Code    string `json:"code"`
	N       int    `json:"n,omitempty"`
	M       int    `json:"m,omitempty"`
	Text    string `json:"text,omitempty"`
	Text2   string `json:"text2,omitempty"`
	At      int    `json:"at,omitempty"`
	AtKind  string `json:"at_kind,omitempty"`
	AtTiles string `json:"at_tiles,omitempty"`
	Melds   string `json:"melds,omitempty"`
}

// ValueError is why the rules refuse a value, or ParseValue a value as
// typed: Fault its parameters for a view to word in its reader's language
// (package outcome), Reason the English sentence.
type ValueError struct {
	Fault  Fault
	Reason string
}

func (e *ValueError) Error() string { return e.Reason }

// The sub-codes of a refused value (ValueError.Fault.Code).
const (
	FaultUnknownLimit   = "unknown_limit"    // limit number N
	FaultLimitAlone     = "limit_alone"      // limit Text with han or fu
	FaultSeveralLimit   = "several_limit"    // limit Text counted several times
	FaultSingleYakuman  = "single_yakuman"   // yakuman not cumulative
	FaultMaxYakuman     = "max_yakuman"      // at most N yakuman, not M
	FaultSeveral        = "several"          // several times without a limit
	FaultHanMin         = "han_min"          // N han, below 1
	FaultHanMax         = "han_max"          // N han, more than a hand holds
	FaultFuMin          = "fu_min"           // N fu, below 20
	FaultFuMax          = "fu_max"           // N fu, more than M
	FaultSevenPairs     = "seven_pairs"      // 25 fu with N han
	FaultFuRound        = "fu_round"         // N fu, not rounded: M meant?
	FaultFu20Ron        = "fu20_ron"         // 20 fu on a ron
	FaultFu20OneHan     = "fu20_one_han"     // 1 han 20 fu
	FaultCountedTooHigh = "counted_too_high" // more than N han counted: limit Text
)

// The sub-codes of a value as typed that ParseValue cannot read
// (ValueError.Fault.Code): Text is the word as typed, never a sentence.
const (
	FaultValueEmpty   = "value_empty"   // nothing typed
	FaultYakumanCount = "yakuman_count" // yakuman Text: not a count 1..N
	FaultLimitNothing = "limit_nothing" // limit Text with more words after it
	FaultNotHan       = "not_han"       // Text: neither a limit nor han 1..N
	FaultNeedsFu      = "needs_fu"      // N han below 5 without fu
	FaultNotFu        = "not_fu"        // fu Text: not a number
	FaultValueWords   = "value_words"   // N words, more than han and fu
)

// The sub-codes of a hand Settle cannot settle (ValueError.Fault.Code):
// the engine checks every value as it comes, so one is a fault of the
// engine, shown to the referee rather than hidden.
const (
	FaultSettleDealer     = "settle_dealer"      // dealer seat N not 0..3
	FaultSettleChombo     = "settle_chombo"      // chombo seat N not 0..3
	FaultSettleTsumo      = "settle_tsumo"       // a tsumo with N winners
	FaultSettleFrom       = "settle_from"        // discarder seat N not 0..3
	FaultSettleNegative   = "settle_negative"    // negative counters or deposits
	FaultSettleWinner     = "settle_winner"      // winner seat N not distinct 0..3
	FaultSettleOwnDiscard = "settle_own_discard" // seat N won on its own discard
	FaultSettlePaoSeat    = "settle_pao_seat"    // seat N liable for seat M's hand
	FaultSettlePao        = "settle_pao"         // pao without a yakuman
)

// refuse is a ValueError: f its parameters, format and a its English.
func refuse(f Fault, format string, a ...any) error {
	return &ValueError{Fault: f, Reason: fmt.Sprintf(format, a...)}
}
