package journal

import (
	"fmt"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/table"
)

// maxDamageNotes bounds the notes for damage found at start; the rest are
// counted in one.
const maxDamageNotes = 8

// NoteDamage journals, through note, the damage that made the run start
// a new session (Resumed.Damaged), as alerts, a bounded number of them.
func NoteDamage(damaged []claimlog.Damage, note func(kind, text string)) {
	for i, d := range damaged {
		if i == maxDamageNotes {
			note(string(alert.LogDamage), fmt.Sprintf("claim log damage: %d places more (tabled log names them)", len(damaged)-i))
			return
		}
		note(string(alert.LogDamage), "claim log damaged, a new session started: "+d.String())
	}
}

// Alerting journals through Journal and turns what the claim log's writer
// W meets (a file deleted or replaced under it, the disk full, the disk
// running low) into notes on the table, so that a referee sees them where
// the table is shown, and the log keeps them.
type Alerting struct {
	table.Journal
	W *claimlog.Writer
	// Note journals a note; set once the table exists (until then nothing
	// is noted). It must not block.
	Note   func(kind, text string)
	alerts int
	low    bool
}

// Append implements table.Journal.
func (j *Alerting) Append(es []table.Entry) error {
	err := j.Journal.Append(es)
	if j.Note == nil {
		return err
	}
	if as := j.W.Alerts(); len(as) > j.alerts {
		for _, a := range as[j.alerts:] {
			j.Note(a.Kind, a.Text)
		}
		j.alerts = len(as)
	}
	if low := j.W.LowSpace(); low != j.low {
		j.low = low
		if low {
			free, _ := j.W.FreeBytes()
			j.Note(string(alert.DiskLow), fmt.Sprintf("the claim log's disk is low: %d MB free; free space before it fills", free>>20))
		}
	}
	return err
}
