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
// A log is a directory. Each writer session, each UTC day, and each
// mebibyte written (so a restart reads a few thousand records at the log's
// end, Tail) starts a file named by the sequence number of its first record,
// tabled-00000000000000000042.jsonl; files are read in sequence order,
// never by the wall clock (older files named by the wall time are placed by
// their first record). Every line ends with a CRC-32C of its bytes, so a
// changed byte is seen, and every record carries "more": how many records
// of the same Append follow it, so a batch cut short is seen. A line with
// "annotation" and no sequence number is the writer's own note, made while
// the table numbers the records. Beside the files: tabled.lock (the
// writer's lock), tabled.reserve (disk space held back), tabled.checked
// (the files an Open found whole: below) and, for a damaged file,
// <file>.damaged.
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
//     makes it durable before it returns (below), and nothing is
//     rewritten. The writer only appends to its current file, and Open
//     cuts only what a crash left unfinished at the end of the newest
//     file.
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
//     says what it found in Repairs and Damage (in the files it reads: not
//     in a file an earlier Open found whole and that has not changed since,
//     "Opening a long log" below).
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
// # Opening a long log
//
// Open has to know the highest number ever written and every damaged line,
// and it once read every file of the log for that at every start: a
// restart cost as much as the log was long, and a table that restarts
// often has many files. So tabled.checked remembers each file an Open read
// through and found whole and undamaged (no damaged or torn line, no gap or
// number used twice at its records): its name, inode, size, modification
// and change times, the CRC-32C of its last 4 KiB, the record before it and
// its own last record. The next Open takes such a file as read, and its
// last number as written, when the file system says the same of it, its
// last 4 KiB have the same checksum and it follows the same record as
// then; it reads through every other file: the new ones (the last
// session's), any that changed, the damaged ones (so damage is found, and
// reported in Damage, at every Open, and noted once, as before) and the
// one after a damaged line. An Open then costs a listing, a stat and a 4
// KiB read per file, and reading what changed since the Open before. The
// newest file's torn tail is cut at every Open as before, and the lock
// file's count is checked as before. tabled.checked carries its own
// checksum and is written whole (a new file, fsynced, renamed over it): a
// missing, unreadable or spoilt one means every file is read, and it is
// written again; never an error. A file changed in the tick of the file
// system's clock in which Open took its lock is not remembered (a second
// change in that tick would not show in its times): the next Open reads
// it. A log copied elsewhere (new inodes) is read through at its first
// Open there.
//
// What it costs: damage that appears later inside a file already
// remembered, before its last 4 KiB, while its size and times stay the
// same (a card that spoils or loses a block on its own, not through a
// write), is no longer found by Open: no damage note says so and nothing
// is copied aside until that file is read through again (once it changes,
// or tabled.checked is deleted). Readers (Read, Scan, Follow, Index,
// Sessions, and so a resume and tabled replay) still find it and report it
// when they read that file, as before. The numbers are not touched: a
// remembered file's last number was read from it, and a line inside it
// can only have held a lower one.
//
// # Writing near the floor
//
// A card is written once per acknowledged batch, and the floor is one 4
// KiB block. Appending to a file and fsyncing it costs several times that:
// the file's new length (and times) is metadata, so each fsync also commits
// ext4's journal (a descriptor, the inode's block, a commit block) besides
// the data block. So the writer allocates its file ahead, a segment
// (segmentSize, 256 KiB) at a time: it writes the segment for real with
// fill bytes (spaces) and fsyncs it once, which changes the file's length
// and blocks once a segment. A batch is then written in place over the
// fill, after the last batch, and made durable with fdatasync: the length
// and blocks did not change, and fdatasync does not commit a change of the
// file's times alone, so it writes the batch's block and flushes the
// card's cache, nothing else. (fallocate would not do: its unwritten
// extents become written ones on the first write into them, a metadata
// change per batch again.) The times still change, and ext4 commits them
// with its periodic commit (every 5 s by default), with the lock file's
// mark, whatever the number of batches between.
//
// Through the page cache a batch still costs a whole 4 KiB page, and a
// press is two batches (its input, then its outcome). So where the file
// system gives O_DIRECT's alignment (statx), the writer writes a batch
// with O_DIRECT as the disk sectors it spans, 512 bytes on a card: the
// sector it starts in is written again with the bytes before the batch
// (kept in memory), the last one padded with fill. Elsewhere, or if the
// file system refuses, it writes through the page cache; fdatasync after
// either way. Readers read through the page cache, which O_DIRECT keeps
// in step.
//
// Where the records end is where the fill begins: readers (Read, Scan,
// Follow, Index, Sessions, and so every tool) take fill that runs to the
// end of a file as the end of what is written, as they take the end of a
// file without fill; fill followed by anything else is read as a line, and
// damage as any other. A writer leaving its file (Close, the day's switch)
// cuts the fill off and fsyncs the file, and Open does so for the newest
// file a crash left with its fill, before it repairs its tail as ever: a
// file no writer holds ends with its last line, as files did before
// segments, and old logs read and replay as they did.
//
// What it costs: the space ahead, up to a segment beyond the records, in
// the current file only (a disk without room for a segment gets as few 4
// KiB blocks as the batch needs; the reserve file is released for it as for
// any write); the fill's bytes written once, as many as the records' (the
// card sees each byte of the file twice, once as fill); a segment's growth
// now and then (a fsync that commits the journal, once in a few hundred
// presses); the trim when a writer leaves a file. A card that loses a
// flushed write and gives back zeros is still seen (its zeros are not
// fill: "a last line of N zero bytes", the lost-writes alert, the numbers
// skipped); one that gives back the block as it was before the lost write
// is not, and was seen before only because the file's length, committed
// with every fsync, said more had been written: that length per write was
// the cost this layout removes. The lock file's mark (the highest number
// written, with every batch, not fsynced) still tells, when the card kept
// it.
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
