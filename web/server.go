package web

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/VictoriaMetrics/metrics"
	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/internal/httpjson"
	"github.com/tabled/tabled/internal/pagejs"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/pairing"
	"github.com/tabled/tabled/table"
)

//go:embed static
var static embed.FS

// Config configures a Server.
type Config struct {
	Table *table.Table
	// Sim enables the virtual seat buttons (POST /api/press).
	Sim bool
	// KeepAlive is the interval of SSE comments that keep idle streams open.
	KeepAlive time.Duration
	// RefereeToken enables POST /api/referee for whoever presents it; empty
	// refuses every referee action.
	RefereeToken string
	// LogDir is the claim log the referee's view reads; empty disables it.
	LogDir string
	// Panel writes the table panel's current frame as a PNG
	// (show.Driver.PNG); nil: no panel, GET /api/panel.png is 404. It is
	// called from request goroutines, possibly concurrently.
	Panel func(w io.Writer) error
	// Limits bound connections, streams and timeouts; see Limits.
	Limits Limits
	// Pairing is the table's pairing code: a tablet that enters it may
	// enter the table's hand values and seat names (POST /api/pair); nil
	// for none, where only the referee may, or anyone on a Sim table. A
	// Sim table with a code asks for it as a real one does.
	Pairing *pairing.Code
	// Profile is the table's rule profile, for the page's countdowns (the
	// window and the call deadline); zero: the named profile's defaults.
	Profile engine.Profile
	// Hosts are the Host headers answered besides the machine's own names
	// and addresses and localhost (Guard); nil: those only.
	Hosts *Hosts
	// Logf logs what the server refuses (presses too fast); nil: log.Printf.
	Logf func(format string, args ...any)
	// HTTPS is the page's https:// address when the table serves one:
	// referee actions are then refused over plain HTTP, which would show
	// the token to the whole network.
	HTTPS string
	// Clock is the tournament round's clock (the time left, its state),
	// ok false while the table has no round; nil: never in a tournament.
	// GET /api/clock serves it, the page shows it.
	Clock func() (left time.Duration, state string, ok bool)
}

// Server is the table's HTTP handler.
type Server struct {
	cfg   Config
	mux   *http.ServeMux
	guard http.Handler
	limit *limiter
	// presses limits how fast one client presses; exports how many
	// exports run at once.
	presses *rate
	exports chan struct{}
	// hub is the event hub in English; langHubs those in other languages
	// (hubFor).
	hub *hub
	langHubs
	// alerts are the table's alerts showing, every hub's.
	alerts *alertBook
	index  *claimlog.Index // of cfg.LogDir, for /api/log
	// streams is how many event streams are open, against Limits.MaxStreams;
	// streamsBy how many each client holds.
	streams   atomic.Int64
	streamsBy counts
}

// New returns the handler for a table.
func New(cfg Config) *Server {
	if cfg.KeepAlive <= 0 {
		cfg.KeepAlive = 15 * time.Second
	}
	cfg.Limits = cfg.Limits.withDefaults()
	s := &Server{cfg: cfg, mux: http.NewServeMux(), limit: newLimiter(5, limiterClients),
		presses: newRate(pressesPerSecond, pressesPerSecond, limiterClients), exports: make(chan struct{}, maxExports)}
	if cfg.Logf != nil {
		s.presses.logf = cfg.Logf
	}
	s.guard = Guard(s.mux, cfg.Hosts)
	if cfg.Table != nil {
		s.alerts = &alertBook{}
		s.hub = newHub(cfg.Table, s.viewIn(catalog.English()), outcome.In(nil), s.alerts)
	}
	sub, _ := fs.Sub(static, "static")
	s.mux.Handle("GET /", scriptsSelf(http.FileServer(http.FS(sub))))
	s.mux.Handle("GET "+pagejs.Prefix, pagejs.Handler()) // dom.js, words.js: shared with the console
	s.mux.Handle("GET /tilefaces.js", scriptsSelf(scriptHandler(tileFacesJS)))
	s.mux.Handle("GET /api/messages", catalog.Handler()) // the pages' words, in the reader's language
	s.mux.HandleFunc("GET /api/game", s.handleGame)
	s.mux.HandleFunc("GET /api/state", s.handleState)
	s.mux.HandleFunc("GET /api/clock", s.handleClock)
	s.mux.HandleFunc("GET /api/events", s.handleEvents)
	s.mux.HandleFunc("POST /api/referee", s.handleReferee)
	s.mux.HandleFunc("POST /api/seat", s.handleSeat)
	s.mux.HandleFunc("POST /api/hand/preview", s.handleHandPreview)
	if cfg.Pairing != nil {
		s.mux.HandleFunc("POST /api/pair", s.handlePair)
		s.mux.HandleFunc("POST /api/pair/renew", s.handlePairRenew)
	}
	if cfg.LogDir != "" {
		s.index = claimlog.NewIndex(cfg.LogDir)
		s.mux.HandleFunc("GET /api/log", s.handleLog)
		s.mux.HandleFunc("GET /api/export", s.handleExport)
	}
	if cfg.Panel != nil {
		s.mux.HandleFunc("GET /api/panel.png", s.handlePanel)
	}
	s.mux.HandleFunc("GET /metrics", handleMetrics)
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") })
	if cfg.Sim {
		s.mux.HandleFunc("POST /api/press", s.handlePress)
	}
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.guard.ServeHTTP(w, r) }

// scriptsSelf serves the pages and their modules with
// Content-Security-Policy script-src 'self': every script is a module file
// served here, none inline, so an injected <script> or onclick= does not
// run. It is added to the policy Guard sets (frame-ancestors).
func scriptsSelf(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Content-Security-Policy", "script-src 'self'")
		h.ServeHTTP(w, r)
	})
}

// pressesPerSecond is the most presses a second one client may make, and
// its burst: a hand on a button does not press faster. A script that
// does is refused, so that it cannot grow the log at will.
const pressesPerSecond = 8

// maxExports is how many exports (each reads the whole log) run at once.
const maxExports = 2

// writeJSON answers code with v as JSON.
func writeJSON(w http.ResponseWriter, code int, v any) { httpjson.Write(w, code, v) }

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	t := s.cfg.Table
	l := pageLang(r)
	recent, seq := t.Recent()
	entries := make([]entryJSON, 0, len(recent))
	for _, e := range recent {
		j, err := entryView(outcome.In(l), e)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		entries = append(entries, j)
	}
	sv := s.hubFor(l).state()
	sv.Seq = max(sv.Seq, seq)
	writeJSON(w, http.StatusOK, map[string]any{"sim": s.cfg.Sim, "panel": s.cfg.Panel != nil, "referee": s.cfg.RefereeToken != "",
		"pairing": s.cfg.Pairing != nil, "clock": s.cfg.Clock != nil,
		"log": s.cfg.LogDir != "", "https": s.cfg.HTTPS, "state": sv, "recent": entries})
}

// ClockView is GET /api/clock: the round's clock as the page shows it.
type ClockView struct {
	// Round: the table has a round; State is waiting, running, paused or
	// over; RemainingMS the time left.
	Round       bool   `json:"round"`
	State       string `json:"state,omitempty"`
	RemainingMS int64  `json:"remaining_ms"`
	// Warn is the warning colour's level: "" (more than WarnAt left),
	// "warn" (at most WarnAt), "late" (at most LateAt), "over" (none).
	Warn string `json:"warn"`
}

// The round's clock turns to warning colours this near its end.
const (
	WarnAt = 10 * time.Minute
	LateAt = 5 * time.Minute
)

// ClockOf is the page's view of a round's clock.
func ClockOf(left time.Duration, state string, ok bool) ClockView {
	if !ok {
		return ClockView{}
	}
	v := ClockView{Round: true, State: state, RemainingMS: left.Milliseconds()}
	switch {
	case state == "over" || left <= 0:
		v.Warn = "over"
	case left <= LateAt:
		v.Warn = "late"
	case left <= WarnAt:
		v.Warn = "warn"
	}
	return v
}

func (s *Server) handleClock(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Clock == nil {
		writeJSON(w, http.StatusOK, ClockView{})
		return
	}
	writeJSON(w, http.StatusOK, ClockOf(s.cfg.Clock()))
}

// viewIn is the page's view of a state under the table's profile, with
// the server's words in l.
func (s *Server) viewIn(l *catalog.Lang) func(engine.State, uint64, []alert.Alert) StateView {
	return func(st engine.State, seq uint64, alerts []alert.Alert) StateView {
		p := s.cfg.Profile
		if p.Name == "" {
			p, _ = engine.ProfileByName(st.Profile) // an unknown name leaves the countdowns at zero
		}
		v := stateView(st, seq, p, alerts)
		reword(&v, st, l)
		return v
	}
}

// Press is the body of POST /api/press: a virtual button on a simulated seat.
type Press struct {
	Seat   *int   `json:"seat"`   // physical seat 0..3; absent for dora and newhand
	Action string `json:"action"` // discard, chii, pon, kan, ron, tsumo, riichi, cancel, dora, newhand
	Tile   string `json:"tile"`   // optional mpsz tile; for chii and pon the two shown tiles, "68p"
	// Card is a player's card UID (hex) laid on the seat's reader (with
	// seat) or the table's (without): the simulated table's virtual cards.
	Card string `json:"card"`
}

// shownTiles reads the two tiles a chii or pon shows from the hand:
// "68p", "6p8p" or "6p 8p".
func shownTiles(s string) ([2]engine.Tile, error) {
	var out [2]engine.Tile
	s = strings.ReplaceAll(s, " ", "")
	if len(s) == 3 { // grouped: two ranks, one suit
		s = s[:1] + s[2:] + s[1:]
	}
	if len(s) != 4 {
		return out, fmt.Errorf("field tile: %q is not two tiles like 68p", s)
	}
	for i := range out {
		t, err := engine.ParseTile(s[2*i : 2*i+2])
		if err != nil {
			return out, fmt.Errorf("field tile: %q is not two tiles like 68p", s)
		}
		out[i] = t
	}
	return out, nil
}

// DecodePress reads and checks a press body; the error names the field.
func DecodePress(r io.Reader) (engine.Event, error) {
	var p Press
	if err := decodeBody(r, &p); err != nil {
		return engine.Event{}, err
	}
	a, err := engine.ParseAction(p.Action)
	if err != nil || a == engine.Tenpai || a == engine.DeadHand || a == engine.Value || a == engine.Chombo || a == engine.Name || a == engine.Hand ||
		a == engine.Round || a == engine.Confirm {
		return engine.Event{}, fmt.Errorf("field action: %q is not a seat button or table action", p.Action)
	}
	ev := engine.Event{Action: a, Seat: engine.NoSeat, Dealer: engine.NoSeat, Source: engine.SourceWeb}
	if (a == engine.Chii || a == engine.Pon) && len(strings.ReplaceAll(p.Tile, " ", "")) > 2 {
		if ev.Shown, err = shownTiles(p.Tile); err != nil {
			return engine.Event{}, err
		}
	} else if p.Tile != "" {
		if ev.Tile, err = engine.ParseTile(p.Tile); err != nil {
			return engine.Event{}, fmt.Errorf("field tile: %q is not an mpsz tile", p.Tile)
		}
	}
	if (a == engine.Card) != (p.Card != "") {
		return engine.Event{}, fmt.Errorf("field card: a card's UID comes with a card and only with it")
	}
	switch {
	case (a == engine.Dora || a == engine.Ura) && !ev.Tile.Known():
		return engine.Event{}, fmt.Errorf("field tile: a %s read needs a tile", a)
	case a == engine.Card:
		ev.Card = strings.ToLower(p.Card)
		if p.Seat != nil {
			if *p.Seat < 0 || *p.Seat > 3 {
				return engine.Event{}, fmt.Errorf("field seat: %d is not a seat 0..3 (leave it out for the table's reader)", *p.Seat)
			}
			ev.Seat = engine.Seat(*p.Seat)
		}
		if err := ev.Validate(); err != nil {
			return engine.Event{}, fmt.Errorf("field card: %q is not a card's UID (hex)", p.Card)
		}
	case a.TableAction():
	case p.Seat == nil || *p.Seat < 0 || *p.Seat > 3:
		return engine.Event{}, fmt.Errorf("field seat: %s needs a seat 0..3", a)
	default:
		ev.Seat = engine.Seat(*p.Seat)
	}
	return ev, nil
}

func (s *Server) handlePress(w http.ResponseWriter, r *http.Request) {
	if !httpjson.Only(w, r) {
		return
	}
	if client := clientKey(r.RemoteAddr); !loopback(r.RemoteAddr) && !s.presses.take(client) {
		metricPressRefused.Inc()
		s.presses.refused(client, "presses")
		w.Header().Set("Retry-After", "1")
		writeJSON(w, http.StatusTooManyRequests, map[string]string{"error": pageLang(r).Text("status.error.presses")})
		return
	}
	ev, err := DecodePress(r.Body)
	if err != nil {
		badBody(w, err)
		return
	}
	s.submit(w, r, ev, metricPresses)
}

// submit stamps an input now, hands it to the table and answers once the
// input is durable in the claim log, with its stamp and sequence number: a
// 202 is never given for an input that a crash could lose. A table that is
// stopping answers 503, and the input was not taken.
func (s *Server) submit(w http.ResponseWriter, r *http.Request, ev engine.Event, count *metrics.Counter) {
	ev.At = s.cfg.Table.Now()
	seq, err := s.cfg.Table.Submit(r.Context(), ev)
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
		return
	}
	count.Inc()
	writeJSON(w, http.StatusAccepted, map[string]any{"at_ms": ev.At.Milliseconds(), "seq": seq})
}
