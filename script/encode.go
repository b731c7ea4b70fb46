package script

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/tabled/tabled/engine"
)

// The JSON shapes of the scenario contract. Field order follows docs/scenario-scripts.md;
// optional fields are omitted when empty so that outputs stay comparable.
type (
	jsonSeatCall struct {
		Seat   string `json:"seat"`
		Call   string `json:"call"`
		Late   bool   `json:"late,omitempty"`
		Reason string `json:"reason,omitempty"`
	}
	jsonClaimed struct {
		Seat string      `json:"seat"`
		Tile engine.Tile `json:"tile"`
	}
	jsonDecision struct {
		Type      string         `json:"type"`
		AtMS      jsonMS         `json:"at_ms"`
		Discard   jsonClaimed    `json:"discard"`
		Won       []jsonSeatCall `json:"won"`
		Lost      []jsonSeatCall `json:"lost"`
		Overrides int            `json:"overrides,omitempty"`
		Reason    string         `json:"reason"`
		Late      bool           `json:"late,omitempty"`
		Robbing   bool           `json:"robbing,omitempty"`
		Referee   string         `json:"referee,omitempty"`
	}
	jsonSeatReason struct {
		Type   string  `json:"type"`
		AtMS   jsonMS  `json:"at_ms"`
		Seat   *string `json:"seat"`
		Call   string  `json:"call"`
		Reason string  `json:"reason"`
	}
	jsonDora struct {
		Type       string        `json:"type"`
		AtMS       jsonMS        `json:"at_ms"`
		Indicators []engine.Tile `json:"indicators"`
		Dora       []engine.Tile `json:"dora"`
		// Reason is set on a withdrawn read only: the indicators left,
		// and why the read was taken back.
		Reason string `json:"reason,omitempty"`
	}
	jsonHandEnd struct {
		Type    string   `json:"type"`
		AtMS    jsonMS   `json:"at_ms"`
		Result  string   `json:"result"`
		Winners []string `json:"winners"`
	}
	jsonDeal struct {
		Type         string `json:"type"`
		AtMS         jsonMS `json:"at_ms"`
		RoundWind    string `json:"round_wind"`
		Hand         int    `json:"hand"`
		Honba        int    `json:"honba"`
		RiichiSticks int    `json:"riichi_sticks"`
		DealerSeat   int    `json:"dealer_seat"`
	}
	jsonKongStands struct {
		Type   string      `json:"type"`
		AtMS   jsonMS      `json:"at_ms"`
		Kong   jsonClaimed `json:"kong"`
		Reason string      `json:"reason"`
	}
	jsonLate struct {
		Line      int    `json:"line"`
		Seat      string `json:"seat"`
		Call      string `json:"call"`
		AtMS      jsonMS `json:"at_ms"`
		ArrivedMS jsonMS `json:"arrived_ms"`
	}
	jsonRevision struct {
		Type      string     `json:"type"`
		AtMS      jsonMS     `json:"at_ms"`
		Late      []jsonLate `json:"late"`
		Withdraws []int      `json:"withdraws"`
		Reason    string     `json:"reason"`
	}
	jsonState struct {
		Type       string        `json:"type"`
		AtMS       jsonMS        `json:"at_ms"`
		Wall       int           `json:"wall"`
		Kongs      int           `json:"kongs"`
		Indicators []engine.Tile `json:"indicators"`
		Riichi     []string      `json:"riichi"`
		Turn       *string       `json:"turn"`
	}
)

// jsonMS prints a duration in milliseconds: a whole number when it is one.
type jsonMS time.Duration

func (d jsonMS) MarshalJSON() ([]byte, error) {
	if time.Duration(d)%time.Millisecond == 0 {
		return strconv.AppendInt(nil, int64(time.Duration(d)/time.Millisecond), 10), nil
	}
	return strconv.AppendFloat(nil, float64(d)/float64(time.Millisecond), 'f', -1, 64), nil
}

func letter(s, dealer engine.Seat) string { return s.Wind(dealer).Letter() }

func seatCalls(cs []engine.Claim, dealer engine.Seat) []jsonSeatCall {
	out := make([]jsonSeatCall, 0, len(cs))
	for _, c := range cs {
		out = append(out, jsonSeatCall{Seat: letter(c.Seat, dealer), Call: c.Call.String(), Late: c.Late, Reason: c.Reason})
	}
	return out
}

func tiles(ts []engine.Tile) []engine.Tile {
	if ts == nil {
		return []engine.Tile{}
	}
	return ts
}

// MarshalOutcome is one outcome as a line of the scenario contract (no newline).
func MarshalOutcome(o engine.Outcome) ([]byte, error) {
	var v any
	at := jsonMS(o.At)
	switch o.Kind {
	case engine.KindDecision:
		v = jsonDecision{
			Type: "decision", AtMS: at,
			Discard:   jsonClaimed{Seat: letter(o.Claimed.Seat, o.Dealer), Tile: o.Claimed.Tile},
			Won:       seatCalls(o.Won, o.Dealer),
			Lost:      seatCalls(o.Lost, o.Dealer),
			Overrides: o.Overrides, Reason: o.Reason, Late: o.Late, Robbing: o.Robbing, Referee: o.Referee,
		}
	case engine.KindRejection, engine.KindFlag:
		r := jsonSeatReason{Type: o.Kind.String(), AtMS: at, Call: o.Call.String(), Reason: o.Reason}
		if o.Seat.Valid() {
			l := letter(o.Seat, o.Dealer)
			r.Seat = &l
		}
		v = r
	case engine.KindDora:
		v = jsonDora{Type: "dora", AtMS: at, Indicators: tiles(o.Indicators), Dora: tiles(o.Dora), Reason: o.Reason}
	case engine.KindHandEnd:
		w := make([]string, 0, len(o.Winners))
		for _, s := range o.Winners {
			w = append(w, letter(s, o.Dealer))
		}
		v = jsonHandEnd{Type: "hand_end", AtMS: at, Result: o.Result.String(), Winners: w}
	case engine.KindDeal:
		v = jsonDeal{Type: "deal", AtMS: at, RoundWind: o.RoundWind.Letter(), Hand: o.HandNumber, Honba: o.Honba,
			RiichiSticks: o.RiichiSticks, DealerSeat: int(o.Dealer)}
	case engine.KindKongStands:
		v = jsonKongStands{Type: "kong_stands", AtMS: at, Kong: jsonClaimed{Seat: letter(o.Claimed.Seat, o.Dealer), Tile: o.Claimed.Tile}, Reason: o.Reason}
	default:
		return nil, fmt.Errorf("script: outcome kind %v has no JSON form", o.Kind)
	}
	return marshal(v)
}

// MarshalRevision is a revision as a line of the scenario contract (no
// newline): at_ms, the time the table had decided up to; late, the inputs
// that arrived after it ({line, seat, call, at_ms, arrived_ms}); withdraws,
// the output lines (from 1) of the published outcomes it takes back; the
// new outcomes follow it.
func MarshalRevision(r Revision) ([]byte, error) {
	v := jsonRevision{Type: "revision", AtMS: jsonMS(r.At), Late: []jsonLate{}, Withdraws: []int{}, Reason: r.Reason}
	for _, l := range r.Late {
		seat := "table"
		if l.Seat.Valid() {
			seat = letter(l.Seat, r.Dealer)
		}
		v.Late = append(v.Late, jsonLate{Line: l.Line, Seat: seat, Call: l.Action.String(), AtMS: jsonMS(l.At), ArrivedMS: jsonMS(l.Arrived)})
	}
	v.Withdraws = append(v.Withdraws, r.Withdraws...)
	return marshal(v)
}

// MarshalState is the contract's closing "state" line (no newline).
func MarshalState(st engine.State) ([]byte, error) {
	js := jsonState{Type: "state", AtMS: jsonMS(st.Now), Wall: st.Wall, Kongs: st.Kongs, Indicators: tiles(st.Indicators), Riichi: []string{}}
	for w := engine.East; w <= engine.North; w++ {
		if st.Riichi[w.Seat(st.Dealer)] {
			js.Riichi = append(js.Riichi, w.Letter())
		}
	}
	if st.Turn.Valid() && !st.Ended {
		l := letter(st.Turn, st.Dealer)
		js.Turn = &l
	}
	return marshal(js)
}

// marshal encodes without HTML escaping, so reasons print as written.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
