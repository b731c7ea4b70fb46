// Package tournament is a riichi tournament as records that are never
// edited in place: players registered and edited, substitutions, the
// options, each round's seating and clock, each table's result (from the
// table's game_end or entered by a referee), confirmations, corrections,
// swaps, penalties, and withdrawals of any of these. Each record says who
// made it, when and why.
//
// Fold reads the records in order and gives the State every view reads:
// what is in force. It refuses a record that does not fit what came
// before (Apply says why), and it never mends what it finds wrong in the
// results: a game whose table points do not add up, a round whose results
// do not sum to zero, a player in two games of a round or in none, each
// becomes an Alert naming the round and the table.
//
// The package is pure: no clock (a record carries its time; a view of the
// clock takes the time it is asked for), no I/O. The head referee's
// console (package club) stores the records in its journal and replays
// them at each start.
package tournament

import "time"

// Kind names what a record does.
type Kind string

// The kinds of records.
const (
	// KindPlayer registers a player (Number 0: the next number) or edits one.
	KindPlayer Kind = "player"
	// KindSubstitute puts a registered substitute in a player's place for
	// the rounds from a given one; both stay on the record.
	KindSubstitute Kind = "substitute"
	// KindOptions sets the tournament's options, whole.
	KindOptions Kind = "options"
	// KindSeated seats rounds From..From+len-1, replacing any seating they
	// had; a round already started keeps its seating.
	KindSeated Kind = "seated"
	// KindClock starts, pauses, resumes or ends a round's clock.
	KindClock Kind = "clock"
	// KindResult is a game's result: from the table's game_end, or
	// entered by a referee for a table that could not finish (marked).
	KindResult Kind = "result"
	// KindConfirm confirms a game's result: by one of its players (all
	// four make it count) or by a referee (at once).
	KindConfirm Kind = "confirm"
	// KindCorrect replaces a game's result, with a reason.
	KindCorrect Kind = "correct"
	// KindSwap exchanges two players' results in a game: they sat in
	// each other's seats.
	KindSwap Kind = "swap"
	// KindPenalty takes points off a player's total.
	KindPenalty Kind = "penalty"
	// KindWithdraw takes back an earlier correction, swap, penalty,
	// confirmation or referee-entered result, with a reason.
	KindWithdraw Kind = "withdraw"
)

// Record is one change to a tournament. Exactly the field of its kind is
// set. Seq numbers the records 1, 2, ... in the order they were made: a
// withdrawal names the record it takes back by it.
type Record struct {
	Seq  int       `json:"seq"`
	Kind Kind      `json:"kind"`
	By   string    `json:"by"`
	At   time.Time `json:"at"`
	Why  string    `json:"why,omitempty"`

	Player     *Player     `json:"player,omitempty"`
	Substitute *Substitute `json:"substitute,omitempty"`
	Options    *Options    `json:"options,omitempty"`
	Seated     *Seated     `json:"seated,omitempty"`
	Clock      *Clock      `json:"clock,omitempty"`
	Result     *Result     `json:"result,omitempty"`
	Confirm    *Confirm    `json:"confirm,omitempty"`
	Swap       *Swap       `json:"swap,omitempty"`
	Penalty    *Penalty    `json:"penalty,omitempty"`
	Withdraw   *Withdraw   `json:"withdraw,omitempty"`
}

// Player is a player as registered or edited. Number is 1..N, given in
// the order players register.
type Player struct {
	Number  int    `json:"number"`
	Name    string `json:"name"`
	EMA     string `json:"ema,omitempty"`
	Country string `json:"country,omitempty"`
	Club    string `json:"club,omitempty"`
	// Cards are the UIDs (hex, lower case) of the NFC player cards
	// registered to the player.
	Cards []string `json:"cards,omitempty"`
	// Reserve marks a substitute: registered, not seated until put in a
	// player's place.
	Reserve bool `json:"reserve,omitempty"`
}

// Substitute puts player In (a reserve) in player Out's place from round
// From on: In takes Out's seats in the rounds seated from From, and Out's
// results before stay Out's.
type Substitute struct {
	Out  int `json:"out"`
	In   int `json:"in"`
	From int `json:"from"`
}

// Options are the tournament's settings.
type Options struct {
	Name string `json:"name"`
	// Rounds is how many hanchan the tournament plays.
	Rounds int `json:"rounds"`
	// RoundMinutes is each round's time; AfterTime the hands played
	// after the one in play when the time is up (-1: the book's).
	RoundMinutes int `json:"round_minutes"`
	AfterTime    int `json:"after_time"`
	// Tables names the tables, in the seating's order: the seating's
	// first table plays on Tables[0].
	Tables []string `json:"tables"`
	// PublishConfirmed publishes a round's results only once every game
	// of it is confirmed; HideLast hides the last K rounds' results
	// until the prize-giving.
	PublishConfirmed bool `json:"publish_confirmed,omitempty"`
	HideLast         int  `json:"hide_last,omitempty"`
	// Book names the rule book; Start is each player's starting points
	// and Uma the uma by place (first place first) in points, from it.
	Book  string `json:"book,omitempty"`
	Start int    `json:"start"`
	Uma   [4]int `json:"uma"`
	// Country (the host's, as the EMA writes it: "FRA"), City, MERS (the
	// EMA's weight, as text), Dates and Days are for the EMA sheet.
	Country string `json:"country,omitempty"`
	City    string `json:"city,omitempty"`
	MERS    string `json:"mers,omitempty"`
	Dates   string `json:"dates,omitempty"`
	Days    int    `json:"days,omitempty"`
	// Chombo is what the book takes off a result after uma for each
	// chombo in the game (0: the book settles a chombo in the hand).
	Chombo int `json:"chombo,omitempty"`
}

// Seated is the seating of rounds From, From+1, ...: for each round, its
// tables, each the four seat positions 1..n in wind order East, South,
// West, North, where position i is the i-th player seated (Players).
type Seated struct {
	From   int        `json:"from"`
	Rounds [][][4]int `json:"rounds"`
	// Players maps the seating's positions to player numbers: position
	// i (1..n) is Players[i-1]. The seated players at the time.
	Players []int `json:"players"`
}

// The clock's actions.
const (
	ClockStart  = "start"
	ClockPause  = "pause"
	ClockResume = "resume"
	ClockEnd    = "end"
)

// Clock is a change to a round's clock, at the record's time.
type Clock struct {
	Round  int    `json:"round"`
	Action string `json:"action"`
}

// Result is a game's result: each seat's player, table points, place and
// result (points after uma and the book's penalties, less the start),
// East, South, West, North as seated in the first hand.
type Result struct {
	Round int     `json:"round"`
	Table string  `json:"table"`
	Seats [4]Seat `json:"seats"`
	// Sticks are the deposits (riichi sticks of 1000) left on the table.
	Sticks int `json:"sticks,omitempty"`
	// Penalties are the points the book took off each seat's result
	// inside the game (chombo after uma), by seat as Seats: the game's
	// results add up to minus their sum.
	Penalties [4]int `json:"penalties,omitzero"`
	// Referee marks a result entered by a referee for a table that could
	// not finish; Seq is the table's game_end record otherwise.
	Referee bool   `json:"referee,omitempty"`
	Seq     uint64 `json:"seq,omitempty"`
}

// Seat is one seat's part of a Result.
type Seat struct {
	Player int `json:"player"`
	Points int `json:"points"`
	Place  int `json:"place"`
	Result int `json:"result"`
}

// Confirm confirms a game's result: Player is the confirming player, 0
// for a referee (the record's By).
type Confirm struct {
	Round  int    `json:"round"`
	Table  string `json:"table"`
	Player int    `json:"player,omitempty"`
}

// Swap exchanges players A's and B's seats of a game's result.
type Swap struct {
	Round int `json:"round"`
	A     int `json:"a"`
	B     int `json:"b"`
}

// Penalty takes Amount points off a player's total (a negative Amount
// gives them). Round is the round it was given in, 0 for none.
type Penalty struct {
	Player int `json:"player"`
	Amount int `json:"amount"`
	Round  int `json:"round,omitempty"`
}

// Withdraw takes back record Seq.
type Withdraw struct {
	Seq int `json:"seq"`
}
