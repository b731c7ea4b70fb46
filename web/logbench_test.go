package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// bigLog writes a claim log of about 12 MB (50,000 records in 1,250 hands).
func bigLog(b *testing.B) (dir string, last uint64, hands int) {
	b.Helper()
	dir = b.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		b.Fatal(err)
	}
	seats := []string{"E", "S", "W", "N"}
	const n = 50000
	for start := 0; start < n; start += 1000 {
		var recs []claimlog.Record
		for i := start; i < start+1000; i++ {
			body, _ := json.Marshal(map[string]any{"at": i * 1000, "text": strings.Repeat("decision text ", 4)})
			recs = append(recs, claimlog.Record{Mono: int64(i) * 1e9, Kind: claimlog.KindOutcome, Source: "table", Hand: 1 + i/40, Seat: seats[i%4], Type: "decision", Body: body})
		}
		if err := w.Append(recs); err != nil {
			b.Fatal(err)
		}
	}
	last = w.LastSeq()
	w.Close()
	files, _ := claimlog.Files(dir)
	var size int64
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			size += st.Size()
		}
	}
	b.Logf("log of %d records, %.1f MB", last, float64(size)/1e6)
	return dir, last, n / 40
}

// BenchmarkLogPage is one GET /api/log on a 12 MB log: "index" through
// the server, "scan" as the handler used to, reading the log through.
func BenchmarkLogPage(b *testing.B) {
	dir, last, hands := bigLog(b)
	tb, _ := table.New(table.Config{Profile: engine.EMA2016})
	s := New(Config{Hosts: testHosts, Table: tb, LogDir: dir})
	// The index is built once, at the first request; it is measured apart.
	b.Run("index/build", func(b *testing.B) {
		for b.Loop() {
			if err := claimlog.NewIndex(dir).Refresh(); err != nil {
				b.Fatal(err)
			}
		}
	})
	if err := s.index.Refresh(); err != nil {
		b.Fatal(err)
	}
	for _, q := range []struct {
		name  string
		query string
		f     claimlog.Filter
	}{
		{"first", "", claimlog.Filter{}},
		{"late", fmt.Sprintf("from=%d", last-300), claimlog.Filter{FromSeq: last - 300}},
		{"lasthand", fmt.Sprintf("hand=%d&seat=S", hands), claimlog.Filter{Hand: hands, Seat: "S"}},
	} {
		b.Run("index/"+q.name, func(b *testing.B) {
			req := httptest.NewRequest("GET", "/api/log?"+q.query, nil)
			for b.Loop() {
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("%d %s", rec.Code, rec.Body)
				}
			}
		})
		b.Run("scan/"+q.name, func(b *testing.B) {
			for b.Loop() {
				var recs []claimlog.Record
				err := claimlog.Read(dir, q.f, func(r claimlog.Record) error {
					if len(recs) == 200 {
						return claimlog.ErrStop
					}
					recs = append(recs, r)
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
				json.NewEncoder(httptest.NewRecorder()).Encode(recs)
			}
		})
	}
}
