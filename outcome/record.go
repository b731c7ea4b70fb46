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
	TypeScore      Type = "score"
	TypeGameEnd    Type = "game_end"
	// TypeSeated: a player's card was laid on a reader: where the
	// tournament round seats the player. TypeConfirmed: a player confirmed
	// the ended game's result at its seat (the console counts them).
	TypeSeated    Type = "seated"
	TypeConfirmed Type = "confirmed"
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
	// Args are what Reason names and Notes the rules said after it in
	// brackets (not in the scenario output; absent in logs written before
	// they were kept), so that a view words the reason in its reader's
	// language (Words.Reason).
	Args  *engine.Args  `json:"args,omitempty"`
	Notes []engine.Note `json:"notes,omitempty"`

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
	// flag, kong_stands; hand_end too, outside the scenario output. For
	// game_end it is why the game ended, a word (engine.End: "south4",
	// "east4", "bust", "time"; absent in logs written before it was kept).
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

	// score (its result above, "chombo" too, and honba): the chombo's
	// offender, the winners' hands, each seat's change in the hand and
	// its points after it, the deposits left on the table.
	Chombo string `json:"chombo,omitempty"`
	Wins   []Win  `json:"wins,omitempty"`
	Deltas ByWind `json:"deltas,omitempty"`
	// Penalty (score and game_end, kept besides the contract): what each
	// seat's result after uma loses at the game's end (a chombo's 20,000),
	// only when some seat has one; the game_end of an older release has
	// none (Compare).
	Penalty ByWind `json:"penalty,omitempty"`
	// score, game_end.
	Scores ByWind `json:"scores,omitempty"`
	Sticks int    `json:"sticks,omitempty"`
	// game_end: every seat's place and result, by physical seat.
	Standings []Standing `json:"standings,omitempty"`

	// seated, confirmed: the player's physical seat (Seat is its wind in
	// the hand), its number in the tournament and its name, from the
	// round's seating (Player 0 and the seat's name when the table has no
	// round).
	PhysicalSeat *int   `json:"physical_seat,omitempty"`
	Player       int    `json:"player,omitempty"`
	Name         string `json:"name,omitempty"`

	// revision: the inputs that arrived late, and the output lines (from
	// 1, as printed) of the published outcomes it withdraws. At is the time
	// the table had decided up to; Reason the table's words.
	LateInputs []LateInput `json:"late_inputs,omitempty"`
	Withdraws  []int       `json:"withdraws,omitempty"`
	// note is a revision's Reason by its code and arguments (WithNote),
	// for its words in a reader's language; the JSON keeps Reason alone.
	note *TableNote
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

// WithNote is r with its Reason's code and arguments (the table's note of
// a revision), which Words.Revision words in its language.
func (r Record) WithNote(n *TableNote) Record {
	r.note = n
	return r
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
	// Args are what Why names (not in the scenario output).
	Args *engine.Args `json:"args,omitempty"`
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
	r := Record{Type: Type(o.Kind.String()), At: MS(o.At), Code: o.Code, Args: o.Args, Notes: o.Notes}
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
	case engine.KindScore:
		scoreOf(&r, o)
	case engine.KindGameEnd:
		gameEndOf(&r, o)
	case engine.KindSeated, engine.KindConfirmed:
		seat := int(o.Seat)
		r.Seat, r.PhysicalSeat, r.Reason = letter(o.Seat, o.Dealer), &seat, o.Reason
		if p := o.Player; p != nil {
			r.Player, r.Name = p.Player, p.Name
		}
	}
	return r
}

func letter(s, dealer engine.Seat) string { return s.Wind(dealer).Letter() }

func seatCalls(cs []engine.Claim, dealer engine.Seat) []SeatCall {
	out := make([]SeatCall, 0, len(cs))
	for _, c := range cs {
		out = append(out, SeatCall{Seat: letter(c.Seat, dealer), Call: c.Call.String(), Late: c.Late, Reason: c.Reason, Code: c.Code, Why: c.Why, Args: c.Args})
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
	r.Code, r.Penalty, r.Args, r.Notes = engine.CodeNone, nil, nil, nil
	if r.Type == TypeHandEnd {
		r.Reason = ""
	}
	r.Won, r.Lost = contractCalls(r.Won), contractCalls(r.Lost)
	if r.Wins != nil {
		ws := make([]Win, len(r.Wins))
		for i, w := range r.Wins {
			w.Hand, w.FuParts = "", nil
			ws[i] = w
		}
		r.Wins = ws
	}
	return r
}

func contractCalls(cs []SeatCall) []SeatCall {
	if cs == nil {
		return nil
	}
	out := make([]SeatCall, len(cs))
	for i, c := range cs {
		c.Code, c.Why, c.Args = engine.CodeNone, "", nil
		out[i] = c
	}
	return out
}

// MarshalJSON writes the record as its type's line, its fields in the
// contract's order: those the contract requires always (a list empty, not
// null), the optional ones only when set, the rule code last (no newline,
// no HTML escaping, so reasons print as written). A type it does not know
// is an error.
func (r Record) MarshalJSON() ([]byte, error) {
	var l line
	l.field("type", r.Type)
	l.field("at_ms", r.At)
	switch r.Type {
	case TypeDecision:
		l.field("discard", deref(r.Discard))
		l.field("won", nonNil(r.Won))
		l.field("lost", nonNil(r.Lost))
		l.optional("overrides", r.Overrides, r.Overrides != 0)
		l.field("reason", r.Reason)
		l.optional("late", r.Late, r.Late)
		l.optional("robbing", r.Robbing, r.Robbing)
		l.optional("referee", r.Referee, r.Referee != "")
	case TypeRejected, TypeFlag:
		var seat *string // null: the table as a whole
		if r.Seat != "" {
			seat = &r.Seat
		}
		l.field("seat", seat)
		l.field("call", r.Call)
		l.field("reason", r.Reason)
	case TypeDora:
		l.field("indicators", nonNil(r.Indicators))
		l.field("dora", nonNil(r.Dora))
		l.optional("reason", r.Reason, r.Reason != "")
	case TypeHandEnd:
		l.field("result", r.Result)
		l.field("winners", nonNil(r.Winners))
		l.optional("reason", r.Reason, r.Reason != "")
	case TypeDeal:
		l.field("round_wind", r.RoundWind)
		l.field("hand", r.Hand)
		l.field("honba", r.Honba)
		l.field("riichi_sticks", r.RiichiSticks)
		l.field("dealer_seat", r.DealerSeat)
	case TypeKongStands:
		l.field("kong", deref(r.Kong))
		l.field("reason", r.Reason)
	case TypeScore:
		l.field("result", r.Result)
		l.optional("chombo", r.Chombo, r.Chombo != "")
		l.field("wins", nonNil(r.Wins))
		l.field("deltas", nonNilMap(r.Deltas))
		l.field("scores", nonNilMap(r.Scores))
		l.field("honba", r.Honba)
		l.field("sticks", r.Sticks)
		l.optional("penalty", r.Penalty, len(r.Penalty) > 0)
	case TypeGameEnd:
		l.field("scores", nonNilMap(r.Scores))
		l.field("sticks", r.Sticks)
		l.field("standings", nonNil(r.Standings))
		l.optional("reason", r.Reason, r.Reason != "")
		l.optional("penalty", r.Penalty, len(r.Penalty) > 0)
	case TypeSeated, TypeConfirmed:
		l.field("seat", r.Seat)
		physical := -1
		if r.PhysicalSeat != nil {
			physical = *r.PhysicalSeat
		}
		l.field("physical_seat", physical)
		l.field("player", r.Player)
		l.field("name", r.Name)
		l.field("reason", r.Reason)
	case TypeRevision:
		l.field("late_inputs", nonNil(r.LateInputs))
		l.field("withdraws", nonNil(r.Withdraws))
		l.field("reason", r.Reason)
	default:
		return nil, fmt.Errorf("outcome: type %q has no JSON form", r.Type)
	}
	l.optional("code", r.Code, r.Code != engine.CodeNone)
	l.optional("args", r.Args, r.Args != nil)
	l.optional("notes", r.Notes, len(r.Notes) > 0)
	return l.end()
}

// line writes a JSON object a field at a time, in the order given.
type line struct {
	b   []byte
	err error
}

// field writes a field.
func (l *line) field(key string, v any) {
	if l.err != nil {
		return
	}
	val, err := marshal(v)
	if err != nil {
		l.err = fmt.Errorf("outcome: %s: %w", key, err)
		return
	}
	if len(l.b) == 0 {
		l.b = append(l.b, '{')
	} else {
		l.b = append(l.b, ',')
	}
	l.b = strconv.AppendQuote(l.b, key)
	l.b = append(append(l.b, ':'), val...)
}

// optional writes a field when it is set.
func (l *line) optional(key string, v any, set bool) {
	if set {
		l.field(key, v)
	}
}

// end closes the object.
func (l *line) end() ([]byte, error) {
	if l.err != nil {
		return nil, l.err
	}
	return append(l.b, '}'), nil
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
