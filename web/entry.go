package web

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
)

// SeatEntry is the body of POST /api/seat: what the people at the table
// enter for a seat. A value for a winner's hand: han and fu ("han":3,
// "fu":40), or a limit by name ("limit":"mangan"; "yakuman" with
// "yakuman":2 for a double), and for a yakuman the liable seat ("pao").
// A name for the player at a seat ("name":"Ana"; "" clears it).
type SeatEntry struct {
	// Action is value or name.
	Action string `json:"action"`
	// Seat is the physical seat (0..3).
	Seat *int `json:"seat"`
	payment.Value
	// Pao is the physical seat liable for a yakuman; absent for none.
	Pao *int `json:"pao"`
	// Name is the player's name.
	Name *string `json:"name"`
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
	return e.event()
}

// event is the engine input of a seat entry, its source still to be set.
func (e SeatEntry) event() (engine.Event, error) {
	ev := engine.Event{Seat: engine.NoSeat, Dealer: engine.NoSeat}
	if e.Seat == nil || *e.Seat < 0 || *e.Seat > 3 {
		return ev, fmt.Errorf("field seat: %s needs a seat 0..3", e.Action)
	}
	ev.Seat = engine.Seat(*e.Seat)
	switch e.Action {
	case "value":
		if e.Name != nil {
			return ev, fmt.Errorf("field name: a value carries no name")
		}
		ev.Action = engine.Value
		v := engine.HandValue{Value: e.Value, Pao: engine.NoSeat}
		switch {
		case v.Limit == payment.NoLimit && v.Han <= 0:
			return ev, fmt.Errorf("field han: a value needs han (and fu) or a limit")
		case v.Limit != payment.NoLimit && (v.Han != 0 || v.Fu != 0):
			return ev, fmt.Errorf("field limit: a limit (%s) is entered without han and fu", v.Limit)
		case v.Yakuman != 0 && v.Limit != payment.Yakuman:
			return ev, fmt.Errorf("field yakuman: a number of yakuman needs the limit yakuman")
		case v.Yakuman < 0:
			return ev, fmt.Errorf("field yakuman: %d is not a number of yakuman", v.Yakuman)
		}
		if e.Pao != nil {
			if *e.Pao < 0 || *e.Pao > 3 {
				return ev, fmt.Errorf("field pao: %d is not a seat 0..3", *e.Pao)
			}
			if v.Limit != payment.Yakuman {
				return ev, fmt.Errorf("field pao: a liable seat pays only for a yakuman")
			}
			v.Pao = engine.Seat(*e.Pao)
		}
		ev.Value = &v
	case "name":
		if !e.Value.IsZero() || e.Pao != nil {
			return ev, fmt.Errorf("field name: a name carries no value")
		}
		if e.Name == nil {
			return ev, fmt.Errorf("field name: a name input needs a name (\"\" clears it)")
		}
		name := strings.TrimSpace(*e.Name)
		if err := engine.CheckName(name); err != nil {
			return ev, fmt.Errorf("field name: %v", err)
		}
		ev.Action, ev.Name = engine.Name, name
	default:
		return ev, fmt.Errorf("field action: %q is not value or name", e.Action)
	}
	return ev, nil
}

// handleSeat takes a value or a name from whoever may enter them (see
// entrySource): it is logged as an input with that source, like a press.
func (s *Server) handleSeat(w http.ResponseWriter, r *http.Request) {
	client := clientOf(r)
	if s.tooMany(w, client) {
		return
	}
	src, ok := s.entrySource(r, client)
	if !ok {
		msg := "enter the table's pairing code first (it is on the table's panel)"
		if s.cfg.Pairing == nil {
			msg = "only the referee may enter values and names at this table"
		}
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": msg})
		return
	}
	if !jsonOnly(w, r) {
		return
	}
	ev, err := DecodeSeatEntry(r.Body)
	if err != nil {
		badBody(w, err)
		return
	}
	ev.Source = src
	s.submit(w, r, ev, metricSeatEntries)
}
