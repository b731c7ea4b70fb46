package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/logrow"
	"github.com/tabled/tabled/mjai"
	"github.com/tabled/tabled/outcome"
)

// maxPage bounds one page of the claim-log view.
const maxPage = 500

// logFilter reads a claim-log filter from a query; the error names the parameter.
func logFilter(q url.Values) (claimlog.Filter, int, error) {
	var f claimlog.Filter
	limit := 200
	num := func(name string, dst *int) error {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("parameter %s: %q is not a whole number", name, v)
			}
			*dst = n
		}
		return nil
	}
	var err error
	if f.Hand, err = journal.ParseHand(q.Get("hand")); err != nil {
		return f, 0, fmt.Errorf("parameter %w", err)
	}
	if err := num("limit", &limit); err != nil {
		return f, 0, err
	}
	if v := q.Get("from"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return f, 0, fmt.Errorf("parameter from: %q is not a sequence number", v)
		}
		f.FromSeq = n
	}
	// The time in the hand, from its deal (claimlog.HandClock), as the
	// rows show it and tabled log's --at takes it.
	for name, dst := range map[string]*time.Duration{"at_from": &f.HandFrom, "at_to": &f.HandTo} {
		if v := q.Get(name); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 {
				return f, 0, fmt.Errorf("parameter %s: %q is not a time in the hand like 4.5s", name, v)
			}
			*dst = d
		}
	}
	if q.Get("at_to") != "" {
		f.HandTo = max(f.HandTo, 1) // HandTo 0 would mean no bound
	}
	f.Seat, f.Kind, f.Type, f.Source = q.Get("seat"), q.Get("kind"), q.Get("type"), q.Get("source")
	if err := journal.CheckFilter(f); err != nil {
		return f, 0, fmt.Errorf("parameter %w", err)
	}
	return f, min(max(limit, 1), maxPage), nil
}

// handleLog serves a page of the claim log: GET /api/log?hand=2&seat=S&kind=outcome&from=120&limit=200.
// records are the records as logged with their marks (claimlog.Marked:
// voided_by, withdrawn_by), rows the same in words (logrow.Row); next
// is the sequence number to ask for the following page. A seat filter
// keeps the seat's own records and the decisions it lost.
func (s *Server) handleLog(w http.ResponseWriter, r *http.Request) {
	f, limit, err := logFilter(r.URL.Query())
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	recs, next, err := s.logPage(f, limit)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
		return
	}
	words := outcome.In(pageLang(r))
	marks := s.index.Marks()
	marked := make([]claimlog.Marked, 0, len(recs))
	rows := make([]logrow.Row, 0, len(recs))
	for _, rec := range recs {
		if !journal.ForPeople(rec) {
			continue
		}
		m := marks.Of(rec)
		marked = append(marked, m)
		in, _ := s.index.InHand(rec.Seq)
		rows = append(rows, logrow.AtIn(words, m, in))
	}
	writeJSON(w, http.StatusOK, map[string]any{"records": marked, "rows": rows, "next": next})
}

// logPage is a page of the log that passes f. The index reads what was
// appended since the last request, then only the lines of the page: a long
// log costs no more per request. A seat filter is applied here, so that a
// decision the seat lost (logged under its winner) is kept.
func (s *Server) logPage(f claimlog.Filter, limit int) ([]claimlog.Record, uint64, error) {
	if f.Seat == "" {
		return s.index.Page(f, limit)
	}
	seat := f.Seat
	f.Seat = ""
	var out []claimlog.Record
	// Scan at most a few pages' worth for one page of the seat's records.
	for scanned := 0; scanned < 20*limit; {
		recs, next, err := s.index.Page(f, limit)
		if err != nil {
			return nil, 0, err
		}
		scanned += len(recs)
		for i, rec := range recs {
			if !seatConcerned(rec, seat) {
				continue
			}
			out = append(out, rec)
			if len(out) == limit {
				if i+1 < len(recs) {
					return out, recs[i+1].Seq, nil
				}
				return out, next, nil
			}
		}
		if next == 0 {
			return out, 0, nil
		}
		f.FromSeq = next
	}
	return out, f.FromSeq, nil
}

// seatConcerned: the record is the seat's, or a decision the seat lost.
func seatConcerned(r claimlog.Record, seat string) bool {
	if r.Seat == seat {
		return true
	}
	if r.Kind != claimlog.KindOutcome || r.Type != "decision" {
		return false
	}
	var d struct {
		Lost []struct {
			Seat string `json:"seat"`
		} `json:"lost"`
	}
	if json.Unmarshal(r.Body, &d) != nil {
		return false
	}
	for _, l := range d.Lost {
		if l.Seat == seat {
			return true
		}
	}
	return false
}

// handleExport serves the filtered claim log as a file: GET /api/export?format=csv|json&...
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	// An export reads the whole log: a few at once, the rest wait a little.
	select {
	case s.exports <- struct{}{}:
		defer func() { <-s.exports }()
	default:
		metricExportRefused.Inc()
		w.Header().Set("Retry-After", "5")
		writeJSON(w, http.StatusTooManyRequests, map[string]string{"error": "exports are running: try again in a few seconds"})
		return
	}
	f, _, err := logFilter(r.URL.Query())
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	switch r.URL.Query().Get("format") {
	case "csv", "":
		w.Header().Set("Content-Type", "text/csv")
		w.Header().Set("Content-Disposition", `attachment; filename="claimlog.csv"`)
		err = logrow.WriteCSV(w, s.cfg.LogDir, f)
	case "json":
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Disposition", `attachment; filename="claimlog.json"`)
		err = claimlog.WriteJSON(w, s.cfg.LogDir, f)
	case "mjai":
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.Header().Set("Content-Disposition", `attachment; filename="claimlog.mjai.jsonl"`)
		err = mjai.FromLog(w, s.cfg.LogDir, f)
	default:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "parameter format: csv, json or mjai"})
		return
	}
	if err != nil {
		// Headers are gone: say it in the body, the referee sees a cut file.
		json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
	}
}
