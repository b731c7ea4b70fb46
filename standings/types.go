package standings

import (
	"time"

	"github.com/tabled/tabled/payment"
)

// Seats is the number of players at a table, East, South, West, North.
const Seats = payment.Seats

// Player is one registered player.
type Player struct {
	// Number is the player's number in the tournament, 1..N.
	Number int `json:"number"`
	// Name is the name as people read it ("Ana van Dijk").
	Name string `json:"name"`
	// LastName is the family name the EMA sheet asks for apart; empty
	// means the last word of Name.
	LastName string `json:"last_name,omitempty"`
	// EMA is the EMA number (digits, leading zeros kept); empty: none.
	EMA string `json:"ema,omitempty"`
	// Country is the player's country code as the EMA writes it (e.g.
	// "FRA").
	Country string `json:"country,omitempty"`
	// Club is the player's club, if any.
	Club string `json:"club,omitempty"`
	// FirstRound and LastRound bound the rounds the player plays: a
	// substitute has FirstRound set, a player who left LastRound. 0 means
	// from the first round, and to the last.
	FirstRound int `json:"first_round,omitempty"`
	LastRound  int `json:"last_round,omitempty"`
}

// Plays reports whether the player is expected at a table in round r.
func (p Player) Plays(r int) bool {
	return r >= p.FirstRound && (p.LastRound == 0 || r <= p.LastRound)
}

// Game is one table's game of a round, as the table ended it (or as a
// referee entered or corrected it).
type Game struct {
	// Round is the round, 1..R; Table the table's name.
	Round int    `json:"round"`
	Table string `json:"table"`
	// Players are the player numbers by seat in the first hand: East,
	// South, West, North.
	Players [Seats]int `json:"players"`
	// Points are the table points at the end, by seat.
	Points [Seats]int `json:"points"`
	// Sticks is the number of riichi deposits left on the table at the end.
	Sticks int `json:"sticks,omitempty"`
	// Result is each seat's result after uma, oka, the leftover deposits
	// and the book's in-game penalties, less the start: the game_end
	// standings' "result" (e.g. 45300).
	Result [Seats]int `json:"result"`
	// Penalty is the part of Result that is the book's in-game penalties
	// (RCR 2016: 20,000 a chombo), as a positive amount taken off, so the
	// checks can see the uma sum to zero without them.
	Penalty [Seats]int `json:"penalty,omitzero"`
	// Provisional: not yet confirmed by the four players or a referee.
	Provisional bool `json:"provisional,omitempty"`
	// RefereeEntered: a referee entered the result (a broken table, a
	// game played on paper), not the table.
	RefereeEntered bool `json:"referee_entered,omitempty"`
}

// Penalty is a referee's penalty (or bonus) on a player's tournament
// total, outside any table's result.
type Penalty struct {
	// Player is the player's number.
	Player int `json:"player"`
	// Round is the round it belongs to (it is hidden with that round);
	// 0: not tied to a round.
	Round int `json:"round,omitempty"`
	// Amount is added to the total: negative is a penalty.
	Amount int `json:"amount"`
	// Reason and By say why and which referee.
	Reason string `json:"reason"`
	By     string `json:"by"`
	// Chombo marks a chombo given by a referee (see Chombo).
	Chombo bool `json:"chombo,omitempty"`
	// At is when it was given; zero: not said.
	At time.Time `json:"at,omitzero"`
	// Withdrawn penalties count nothing and stay on the report with
	// WithdrawnReason (and WithdrawnBy).
	Withdrawn       bool   `json:"withdrawn,omitempty"`
	WithdrawnReason string `json:"withdrawn_reason,omitempty"`
	WithdrawnBy     string `json:"withdrawn_by,omitempty"`
}

// Chombo is a referee's chombo penalty under rules: the book's
// ChomboResult taken off the result after uma (RCR 2016 3.4.6: 20,000).
// Under a book that pays a chombo at the table instead (RCR 2008), the
// amount is 0 and the table's points already carry it.
func Chombo(rules payment.Rules, player, round int, reason, by string) Penalty {
	return Penalty{Player: player, Round: round, Amount: -rules.ChomboResult, Reason: reason, By: by, Chombo: true}
}

// Correction is a referee's change to a game's result, kept for the
// report: the console passes the corrected Game to Rank and this record
// of what changed and why.
type Correction struct {
	Round int    `json:"round"`
	Table string `json:"table"`
	// What says what changed ("swapped the results of 3 and 7",
	// "North's points 21300, not 23100").
	What   string    `json:"what"`
	Reason string    `json:"reason"`
	By     string    `json:"by"`
	At     time.Time `json:"at,omitzero"`
	// Withdrawn corrections are undone; the report still lists them.
	Withdrawn       bool   `json:"withdrawn,omitempty"`
	WithdrawnReason string `json:"withdrawn_reason,omitempty"`
}

// Options are the organiser's choices for what the standings show.
type Options struct {
	// Rounds is the number of rounds the tournament plays (for HideLast).
	Rounds int `json:"rounds"`
	// HideLast hides the last K rounds (and penalties tied to them) until
	// Reveal is set at the prize-giving.
	HideLast int  `json:"hide_last,omitempty"`
	Reveal   bool `json:"reveal,omitempty"`
	// PublishOnlyConfirmedRounds withholds a round while any of its games
	// is provisional or not in yet (a player the round expects has no
	// game of it), so no table plays knowing the others' results.
	PublishOnlyConfirmedRounds bool `json:"publish_only_confirmed_rounds,omitempty"`
}

// Standings is the ranking and what it counted.
type Standings struct {
	// Rows are the players, best first; tied players share a place and
	// are listed by number.
	Rows []Row `json:"rows"`
	// Games are the games counted, by round then table.
	Games []Game `json:"games"`
	// Counted are the rounds counted; Withheld the rounds that have games
	// but are not shown, each with why.
	Counted  []int      `json:"counted"`
	Withheld []Withheld `json:"withheld"`
	// Penalties are the penalties in force that were counted.
	Penalties []Penalty `json:"penalties"`
}

// Withheld is a round not shown and why ("hidden until the prize-giving",
// "table 3 not confirmed").
type Withheld struct {
	Round int    `json:"round"`
	Why   string `json:"why"`
	// Code is why in a word a page words in its reader's language:
	// hidden, unconfirmed (Table names the first such table) or missing
	// (Players have no game in yet).
	Code    string `json:"code"`
	Table   string `json:"table,omitempty"`
	Players int    `json:"players,omitempty"`
}

// Row is one player's line in the standings.
type Row struct {
	// Place is 1..N; tied players share the best place of the tie, the
	// next player taking the place after them all (1, 2, 2, 4).
	Place int `json:"place"`
	// Tied: another player has the same total.
	Tied   bool   `json:"tied,omitempty"`
	Player Player `json:"player"`
	// Total is Results plus Penalties.
	Total int `json:"total"`
	// Results is the sum of the game results counted; Penalties the sum
	// of the referees' penalties counted (negative is a penalty).
	Results   int `json:"results"`
	Penalties int `json:"penalties"`
	// Games are the player's games counted, by round.
	Games []Played `json:"games"`
}

// Played is one game as one player played it.
type Played struct {
	Round int    `json:"round"`
	Table string `json:"table"`
	// Seat is 0..3, East to North, in the first hand.
	Seat int `json:"seat"`
	// Place at the table, 1..4 (tied points share a place).
	Place  int `json:"place"`
	Points int `json:"points"`
	Result int `json:"result"`
	// Opponents are the other three players' numbers, in seat order.
	Opponents      [Seats - 1]int `json:"opponents"`
	Provisional    bool           `json:"provisional,omitempty"`
	RefereeEntered bool           `json:"referee_entered,omitempty"`
}
