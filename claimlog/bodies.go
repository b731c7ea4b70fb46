package claimlog

// The bodies of the records that are not an input or an outcome, declared
// once here, the lowest package every reader of a log imports: package
// journal writes them and decodes them (journal.Void, journal.Revision),
// Marks and the Index read what they say of earlier records, and the log
// page's rows (logrow) and the club console word them. An input's body
// (journal.InputBody) and an outcome's (outcome.Record) carry the engine's
// types and live with them.

// VoidBody is the body of a void record: the referee took out the input
// numbered Void; Retracted are the outcomes it withdrew (older logs: not
// said); Note says why the table refused, if it did (a refused void took
// nothing out).
type VoidBody struct {
	Void      uint64   `json:"void"`
	Retracted []uint64 `json:"retracted,omitempty"`
	Note      string   `json:"note,omitempty"`
}

// RevisionBody is the body of a revision note (journal.TypeRevision): the
// late inputs, the outcomes the re-decision withdrew, and what happened
// in words.
type RevisionBody struct {
	Late      []uint64 `json:"late"`
	Retracted []uint64 `json:"retracted,omitempty"`
	Note      string   `json:"note"`
}

// NoteBody is the body of the table's other notes (a controller that
// rebooted, events lost, ...): the record's type names it. The writer's
// own notes (repair, damage, skip) are writerNote.
type NoteBody struct {
	Note string `json:"note"`
}
