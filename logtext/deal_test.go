package logtext

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/logrow"
	"github.com/tabled/tabled/table"
)

// TestDealNotesAreNotForPeople: the game a table journals at a deal, for
// a restart, is no line of tabled log's text or CSV (nor a row of the log
// page, which reads the same records through journal.ForPeople).
func TestDealNotesAreNotForPeople(t *testing.T) {
	dir := t.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{Reserve: -1})
	if err != nil {
		t.Fatal(err)
	}
	recs := []claimlog.Record{
		{Kind: claimlog.KindNote, Source: "table", Type: "reboot", Body: []byte(`{"note":"the controller rebooted"}`)},
		{Kind: claimlog.KindNote, Source: "table", Type: table.NoteDeal, Body: []byte(`{"input":1,"outcome":2,"game":{"dealer":0}}`)},
	}
	if err := w.Append(recs); err != nil {
		t.Fatal(err)
	}
	w.Close()
	var text bytes.Buffer
	n, err := Write(context.Background(), &text, dir, Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 || strings.Contains(strings.ToLower(text.String()), "deal") || !strings.Contains(text.String(), "rebooted") {
		t.Errorf("tabled log printed %d records:\n%s", n, text.String())
	}
	var csv bytes.Buffer
	if err := logrow.WriteCSV(&csv, dir, claimlog.Filter{}); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(csv.String(), "\n"); lines != 2 || strings.Contains(csv.String(), "deal") {
		t.Errorf("the CSV has %d lines (a header and one record wanted):\n%s", lines, csv.String())
	}
}
