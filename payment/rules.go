package payment

import (
	"fmt"
	"strings"
)

// Length is how long a game runs.
type Length uint8

// The game lengths.
const (
	// Hanchan: the East and South rounds; the game ends when the first
	// East would be East again after the South round.
	Hanchan Length = iota
	// Tonpuu: the East round only.
	Tonpuu
	// Open: the game never ends by itself (a club's free play).
	Open
)

var lengthNames = [...]string{"hanchan", "tonpuu", "open"}

// String is the length's name.
func (l Length) String() string {
	if int(l) < len(lengthNames) {
		return lengthNames[l]
	}
	return fmt.Sprintf("length(%d)", uint8(l))
}

// ParseLength parses hanchan, tonpuu or open.
func ParseLength(s string) (Length, error) {
	for i, n := range lengthNames {
		if n == strings.ToLower(s) {
			return Length(i), nil
		}
	}
	return 0, fmt.Errorf("payment: %q is not a game length (want hanchan, tonpuu or open)", s)
}

// MarshalText spells the length.
func (l Length) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText parses a length.
func (l *Length) UnmarshalText(b []byte) error {
	v, err := ParseLength(string(b))
	*l = v
	return err
}

// Rounds is how many rounds (wind rounds of four deals each) the length
// plays; 0 for Open.
func (l Length) Rounds() int { return [...]int{2, 1, 0}[l%3] }

// MaxAfterTime bounds the hands played after the round's time signal.
const MaxAfterTime = 16

// Rules is the score part of a rule profile: every figure a score sheet
// needs. It marshals to JSON losslessly, so a session note records it
// whole and a replay never depends on defaults in the code.
type Rules struct {
	// StartPoints is every seat's points at the start of a game.
	StartPoints int `json:"start_points"`
	// Game is the game's length.
	Game Length `json:"game"`
	// Uma is added to the results of the first to fourth places.
	Uma [4]int `json:"uma"`
	// Oka is the first place's bonus on top of the uma (the return points
	// above the start times four); 0 when none.
	Oka int `json:"oka"`
	// TiesSplit: tied players share the uma (and oka) of the places they
	// take, equally; when false the seat closer to the first East in turn
	// order takes the better place.
	TiesSplit bool `json:"ties_split"`
	// LeftoverToFirst: riichi deposits left on the table at the end go to
	// the first place (split among tied first places); when false they
	// are nobody's.
	LeftoverToFirst bool `json:"leftover_to_first"`
	// BustEnds: the game ends as soon as a seat's points fall below zero;
	// when false play goes on below zero.
	BustEnds bool `json:"bust_ends"`
	// AfterTime is how many hands are played after the one in play when
	// the round's time is up (a tournament's time limit): the game then
	// ends with its standings, before its last round if need be. A
	// tournament may set its own number on the signal.
	AfterTime int `json:"after_time"`
	// Kiriage: 4 han 30 fu and 3 han 60 fu are paid as a mangan.
	Kiriage bool `json:"kiriage"`
	// KazoeYakuman: 13 han or more is a yakuman; when false, a sanbaiman.
	KazoeYakuman bool `json:"kazoe_yakuman"`
	// MaxYakuman is the most yakuman one hand may count (1: a single yakuman).
	MaxYakuman int `json:"max_yakuman"`
	// HonbaRon is what each counter on the table adds to a ron;
	// HonbaTsumo what each counter adds to each payer's share of a tsumo.
	HonbaRon   int `json:"honba_ron"`
	HonbaTsumo int `json:"honba_tsumo"`
	// HonbaEachWinner: with several winners on one discard, each gets the
	// counters; when false only the winner closest to the discarder's
	// right does.
	HonbaEachWinner bool `json:"honba_each_winner"`
	// Riichi is a riichi declaration's deposit.
	Riichi int `json:"riichi"`
	// OwnRiichiBack: with several winners, a winner who declared riichi
	// takes its own deposit back and the others' go to the winner closest
	// to the discarder's right; when false that winner takes them all.
	OwnRiichiBack bool `json:"own_riichi_back"`
	// Noten is the sum the noten players pay the tenpai ones at an
	// exhaustive draw.
	Noten int `json:"noten"`
	// ChomboResult is taken off an offender's result after uma (table
	// points unchanged); ChomboTable, when set, is paid at the table
	// instead, as a reverse limit hand of this basic worth (2000: a
	// reverse mangan, 4000 to East and 2000 to the others, 4000 each when
	// East is the offender).
	ChomboResult int `json:"chombo_result"`
	ChomboTable  int `json:"chombo_table"`
	// PaoShared: a seat liable for a yakuman (it fed the third dragon or
	// fourth wind pung) pays a tsumo alone and half of a ron on another
	// seat's discard, the discarder the other half and the counters.
	PaoShared bool `json:"pao_shared"`
	// Aka is the number of red fives in the set (they are dora).
	Aka int `json:"aka"`
}

// Validate reports figures no game can be played with.
func (r Rules) Validate() error {
	bad := func(format string, a ...any) error { return fmt.Errorf("payment: rules: "+format, a...) }
	switch {
	case r.StartPoints <= 0 || r.StartPoints%100 != 0 || r.StartPoints > 1_000_000:
		return bad("start points must be a positive multiple of 100 up to 1,000,000, not %d", r.StartPoints)
	case r.Game > Open:
		return bad("unknown game length %d", r.Game)
	case r.Uma[0]+r.Uma[1]+r.Uma[2]+r.Uma[3] != 0:
		return bad("the uma %v must add up to 0", r.Uma)
	case r.Oka < 0 || r.Oka%4 != 0:
		return bad("oka must be a non-negative multiple of 4, not %d", r.Oka)
	case r.MaxYakuman < 1 || r.MaxYakuman > MaxYakuman:
		return bad("max yakuman must be 1..%d, not %d", MaxYakuman, r.MaxYakuman)
	case r.HonbaRon < 0 || r.HonbaTsumo < 0 || r.Riichi < 0 || r.Noten < 0 || r.ChomboResult < 0 || r.ChomboTable < 0:
		return bad("counter, riichi, noten and chombo figures cannot be negative")
	case r.Noten%3 != 0 || r.Noten%2 != 0:
		return bad("noten payments %d must split into halves and thirds", r.Noten)
	case r.Aka < 0 || r.Aka > 4:
		return bad("red fives must be 0..4, not %d", r.Aka)
	case r.AfterTime < 0 || r.AfterTime > MaxAfterTime:
		return bad("hands after the time signal must be 0..%d, not %d", MaxAfterTime, r.AfterTime)
	}
	return nil
}
