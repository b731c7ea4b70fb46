// Package journal is the table's side of the claim log: what a table's
// journal entries (table.Entry) are as claim-log records and back, the
// notes that open a session, and the replay that checks a session against
// the table's own core.
//
// Package claimlog stores records (bytes, sequence numbers, batches, files,
// the lock, repair, scans, the index) and knows nothing of the table; this
// package gives the records their meaning:
//
//   - Log is the table.Journal a running table writes through: each batch
//     of entries one claimlog.Writer.Append (one fsync), in the records
//     EntryRecord makes: an input's InputBody (the event as applied), an
//     outcome as its outcome.Record (with its rule codes), a
//     claimlog.VoidBody, a "revision" note's claimlog.RevisionBody, other
//     notes' claimlog.NoteBody (declared in claimlog, which every reader
//     of a log imports).
//   - Input, Outcome, Void and Revision decode those bodies; RecordEntry
//     and Entries turn records back into entries, for a resumed table
//     (table.Config.Resume) and for Replay.
//   - Session is the body of the note that opens a session (the rules in
//     force, with the whole rule profile) or says a table resumed it;
//     Sessions and LastSession read a log's sessions (claimlog.Sessions
//     groups the records, SessionOf reads the note).
//   - Resume picks the last session up after a restart from its last
//     "deal" note (table.Deal: the game as a hand was dealt, written by
//     the running table once the deal has stood a while with no late
//     input before it) when one stands (nothing after it
//     re-decided across it), reading only the log's end
//     (claimlog.Tail): a restart costs a hand's records, not the
//     session's. The table reads the earlier entries back only when a
//     late input or a void reaches before that deal. ForPeople keeps
//     deal notes out of every view for people.
//   - Replay steps the table's core through a session (table.Replay) and
//     compares every outcome with the one logged by structure and rule
//     codes (outcome.Compare): another decision is a *Divergence, a reason
//     worded otherwise since the log was written is counted in
//     Replayed.Reworded.
//
// The logs every version of the record wrote are kept under
// testdata/golden-logs and replayed by the tests.
package journal
