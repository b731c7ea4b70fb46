package club

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/internal/httpjson"
	"github.com/tabled/tabled/tournament"
)

// Tournament is the console's tournament: its store, its pages' API, the
// rounds it sends the tables and the results it takes from them.
type Tournament struct {
	Store   *Store
	Console *Console
	// Send publishes a Round to a table (Watcher.SendRound; nil: the
	// console sends none, as in a test of the pages alone).
	Send func(table string, r Round) error
	// Now is the console's clock; nil is time.Now.
	Now func() time.Time

	sendMu  sync.Mutex // one send of the rounds at a time
	sending sync.WaitGroup
	mu      sync.Mutex
	sent    map[string]uint64      // table -> the last Round's Sent
	last    map[string]Round       // table -> the last Round sent to it
	played  map[string]*tableRound // table -> the round it logged, the game's chombos
}

func (t *Tournament) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

// maxBody bounds a request's body; a players' CSV may be longer.
const (
	maxBody    = 16 << 10
	maxCSVBody = 512 << 10
)

// decode reads a request's JSON body into v: a JSON body only (a
// cross-site form cannot send one), at most limit bytes, no field v does
// not have, nothing after it. It answers the error itself.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) bool {
	if !httpjson.Only(w, r) {
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err != nil {
		fail(w, http.StatusBadRequest, fmt.Sprintf("body: %v", err))
		return false
	}
	return true
}

// fail answers code with {"error": msg}.
func fail(w http.ResponseWriter, code int, msg string) {
	httpjson.Write(w, code, map[string]string{"error": msg})
}

// failErr answers code with err's reason, and, when it is a
// tournament.Refusal, its code and parameters (the English reason is the
// whole error, as before: a wrapped refusal keeps its context).
func failErr(w http.ResponseWriter, code int, err error) {
	var r *tournament.Refusal
	if !errors.As(err, &r) {
		fail(w, code, err.Error())
		return
	}
	body := map[string]any{"error": err.Error(), "code": r.Code}
	if r.Args != nil {
		body["args"] = r.Args
	}
	httpjson.Write(w, code, body)
}

// reply answers 200 with v.
func reply(w http.ResponseWriter, v any) { httpjson.Write(w, http.StatusOK, v) }

// add keeps records and answers with them, or with why not: 409 for a
// record the tournament refuses, 400 for what the request lacks.
func (t *Tournament) add(w http.ResponseWriter, by string, recs ...tournament.Record) bool {
	if by == "" {
		failErr(w, http.StatusBadRequest, tournament.Refuse("need_by", nil, "field by: say who makes the change (the referee's name)"))
		return false
	}
	added, err := t.Store.Add(recs...)
	if err != nil {
		failErr(w, http.StatusConflict, err)
		return false
	}
	reply(w, map[string]any{"records": added})
	return true
}

// Handler serves the tournament's API under /api/tournament/ and passes
// everything else to next (the console's own handler).
func (t *Tournament) Handler(next http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", next)
	mux.HandleFunc("GET /api/tournament", func(w http.ResponseWriter, r *http.Request) { reply(w, t.View()) })
	mux.HandleFunc("GET /api/tournament/stream", t.stream)
	mux.HandleFunc("GET /api/tournament/public", func(w http.ResponseWriter, r *http.Request) {
		st, _ := t.Store.State()
		reply(w, t.public(st))
	})
	mux.HandleFunc("GET /api/tournament/records", func(w http.ResponseWriter, r *http.Request) {
		recs, withdrawn := t.Store.Records()
		reply(w, map[string]any{"records": recs, "withdrawn": withdrawn})
	})
	mux.HandleFunc("GET /api/tournament/where", t.where)
	mux.HandleFunc("GET /api/tournament/players.csv", t.exportPlayers)
	mux.HandleFunc("POST /api/tournament/players/import", t.importPlayers)
	mux.HandleFunc("POST /api/tournament/options", t.options)
	mux.HandleFunc("POST /api/tournament/player", t.player)
	mux.HandleFunc("POST /api/tournament/substitute", t.substitute)
	mux.HandleFunc("POST /api/tournament/seat", t.seat)
	mux.HandleFunc("POST /api/tournament/clock", t.clock)
	t.resultRoutes(mux)
	t.standingsRoutes(mux)
	return mux
}

// Signed is who makes a change and why: the fields "by" and "why" of a
// referee's change, kept in the change's record (a body with "by" alone
// signs with no why).
type Signed struct {
	By  string `json:"by"`
	Why string `json:"why"`
}

func (s Signed) signed() Signed { return s }

// signedChange decodes a body that is Signed and keeps it as one record
// of kind, which put fills from the body; it answers the request itself
// and reports whether the record was kept.
func signedChange[B any, PB interface {
	*B
	signed() Signed
}](t *Tournament, w http.ResponseWriter, r *http.Request, kind tournament.Kind, put func(*tournament.Record, *B)) bool {
	var b B
	if !decode(w, r, maxBody, &b) {
		return false
	}
	s := PB(&b).signed()
	rec := newRecord(kind, s.By, s.Why, t.now())
	put(&rec, &b)
	return t.add(w, s.By, rec)
}

// OptionsBody is the body of POST /api/tournament/options: the options,
// whole; start, uma and chombo come from the book named.
type OptionsBody struct {
	By      string             `json:"by"`
	Options tournament.Options `json:"options"`
}

func (t *Tournament) options(w http.ResponseWriter, r *http.Request) {
	var b OptionsBody
	if !decode(w, r, maxBody, &b) {
		return
	}
	o := b.Options
	p, err := engine.ProfileByName(o.Book)
	if err != nil || p.Score == nil {
		fail(w, http.StatusBadRequest, fmt.Sprintf("field book: %q is not a rule book that scores (one of %v)", o.Book, engine.ProfileNames()))
		return
	}
	o.Start, o.Uma, o.Chombo = p.Score.StartPoints, p.Score.Uma, p.Score.ChomboResult
	o.Uma[0] += p.Score.Oka
	rec := newRecord(tournament.KindOptions, b.By, "", t.now())
	rec.Options = &o
	if t.add(w, b.By, rec) {
		t.sendRound()
	}
}

// PlayerBody is the body of POST /api/tournament/player: a player to
// register (number 0) or edit.
type PlayerBody struct {
	By     string            `json:"by"`
	Player tournament.Player `json:"player"`
}

func (b PlayerBody) signed() Signed { return Signed{By: b.By} }

func (t *Tournament) player(w http.ResponseWriter, r *http.Request) {
	if signedChange(t, w, r, tournament.KindPlayer, func(rec *tournament.Record, b *PlayerBody) { rec.Player = &b.Player }) {
		t.sendRound()
	}
}

// SubstituteBody is the body of POST /api/tournament/substitute.
type SubstituteBody struct {
	Signed
	tournament.Substitute
}

func (t *Tournament) substitute(w http.ResponseWriter, r *http.Request) {
	if signedChange(t, w, r, tournament.KindSubstitute, func(rec *tournament.Record, b *SubstituteBody) { rec.Substitute = &b.Substitute }) {
		t.sendRound()
	}
}

// ClockBody is the body of POST /api/tournament/clock.
type ClockBody struct {
	By string `json:"by"`
	tournament.Clock
}

func (b ClockBody) signed() Signed { return Signed{By: b.By} }

func (t *Tournament) clock(w http.ResponseWriter, r *http.Request) {
	if signedChange(t, w, r, tournament.KindClock, func(rec *tournament.Record, b *ClockBody) { rec.Clock = &b.Clock }) {
		t.sendRound()
	}
}

// where answers GET /api/tournament/where?player=N: where the player sits
// in each seated round, and their results where published (a page a
// player reads: no card).
func (t *Tournament) where(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.URL.Query().Get("player"))
	st, _ := t.Store.State()
	p, ok := st.Player(n)
	if err != nil || !ok {
		fail(w, http.StatusNotFound, fmt.Sprintf("no player %q", r.URL.Query().Get("player")))
		return
	}
	var rounds []tournament.PlayerRound
	for i := range st.Rounds {
		if pr, ok := st.Where(n, i+1); ok {
			if !st.Published(i + 1) {
				pr.Result = nil
			}
			rounds = append(rounds, pr)
		}
	}
	reply(w, map[string]any{"player": PublicPlayer{p.Number, p.Name, p.Country, p.Club}, "rounds": rounds, "current": current(st)})
}
