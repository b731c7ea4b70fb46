package outcome

import (
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
)

// This file words what the table itself says of a revision (inputs that
// came late, a void that changed what was decided) and of a void it
// refused: the table logs a note's code and arguments (TableNote) beside
// its English words, so a reader in another language reads it in hers. A
// record logged before the codes keeps its English.

// TableNote is a note of the table by its code and arguments, as the
// claim log keeps it (the "said" of a revision's or a void's body).
type TableNote struct {
	// Code is NoteLate, NoteVoided, NoteNoInput, NoteAlreadyVoid or
	// NoteVoidFailed.
	Code string `json:"code"`
	// Late are the inputs that came late (NoteLate), and Until the time
	// the table had decided up to when they came.
	Late  []LateCall `json:"late,omitempty"`
	Until MS         `json:"until_ms,omitempty"`
	// Input is the voided input (NoteVoided), or the one a refused void
	// named.
	Input uint64 `json:"input,omitempty"`
	// Withdrawn, when not 0, is how many published outcomes the
	// re-decision from From withdrew.
	From      MS  `json:"from_ms,omitempty"`
	Withdrawn int `json:"withdrawn,omitempty"`
	// Error is why the state could not be rebuilt without the input
	// (NoteVoidFailed), in the engine's words.
	Error string `json:"error,omitempty"`
}

// A LateCall is an input that came late: its seat's wind letter ("" for
// the table's own), its action, where it came from and its record.
type LateCall struct {
	Seat   string `json:"seat,omitempty"`
	Action string `json:"action"`
	Source string `json:"source"`
	Input  uint64 `json:"input"`
}

// The codes of the table's notes.
const (
	NoteLate        = "late"
	NoteVoided      = "voided"
	NoteNoInput     = "no_input"
	NoteAlreadyVoid = "already_void"
	NoteVoidFailed  = "void_failed"
)

// TableNote is note in w's language (the table's English words of it
// are In(nil).TableNote); logged, the words beside it. A note without a
// code (an old record) is read back from them (readNote) in another
// language, and is them where they cannot be.
func (w Words) TableNote(note *TableNote, logged string) string {
	if (note == nil || note.Code == "") && w.l.Code() != catalog.Default {
		note = readNote(logged)
	}
	if note == nil || note.Code == "" {
		return logged
	}
	l := w.l
	var s string
	switch note.Code {
	case NoteLate:
		calls := make([]string, len(note.Late))
		for i, c := range note.Late {
			calls[i] = w.LateCall(c)
		}
		s = l.Text("revision.late", "inputs", strings.Join(calls, ", "), "until", l.Duration(note.Until.Duration()))
	case NoteVoided:
		s = l.Text("revision.voided", "input", strconv.FormatUint(note.Input, 10))
	case NoteNoInput:
		return l.Text("revision.void_refused", "why", l.Text("revision.no_input", "input", strconv.FormatUint(note.Input, 10)))
	case NoteAlreadyVoid:
		return l.Text("revision.void_refused", "why", l.Text("revision.already_void", "input", strconv.FormatUint(note.Input, 10)))
	case NoteVoidFailed:
		// The engine's words of why are English (a game it could not
		// start again: a fault, never a player's doing); another language
		// says what failed and leaves them to the log.
		why := note.Error
		if l.Code() != catalog.Default {
			why = l.Text("i33.revision.rebuild_failed", "input", strconv.FormatUint(note.Input, 10))
		}
		return l.Text("revision.void_refused", "why", why)
	default:
		return logged
	}
	if note.Withdrawn > 0 {
		s = l.Count("revision.redecided", note.Withdrawn, "from", l.Duration(note.From.Duration()), "what", s)
	}
	return s
}

// LateCall is a late input in words: "North pon from serial (input 38)".
func (w Words) LateCall(c LateCall) string {
	who := w.l.Text("revision.table")
	if c.Seat != "" {
		who = w.WindName(c.Seat)
	}
	action := c.Action
	if w.l.Has("action." + action) {
		action = ActionWord(w.l, action)
	}
	return w.l.Text("revision.late_call", "seat", who, "action", action, "source", c.Source, "input", strconv.FormatUint(c.Input, 10))
}
