package engine

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tile"
)

// Action is what an input event asks of the table.
type Action uint8

// The actions. Chii, Pon, Kan and Ron are claims on the latest discard (Kan
// and Ron also in one's own turn); Tsumo, Riichi and own-turn Kan are
// declarations; Dora is an NFC read of an indicator; NewHand, Tenpai and
// DeadHand are referee actions. Value enters what a winning hand is worth
// (from the winner's seat, the pairing code or the referee), Chombo is the
// referee's penalty on a seat, Name names the player at a seat. Hand enters
// a winner's concealed tiles, which the engine scores (an alternative to
// Value); Ura is a read of an ura dora indicator after a riichi win, a
// table action like Dora. A Discard read on a winner's reader after the
// win is a tile of its hand (handlay.go), and its Cancel then takes the
// last one back.
const (
	ActNone Action = iota
	Discard
	Chii
	Pon
	Kan
	Ron
	Tsumo
	Riichi
	Cancel
	Dora
	NewHand
	Tenpai
	DeadHand
	Value
	Chombo
	Name
	Hand
	Ura
	// Time: the round's time is up (a tournament's signal), a table
	// action; the game then ends by the profile's time rule (timerule.go).
	Time
	// Round: the tournament's round seats its players (the console's
	// message, taken by the table): the names by seat, East dealing first.
	Round
	// Card: a player's card (an NFC tag not in the tile registry) was laid
	// on a seat's reader (Seat) or the table's (NoSeat): the table says
	// where the round seats its player, and flags a player at another
	// seat. Confirm: the player at a seat confirms the ended game's result.
	Card
	Confirm
	actionCount
)

var actionNames = [...]string{"none", "discard", "chii", "pon", "kan", "ron", "tsumo", "riichi", "cancel", "dora", "newhand", "tenpai", "deadhand", "value", "chombo", "name", "hand", "ura", "time", "round", "card", "confirm"}

// ActionNames are the names of every action, as scripts and logs spell them.
func ActionNames() []string { return append([]string(nil), actionNames[ActNone+1:]...) }

// String is the action's name as scripts and logs spell it.
func (a Action) String() string {
	if a < actionCount {
		return actionNames[a]
	}
	return fmt.Sprintf("action(%d)", uint8(a))
}

// ParseAction parses an action name.
func ParseAction(s string) (Action, error) {
	for i, n := range actionNames {
		if n == s && i != int(ActNone) {
			return Action(i), nil
		}
	}
	return ActNone, fmt.Errorf("engine: unknown action %q", s)
}

// MarshalText spells the action.
func (a Action) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText parses an action name.
func (a *Action) UnmarshalText(b []byte) error {
	v, err := ParseAction(string(b))
	*a = v
	return err
}

// bySeat reports whether the action needs a seat.
func (a Action) bySeat() bool { return !a.TableAction() && a != ActNone && a != Card }

// TableAction reports whether the action is the table's, not a seat's: a
// dora or ura read, a deal, the round's time signal.
func (a Action) TableAction() bool {
	return a == Dora || a == Ura || a == NewHand || a == Time || a == Round
}

// Source is where an input came from, so the log says how precise its stamp is.
type Source uint8

// The sources of input.
const (
	SourceScript Source = iota
	SourceGPIO
	SourceSerial
	SourceNFC
	SourceWeb
	SourceReferee
	// SourceTerminal: a press typed at the simulated table's terminal
	// ("tabled run --sim") that its simulated controller does not carry
	// (those are serial or nfc), stamped when its line was read.
	SourceTerminal
	// SourceClub: the tournament's console through the club's broker (a
	// round's seating, its time signal), stamped when the table took it.
	SourceClub
	sourceCount
)

var sourceNames = [...]string{"script", "gpio", "serial", "nfc", "web", "referee", "terminal", "club"}

// SourceNames are the names of every source.
func SourceNames() []string { return append([]string(nil), sourceNames[:]...) }

// String names the source.
func (s Source) String() string {
	if s < sourceCount {
		return sourceNames[s]
	}
	return fmt.Sprintf("source(%d)", uint8(s))
}

// ParseSource parses a source name.
func ParseSource(s string) (Source, error) {
	for i, n := range sourceNames {
		if n == s {
			return Source(i), nil
		}
	}
	return 0, fmt.Errorf("engine: unknown source %q", s)
}

// MarshalText spells the source.
func (s Source) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText parses a source name.
func (s *Source) UnmarshalText(b []byte) error {
	v, err := ParseSource(string(b))
	*s = v
	return err
}

// Event is one input to the engine: a press, a tile read, a referee action.
type Event struct {
	// At is the stamp on the table's monotonic clock, as a duration since
	// the table started. Events must be applied in non-decreasing At.
	At time.Duration `json:"at"`
	// Seat is the physical seat that acted; NoSeat for dora and newhand.
	Seat Seat `json:"seat"`
	// Action is what was done.
	Action Action `json:"action"`
	// Tile is the discarded tile, the kong's tile, the dora (or ura dora)
	// indicator, or a hand's winning tile, NoTile when not seen.
	Tile Tile `json:"tile,omitempty"`
	// Shown are the tiles a chii or pon shows from the hand, when known;
	// they let the engine flag swap-calling (kuikae).
	Shown [2]Tile `json:"shown,omitempty"`
	// Dealer is the new dealer's seat for NewHand; NoSeat rotates by the result.
	Dealer Seat `json:"dealer,omitempty"`
	// Source is where the input came from.
	Source Source `json:"source"`
	// Uncertainty is the estimated error of At (0 when exact or unknown).
	Uncertainty time.Duration `json:"uncertainty,omitempty"`
	// Device is the controller's own stamp of a serial input (its clock,
	// in microseconds since its boot), kept so the log shows what the
	// controller said as well as where the table put it. The engine never
	// reads it.
	Device uint64 `json:"device,omitempty"`
	// Value is what a Value input says the seat's winning hand is worth.
	Value *HandValue `json:"value,omitempty"`
	// Name is the player's name a Name input gives the seat ("" clears it).
	Name string `json:"name,omitempty"`
	// Hand is a Hand input's concealed tiles, the winning tile included
	// (Tile names it: the drawn tile of a tsumo; after a ron it may be
	// left out, the discard being known).
	Hand []Tile `json:"hand,omitempty"`
	// AfterTime is a Time input's number of hands played after the one in
	// play (the tournament's); nil: the profile's (payment.Rules.AfterTime).
	AfterTime *int `json:"after_time,omitempty"`
	// Seating is a Round input's round: who plays at the table, as the
	// console sent it.
	Seating *Seating `json:"seating,omitempty"`
	// Card is a Card input's UID, lower-case hex.
	Card string `json:"card,omitempty"`
}

// Seating is a tournament round's players at a table, as a Round input
// logs it, so the claim log says who sat where.
type Seating struct {
	Tournament string `json:"tournament"`
	Round      int    `json:"round"`
	// Players are in wind order: East (who deals first), South, West,
	// North; East sits at the game's first dealer's seat.
	Players [4]SeatedPlayer `json:"players"`
	// Sent is the console's number of the message (a message sent again
	// has the same one); AfterTime its hands after the time signal, -1 the
	// profile's.
	Sent      uint64 `json:"sent"`
	AfterTime int    `json:"after_time"`
	// ClockState and RemainingMS are the round's clock as sent ("waiting",
	// "running", "paused", "over"; the time left when it was sent): the
	// table counts down from the input's stamp. The engine never reads
	// them; the time signal is an input of its own (Time).
	ClockState  string `json:"clock_state"`
	RemainingMS int64  `json:"remaining_ms"`
}

// SeatedPlayer is one player of a Seating.
type SeatedPlayer struct {
	// Player is the player's number in the tournament, 1..N.
	Player int    `json:"player"`
	Name   string `json:"name"`
	// Cards are the player's card UIDs (hex).
	Cards []string `json:"cards,omitempty"`
}

// cardUID reports whether c is a card's UID as the table writes it.
func cardUID(c string) bool {
	return c != "" && len(c) <= 20 && strings.Trim(c, "0123456789abcdef") == ""
}

// MaxCards bounds the cards a player has.
const MaxCards = 8

// Check reports a seating the table cannot take, naming the field.
func (s *Seating) Check() error {
	switch {
	case len(s.Tournament) > 100 || !utf8.ValidString(s.Tournament):
		return errors.New("a tournament's name is UTF-8 text of at most 100 bytes")
	case s.Round < 1 || s.Round > 1000:
		return fmt.Errorf("round %d is not 1..1000", s.Round)
	case s.AfterTime < -1 || s.AfterTime > MaxAfterTime:
		return fmt.Errorf("hands after the time signal %d are not -1..%d", s.AfterTime, MaxAfterTime)
	case s.RemainingMS < 0 || s.RemainingMS > int64(MaxStamp/time.Millisecond):
		return fmt.Errorf("remaining_ms %d is out of range", s.RemainingMS)
	}
	switch s.ClockState {
	case "waiting", "running", "paused", "over":
	default:
		return fmt.Errorf("clock state %q is not waiting, running, paused or over", s.ClockState)
	}
	for i, p := range s.Players {
		if p.Player < 1 || p.Player > 100000 {
			return fmt.Errorf("%s's player number %d is not 1..100000", Wind(i), p.Player)
		}
		if err := CheckName(p.Name); err != nil {
			return fmt.Errorf("%s's name: %w", Wind(i), err)
		}
		if len(p.Cards) > MaxCards {
			return fmt.Errorf("%s has %d cards, at most %d", Wind(i), len(p.Cards), MaxCards)
		}
		for _, c := range p.Cards {
			if !cardUID(c) {
				return fmt.Errorf("%s's card %q is not a UID in lower-case hex", Wind(i), c)
			}
		}
	}
	return nil
}

// HandValue is a winning hand's worth as entered at the table, and who is
// liable for it.
type HandValue struct {
	payment.Value
	// Pao is the seat liable for a yakuman (it fed the third dragon pung
	// or fourth wind pung), NoSeat when none.
	Pao Seat `json:"pao"`
	// Hand is the scored hand the value was worked out from, nil for a
	// value entered as han and fu. It is the engine's (the input is the
	// Hand event's tiles), never logged with the value.
	Hand *WonHand `json:"-"`
}

// MaxHandTiles is the most concealed tiles a hand can hold: fourteen,
// the winning tile included (a kong's fourth tile is in its meld).
const MaxHandTiles = 14

// ParseHand reads a hand's concealed tiles as people type them: mpsz
// groups, the winning tile included ("234m 456p 789s 5p 55z"), at least
// one tile and no more than a hand holds. Its errors say what is wrong;
// the caller says where (a script line, a request's field).
func ParseHand(s string) ([]Tile, error) {
	ts, err := tile.ParseHandAtMost(s, MaxHandTiles)
	var ne *tile.NotationError
	if errors.As(err, &ne) {
		return nil, handNotation{ne}
	}
	return ts, err
}

// handNotation is the tile package's NotationError without its prefix:
// ParseHand's caller says where the tiles were written.
type handNotation struct{ *tile.NotationError }

func (h handNotation) Error() string { return h.Reason() }
func (h handNotation) Unwrap() error { return h.NotationError }

// MaxNameLength bounds a player's name, in bytes.
const MaxNameLength = 40

// MaxStamp bounds event stamps (a year of table time), so that no sum of a
// stamp and a rule duration can overflow.
const MaxStamp = 366 * 24 * time.Hour

// Validate reports an event the engine cannot apply at all (a malformed
// input, as opposed to a claim the rules reject).
func (ev Event) Validate() error {
	if ev.Action == ActNone || ev.Action >= actionCount {
		return fmt.Errorf("engine: event at %v: no valid action", ev.At)
	}
	if ev.At < 0 || ev.At > MaxStamp {
		return fmt.Errorf("engine: %s at %v: stamp outside 0..%v", ev.Action, ev.At, MaxStamp)
	}
	if ev.Action.bySeat() && !ev.Seat.Valid() {
		return fmt.Errorf("engine: %s at %v: seat %d is not 0..3", ev.Action, ev.At, ev.Seat)
	}
	if (ev.Action == Dora || ev.Action == Ura) && !ev.Tile.Known() {
		return fmt.Errorf("engine: %s read at %v has no tile", ev.Action, ev.At)
	}
	if (ev.Action == Hand) != (len(ev.Hand) > 0) {
		return fmt.Errorf("engine: %s at %v: concealed tiles come with a hand input and only with it", ev.Action, ev.At)
	}
	if len(ev.Hand) > MaxHandTiles {
		return fmt.Errorf("engine: hand at %v: %d tiles, more than a hand can hold (%d)", ev.At, len(ev.Hand), MaxHandTiles)
	}
	for _, t := range ev.Hand {
		if !t.Known() {
			return fmt.Errorf("engine: hand at %v: every concealed tile must be named", ev.At)
		}
	}
	if ev.Action == NewHand && ev.Dealer != NoSeat && !ev.Dealer.Valid() {
		return fmt.Errorf("engine: newhand at %v: dealer %d is not 0..3", ev.At, ev.Dealer)
	}
	if (ev.Action == Value) != (ev.Value != nil) {
		return fmt.Errorf("engine: %s at %v: a value comes with a value input and only with it", ev.Action, ev.At)
	}
	if ev.Value != nil && ev.Value.Pao != NoSeat && !ev.Value.Pao.Valid() {
		return fmt.Errorf("engine: value at %v: liable seat %d is not 0..3", ev.At, ev.Value.Pao)
	}
	if ev.AfterTime != nil && (ev.Action != Time || *ev.AfterTime < 0 || *ev.AfterTime > MaxAfterTime) {
		return fmt.Errorf("engine: %s at %v: hands after the time signal come with a time input only, 0..%d", ev.Action, ev.At, MaxAfterTime)
	}
	if (ev.Action == Round) != (ev.Seating != nil) {
		return fmt.Errorf("engine: %s at %v: a seating comes with a round input and only with it", ev.Action, ev.At)
	}
	if ev.Seating != nil {
		if err := ev.Seating.Check(); err != nil {
			return fmt.Errorf("engine: round at %v: %w", ev.At, err)
		}
	}
	if (ev.Action == Card) != (ev.Card != "") || (ev.Card != "" && !cardUID(ev.Card)) {
		return fmt.Errorf("engine: %s at %v: a card's UID (1..20 lower-case hex digits) comes with a card input and only with it", ev.Action, ev.At)
	}
	if ev.Action == Card && ev.Seat != NoSeat && !ev.Seat.Valid() {
		return fmt.Errorf("engine: card at %v: reader's seat %d is not 0..3 (or none: the table's reader)", ev.At, ev.Seat)
	}
	if ev.Action != Name && ev.Name != "" {
		return fmt.Errorf("engine: %s at %v: only a name input carries a name", ev.Action, ev.At)
	}
	if err := CheckName(ev.Name); err != nil {
		return fmt.Errorf("engine: name at %v: %w", ev.At, err)
	}
	return nil
}

// CheckName reports a player's name that cannot be shown: too long, not
// UTF-8, or holding control characters.
func CheckName(name string) error {
	switch {
	case len(name) > MaxNameLength:
		return &NameError{Code: NameLong, N: len(name), reason: fmt.Sprintf("a name is at most %d bytes, not %d", MaxNameLength, len(name))}
	case !utf8.ValidString(name):
		return &NameError{Code: NameNotUTF8, reason: "a name must be UTF-8 text"}
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return &NameError{Code: NameControl, Rune: r, reason: fmt.Sprintf("a name cannot hold control characters (%U)", r)}
		}
	}
	return nil
}

// NameError is why CheckName refuses a name, as a code and what it
// names (N its length, Rune the control character), for a view to word
// in its reader's language; Error is its English.
type NameError struct {
	Code   string
	N      int
	Rune   rune
	reason string
}

func (e *NameError) Error() string { return e.reason }

// The codes of a NameError.
const (
	NameLong    = "long"     // N bytes, more than MaxNameLength
	NameNotUTF8 = "not_utf8" // not UTF-8 text
	NameControl = "control"  // holds the control character Rune
)
