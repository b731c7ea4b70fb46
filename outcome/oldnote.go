package outcome

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/catalog"
)

// A revision or a refused void logged before the table kept its note's
// code (TableNote) has only its English words, which the table made from
// the catalog as it makes them now. readNote reads such words back into
// the note, so a reader in another language reads the old record in
// hers; words it cannot read back exactly stay as logged.

// The table's English words of each note, from the catalog they are
// made from, as patterns whose groups are the messages' parameters.
var (
	oldRedecided = english("revision.redecided.other")
	oldLate      = english("revision.late")
	oldVoided    = english("revision.voided")
	oldRefused   = english("revision.void_refused")
	oldNoInput   = english("revision.no_input")
	oldAlready   = english("revision.already_void")
)

// english is the English message key as a pattern of its whole words,
// each parameter a group (in the message's order).
func english(key string) *regexp.Regexp {
	msg := regexp.QuoteMeta(catalog.English().Text(key))
	return regexp.MustCompile("^" + regexp.MustCompile(`\\\{\w+\\\}`).ReplaceAllString(msg, "(.+?)") + "$")
}

// readNote is the note whose English words logged are, or nil when
// logged is not words the table writes (In(nil).TableNote of it gives
// logged back, byte for byte).
func readNote(logged string) *TableNote {
	note, ok := parseNote(logged)
	if !ok || In(nil).TableNote(note, "") != logged {
		return nil
	}
	return note
}

func parseNote(s string) (*TableNote, bool) {
	input := func(m []string) (*TableNote, bool) {
		n, err := strconv.ParseUint(m[1], 10, 64)
		return &TableNote{Input: n}, err == nil
	}
	if m := oldRefused.FindStringSubmatch(s); m != nil {
		s = m[1]
	}
	if m := oldNoInput.FindStringSubmatch(s); m != nil {
		note, ok := input(m)
		note.Code = NoteNoInput
		return note, ok
	}
	if m := oldAlready.FindStringSubmatch(s); m != nil {
		note, ok := input(m)
		note.Code = NoteAlreadyVoid
		return note, ok
	}
	var from time.Duration
	withdrawn := 0
	if m := oldRedecided.FindStringSubmatch(s); m != nil {
		var err, err2 error
		from, err = time.ParseDuration(m[1])
		withdrawn, err2 = strconv.Atoi(m[3])
		if err != nil || err2 != nil || withdrawn <= 0 {
			return nil, false
		}
		s = m[2]
	}
	if m := oldVoided.FindStringSubmatch(s); m != nil {
		note, ok := input(m)
		note.Code, note.From, note.Withdrawn = NoteVoided, MS(from), withdrawn
		return note, ok
	}
	m := oldLate.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	until, err := time.ParseDuration(m[2])
	if err != nil {
		return nil, false
	}
	note := &TableNote{Code: NoteLate, Until: MS(until), From: MS(from), Withdrawn: withdrawn}
	for _, call := range strings.Split(m[1], ", ") {
		c := lateCallWords.FindStringSubmatch(call)
		if c == nil {
			return nil, false
		}
		n, err := strconv.ParseUint(c[4], 10, 64)
		seat, ok := windLetter(c[1])
		if err != nil || !ok {
			return nil, false
		}
		note.Late = append(note.Late, LateCall{Seat: seat, Action: c[2], Source: c[3], Input: n})
	}
	return note, true
}
