package journal

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/VictoriaMetrics/metrics"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/table"
)

// TestMetered: a batch the metered journal writes is counted on /metrics
// by kind and type, and the claim log's disk is exported.
func TestMetered(t *testing.T) {
	w, err := claimlog.Open(t.TempDir(), claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ExportMetrics(w)
	before := metricAppendedRecords.Get()
	j := Metered(w)
	if err := j.Append([]table.Entry{{Seq: w.LastSeq() + 1, NoteKind: "test", Note: "one"}, {Seq: w.LastSeq() + 2, NoteKind: "test", Note: "two"}}); err != nil {
		t.Fatal(err)
	}
	if got := metricAppendedRecords.Get() - before; got != 2 {
		t.Errorf("%d records counted, want 2", got)
	}
	var b bytes.Buffer
	metrics.WritePrometheus(&b, false)
	for _, want := range []string{`tabled_entries_total{kind="note",type="test"}`, "tabled_claimlog_free_bytes ", "tabled_claimlog_low_space 0", "tabled_claimlog_append_seconds_bucket"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %s on /metrics", want)
		}
	}
}

// TestOpenLog: a torn last line is cut and said as a warning; the log
// opens for the table.
func TestOpenLog(t *testing.T) {
	dir := t.TempDir()
	torn, err := os.ReadFile(filepath.Join("..", "claimlog", "testdata", "torn.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tabled-20261122-100000.000000000.jsonl"), torn, 0o644); err != nil {
		t.Fatal(err)
	}
	var warn, errw bytes.Buffer
	w, err := OpenLog(dir, &warn, &errw)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if !strings.HasPrefix(warn.String(), "tabled: claim log: ") || !strings.Contains(warn.String(), "cut a torn last line") || errw.Len() != 0 {
		t.Errorf("warned %q, damage %q", warn.String(), errw.String())
	}
	if _, err := OpenLog(filepath.Join(dir, "tabled-20261122-100000.000000000.jsonl"), io.Discard, io.Discard); err == nil {
		t.Error("a file opened as a log directory")
	}
}
