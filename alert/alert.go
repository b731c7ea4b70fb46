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

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// Kind is the kind of a note the table journals about its hardware and
// its log (the NoteKind of its entry): the names the serial link gives its
// notices (link.NoticeKind's String), the claim log's alerts
// (claimlog.Alert kinds) and the daemon's own.
type Kind string

// The note kinds: each is an alert but LinkBack.
const (
	Reboot        Kind = "reboot"
	EventsLost    Kind = "events-lost"
	ReaderFault   Kind = "reader-fault"
	DeviceChanged Kind = "device-changed"
	DeviceRefused Kind = "device-refused"
	DeviceStatus  Kind = "device-status"
	LinkLost      Kind = "link-lost"
	LinkBack      Kind = "link-back"
	LogLock       Kind = claimlog.AlertLock
	LogDamage     Kind = "claimlog-damage"
	DiskLow       Kind = "disk-low"
	DiskFull      Kind = claimlog.AlertDiskFull
	LogReplaced   Kind = claimlog.AlertFileReplaced
	LogLostWrites Kind = claimlog.AlertLostWrites
	// ClientID: another client connects to the club's broker with the
	// table's client id (a second table with its name and login, or its
	// login copied), and the broker cuts each off for the other. The
	// table notes it; the club console raises it too, from the table's
	// status.
	ClientID Kind = "client-id"
)

// shows is the one table of what each note kind shows: the keys of the
// short label a panel's small screen, the status page and the club
// console show for an alert, and of the line a person reads (on a phone,
// on the e-ink panel), in the catalog ([alert.label], [alert.line]); a
// zero show for a note that is logged but shown as no alert (a
// controller that answers again ends the alert its loss raised, by the
// next deal). The note's own text, the technical detail, stays one tap
// away and in the claim log.
var shows = map[Kind]show{
	Reboot:        {"alert.label.reboot", "alert.line.reboot"},
	EventsLost:    {"alert.label.events-lost", "alert.line.events-lost"},
	ReaderFault:   {"alert.label.reader-fault", "alert.line.reader-fault"},
	DeviceChanged: {"alert.label.device-changed", "alert.line.device-changed"},
	DeviceRefused: {"alert.label.device-refused", "alert.line.device-refused"},
	DeviceStatus:  {"alert.label.device-status", "alert.line.device-status"},
	LinkLost:      {"alert.label.link-lost", "alert.line.link-lost"},
	LinkBack:      {},
	LogLock:       {"alert.label.claimlog-lock", "alert.line.claimlog-lock"},
	LogDamage:     {"alert.label.claimlog-damage", "alert.line.claimlog-damage"},
	DiskLow:       {"alert.label.disk-low", "alert.line.disk-low"},
	DiskFull:      {"alert.label.disk-full", "alert.line.disk-full"},
	LogReplaced:   {"alert.label.log-file-replaced", "alert.line.log-file-replaced"},
	LogLostWrites: {"alert.label.claimlog-lost-writes", "alert.line.claimlog-lost-writes"},
	ClientID:      {"alert.label.client-id", "alert.line.client-id"},
}

// show is what an alert kind shows, by its keys: label, short and
// capitals; line, in a person's words, short enough for one line of a
// phone and of the e-ink panel (LineWidth).
type show struct{ label, line string }

// LineWidth is how many characters an alert's line may have in any
// language: one line of the e-ink panel, with the time before it.
const LineWidth = 34

// Known reports whether kind is a note kind of the table's (an alert or
// not).
func Known(kind string) bool { _, ok := shows[Kind(kind)]; return ok }

// Kinds are every note kind of the table's (alerts or not), sorted: what a
// filter on a note's type accepts besides the log's own notes.
func Kinds() []string {
	var ks []string
	for k := range shows {
		ks = append(ks, string(k))
	}
	slices.Sort(ks)
	return ks
}

// Is reports whether a note of this kind is an alert.
func Is(kind string) bool { return shows[Kind(kind)].label != "" }

// Label is the short label of an alert kind in English ("DISK LOW"), or
// the kind itself for one that is not an alert: what an Alert carries, as
// the JSON the status page and the console read.
func Label(kind string) string { return LabelIn(nil, kind) }

// LabelIn is Label in l (nil: English): "DISQUE PRESQUE PLEIN".
func LabelIn(l *catalog.Lang, kind string) string {
	if k := shows[Kind(kind)].label; k != "" {
		return l.Text(k)
	}
	return kind
}

// Line is an alert kind in a person's words in English ("the tile reader
// is not answering"), or the kind itself for one that is not an alert.
func Line(kind string) string { return LineIn(nil, kind) }

// LineIn is Line in l (nil: English).
func LineIn(l *catalog.Lang, kind string) string {
	if k := shows[Kind(kind)].line; k != "" {
		return l.Text(k)
	}
	return kind
}

// Alert is one alert as every display shows it.
type Alert struct {
	// Seq is the note's sequence number in the claim log.
	Seq uint64 `json:"seq"`
	// Wall is when it was noted, as a person reads the time.
	Wall time.Time `json:"wall"`
	// Kind is the note kind ("reboot"); Label its short form ("REBOOT");
	// Line it in a person's words (Line).
	Kind  string `json:"kind"`
	Label string `json:"label"`
	Line  string `json:"line"`
	// Text is the note's own text: the technical detail.
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
	l.alerts = append(l.alerts, Alert{Seq: seq, Wall: wall, Kind: kind, Label: Label(kind), Line: Line(kind), Text: text})
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
