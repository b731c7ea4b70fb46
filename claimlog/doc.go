// Package claimlog is the table's durable, append-only claim log: one JSON
// line per input and per outcome, each with a sequence number, its stamp on
// the table's monotonic clock, the wall time and where it came from.
//
// # Records
//
// The package stores records and knows nothing of what they mean: it
// imports nothing of the project. A record has a kind (input, outcome,
// void, note), a type, the seat it concerns (a wind letter) and a JSON
// body; package journal writes a table's entries as records and reads them
// back, and package outcome owns an outcome's body. A session opens with a
// note of type "session" (TypeSession); a table that resumed it writes a
// "restart" note, and its records stay in that session. Sessions and
// LastSession group the records of a directory by those notes.
//
// # Files
//
// A log is a directory. Each writer session, and each UTC day, starts a
// file named by the sequence number of its first record,
// tabled-00000000000000000042.jsonl; files are read in sequence order,
// never by the wall clock (older files named by the wall time are placed by
// their first record). Every line ends with a CRC-32C of its bytes, so a
// changed byte is seen, and every record carries "more": how many records
// of the same Append follow it, so a batch cut short is seen. A line with
// "annotation" and no sequence number is the writer's own note, made while
// the table numbers the records. Beside the files: tabled.lock (the
// writer's lock), tabled.reserve (disk space held back) and, for a damaged
// file, <file>.damaged.
//
// # One writer
//
// Open takes an exclusive flock on tabled.lock before it writes anything;
// the lock goes with the process, so a killed writer leaves none behind. A
// second Open, in any process, fails with an error that errors.Is
// ErrLocked and names the holder's pid and since when it holds the log.
//
// # What a reader can rely on after a crash
//
//   - Every record whose Append returned is there, unchanged: Append
//     fsyncs before it returns, and nothing is rewritten. The writer only
//     appends to its current file, and Open cuts only what a crash left
//     unfinished at the end of the newest file.
//   - A batch (one Append) is whole or absent. Open cuts a torn last line
//     and every whole line of the batch it belonged to, and nothing before
//     that batch; a repair note says what it cut.
//   - Sequence numbers rise through the log and are never used twice: a
//     new session goes on above every number on a whole line ever written,
//     the numbers a damaged line may have held by its place, and the
//     highest number the lock file remembers (so deleting files while no
//     writer runs does not bring numbers round again). The numbers of a
//     batch cut short are skipped; the repair note declares the skip
//     (skip_from, skip_to) and readers do not report it as a gap.
//   - Damage never stops the table: a whole line that fails its checksum
//     or does not parse stays where it is, is copied with its line number
//     to <file>.damaged, and a damage note says so once. Open succeeds and
//     says what it found in Repairs and Damage.
//   - Readers (Read, Scan, Follow) deliver whole, checked records in
//     sequence order, each number once, and go on past damage; Scan and
//     FollowScan report every damaged line, file ending mid-line or
//     mid-batch, number used twice and gap, with its file and line and the
//     numbers missing there.
//   - A reader sees a batch only once all of it is written; the newest
//     file's unfinished batch is left for later. A reader can see a batch
//     before its fsync ends: after a power cut (not a kill) such a batch may
//     be gone and its numbers used again.
//
// # While running
//
// A current file deleted or replaced under the writer is noticed at the
// next Append (and at Close): its records, still readable through the open
// descriptor, are written again into a new file, followed by an annotation
// that says so, and the numbers go on. A disk that fills up releases the
// reserve, so the batch and an annotation saying the disk is full still
// fit; Append fails only when the reserve is used up, and a file it
// created for nothing is removed. Alerts, LowSpace and FreeBytes say so
// for a status page and /metrics.
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
