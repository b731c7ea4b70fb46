package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/mjai"
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
	if err := num("hand", &f.Hand); err != nil {
		return f, 0, err
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
	for name, dst := range map[string]*int64{"at_from": &f.MonoFrom, "at_to": &f.MonoTo} {
		if v := q.Get(name); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 {
				return f, 0, fmt.Errorf("parameter %s: %q is not a table time like 4.5s", name, v)
			}
			*dst = int64(d)
		}
	}
	f.Seat, f.Kind, f.Type, f.Source = q.Get("seat"), q.Get("kind"), q.Get("type"), q.Get("source")
	if f.Seat != "" && f.Seat != "E" && f.Seat != "S" && f.Seat != "W" && f.Seat != "N" {
		return f, 0, fmt.Errorf("parameter seat: %q is not E, S, W or N", f.Seat)
	}
	return f, min(max(limit, 1), maxPage), nil
}

// handleLog serves a page of the claim log: GET /api/log?hand=2&seat=S&kind=outcome&from=120&limit=200.
// next is the sequence number to ask for the following page.
func (s *Server) handleLog(w http.ResponseWriter, r *http.Request) {
	f, limit, err := logFilter(r.URL.Query())
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	// The index reads what was appended since the last request, then only
	// the lines of this page: a long log costs no more per request.
	recs, next, err := s.index.Page(f, limit)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
		return
	}
	if recs == nil {
		recs = []claimlog.Record{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"records": recs, "next": next})
}

// handleExport serves the filtered claim log as a file: GET /api/export?format=csv|json&...
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	f, _, err := logFilter(r.URL.Query())
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	switch r.URL.Query().Get("format") {
	case "csv", "":
		w.Header().Set("Content-Type", "text/csv")
		w.Header().Set("Content-Disposition", `attachment; filename="claimlog.csv"`)
		err = claimlog.WriteCSV(w, s.cfg.LogDir, f)
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
