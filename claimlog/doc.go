// Package claimlog is the table's durable, append-only claim log: one JSON
// line per input and per outcome, each with a sequence number, its stamp on
// the table's monotonic clock, the wall time and where it came from.
//
// Append writes and fsyncs before it returns, so whatever a player has seen
// is on disk. A file is started per session and per day; on open, a torn
// last line (a power cut in the middle of a write) is cut off and the log
// says so in a note record. Readers filter, follow a growing log across
// files, and export CSV or JSON.
//
// The log does not interpret record bodies: the table writes them and
// replays them.
package claimlog

import (
	"encoding/json"
	"time"
)

// Record is one line of the log.
type Record struct {
	Seq uint64 `json:"seq"`
	// Mono is the stamp on the table's monotonic clock, in nanoseconds.
	Mono int64     `json:"mono"`
	Wall time.Time `json:"wall"`
	// Kind is input, outcome, void or note.
	Kind string `json:"kind"`
	// Source is where an input came from: gpio, serial, nfc, web, script,
	// referee; "table" for outcomes and notes.
	Source string `json:"source"`
	Hand   int    `json:"hand"`
	// Seat is the wind letter of the seat concerned, if any.
	Seat string `json:"seat,omitempty"`
	// Type is the action of an input or the type of an outcome.
	Type string          `json:"type"`
	Body json.RawMessage `json:"body,omitempty"`
}

// The record kinds.
const (
	KindInput   = "input"
	KindOutcome = "outcome"
	KindVoid    = "void"
	KindNote    = "note"
)
