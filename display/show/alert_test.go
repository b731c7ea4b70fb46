package show

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/table"
)

// TestDriverShowsAlertsUntilTheDeal: an alert note reaches the board and
// the text panel with its time and text, stays while play goes on, and is
// gone once the next hand is dealt.
func TestDriverShowsAlertsUntilTheDeal(t *testing.T) {
	var text bytes.Buffer
	wall := time.Date(2025, 5, 3, 14, 3, 0, 0, time.Local)
	d := &Driver{Text: &text, Wall: func() time.Time { return wall }}
	us := updates(t, "@0ms dora 3p\n+1s E discard 1z\n+1s newhand", 0)
	d.update(us[0])
	d.update(table.Update{State: us[0].State, Entries: []table.Entry{
		{Seq: 7, NoteKind: "reboot", Note: "seat controller 1 rebooted"},
		{Seq: 8, NoteKind: "refused", Note: "not an alert"},
	}})
	if a := d.View().Board.Alerts; len(a) != 1 || a[0].Seq != 7 || a[0].Label != "REBOOT" {
		t.Fatalf("alerts after the note: %+v", a)
	}
	if !strings.Contains(text.String(), "| ALERT 14:03 REBOOT: seat controller 1 rebooted\n") {
		t.Errorf("text panel:\n%s", text.String())
	}
	d.update(us[1]) // a discard: the alert stays
	if a := d.View().Board.Alerts; len(a) != 1 {
		t.Fatalf("alerts after a discard: %+v", a)
	}
	d.update(us[2]) // the new hand's deal
	if a := d.View().Board.Alerts; len(a) != 0 {
		t.Fatalf("alerts after the deal: %+v", a)
	}
}
