package web

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/internal/httpjson"
)

// SeatEntry is the body of POST /api/seat: what the people at the table
// enter for a seat, in the shape POST /api/referee takes it. A value for
// a winner's hand as typed: "3 40" (han fu), "6" (five han or more, where
// fu no longer count), "mangan", "yakuman 2"; for a yakuman the liable
// seat ("pao"). A winner's hand: its concealed tiles, the winning tile
// included ("234m 456p 789s 5p 55z"), and after a tsumo the drawn tile
// ("win": "5m"); the table scores it. A name for the player at a seat (""
// clears it).
type SeatEntry struct {
	// Action is value, hand, name or confirm (the player at the seat
	// confirms the ended game's result).
	Action string `json:"action"`
	// Seat is the physical seat (0..3).
	Seat *int `json:"seat"`
	// Value is the value as typed; Pao the physical seat liable for a
	// yakuman, absent for none.
	Value string `json:"value"`
	Pao   *int   `json:"pao"`
	// Hand is a hand's concealed tiles in mpsz groups; Win its winning
	// tile (needed after a tsumo, optional after a ron).
	Hand string `json:"hand"`
	Win  string `json:"win"`
	// Name is the player's name.
	Name string `json:"name"`
}

// DecodeSeatEntry reads and checks a seat entry; the error names the
// field. Whether the rules allow the value (a winner without a value yet,
// a han and fu the rules can produce) is the engine's to say: it refuses
// with a reason the page shows.
func DecodeSeatEntry(r io.Reader) (engine.Event, error) {
	var e SeatEntry
	if err := decodeBody(r, &e); err != nil {
		return engine.Event{}, err
	}
	if e.Action != "value" && e.Action != "name" && e.Action != "hand" && e.Action != "confirm" {
		return engine.Event{}, fmt.Errorf("field action: %q is not value, hand, name or confirm", e.Action)
	}
	if e.Action != "value" && (e.Value != "" || e.Pao != nil) {
		return engine.Event{}, fmt.Errorf("field value: a %s carries no value", e.Action)
	}
	if e.Action != "name" && e.Name != "" {
		return engine.Event{}, fmt.Errorf("field name: a %s carries no name", e.Action)
	}
	if e.Action != "hand" && (e.Hand != "" || e.Win != "") {
		return engine.Event{}, fmt.Errorf("field hand: a %s carries no hand", e.Action)
	}
	ev, _, err := RefereeAction{Action: e.Action, Seat: e.Seat, Value: e.Value, Pao: e.Pao, Name: strings.TrimSpace(e.Name), Hand: e.Hand, Win: e.Win}.event()
	ev.Source = engine.SourceWeb
	return ev, err
}

// handleSeat takes a value, a hand or a name from whoever may enter them
// (see entrySource): it is logged as an input with that source, like a
// press.
func (s *Server) handleSeat(w http.ResponseWriter, r *http.Request) {
	src, ok := s.entrant(w, r)
	if !ok {
		return
	}
	ev, err := DecodeSeatEntry(r.Body)
	if err != nil {
		badBodyIn(w, r, err)
		return
	}
	ev.Source = src
	s.submit(w, r, ev, metricSeatEntries)
}

// entrant answers a request from whoever may not enter a table's values,
// hands and names (429 for a client that failed too often, 401 without
// the credentials entrySource wants, 415 for a body that is not JSON) and
// reports whether it may go on, with the source its input is logged with.
func (s *Server) entrant(w http.ResponseWriter, r *http.Request) (engine.Source, bool) {
	client := clientOf(r)
	if s.tooMany(w, r, client) {
		return 0, false
	}
	src, ok := s.entrySource(r, client)
	if !ok {
		msg := pageLang(r).Text("status.error.pair_first")
		if s.cfg.Pairing == nil {
			msg = pageLang(r).Text("status.error.referee_only")
		}
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": msg})
		return 0, false
	}
	return src, httpjson.Only(w, r)
}
