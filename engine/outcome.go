package engine

import (
	"time"

	"github.com/tabled/tabled/payment"
)

// Kind is the kind of an outcome.
type Kind uint8

// The outcome kinds. Decision, Rejection, DoraShown and HandEnd are what a
// table shows; Flag marks something the referee must look at.
const (
	KindDecision Kind = iota + 1
	KindRejection
	KindDora
	KindHandEnd
	KindFlag
	// KindDeal: a new hand is dealt (round wind, hand number, honba,
	// riichi sticks, dealer).
	KindDeal
	// KindKongStands: nobody robbed an extended kong in its time: it
	// stands, and its kan dora indicator is due.
	KindKongStands
	// KindScore: a hand's payments are settled (every winner's value is
	// in, or a draw or chombo is dealt on): Score.
	KindScore
	// KindGameEnd: the game is over: GameEnd, the final standings.
	KindGameEnd
	// KindSeated: a player's card was laid on a reader: Seat is where the
	// round seats the player, Player its number and name.
	KindSeated
	// KindConfirmed: a player confirmed the ended game's result at its
	// seat: Seat, Player.
	KindConfirmed
)

var kindNames = [...]string{"", "decision", "rejected", "dora", "hand_end", "flag", "deal", "kong_stands", "score", "game_end", "seated", "confirmed"}

// KindNames are the names of every outcome kind, as the scenario output
// spells them.
func KindNames() []string { return append([]string(nil), kindNames[1:]...) }

// String is the kind as the scenario output spells it.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Claim is one seat's call, as decided.
type Claim struct {
	Seat Seat
	Call Action
	// At is when the call was stamped.
	At time.Duration
	// Late: the call came after the call deadline.
	Late bool
	// Code is the rule by which a lost claim lost; CodeNone for a winner.
	Code RuleCode
	// Why is that rule in words ("head bump, West is closer to South in
	// turn order"); Reason is the whole sentence, naming the winner
	// ("RON West beats RON East: " + Why).
	Why, Reason string
	// Args are what Why names, for words in another language (nil for a
	// winner).
	Args *Args
	// Overridden: the claim had been decided, and a later decision took it back.
	Overridden bool
}

// Result is how a hand ended.
type Result uint8

// The results of a hand.
const (
	ResultNone Result = iota
	ResultRon
	ResultTsumo
	ResultDraw
	// ResultChombo: the referee's chombo ended the hand; it is dealt again.
	ResultChombo
)

// String spells the result as the scenario output does.
func (r Result) String() string {
	names := [...]string{"", "ron", "tsumo", "draw", "chombo"}
	if int(r) < len(names) {
		return names[r]
	}
	return "result?"
}

// Outcome is one thing the engine decided. Which fields are set depends on
// Kind:
//
//   - KindDecision: Claimed (the discard or kong tile), Won, Lost, Ordinal,
//     Overrides, Late, Robbing, Referee, Reason.
//   - KindRejection: Seat, Call, Reason.
//   - KindDora: Indicators, Dora.
//   - KindHandEnd: Result, Winners, Reason.
//   - KindFlag: Seat, Call, Reason.
//   - KindDeal: RoundWind, HandNumber, Honba, RiichiSticks, and Dealer (the
//     new dealer's physical seat).
//   - KindKongStands: Claimed (the kong), Reason.
//   - KindScore: Score (Seat is the chombo's offender, else NoSeat).
//   - KindGameEnd: GameEnd.
//
// Code is the rule behind the outcome; Reason is it in words, in the
// language SetWords gave (the table's English); Args are what it names and
// Notes the rules said after it in brackets, so that a view can put the
// same reason into its reader's language.
//
// Dealer is the dealer when the outcome was made, so seats can be turned
// into winds after the dealer has changed.
type Outcome struct {
	Kind   Kind
	At     time.Duration
	Dealer Seat

	Seat   Seat
	Call   Action
	Code   RuleCode
	Reason string
	Args   *Args
	Notes  []Note

	Claimed   Claimed
	Won, Lost []Claim
	// Ordinal numbers decisions from 1 in the engine's life.
	Ordinal int
	// Overrides is the Ordinal of the earlier decision this one replaces, or 0.
	Overrides int
	// Late: a winning claim came after the call deadline.
	Late bool
	// Robbing: the ron robs a kong (chankan).
	Robbing bool
	// Referee says what the referee must check about a decision the
	// table cannot judge alone (a ron on a kong that may be concealed).
	Referee string

	Indicators, Dora []Tile

	Result  Result
	Winners []Seat

	RoundWind                       Wind
	HandNumber, Honba, RiichiSticks int

	Score   *Score
	GameEnd *GameEnd

	// Player is the round's player of a seated or confirmed outcome.
	Player *SeatedPlayer
}

// Score is a hand's settlement: who won what, each seat's change and the
// points after it. Seats are physical; the outcome's Dealer names winds.
type Score struct {
	Result Result
	Wins   []ScoreWin
	// Deltas is each seat's change in the hand: payments, counters, and
	// deposits (a riichi placed in the hand counts -1000 for its seat).
	Deltas [4]int
	// Scores are the points after the hand.
	Scores [4]int
	// Honba and Sticks are the counters and deposits on the table for
	// the next hand.
	Honba, Sticks int
	// Penalty is taken off a seat's result after uma (a chombo in a
	// tournament); the game's total so far is in GameEnd.
	Penalty [4]int
}

// ScoreWin is one winner's hand in a Score.
type ScoreWin struct {
	Seat Seat
	// From is the discarder of a ron (the kong's owner for a robbed
	// kong), NoSeat for a tsumo.
	From Seat
	// Value is as entered (zero when no value was entered before the
	// next deal: the hand paid nothing).
	Value payment.Value
	// Limit is the limit the value reached ("" below mangan).
	Limit payment.Limit
	// Pao is the seat liable for it, NoSeat when none.
	Pao Seat
	// Points is the hand's worth before counters and deposits: a ron what
	// the discarder pays, a tsumo the sum the others pay.
	Points int
	// Hand is the hand the value was scored from (its tiles, yaku and
	// fu), nil for a value entered as han and fu.
	Hand *WonHand
}

// GameEnd is the end of a game: the final points, the deposits left on
// the table, and the standings by physical seat.
type GameEnd struct {
	Scores    [4]int
	Sticks    int
	Standings []payment.Standing
	// End is why the game ended (the last hand, a bust, the round's time).
	End End
}

// Wind is the wind of seat s in the hand the outcome belongs to.
func (o *Outcome) Wind(s Seat) Wind { return s.Wind(o.Dealer) }

// Claimed is what a claim round is about: a discard, or a kong that may be robbed.
type Claimed struct {
	Seat Seat
	Tile Tile
	// Kong: the tile is a kong's, claimable only for a win (robbing).
	Kong bool
	// At is when the tile was discarded or the kong made: with Seat and
	// Tile it tells one discard from another of the same tile.
	At time.Duration
}
