package engine

import "fmt"

// RuleCode names the rule behind an outcome: why a decision went the way
// it did, why a claim lost, why an input was refused, what the referee must
// check. Displays, the status page and the log read the code; the words a
// person reads are made from it: the refusals' by the catalog (outcome's
// Reason, given to the engine with SetWords), the others' in reason.go.
type RuleCode uint8

// The rule codes. Their names (String) are stable identifiers.
const (
	CodeNone RuleCode = iota

	// Decisions.
	CodeOnlyClaim // the only claim on the tile
	CodeBeats     // the winner beat every other claim of the window
	CodeOverrides // the decision replaces an earlier one on the same tile
	CodeJoins     // 2008: a later ron joins the decided winners

	// Why a claim lost.
	CodeRonBeatsAll    // a win beats every other claim
	CodeHeadBump       // several rons: the seat closest to the discarder wins (2016)
	CodeCallOverChii   // simultaneous calls: pon or kan beat chii (2016)
	CodeCallWithin     // pon or kan within N s of the discard beat chii (2008)
	CodeFirstCall      // the first call wins
	CodeCloser         // called at the same moment: the seat closer to the discarder wins
	CodeAlreadyDecided // another call was already decided on this tile

	// Why an input was refused.
	CodeHandOver
	CodeNoDiscard
	CodeKongRonOnly
	CodeOwnDiscard
	CodeOwnKong
	CodeChiiNextOnly
	CodeInRiichi
	CodeDeadHand
	CodeLastTile
	CodeFifthKong
	CodeTileMismatch
	CodeRonStands
	CodeAlreadyCalled
	CodeAlreadyDecidedCancel
	CodeNoCall
	CodeNotYourTurn
	CodeDeciding
	CodeWallEmpty
	CodeNoKongWall
	CodeCalledThisTurn
	CodeAlreadyRiichi
	CodeOpenHand
	CodeRiichiWall
	CodeNoDoraDue
	CodeKongMayBeRobbed     // a kan dora read while the kong may still be robbed
	CodeThirteenOrphansOnly // a concealed kong of a suited 2-8 cannot be robbed
	CodeConcealedNotRobbable
	CodeRobbingOver  // the time to rob an extended kong has passed
	CodeNoScore      // a value or chombo under rules that keep no score
	CodeNoWin        // a value when the hand has no win to value
	CodeNotWinner    // a value from a seat that did not win
	CodeValueIn      // a second value for the same win
	CodeBadValue     // a value the rules cannot produce
	CodeScored       // the hand is already settled
	CodeWinnersFixed // a ron after a value was entered: the winners are fixed
	CodeBadPao       // a liable seat that cannot be

	// Flags and notes.
	CodeKuikae         // swap-calling
	CodeMayBeConcealed // a ron on a kong that may be concealed (referee)
	CodeLate           // a call after the call deadline
	CodeFastDraw       // the next seat drew too fast: its draw goes back

	// Hand ends, deals and kongs.
	CodeWin
	CodeExhausted
	CodeRefereeEnded
	CodeDeal
	CodeKongStands
	CodeScore
	CodeChombo
	CodeGameEnd

	// Added with the RCR 2016 profile and the rules' edges.
	CodePonOverChii      // RCR 2016 3.3.1: pon or kan in time beat chii, whatever came first
	CodeNotAGroup        // the shown tiles cannot make the group with the discard
	CodeNextDrew         // the next seat drew past the call deadline: no chii, pon or kan
	CodeActedOwnTurn     // the seat acted in its own turn: it cannot then chii the discard before
	CodeEarlyReplacement // a replacement tile taken in the time to rob the kong: what was declared on it is void
	CodeDoraWithdrawn    // a kan dora read for a kong that never happened is withdrawn

	// Added with the hand's worth (a hand scored from its tiles).
	CodeHandRefused    // the scorer refused the hand (Reason says why)
	CodeNoRiichiWinner // an ura dora indicator with no riichi winner
	CodeNoUraDue       // more ura indicators than dora indicators, or after the hands
	CodeFuriten        // a ron whose waits include a discard it may not win on (referee)
	CodeValueDisagrees // an entered value and the hand's computed one differ (referee)

	// Added with the round's time rule (timerule.go).
	CodeGameOver // an input the ended game cannot take (the time signal after the game's end)
	CodeTimeUp   // a second time signal: the time is already up

	// Added with the tournament's players at the table (players.go).
	CodeSeated        // a player's card: where the round seats the player
	CodeWrongSeat     // a player's card on another seat's reader (referee)
	CodeNotACard      // a card no player of the round holds, or no round
	CodeConfirmed     // a player confirmed the game's result
	CodeNotOver       // a confirmation before the game's end
	CodeConfirmedOnce // a second confirmation from a seat

	codeCount
)

var codeNames = [...]string{
	"", "only_claim", "beats", "overrides", "joins",
	"ron_beats_all", "head_bump", "call_over_chii", "call_within", "first_call", "closer", "already_decided",
	"hand_over", "no_discard", "kong_ron_only", "own_discard", "own_kong", "chii_next_only", "in_riichi",
	"dead_hand", "last_tile", "fifth_kong", "tile_mismatch", "ron_stands", "already_called",
	"already_decided_cancel", "no_call", "not_your_turn", "deciding", "wall_empty", "no_kong_wall",
	"called_this_turn", "already_riichi", "open_hand", "riichi_wall", "no_dora_due", "kong_may_be_robbed",
	"thirteen_orphans_only", "concealed_not_robbable", "robbing_over",
	"no_score", "no_win", "not_winner", "value_in", "bad_value", "scored", "winners_fixed", "bad_pao",
	"kuikae", "may_be_concealed", "late", "fast_draw",
	"win", "exhausted", "referee_ended", "deal", "kong_stands", "score", "chombo", "game_end",
	"pon_over_chii", "not_a_group", "next_drew", "acted_own_turn", "early_replacement", "dora_withdrawn",
	"hand_refused", "no_riichi_winner", "no_ura_due", "furiten", "value_disagrees",
	"game_over", "time_up",
	"seated", "wrong_seat", "not_a_card", "confirmed", "not_over", "confirmed_once",
}

// String is the code's stable name ("head_bump").
func (c RuleCode) String() string {
	if c < codeCount {
		return codeNames[c]
	}
	return fmt.Sprintf("code(%d)", uint8(c))
}

// MarshalText spells the code.
func (c RuleCode) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText parses a code's name.
func (c *RuleCode) UnmarshalText(b []byte) error {
	for i, n := range codeNames {
		if n == string(b) {
			*c = RuleCode(i)
			return nil
		}
	}
	return fmt.Errorf("engine: unknown rule code %q", b)
}
