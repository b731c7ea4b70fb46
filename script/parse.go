package script

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/table"
)

// Script is a parsed scenario.
type Script struct {
	// Profile is the rule profile (header "rules"), with Window replaced by
	// the "window" header if there is one.
	Profile engine.Profile
	// Dealer is the physical seat of East in the first hand (header "dealer").
	Dealer engine.Seat
	// WaitBound is the longest the table holds a decision for an input
	// still on its way (header "wait_bound"; default table.DefaultBound,
	// the configuration's).
	WaitBound time.Duration
	// Start is where the game is picked up (headers "scores", "round",
	// "honba", "sticks"); "points", "game", "aka" and "after_time" change
	// the profile's score figures.
	Start engine.Start
	Steps []Step
}

// Step is one timed line of a script.
type Step struct {
	Line int
	At   time.Duration
	// Wind is the acting seat's wind in the hand when the step runs; it is
	// turned into a physical seat then, since the dealer can change.
	Wind   engine.Wind
	Action engine.Action
	Tile   engine.Tile
	Shown  [2]engine.Tile
	// Dealer is the physical seat named by "newhand dealer N", or NoSeat.
	Dealer engine.Seat
	// Arrives is how long after its stamp the input reaches the table
	// ("arrives +600ms"), from a controller whose watermark is held until
	// then; zero: at once.
	Arrives time.Duration
	// Value is a value's worth; Pao the wind of the seat liable for it
	// (in the hand when the step runs), nil when none.
	Value *payment.Value
	Pao   *engine.Wind
	// Name is a name input's name.
	Name string
	// Hand is a hand input's concealed tiles, the winning tile included
	// (Tile names the winning tile when "win" is given).
	Hand []engine.Tile
}

// Error is a script error at a line: Msg in English, Why the same as a
// refusal of the catalog (nil for an engine's error) that In words in a
// reader's language.
type Error struct {
	Line int
	Msg  string
	Why  *catalog.Refusal
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// In is the error in l's words: the line and why.
func (e *Error) In(l *catalog.Lang) string {
	if e.Why == nil || l.Code() == catalog.Default {
		return e.Error()
	}
	return l.Text("i33.script.line", "line", e.Line, "why", e.Why.In(l))
}

// lineError is refusal why at line n.
func lineError(n int, why *catalog.Refusal) *Error {
	return &Error{Line: n, Msg: why.Error(), Why: why}
}

// refusal is err as a refusal of the catalog: itself, or the English of
// an error that has no code (the engine's).
func refusal(err error) *catalog.Refusal {
	var r *catalog.Refusal
	if errors.As(err, &r) {
		return r
	}
	return catalog.Refuse("i33.parse.as_is", "why", err.Error())
}

// MaxLineLength bounds one line, so a stray binary file is refused quickly.
const MaxLineLength = 4096

// Parse reads a whole script. The first error stops it, naming the line.
func Parse(r io.Reader) (*Script, error) {
	def, err := engine.ProfileByName(engine.DefaultProfile)
	if err != nil {
		return nil, err
	}
	s := &Script{Profile: def, Dealer: 0, WaitBound: table.DefaultBound}
	var (
		score   []header // the score headers, applied to the profile once it is known
		window  time.Duration
		now     time.Duration
		started bool
		sc      = bufio.NewScanner(r)
		lineNo  int
	)
	sc.Buffer(make([]byte, 0, 256), MaxLineLength)
	for sc.Scan() {
		lineNo++
		line := sc.Bytes()
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(string(line))
		if len(f) == 0 {
			continue
		}
		fail := func(err error) (*Script, error) { return nil, lineError(lineNo, refusal(err)) }
		switch f[0] {
		case "points", "scores", "round", "honba", "sticks", "game", "aka", "after_time":
			if started {
				return fail(catalog.Refuse("i33.parse.header_late", "word", catalog.Quoted(f[0])))
			}
			if err := scoreHeader(s, lineNo, f, &score); err != nil {
				return fail(err)
			}
			continue
		case "rules", "window", "dealer", "wait_bound":
			if started {
				return fail(catalog.Refuse("i33.parse.header_late", "word", catalog.Quoted(f[0])))
			}
			if err := setHeader(s, f, &window); err != nil {
				return fail(err)
			}
			continue
		}
		at, err := parseTime(f[0], now)
		if err != nil {
			return fail(err)
		}
		started, now = true, at
		var arrives time.Duration
		if n := len(f); n >= 4 && f[n-2] == "arrives" {
			if arrives, err = parseArrives(f[n-1]); err != nil {
				return fail(err)
			}
			f = f[:n-2]
		}
		st, err := parseAction(f[1:])
		if err != nil {
			return fail(err)
		}
		st.Line, st.At, st.Arrives = lineNo, at, arrives
		s.Steps = append(s.Steps, st)
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, lineError(lineNo+1, catalog.Refuse("i33.parse.too_long", "n", MaxLineLength))
		}
		return nil, fmt.Errorf("script: read: %w", err)
	}
	if window > 0 {
		s.Profile.Window = window
	}
	if err := applyScore(s, score); err != nil {
		return nil, err
	}
	return s, nil
}

// setHeader applies a one-value header line f (rules, window, dealer,
// wait_bound) to s; window is kept apart, for the profile the rules
// header may set later.
func setHeader(s *Script, f []string, window *time.Duration) error {
	if len(f) != 2 {
		return catalog.Refuse("i33.parse.header_one", "word", catalog.Quoted(f[0]), "n", len(f)-1)
	}
	switch f[0] {
	case "rules":
		p, err := engine.ProfileByName(f[1])
		if err != nil {
			return catalog.Refuse("i33.parse.unknown_rules", "word", catalog.Quoted(f[1]), "known", strings.Join(engine.ProfileNames(), ", "))
		}
		s.Profile = p
	case "window":
		d, err := time.ParseDuration(f[1])
		if err != nil || d <= 0 || d > engine.MaxWindow {
			return catalog.Refuse("i33.parse.bad_window", "word", catalog.Quoted(f[1]), "max", engine.MaxWindow)
		}
		*window = d
	case "dealer":
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 || n > 3 {
			return catalog.Refuse("i33.parse.bad_dealer", "word", catalog.Quoted(f[1]))
		}
		s.Dealer = engine.Seat(n)
	case "wait_bound":
		d, err := time.ParseDuration(f[1])
		if err != nil || d <= 0 || d > table.MaxBound {
			return catalog.Refuse("i33.parse.bad_wait_bound", "word", catalog.Quoted(f[1]), "max", table.MaxBound)
		}
		s.WaitBound = d
	}
	return nil
}

// parseArrives reads the delay of "arrives +600ms": after the stamp, at
// most a minute (engine.MaxWindow), and the stamp plus it within the
// table's time.
func parseArrives(tok string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimPrefix(tok, "+"))
	if !strings.HasPrefix(tok, "+") || err != nil || d <= 0 || d > engine.MaxWindow {
		return 0, catalog.Refuse("i33.parse.bad_arrives", "word", catalog.Quoted(tok), "max", engine.MaxWindow)
	}
	return d, nil
}

// parseTime reads "@2s" (absolute) or "+120ms" (after the previous line).
func parseTime(tok string, prev time.Duration) (time.Duration, error) {
	if len(tok) < 2 || (tok[0] != '@' && tok[0] != '+') {
		return 0, catalog.Refuse("i33.parse.not_a_time", "word", catalog.Quoted(tok))
	}
	d, err := time.ParseDuration(tok[1:])
	if err != nil || d < 0 {
		return 0, catalog.Refuse("i33.parse.bad_time", "word", catalog.Quoted(tok))
	}
	if tok[0] == '+' {
		d += prev
		if d < prev {
			return 0, catalog.Refuse("i33.parse.time_overflows", "word", catalog.Quoted(tok))
		}
	}
	if d > engine.MaxStamp {
		return 0, catalog.Refuse("i33.parse.time_past", "word", catalog.Quoted(tok), "max", engine.MaxStamp)
	}
	if d < prev {
		return 0, catalog.Refuse("i33.parse.time_order", "word", catalog.Quoted(tok), "at", d, "prev", prev)
	}
	return d, nil
}

// SeatActions are the actions a seat line takes, as the terminal's help
// lists them.
const SeatActions = "discard, chii, pon, kan, ron, tsumo, riichi, cancel, tenpai, deadhand, value, hand, chombo, name, confirm"

// parseAction reads what follows the time: "S chii 2p 3p", "dora 4m", "newhand dealer 1".
func parseAction(f []string) (Step, error) {
	st := Step{Dealer: engine.NoSeat}
	if len(f) == 0 {
		return st, catalog.Refuse("i33.parse.no_action")
	}
	switch f[0] {
	case "dora", "ura":
		if len(f) != 2 {
			return st, catalog.Refuse("i33.parse.one_tile", "what", f[0])
		}
		t, err := engine.ParseTile(f[1])
		if err != nil {
			return st, catalog.Refuse("i33.parse.indicator", "what", f[0], "why", whyOf(err))
		}
		st.Action, st.Tile = engine.Dora, t
		if f[0] == "ura" {
			st.Action = engine.Ura
		}
		return st, nil
	case "time":
		if len(f) != 1 {
			return st, catalog.Refuse("i33.parse.time_nothing")
		}
		st.Action = engine.Time
		return st, nil
	case "newhand":
		st.Action = engine.NewHand
		switch {
		case len(f) == 1:
		case len(f) == 3 && f[1] == "dealer":
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 0 || n > 3 {
				return st, catalog.Refuse("i33.parse.newhand_dealer", "word", catalog.Quoted(f[2]))
			}
			st.Dealer = engine.Seat(n)
		default:
			return st, catalog.Refuse("i33.parse.newhand_args")
		}
		return st, nil
	}
	w, err := engine.ParseWind(f[0])
	if err != nil {
		return st, catalog.Refuse("i33.parse.not_a_seat", "word", catalog.Quoted(f[0]))
	}
	if len(f) < 2 {
		return st, catalog.Refuse("i33.parse.needs_action", "seat", f[0], "actions", SeatActions)
	}
	a, err := engine.ParseAction(f[1])
	if err != nil || a.TableAction() {
		return st, catalog.Refuse("i33.parse.unknown_action", "word", catalog.Quoted(f[1]), "actions", SeatActions)
	}
	if a == engine.Card {
		return st, catalog.Refuse("i33.parse.card")
	}
	st.Wind, st.Action = w, a
	switch a {
	case engine.Value:
		return parseValue(st, f[2:])
	case engine.Hand:
		return parseHand(st, f[2:])
	case engine.Name:
		st.Name = strings.Join(f[2:], " ")
		if err := engine.CheckName(st.Name); err != nil {
			return st, catalog.Refuse("i33.parse.name", "why", whyOf(err))
		}
		return st, nil
	}
	tiles, err := parseTiles(f[2:])
	if err != nil {
		return st, catalog.Refuse("i33.parse.tiles", "call", a.String(), "why", err)
	}
	maxTiles := map[engine.Action]int{engine.Discard: 1, engine.Kan: 1, engine.Chii: 2, engine.Pon: 2}[a]
	if len(tiles) > maxTiles {
		return st, catalog.Refuse("i33.parse.too_many_tiles", "call", a.String(), "n", maxTiles, "m", len(tiles))
	}
	switch a {
	case engine.Discard, engine.Kan:
		if len(tiles) == 1 {
			st.Tile = tiles[0]
		}
	case engine.Chii, engine.Pon:
		if len(tiles) == 1 {
			return st, catalog.Refuse("i33.parse.shows_two", "call", a.String())
		}
		copy(st.Shown[:], tiles)
	}
	return st, nil
}

// parseTiles reads tiles written apart ("2p 3p") or grouped ("23p").
func parseTiles(f []string) ([]engine.Tile, error) {
	var out []engine.Tile
	for _, tok := range f {
		if len(tok) < 2 {
			return nil, catalog.Refuse("i33.parse.short_tile", "word", catalog.Quoted(tok))
		}
		suit := tok[len(tok)-1]
		for i := 0; i < len(tok)-1; i++ {
			t, err := engine.ParseTile(string([]byte{tok[i], suit}))
			if err != nil {
				return nil, catalog.Refuse("i33.parse.not_a_tile", "word", catalog.Quoted(tok))
			}
			out = append(out, t)
			if len(out) > 2 {
				return nil, catalog.Refuse("i33.parse.too_many")
			}
		}
	}
	return out, nil
}

// ErrHelp is ParseCommand's answer to "help" (or "?"): the terminal shows
// its help (package terminal, from the catalog).
var ErrHelp = errors.New("script: help")

// ParseCommand reads one untimed command, as typed at a simulated table:
// "S pon", "E discard 3p", "dora 4m", "newhand dealer 1", in any case
// ("e pon", "DORA 4M"). "help" and "?" are ErrHelp.
func ParseCommand(line string) (Step, error) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)
	for i := range f {
		if i < 2 || len(f) < 2 || strings.ToLower(f[1]) != "name" {
			f[i] = strings.ToLower(f[i]) // a name keeps its case
		}
	}
	if len(f) == 1 && (f[0] == "help" || f[0] == "?") {
		return Step{}, ErrHelp
	}
	if len(f) > 0 && len(f[0]) == 1 {
		f[0] = strings.ToUpper(f[0]) // a seat wind is a capital letter
	}
	return parseAction(f)
}
