package main

import (
	"fmt"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/table"
)

// The kinds of note the daemon journals about the claim log itself and
// the club's broker, beside
// claimlog's Alert kinds (alert's table says what each shows).
const (
	noteLogDamage = string(alert.LogDamage)
	noteDiskLow   = string(alert.DiskLow)
	// noteClientID: the club's broker cut the table off for another
	// client with its client id (club.PublisherConfig.OnTakenOver).
	noteClientID = string(alert.ClientID)
)

// maxDamageNotes bounds the notes for damage found at start; the rest are
// counted in one.
const maxDamageNotes = 8

// damageIn is the damage that falls in the session that began at record
// first: records from first on, or, where the records are not known, a
// place in the newest file.
func damageIn(dir string, first uint64, ds []claimlog.Damage) []claimlog.Damage {
	files, _ := claimlog.Files(dir)
	newest := ""
	if len(files) > 0 {
		newest = files[len(files)-1]
	}
	var in []claimlog.Damage
	for _, d := range ds {
		if d.LastSeq >= first || (d.FirstSeq == 0 && d.File == newest) {
			in = append(in, d)
		}
	}
	return in
}

// alertingJournal journals through the claim log and turns what the
// writer meets (a file deleted or replaced under it, the disk full, the
// disk running low) into notes on the table, so that a referee sees them
// where the table is shown, and the log keeps them.
type alertingJournal struct {
	table.Journal
	w *claimlog.Writer
	// note journals a note; set once the table exists. It never blocks.
	note   func(kind, text string)
	alerts int
	low    bool
}

// Append implements table.Journal.
func (j *alertingJournal) Append(es []table.Entry) error {
	err := j.Journal.Append(es)
	if j.note == nil {
		return err
	}
	if as := j.w.Alerts(); len(as) > j.alerts {
		for _, a := range as[j.alerts:] {
			j.note(a.Kind, a.Text)
		}
		j.alerts = len(as)
	}
	if low := j.w.LowSpace(); low != j.low {
		j.low = low
		if low {
			free, _ := j.w.FreeBytes()
			j.note(noteDiskLow, fmt.Sprintf("the claim log's disk is low: %d MB free; free space before it fills", free>>20))
		}
	}
	return err
}
