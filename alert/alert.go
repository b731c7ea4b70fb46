// Package alert keeps the alerts a referee or player must see while they
// matter: a controller that rebooted or lost events, a faulty reader, a
// device that changed or was refused, a damaged or full claim log. Each is
// a note entry of the table; it shows, with its time and text, until the
// next deal. The panel, the status page and the club console all read the
// current alerts from a List, so they agree on what is showing.
package alert

import (
	"slices"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// labels are the note kinds that are alerts, with the short label a panel
// shows for each.
var labels = map[string]string{
	"reboot":               "REBOOT",
	"events-lost":          "EVENTS LOST",
	"reader-fault":         "READER FAULT",
	"device-changed":       "DEVICE CHANGED",
	"device-refused":       "DEVICE REFUSED",
	"device-status":        "DEVICE",
	"link-lost":            "CONTROLLER LOST",
	"claimlog-lock":        "LOG LOCK",
	"claimlog-damage":      "LOG DAMAGED",
	"claimlog-lost-writes": "LOG LOST WRITES",
	"disk-low":             "DISK LOW",
	"disk-full":            "DISK FULL",
	"log-file-replaced":    "LOG REPLACED",
}

// Is reports whether a note of this kind is an alert.
func Is(kind string) bool { _, ok := labels[kind]; return ok }

// Label is the short label of an alert kind ("DISK LOW"), or the kind
// itself for one that is not an alert.
func Label(kind string) string {
	if l, ok := labels[kind]; ok {
		return l
	}
	return kind
}

// Alert is one alert as every display shows it.
type Alert struct {
	// Seq is the note's sequence number in the claim log.
	Seq uint64 `json:"seq"`
	// Wall is when it was noted, as a person reads the time.
	Wall time.Time `json:"wall"`
	// Kind is the note kind ("reboot"); Label its short form ("REBOOT").
	Kind  string `json:"kind"`
	Label string `json:"label"`
	// Text says it in words.
	Text string `json:"text"`
}

// Max is how many alerts a List holds; the oldest go first.
const Max = 8

// List is the alerts showing now: those noted since the latest deal. The
// zero List is empty and ready. It is not safe for concurrent use.
type List struct {
	alerts []Alert
}

// Note adds a note if its kind is an alert, and reports whether it did.
func (l *List) Note(seq uint64, wall time.Time, kind, text string) bool {
	if !Is(kind) {
		return false
	}
	l.alerts = append(l.alerts, Alert{Seq: seq, Wall: wall, Kind: kind, Label: Label(kind), Text: text})
	if n := len(l.alerts); n > Max {
		l.alerts = slices.Delete(l.alerts, 0, n-Max)
	}
	return true
}

// Deal clears the list: a new hand is dealt. It reports whether any alert
// was showing.
func (l *List) Deal() bool {
	had := len(l.alerts) > 0
	l.alerts = l.alerts[:0]
	return had
}

// Entry takes one table entry, noted at wall: an alert note is added, a
// deal (the engine's deal outcome, or a new-hand input) clears the list.
// It reports whether the list changed.
func (l *List) Entry(e table.Entry, wall time.Time) bool {
	switch {
	case e.Outcome != nil && e.Outcome.Kind == engine.KindDeal:
		return l.Deal()
	case e.Input != nil && e.Input.Action == engine.NewHand:
		return l.Deal()
	case e.NoteKind != "" && e.Input == nil && e.Outcome == nil && e.Revision == nil && e.Void == 0:
		return l.Note(e.Seq, wall, e.NoteKind, e.Note)
	}
	return false
}

// Current is the alerts showing, oldest first; a copy.
func (l *List) Current() []Alert {
	return slices.Clone(l.alerts)
}

// Len is how many alerts are showing.
func (l *List) Len() int { return len(l.alerts) }
