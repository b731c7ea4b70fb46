package outcome

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/tabled/tabled/engine"
)

// Type names a record's line: the "type" field.
type Type string

// The line types of the record. Each is the engine's Kind as the scenario
// contract spells it.
const (
	TypeDecision   Type = "decision"
	TypeRejected   Type = "rejected"
	TypeFlag       Type = "flag"
	TypeDora       Type = "dora"
	TypeHandEnd    Type = "hand_end"
	TypeDeal       Type = "deal"
	TypeKongStands Type = "kong_stands"
	// TypeRevision is the table's, not the engine's: inputs reached it
	// after it had decided past their stamps; what they change is
	// re-decided, the outcomes it takes back are withdrawn, and the new
	// outcomes follow the revision.
	TypeRevision Type = "revision"
)

// Record is one outcome record. Which fields are set depends on Type (the
// others stay zero); seats are the hand's wind letters (E, S, W, N), tiles
// mpsz ("?" a tile the table did not see).
type Record struct {
	Type Type `json:"type"`
	At   MS   `json:"at_ms"`
	// Code is the rule behind the outcome (not in the scenario output;
	// CodeNone in logs written before codes were logged).
	Code engine.RuleCode `json:"code,omitempty"`

	// decision: the discard (or the kong robbed), the winning and losing
	// claims, the decision it overrides (its ordinal), late, robbing,
	// what the referee must check.
	Discard   *SeatTile  `json:"discard,omitempty"`
	Won       []SeatCall `json:"won,omitempty"`
	Lost      []SeatCall `json:"lost,omitempty"`
	Overrides int        `json:"overrides,omitempty"`
	Late      bool       `json:"late,omitempty"`
	Robbing   bool       `json:"robbing,omitempty"`
	Referee   string     `json:"referee,omitempty"`

	// Reason is the outcome in the engine's words: decision, rejected,
	// flag, kong_stands; hand_end too, outside the scenario output.
	Reason string `json:"reason,omitempty"`

	// rejected, flag: the seat ("" for the table as a whole) and its call.
	Seat string `json:"seat,omitempty"`
	Call string `json:"call,omitempty"`

	// dora: every indicator shown in the hand and the dora they point to.
	Indicators []string `json:"indicators,omitempty"`
	Dora       []string `json:"dora,omitempty"`

	// hand_end: ron, tsumo or draw; the winners.
	Result  string   `json:"result,omitempty"`
	Winners []string `json:"winners,omitempty"`

	// deal: the round wind's letter, the hand's number in the round, the
	// honba, the riichi sticks on the table and the dealer's physical seat.
	RoundWind    string `json:"round_wind,omitempty"`
	Hand         int    `json:"hand,omitempty"`
	Honba        int    `json:"honba,omitempty"`
	RiichiSticks int    `json:"riichi_sticks,omitempty"`
	DealerSeat   int    `json:"dealer_seat,omitempty"`

	// kong_stands: the kong that was not robbed.
	Kong *SeatTile `json:"kong,omitempty"`

	// revision: the inputs that arrived late, and the output lines (from
	// 1, as printed) of the published outcomes it withdraws. At is the time
	// the table had decided up to; Reason the table's words.
	LateInputs []LateInput `json:"late_inputs,omitempty"`
	Withdraws  []int       `json:"withdraws,omitempty"`
}

// LateInput is an input that reached the table after it had decided past
// its stamp: its script line, seat ("" for the table's own dora or deal),
// call, stamp and when it arrived.
type LateInput struct {
	Line    int    `json:"line"`
	Seat    string `json:"seat"`
	Call    string `json:"call"`
	At      MS     `json:"at_ms"`
	Arrived MS     `json:"arrived_ms"`
}

// RevisionOf is a revision line: at, the time the table had decided up
// to; the late inputs; the output lines it withdraws; the table's words.
func RevisionOf(at time.Duration, late []LateInput, withdraws []int, reason string) Record {
	return Record{Type: TypeRevision, At: MS(at), LateInputs: late, Withdraws: withdraws, Reason: reason}
}

// SeatCall is a seat's call in a decision. For a claim that lost, Reason is
// the engine's whole sentence, Code its rule and Why the rule in words.
type SeatCall struct {
	Seat   string          `json:"seat"`
	Call   string          `json:"call"`
	Late   bool            `json:"late,omitempty"`
	Reason string          `json:"reason,omitempty"`
	Code   engine.RuleCode `json:"code,omitempty"`
	Why    string          `json:"why,omitempty"`
}

// SeatTile is a seat and a tile: a claimed discard or a kong.
type SeatTile struct {
	Seat string `json:"seat"`
	Tile string `json:"tile"`
}

// MS is a table time written in milliseconds: a whole number when it is
// one, else a decimal.
type MS time.Duration

// Duration is the time as a time.Duration.
func (m MS) Duration() time.Duration { return time.Duration(m) }

// MarshalJSON writes the milliseconds.
func (m MS) MarshalJSON() ([]byte, error) {
	d := time.Duration(m)
	if d%time.Millisecond == 0 {
		return strconv.AppendInt(nil, int64(d/time.Millisecond), 10), nil
	}
	return strconv.AppendFloat(nil, float64(d)/float64(time.Millisecond), 'f', -1, 64), nil
}

// UnmarshalJSON reads milliseconds, whole or not.
func (m *MS) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("outcome: at_ms %s is not a number", b)
	}
	if ns := f * float64(time.Millisecond); ns >= math.MaxInt64 || ns <= math.MinInt64 {
		return fmt.Errorf("outcome: at_ms %s is out of range", b)
	}
	*m = MS(time.Duration(math.Round(f * float64(time.Millisecond))))
	return nil
}

// Of is the engine's outcome as a record.
func Of(o engine.Outcome) Record {
	r := Record{Type: Type(o.Kind.String()), At: MS(o.At), Code: o.Code}
	switch o.Kind {
	case engine.KindDecision:
		r.Discard = &SeatTile{Seat: letter(o.Claimed.Seat, o.Dealer), Tile: o.Claimed.Tile.String()}
		r.Won, r.Lost = seatCalls(o.Won, o.Dealer), seatCalls(o.Lost, o.Dealer)
		r.Overrides, r.Reason, r.Late, r.Robbing, r.Referee = o.Overrides, o.Reason, o.Late, o.Robbing, o.Referee
	case engine.KindRejection, engine.KindFlag:
		r.Call, r.Reason = o.Call.String(), o.Reason
		if o.Seat.Valid() {
			r.Seat = letter(o.Seat, o.Dealer)
		}
	case engine.KindDora:
		// A withdrawn kan dora read says why (the indicators left).
		r.Indicators, r.Dora, r.Reason = tiles(o.Indicators), tiles(o.Dora), o.Reason
	case engine.KindHandEnd:
		r.Result, r.Winners, r.Reason = o.Result.String(), make([]string, 0, len(o.Winners)), o.Reason
		for _, s := range o.Winners {
			r.Winners = append(r.Winners, letter(s, o.Dealer))
		}
	case engine.KindDeal:
		r.RoundWind, r.Hand, r.Honba, r.RiichiSticks, r.DealerSeat = o.RoundWind.Letter(), o.HandNumber, o.Honba, o.RiichiSticks, int(o.Dealer)
	case engine.KindKongStands:
		r.Kong, r.Reason = &SeatTile{Seat: letter(o.Claimed.Seat, o.Dealer), Tile: o.Claimed.Tile.String()}, o.Reason
	}
	return r
}

func letter(s, dealer engine.Seat) string { return s.Wind(dealer).Letter() }

func seatCalls(cs []engine.Claim, dealer engine.Seat) []SeatCall {
	out := make([]SeatCall, 0, len(cs))
	for _, c := range cs {
		out = append(out, SeatCall{Seat: letter(c.Seat, dealer), Call: c.Call.String(), Late: c.Late, Reason: c.Reason, Code: c.Code, Why: c.Why})
	}
	return out
}

func tiles(ts []engine.Tile) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.String())
	}
	return out
}

// Contract is the record as the scenario contract prints it: without the
// rule codes, the lost claims' rules in words and a hand end's reason,
// which the contract does not name.
func (r Record) Contract() Record {
	r.Code = engine.CodeNone
	if r.Type == TypeHandEnd {
		r.Reason = ""
	}
	r.Won, r.Lost = contractCalls(r.Won), contractCalls(r.Lost)
	return r
}

func contractCalls(cs []SeatCall) []SeatCall {
	if cs == nil {
		return nil
	}
	out := make([]SeatCall, len(cs))
	for i, c := range cs {
		c.Code, c.Why = engine.CodeNone, ""
		out[i] = c
	}
	return out
}

// The fields of each line type as written, in the contract's order: those
// the contract requires always, the optional ones only when set.
type (
	decisionLine struct {
		Type      Type            `json:"type"`
		At        MS              `json:"at_ms"`
		Discard   SeatTile        `json:"discard"`
		Won       []SeatCall      `json:"won"`
		Lost      []SeatCall      `json:"lost"`
		Overrides int             `json:"overrides,omitempty"`
		Reason    string          `json:"reason"`
		Late      bool            `json:"late,omitempty"`
		Robbing   bool            `json:"robbing,omitempty"`
		Referee   string          `json:"referee,omitempty"`
		Code      engine.RuleCode `json:"code,omitempty"`
	}
	seatLine struct {
		Type   Type            `json:"type"`
		At     MS              `json:"at_ms"`
		Seat   *string         `json:"seat"`
		Call   string          `json:"call"`
		Reason string          `json:"reason"`
		Code   engine.RuleCode `json:"code,omitempty"`
	}
	doraLine struct {
		Type       Type            `json:"type"`
		At         MS              `json:"at_ms"`
		Indicators []string        `json:"indicators"`
		Dora       []string        `json:"dora"`
		Reason     string          `json:"reason,omitempty"`
		Code       engine.RuleCode `json:"code,omitempty"`
	}
	handEndLine struct {
		Type    Type            `json:"type"`
		At      MS              `json:"at_ms"`
		Result  string          `json:"result"`
		Winners []string        `json:"winners"`
		Reason  string          `json:"reason,omitempty"`
		Code    engine.RuleCode `json:"code,omitempty"`
	}
	dealLine struct {
		Type         Type            `json:"type"`
		At           MS              `json:"at_ms"`
		RoundWind    string          `json:"round_wind"`
		Hand         int             `json:"hand"`
		Honba        int             `json:"honba"`
		RiichiSticks int             `json:"riichi_sticks"`
		DealerSeat   int             `json:"dealer_seat"`
		Code         engine.RuleCode `json:"code,omitempty"`
	}
	revisionLine struct {
		Type       Type        `json:"type"`
		At         MS          `json:"at_ms"`
		LateInputs []LateInput `json:"late_inputs"`
		Withdraws  []int       `json:"withdraws"`
		Reason     string      `json:"reason"`
	}
	kongStandsLine struct {
		Type   Type            `json:"type"`
		At     MS              `json:"at_ms"`
		Kong   SeatTile        `json:"kong"`
		Reason string          `json:"reason"`
		Code   engine.RuleCode `json:"code,omitempty"`
	}
)

// MarshalJSON writes the record as its type's line (no newline, no HTML
// escaping, so reasons print as written). A type it does not know is an
// error.
func (r Record) MarshalJSON() ([]byte, error) {
	var v any
	switch r.Type {
	case TypeDecision:
		v = decisionLine{Type: r.Type, At: r.At, Discard: deref(r.Discard), Won: nonNil(r.Won), Lost: nonNil(r.Lost),
			Overrides: r.Overrides, Reason: r.Reason, Late: r.Late, Robbing: r.Robbing, Referee: r.Referee, Code: r.Code}
	case TypeRejected, TypeFlag:
		l := seatLine{Type: r.Type, At: r.At, Call: r.Call, Reason: r.Reason, Code: r.Code}
		if r.Seat != "" {
			l.Seat = &r.Seat
		}
		v = l
	case TypeDora:
		v = doraLine{Type: r.Type, At: r.At, Indicators: nonNil(r.Indicators), Dora: nonNil(r.Dora), Reason: r.Reason, Code: r.Code}
	case TypeHandEnd:
		v = handEndLine{Type: r.Type, At: r.At, Result: r.Result, Winners: nonNil(r.Winners), Reason: r.Reason, Code: r.Code}
	case TypeDeal:
		v = dealLine{Type: r.Type, At: r.At, RoundWind: r.RoundWind, Hand: r.Hand, Honba: r.Honba,
			RiichiSticks: r.RiichiSticks, DealerSeat: r.DealerSeat, Code: r.Code}
	case TypeKongStands:
		v = kongStandsLine{Type: r.Type, At: r.At, Kong: deref(r.Kong), Reason: r.Reason, Code: r.Code}
	case TypeRevision:
		v = revisionLine{Type: r.Type, At: r.At, LateInputs: nonNil(r.LateInputs), Withdraws: nonNil(r.Withdraws), Reason: r.Reason}
	default:
		return nil, fmt.Errorf("outcome: type %q has no JSON form", r.Type)
	}
	return marshal(v)
}

// Decode reads a record's JSON.
func Decode(b []byte) (Record, error) {
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("outcome: %w", err)
	}
	return r, nil
}

func deref(p *SeatTile) SeatTile {
	if p == nil {
		return SeatTile{}
	}
	return *p
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// marshal encodes without HTML escaping and without the newline.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
