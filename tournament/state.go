package tournament

import (
	"fmt"
	"slices"
	"time"
)

// State is what is in force after a list of records.
type State struct {
	Options Options `json:"options"`
	// Players are every registered player, by number (Players[i] is
	// number i+1), with the substitutions.
	Players []PlayerState `json:"players"`
	Rounds  []RoundState  `json:"rounds"`
	// Penalties are those in force, oldest first.
	Penalties []PenaltyState `json:"penalties"`
	// Alerts are the results that do not add up, each naming its round
	// and table: never mended, shown until the results are put right.
	Alerts []Alert `json:"alerts"`
	// Last is the Seq of the last record folded.
	Last int `json:"last"`
}

// PlayerState is a player with the substitutions that concern them.
type PlayerState struct {
	Player
	// ReplacedBy is the substitute who plays the player's seats from
	// round From; Replaces the player a substitute stands in for.
	ReplacedBy int `json:"replaced_by,omitempty"`
	Replaces   int `json:"replaces,omitempty"`
	From       int `json:"from,omitempty"`
}

// RoundState is one round: its games and clock.
type RoundState struct {
	Number int         `json:"number"`
	Games  []GameState `json:"games"`
	Clock  ClockState  `json:"clock"`
}

// GameState is one table of a round: who sits where and the result in
// force.
type GameState struct {
	Table string `json:"table"`
	// Players are the seated players, East first.
	Players [4]int `json:"players"`
	// Result is the result in force (nil: none yet); Corrected says a
	// referee's correction or swap is in it.
	Result    *Result `json:"result,omitempty"`
	Corrected bool    `json:"corrected,omitempty"`
	// Confirmed says the result counts: by a referee or by all four
	// players; ConfirmedBy are the players who confirmed so far.
	Confirmed   bool   `json:"confirmed"`
	ConfirmedBy []int  `json:"confirmed_by,omitempty"`
	Referee     string `json:"referee,omitempty"`
}

// ClockState is a round's clock: Elapsed is the running time before
// Since (when it last started or resumed; zero while not running).
type ClockState struct {
	State   string        `json:"state"`
	Elapsed time.Duration `json:"elapsed"`
	Since   time.Time     `json:"since,omitempty"`
	Length  time.Duration `json:"length"`
}

// The clock's states, as club.RoundClock says them.
const (
	ClockWaiting = "waiting"
	ClockRunning = "running"
	ClockPaused  = "paused"
	ClockOver    = "over"
)

// Remaining is the time left on the clock at now; never below zero.
func (c ClockState) Remaining(now time.Time) time.Duration {
	used := c.Elapsed
	if c.State == ClockRunning {
		used += now.Sub(c.Since)
	}
	if c.State == ClockOver || used >= c.Length {
		return 0
	}
	return c.Length - used
}

// PenaltyState is a penalty in force and the record that gave it.
type PenaltyState struct {
	Penalty
	Seq int       `json:"seq"`
	By  string    `json:"by"`
	At  time.Time `json:"at"`
	Why string    `json:"why"`
}

// Alert is a result that does not add up.
type Alert struct {
	Round int    `json:"round"`
	Table string `json:"table,omitempty"`
	Text  string `json:"text"`
	// Code names the alert (points_sum, results_sum, two_tables,
	// no_table) and Args its parameters, for a page to put it in its
	// reader's words; Text stays the English, as the API always gave it.
	Code string         `json:"code"`
	Args map[string]any `json:"args"`
}

// Player returns player n, or false.
func (s *State) Player(n int) (PlayerState, bool) {
	if n < 1 || n > len(s.Players) {
		return PlayerState{}, false
	}
	return s.Players[n-1], true
}

// Round returns round n (1..), or nil when it is not seated.
func (s *State) Round(n int) *RoundState {
	if n < 1 || n > len(s.Rounds) {
		return nil
	}
	return &s.Rounds[n-1]
}

// Game returns the game at table of round, or nil.
func (s *State) Game(round int, table string) *GameState {
	r := s.Round(round)
	if r == nil {
		return nil
	}
	for i := range r.Games {
		if r.Games[i].Table == table {
			return &r.Games[i]
		}
	}
	return nil
}

// Seated returns the players who are seated in the next seating: neither
// reserves nor replaced, by number.
func (s *State) Seated() []int {
	var out []int
	for _, p := range s.Players {
		if (!p.Reserve || p.Replaces != 0) && p.ReplacedBy == 0 {
			out = append(out, p.Number)
		}
	}
	return out
}

// Fit says what a tournament of the seated players lacks: "" when their
// number is a multiple of four (and at least four), else how many more
// players, or how many of them made substitutes, make it.
func (s *State) Fit() string {
	n := len(s.Seated())
	switch {
	case n == 0:
		return "no players yet: a tournament needs a multiple of four players"
	case n < 4:
		return fmt.Sprintf("%s: a tournament needs a multiple of four players; it takes %s", count(n, "player"), count(4-n, "more player"))
	case n%4 != 0:
		return fmt.Sprintf("%s: a tournament needs a multiple of four players; it takes %s, or %d of them made %s",
			count(n, "player"), count(4-n%4, "more player"), n%4, plural(n%4, "a substitute", "substitutes"))
	}
	return ""
}

// count is "1 player", "3 players": the API's English (the pages word it
// from the catalog in their reader's language).
func count(n int, what string) string { return fmt.Sprintf("%d %s", n, plural(n, what, what+"s")) }

func plural(n int, one, other string) string {
	if n == 1 {
		return one
	}
	return other
}

// Started says whether round n's clock has ever started.
func (s *State) Started(n int) bool {
	r := s.Round(n)
	return r != nil && r.Clock.State != ClockWaiting
}

// Published says whether round n's results may be shown to the
// players: not among the last HideLast rounds, and, when the options say
// so, every game of it confirmed.
func (s *State) Published(n int) bool {
	r := s.Round(n)
	if r == nil {
		return false
	}
	total := max(s.Options.Rounds, len(s.Rounds))
	if s.Options.HideLast > 0 && n > total-s.Options.HideLast {
		return false
	}
	if s.Options.PublishConfirmed {
		for _, g := range r.Games {
			if !g.Confirmed {
				return false
			}
		}
	}
	return true
}

// Confirmed says whether every game of round n has a confirmed result.
func (s *State) Confirmed(n int) bool {
	r := s.Round(n)
	if r == nil || len(r.Games) == 0 {
		return false
	}
	for _, g := range r.Games {
		if !g.Confirmed || g.Result == nil {
			return false
		}
	}
	return true
}

// PlayerRound is one player's game of a round.
type PlayerRound struct {
	Round     int    `json:"round"`
	Table     string `json:"table"`
	Wind      int    `json:"wind"`
	Opponents []int  `json:"opponents"`
	// Result is nil until the table has one; Confirmed says it counts.
	Result    *Seat `json:"result,omitempty"`
	Confirmed bool  `json:"confirmed"`
	Referee   bool  `json:"referee,omitempty"`
}

// Where returns where player n sits in round r, or false.
func (s *State) Where(n, r int) (PlayerRound, bool) {
	rs := s.Round(r)
	if rs == nil {
		return PlayerRound{}, false
	}
	for _, g := range rs.Games {
		w := slices.Index(g.Players[:], n)
		if w < 0 {
			continue
		}
		pr := PlayerRound{Round: r, Table: g.Table, Wind: w, Confirmed: g.Confirmed}
		for _, o := range g.Players {
			if o != n {
				pr.Opponents = append(pr.Opponents, o)
			}
		}
		if g.Result != nil {
			pr.Referee = g.Result.Referee
			for _, st := range g.Result.Seats {
				if st.Player == n {
					st := st
					pr.Result = &st
				}
			}
		}
		return pr, true
	}
	return PlayerRound{}, false
}
