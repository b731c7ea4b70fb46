package logtext

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
)

// logs are claim logs written by earlier versions of tabled: one whose
// reasons keep their arguments, one with their codes only, one from
// before the codes.
var logs = []string{"../journal/testdata/golden-logs/9068ab0", "../journal/testdata/golden-logs/0e2abb1", "../journal/testdata/golden-logs/0d3797a"}

// TestEveryLineInEveryLanguage: every record of every golden log makes a
// line in every language, with no message missing (a key in brackets) or
// a parameter left unfilled, and a log with its reasons' codes reads in
// French where it has them.
func TestEveryLineInEveryLanguage(t *testing.T) {
	for _, dir := range logs {
		for _, code := range catalog.Codes() {
			l, _ := catalog.Get(code)
			var out bytes.Buffer
			n, err := Write(context.Background(), &out, dir, Options{Lang: l}, func(d claimlog.Damage) { t.Errorf("%s: %s", dir, d) })
			if err != nil || n < 40 {
				t.Fatalf("%s in %s: %d records, %v", dir, code, n, err)
			}
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				if strings.Contains(line, "[record.") || strings.Contains(line, "[log.") || strings.Contains(line, "{") {
					t.Errorf("%s in %s: %q", dir, code, line)
				}
			}
			if code == "fr" && !strings.HasSuffix(dir, "0d3797a") && !strings.Contains(out.String(), "PON Sud : la seule réclamation") {
				t.Errorf("%s in French has no decision in French:\n%s", dir, out.String())
			}
		}
	}
}

// FuzzLine: a record with any body makes a line, never a panic: a body
// that does not decode is printed as it is.
func FuzzLine(f *testing.F) {
	var recs []claimlog.Record
	if err := claimlog.Read(logs[0], claimlog.Filter{}, func(r claimlog.Record) error { recs = append(recs, r); return nil }); err != nil {
		f.Fatal(err)
	}
	for _, r := range recs {
		f.Add(r.Kind, r.Type, []byte(r.Body))
	}
	fr, _ := catalog.Get("fr")
	f.Fuzz(func(t *testing.T, kind, typ string, body []byte) {
		r := claimlog.Record{Seq: 4, Hand: 1, Kind: kind, Type: typ, Seat: "N", Body: body}
		for _, l := range []*catalog.Lang{nil, fr} {
			n := NewReader(l)
			n.See(r)
			if line := n.Line(claimlog.Marked{Record: r}, time.Second); !strings.HasPrefix(line, "     4") {
				t.Fatalf("line %q", line)
			}
		}
	})
}
