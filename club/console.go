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

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/internal/httpjson"
	"github.com/tabled/tabled/internal/pagejs"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
)

//go:embed static
var static embed.FS

// TableView is one table on the head referee's console.
type TableView struct {
	Table  string `json:"table"`
	Online bool   `json:"online"`
	Seq    uint64 `json:"seq"`
	URL    string `json:"url,omitempty"`
	// Deal is the hand being played, from the latest deal line; Round
	// the same deal for the page to word in its reader's language.
	Deal  string    `json:"deal,omitempty"`
	Round *DealView `json:"round,omitempty"`
	// Hand is the hand's number in the session; Discards how many
	// discards it has had; Last the latest event in words.
	Hand     int    `json:"hand"`
	Discards int    `json:"discards"`
	Last     string `json:"last,omitempty"`
	// Event is Last for the page to word in its reader's language.
	Event    *Happening `json:"event,omitempty"`
	Decision string     `json:"decision"`
	Alerts   []Alert    `json:"alerts"`
	// decided is the decision Decision is the reason of, to word it in
	// a reader's language (TablesIn).
	decided *outcome.Record
	// Scores are the points after the table's latest settled hand, East
	// of that hand first, with the players' names; Standings the final
	// standings once the game is over, first place first.
	Scores    []SeatScore `json:"scores,omitempty"`
	Standings []Place     `json:"standings,omitempty"`
	// Scored is the deal Scores are of (nil: the console did not see
	// it); Seats the physical seats with their winds this hand and
	// their players, as the names form names them.
	Scored *DealView `json:"scored,omitempty"`
	// ScoredHand is the session's number of the hand Scores are of, for
	// when the console saw no deal line for it (a session's first hand
	// has none): the card then says "scores after hand 1 of the
	// session", as its hand line words that hand.
	ScoredHand int       `json:"scored_hand,omitempty"`
	Seats      []SeatNow `json:"seats"`
	// players are the players' names by physical seat (journal.Players:
	// name inputs, a voided one undone); dealer the dealer's seat of the
	// latest input or deal, scoreDealer that of the hand Scores are of,
	// to put names to winds.
	players             journal.Players
	dealer, scoreDealer int
	// Updated is when the console took the table's latest event.
	Updated time.Time `json:"updated"`
	// AgeSeconds is how long ago that was, when the view was made: a
	// stalled table stands out.
	AgeSeconds float64 `json:"age_s"`
	// TakenOver is the table's count of its client id taken by another.
	TakenOver uint64 `json:"taken_over,omitempty"`
	// instance is the run of the table its latest online status came
	// from; replaced those it replaced, latest last (Console.Status).
	instance string
	replaced []string
}

// SeatScore is one seat's points on the console: Wind is the seat's wind
// in the hand scored, Seat its physical seat.
type SeatScore struct {
	Seat   int    `json:"seat"`
	Wind   string `json:"wind"`
	Name   string `json:"name,omitempty"`
	Points int    `json:"points"`
	Delta  int    `json:"delta"`
}

// Place is one place of a game's final standings, with the player's name.
type Place struct {
	outcome.Standing
	Name string `json:"name,omitempty"`
}

// Alert is something on a table the head referee should look at, until
// acknowledged.
type Alert struct {
	Seq uint64 `json:"seq"`
	// Kind is late, override, flag, rejected, referee, or an alert note's
	// kind (reboot, disk-low, ...).
	Kind string `json:"kind"`
	// Text is the alert in the table's words, or in the reader's
	// language in a view worded for one (TablesIn).
	Text string `json:"text"`
	// Event is a referee's action or void as the page words it in its
	// reader's language (Text is the same in English).
	Event *Happening `json:"event,omitempty"`
	// Detail is an alert note's own text, the table's technical detail in
	// its words, when Text is worded in the reader's language (TablesIn).
	Detail string `json:"detail,omitempty"`
	// Wall is when the table logged it.
	Wall time.Time `json:"wall"`
	// said is the outcome the alert is of; noted says it is a table's
	// alert note, note its own text: what TablesIn words Text from (the
	// console's own warnings are neither).
	said  *outcome.Record
	noted bool
	note  string
	// words are the console's own warning by its key, for TablesIn.
	words *Said
}

// maxAlerts bounds each table's alert list on the console.
const maxAlerts = 20

// Console keeps the latest view of every table from a watcher's events and
// serves it as a page and a JSON/SSE feed.
type Console struct {
	// Now is the console's clock; nil is time.Now.
	Now func() time.Time

	mu      sync.Mutex
	broker  BrokerStatus
	tables  map[string]*TableView
	version uint64
	changed chan struct{}
	warned  uint64 // alerts raised by the console itself
	// refused counts the messages refused for tables not on the roster;
	// refusedNames are the latest of those tables (roster.go).
	refused      uint64
	refusedNames []string
}

// NewConsole returns an empty console; feed it with Event and Status.
func NewConsole() *Console {
	return &Console{tables: map[string]*TableView{}, changed: make(chan struct{}),
		broker: BrokerStatus{State: BrokerConnecting, Detail: "not connected to the broker yet"}}
}

// Broker takes the watcher's connection to the broker (WatcherConfig.OnBroker).
func (c *Console) Broker(s BrokerStatus) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broker != s {
		c.broker = s
		c.bump()
	}
}

// BrokerStatus is the console's connection to the broker.
func (c *Console) BrokerStatus() BrokerStatus {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.broker
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

func (c *Console) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// record is a claim-log record as a table publishes it (Message.Body): its
// body is an outcome.Record for an outcome, else a note or a void.
type record struct {
	Kind   string          `json:"kind"`
	Type   string          `json:"type"`
	Source string          `json:"source"`
	Seat   string          `json:"seat"`
	Hand   int             `json:"hand"`
	Wall   time.Time       `json:"wall"`
	Body   json.RawMessage `json:"body"`
}

// Event takes one table event, as a Watcher delivers it: a claim-log
// record. One the console cannot read still counts as seen.
func (c *Console) Event(m Message) {
	var rec record
	json.Unmarshal(m.Body, &rec)
	var o outcome.Record
	var b claimlog.VoidBody // a void's body; a note's reads as one (its note)
	switch rec.Kind {
	case claimlog.KindOutcome:
		o, _ = outcome.Decode(rec.Body)
	case claimlog.KindVoid, claimlog.KindNote:
		json.Unmarshal(rec.Body, &b)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.table(m.Table)
	t.Seq, t.Updated, t.Online = m.Seq, c.now(), true
	wall := rec.Wall
	if wall.IsZero() {
		wall = t.Updated
	}
	if rec.Hand > 0 {
		t.Hand = rec.Hand
	}
	add := func(a Alert) {
		a.Seq, a.Wall = m.Seq, wall
		t.Alerts = append(t.Alerts, a)
		if len(t.Alerts) > maxAlerts {
			t.Alerts = t.Alerts[len(t.Alerts)-maxAlerts:]
		}
	}
	t.players.See(claimlog.Record{Seq: m.Seq, Kind: rec.Kind, Type: rec.Type, Body: rec.Body})
	who := outcome.WindName(rec.Seat)
	var in journal.InputBody
	if rec.Kind == claimlog.KindInput && json.Unmarshal(rec.Body, &in) == nil && in.Dealer.Valid() {
		t.dealer = int(in.Dealer)
	}
	switch {
	case rec.Kind == claimlog.KindInput && rec.Type == "name":
		if s := in.Event.Seat; s.Valid() {
			t.Last = fmt.Sprintf("seat %d is %q", s, in.Event.Name)
			t.Event = happening(rec, in)
		}
	case rec.Kind == claimlog.KindInput && rec.Type == "discard":
		t.Discards++
		t.Last, t.Event = who+" discarded", happening(rec, in)
	case rec.Kind == claimlog.KindInput && rec.Source == "referee":
		what := map[string]string{"deadhand": "dead hand for " + who, "tenpai": who + " is tenpai", "newhand": "a new hand"}[rec.Type]
		if what == "" {
			what = rec.Type
		}
		t.Last, t.Event = "referee: "+what, happening(rec, in)
		add(Alert{Kind: "referee", Text: t.Last, Event: t.Event})
	case rec.Kind == claimlog.KindInput:
		t.Last, t.Event = who+" "+rec.Type, happening(rec, in)
	case rec.Kind == claimlog.KindVoid:
		text := fmt.Sprintf("referee voided input #%d", b.Void)
		if b.Note != "" {
			text += " (refused: " + b.Note + ")"
		}
		t.Last, t.Event = text, voided(b, journal.Said(claimlog.Record{Body: rec.Body}))
		add(Alert{Kind: "referee", Text: text, Event: t.Event})
	case rec.Kind == claimlog.KindNote && alert.Is(rec.Type):
		add(Alert{Kind: rec.Type, Text: alert.Label(rec.Type) + ": " + b.Note, noted: true, note: b.Note})
	}
	t.tookOutcome(o, add)
	c.bump()
}

// Ack takes an alert off a table's list: the head referee has seen it.
// It reports whether there was such an alert.
func (c *Console) Ack(table string, seq uint64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.tables[table]
	if !ok {
		return false
	}
	for i, a := range t.Alerts {
		if a.Seq == seq {
			t.Alerts = append(t.Alerts[:i:i], t.Alerts[i+1:]...)
			c.bump()
			return true
		}
	}
	return false
}

// Status takes a table's status, and alerts (alert.ClientID) when it
// says another client took the table's client id, or when it comes from
// a run of the table that another had replaced: two running tables
// publish with the same name.
func (c *Console) Status(s Status) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.table(s.Table)
	t.Online = s.Online
	c.statusLinkLocked(t, s.URL)
	c.takenOverLocked(t, s.TakenOver)
	c.instanceLocked(t, s)
	c.bump()
}

// Tables returns every table, by name, and the view's version.
func (c *Console) Tables() ([]TableView, uint64, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]TableView, 0, len(c.tables))
	now := c.now()
	for _, t := range c.tables {
		v := *t
		v.Alerts = append(make([]Alert, 0, len(t.Alerts)), t.Alerts...)
		// Names as they are now: one given after the score shows at once.
		names := t.players.Names()
		v.Scores = append([]SeatScore(nil), t.Scores...)
		for i := range v.Scores {
			v.Scores[i].Name = names[(t.scoreDealer+i)%4]
		}
		v.Seats = seatsNow(t.dealer, names)
		v.Standings = append([]Place(nil), t.Standings...)
		for i, p := range v.Standings {
			if p.Seat >= 0 && p.Seat < 4 {
				v.Standings[i].Name = names[p.Seat]
			}
		}
		if !t.Updated.IsZero() {
			v.AgeSeconds = now.Sub(t.Updated).Seconds()
		}
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Table < out[j].Table })
	return out, c.version, c.changed
}

// readerLang is the language a request's ?lang= asks for, nil when it
// names none: the tables' own words.
func readerLang(r *http.Request) *catalog.Lang {
	if q := r.URL.Query().Get("lang"); q != "" {
		return catalog.Match(q)
	}
	return nil
}

// Handler serves the console page, the shared page modules (/js/), the
// catalog's messages (GET /api/messages), GET /api/tables, GET /api/status (the
// broker: {"broker":"connected"|"connecting"|"unreachable","detail":"…"} and, once
// known, "host" and "cause"),
// GET /api/stream (SSE: the tables as messages, the broker's status
// before them as "broker" events), POST /api/ack and POST /api/name (a
// player's name, sent on to the table). The tables and the stream take
// ?lang= (en, fr, ...): what the tables said themselves worded in that
// language (TablesIn); without it, as the tables said it.
func (c *Console) Handler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /", scriptsSelf(http.FileServer(http.FS(sub))))
	mux.Handle("GET "+pagejs.Prefix, pagejs.Handler())
	mux.Handle("GET /api/messages", catalog.Handler())
	mux.HandleFunc("GET /api/tables", func(w http.ResponseWriter, r *http.Request) {
		ts, _, _ := c.TablesIn(readerLang(r))
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(ts)
	})
	mux.HandleFunc("POST /api/name", c.handleName)
	mux.HandleFunc("GET /api/status", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(c.BrokerStatus())
	})
	mux.HandleFunc("POST /api/ack", func(w http.ResponseWriter, r *http.Request) {
		// The table's rule for actions: a JSON body, which a cross-site
		// form cannot send.
		if !httpjson.Only(w, r) {
			return
		}
		var a struct {
			Table string `json:"table"`
			Seq   uint64 `json:"seq"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1024)).Decode(&a); err != nil || a.Table == "" || a.Seq == 0 {
			http.Error(w, "body: {\"table\": name, \"seq\": the alert's number}", http.StatusBadRequest)
			return
		}
		if !c.Ack(a.Table, a.Seq) {
			http.Error(w, fmt.Sprintf("no alert %d on table %q", a.Seq, a.Table), http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /api/stream", func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		// A stream outlives the server's read timeout, which would end it.
		rc.SetReadDeadline(time.Time{})
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		l := readerLang(r)
		for {
			ts, v, changed := c.TablesIn(l)
			b, err := json.Marshal(ts)
			if err != nil {
				return
			}
			st, err := json.Marshal(c.BrokerStatus())
			if err != nil {
				return
			}
			rc.SetWriteDeadline(time.Now().Add(5 * time.Second))
			if _, err := fmt.Fprintf(w, "event: broker\ndata: %s\n\nid: %d\ndata: %s\n\n", st, v, b); err != nil || rc.Flush() != nil {
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-changed:
			case <-time.After(15 * time.Second): // keep-alive: the same view again
			}
			// Coalesce bursts: at most ten views a second per console; a
			// console that leaves meanwhile ends the stream at once.
			coalesce := time.NewTimer(100 * time.Millisecond)
			select {
			case <-r.Context().Done():
				coalesce.Stop()
				return
			case <-coalesce.C:
			}
		}
	})
	return mux
}
