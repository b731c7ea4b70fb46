package club

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"sort"
	"sync"
	"time"
)

//go:embed static
var static embed.FS

// TableView is one table on the head referee's console.
type TableView struct {
	Table  string `json:"table"`
	Online bool   `json:"online"`
	Seq    uint64 `json:"seq"`
	URL    string `json:"url,omitempty"`
	// Deal is the hand being played, from the latest deal line.
	Deal     string    `json:"deal,omitempty"`
	Decision string    `json:"decision"`
	Alerts   []Alert   `json:"alerts"`
	Updated  time.Time `json:"updated"`
}

// Alert is something on a table the head referee should look at.
type Alert struct {
	Seq  uint64 `json:"seq"`
	Kind string `json:"kind"` // late, override, flag, rejected
	Text string `json:"text"`
}

// maxAlerts bounds each table's alert list on the console.
const maxAlerts = 20

// Console keeps the latest view of every table from a watcher's events and
// serves it as a page and a JSON/SSE feed.
type Console struct {
	mu      sync.Mutex
	tables  map[string]*TableView
	version uint64
	changed chan struct{}
}

// NewConsole returns an empty console; feed it with Event and Status.
func NewConsole() *Console {
	return &Console{tables: map[string]*TableView{}, changed: make(chan struct{})}
}

func (c *Console) table(name string) *TableView {
	t, ok := c.tables[name]
	if !ok {
		t = &TableView{Table: name, Alerts: []Alert{}}
		c.tables[name] = t
	}
	return t
}

func (c *Console) bump() {
	c.version++
	close(c.changed)
	c.changed = make(chan struct{})
}

// outcome is what the console reads from a record body: the outcome in the
// scenario-contract shape, at the top level or under "outcome".
type outcome struct {
	Type      string `json:"type"`
	Reason    string `json:"reason"`
	Late      bool   `json:"late"`
	Overrides int    `json:"overrides"`
	Seat      string `json:"seat"`
	Call      string `json:"call"`
	// A deal line's fields.
	RoundWind    string `json:"round_wind"`
	Hand         int    `json:"hand"`
	Honba        int    `json:"honba"`
	RiichiSticks int    `json:"riichi_sticks"`
	DealerSeat   int    `json:"dealer_seat"`
}

// Event takes one table event, as a Watcher delivers it.
func (c *Console) Event(m Message) {
	// A claim-log record carries the outcome in its body; a stream entry
	// under "outcome"; a bare outcome at the top.
	var body struct {
		outcome
		Kind    string   `json:"kind"`
		Body    *outcome `json:"body"`
		Outcome *outcome `json:"outcome"`
	}
	json.Unmarshal(m.Body, &body) // a body the console cannot read still counts as seen
	o := body.outcome
	switch {
	case body.Outcome != nil:
		o = *body.Outcome
	case body.Kind == "outcome" && body.Body != nil:
		o = *body.Body
	case body.Kind != "":
		o = outcome{} // an input or a note: nothing to show
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.table(m.Table)
	t.Seq, t.Updated, t.Online = m.Seq, time.Now(), true
	alert := func(kind, text string) {
		t.Alerts = append(t.Alerts, Alert{Seq: m.Seq, Kind: kind, Text: text})
		if len(t.Alerts) > maxAlerts {
			t.Alerts = t.Alerts[len(t.Alerts)-maxAlerts:]
		}
	}
	switch o.Type {
	case "decision":
		t.Decision = o.Reason
		if o.Overrides > 0 {
			alert("override", o.Reason)
		}
		if o.Late {
			alert("late", o.Reason)
		}
	case "deal":
		t.Deal = fmt.Sprintf("%s%d, %d honba, %d riichi sticks, seat %d deals", o.RoundWind, o.Hand, o.Honba, o.RiichiSticks, o.DealerSeat)
		t.Decision = ""
	case "flag":
		alert("flag", fmt.Sprintf("%s %s: %s", o.Seat, o.Call, o.Reason))
	case "rejected":
		alert("rejected", fmt.Sprintf("%s %s: %s", o.Seat, o.Call, o.Reason))
	}
	c.bump()
}

// Status takes a table's status.
func (c *Console) Status(s Status) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.table(s.Table)
	t.Online = s.Online
	if s.URL != "" {
		t.URL = s.URL
	}
	c.bump()
}

// Tables returns every table, by name, and the view's version.
func (c *Console) Tables() ([]TableView, uint64, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]TableView, 0, len(c.tables))
	for _, t := range c.tables {
		v := *t
		v.Alerts = append(make([]Alert, 0, len(t.Alerts)), t.Alerts...)
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Table < out[j].Table })
	return out, c.version, c.changed
}

// Handler serves the console page, GET /api/tables and GET /api/stream (SSE).
func (c *Console) Handler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServer(http.FS(sub)))
	mux.HandleFunc("GET /api/tables", func(w http.ResponseWriter, r *http.Request) {
		ts, _, _ := c.Tables()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(ts)
	})
	mux.HandleFunc("GET /api/stream", func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		// A stream outlives the server's read timeout, which would end it.
		rc.SetReadDeadline(time.Time{})
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		for {
			ts, v, changed := c.Tables()
			b, err := json.Marshal(ts)
			if err != nil {
				return
			}
			rc.SetWriteDeadline(time.Now().Add(5 * time.Second))
			if _, err := fmt.Fprintf(w, "id: %d\ndata: %s\n\n", v, b); err != nil || rc.Flush() != nil {
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-changed:
			case <-time.After(15 * time.Second): // keep-alive: the same view again
			}
			// Coalesce bursts: at most ten views a second per console.
			time.Sleep(100 * time.Millisecond)
		}
	})
	return mux
}
