package outcome

import (
	"bytes"

	"github.com/tabled/tabled/engine"
)

// Match is how a replayed record compares with the one logged.
type Match int

// The ways a replayed record can match a logged one.
const (
	// Same: the same record, word for word.
	Same Match = iota
	// Reworded: the same decision by the same rules, worded otherwise (a
	// reason reworded since the log was written).
	Reworded
	// Differs: another decision: other seats, calls, tiles, times, results
	// or rule codes.
	Differs
)

// String names the match.
func (m Match) String() string {
	return [...]string{"same", "reworded", "differs"}[m]
}

// Compare compares a replayed record with the logged one by structure and
// rule codes: the words (reasons, a lost claim's rule in words, what the
// referee must check) may differ without the decision differing. A logged
// record that carries no rule code anywhere was written before codes were
// logged: its codes are not compared.
func Compare(logged, replayed Record) Match {
	if !logged.hasCodes() {
		logged, replayed = logged.Contract(), replayed.Contract()
	}
	if !logged.hasArgs() {
		// Written before reasons kept their arguments.
		replayed = replayed.withoutArgs()
	}
	if logged.Type == TypeGameEnd && logged.Penalty == nil {
		// Written before a game's end kept its penalties.
		replayed.Penalty = nil
	}
	if sameJSON(logged, replayed) {
		return Same
	}
	if sameJSON(logged.structure(), replayed.structure()) {
		return Reworded
	}
	return Differs
}

func sameJSON(a, b Record) bool {
	ab, err1 := a.MarshalJSON()
	bb, err2 := b.MarshalJSON()
	return err1 == nil && err2 == nil && bytes.Equal(ab, bb)
}

func (r Record) hasCodes() bool {
	if r.Code != engine.CodeNone {
		return true
	}
	for _, c := range r.Lost {
		if c.Code != engine.CodeNone {
			return true
		}
	}
	return false
}

// hasArgs reports a record that keeps its reasons' arguments.
func (r Record) hasArgs() bool {
	if r.Args != nil || len(r.Notes) > 0 {
		return true
	}
	for _, c := range r.Lost {
		if c.Args != nil {
			return true
		}
	}
	return false
}

// withoutArgs is the record without its reasons' arguments.
func (r Record) withoutArgs() Record {
	r.Args, r.Notes = nil, nil
	if r.Lost != nil {
		lost := make([]SeatCall, len(r.Lost))
		for i, c := range r.Lost {
			c.Args = nil
			lost[i] = c
		}
		r.Lost = lost
	}
	return r
}

// structure is the record without its words and what they name. What the
// referee must check counts by its presence.
func (r Record) structure() Record {
	r = r.withoutArgs()
	r.Reason = ""
	if r.Referee != "" {
		r.Referee = "yes"
	}
	r.Won, r.Lost = wordless(r.Won), wordless(r.Lost)
	return r
}

func wordless(cs []SeatCall) []SeatCall {
	out := make([]SeatCall, len(cs))
	for i, c := range cs {
		c.Reason, c.Why = "", ""
		out[i] = c
	}
	return out
}
