package engine

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/tabled/tabled/payment"
)

// Profile holds every rule parameter on which editions of the EMA rules
// differ. Profiles are data: the arbitration code reads these fields and has
// no edition-specific branches of its own. A profile marshals to JSON
// losslessly (durations in nanoseconds), so a session note can record the
// whole of it and a replay never depends on defaults in the code.
type Profile struct {
	// Name is how the profile is chosen in a config or a script ("ema2016").
	Name string `json:"name"`
	// Edition is a human title for displays and logs.
	Edition string `json:"edition"`
	// Window is the simultaneity window: claims stamped within Window of the
	// first claim on a tile (the boundary included) are simultaneous, and the
	// decision is made when it closes.
	Window time.Duration `json:"window"`
	// Precedence is the order in which calls beat each other, highest
	// first; see Step. Calls of one window are sorted by one key: their
	// step, then the step's order (distance from the discarder and stamp).
	Precedence []Step `json:"precedence"`
	// HeadBump: when several seats call ron on one tile, only the seat
	// closest to the discarder in turn order wins (2016). When false, every
	// ron wins (2008).
	HeadBump bool `json:"head_bump"`
	// CallDeadline: a chii, pon or kan later than this after the discard is
	// still decided but flagged late for the referee; a ron has no deadline
	// (it is valid until the next discard). A kan by the seat whose turn is
	// next, after the deadline, is its own-turn kong; a call within it
	// undoes the next seat's draw. It is also the time others have to rob
	// an extended kong before its kan dora is revealed.
	CallDeadline time.Duration `json:"call_deadline"`
	// RonChangeable: whether a ron claim may be changed into another call
	// or withdrawn. Both editions say no: an empty ron call is a dead hand,
	// for the referee.
	RonChangeable bool `json:"ron_changeable"`
	// ConcealedKongRobbable: a concealed kong may be robbed for Thirteen
	// Orphans (both editions). The table cannot see the hand: a ron on a
	// concealed kong of a terminal, an honour or an unseen tile is accepted
	// and flagged for the referee, one on a suited 2-8 is refused. When
	// false, no concealed kong may be robbed.
	ConcealedKongRobbable bool `json:"concealed_kong_robbable"`
	// MinWallForRiichi is the fewest live tiles left that still allow a
	// riichi declaration.
	MinWallForRiichi int `json:"min_wall_for_riichi"`
	// Score holds the figures a score sheet needs (starting points, uma,
	// payments, ...); nil keeps no score: a profile recorded before the
	// score was kept replays as it was decided, with no score lines.
	Score *payment.Rules `json:"score,omitempty"`
}

// Order is how the calls of one precedence step are ranked.
type Order uint8

// The orders within a step.
const (
	// FirstCall: the earliest stamp wins; at the same stamp, the seat
	// closer to the discarder.
	FirstCall Order = iota
	// Closest: the seat closest to the discarder in turn order wins.
	Closest
)

// String names the order.
func (o Order) String() string { return [...]string{"first_call", "closest"}[o&1] }

// MarshalText spells the order.
func (o Order) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText parses an order's name.
func (o *Order) UnmarshalText(b []byte) error {
	switch string(b) {
	case "first_call":
		*o = FirstCall
	case "closest":
		*o = Closest
	default:
		return fmt.Errorf("engine: unknown precedence order %q (want first_call or closest)", b)
	}
	return nil
}

// Step is one rung of a profile's precedence ladder.
type Step struct {
	// Calls are the calls of this rank.
	Calls []Action `json:"calls"`
	// Within: the rank holds only for a call made within this time of the
	// discard (zero: always); a later call takes the next step listing it.
	Within time.Duration `json:"within,omitempty"`
	// OverDecided: a call of this rank also beats a call of a lower rank
	// that was already decided on the same tile (the decision is
	// overridden). Without it the first decision stands.
	OverDecided bool `json:"over_decided,omitempty"`
	// Order ranks the calls within the step.
	Order Order `json:"order"`
}

// has reports whether the step lists call.
func (s Step) has(call Action) bool {
	for _, c := range s.Calls {
		if c == call {
			return true
		}
	}
	return false
}

// EMA2016 is the EMA Riichi Competition Rules, 2016 edition: head bump, pon
// beats a simultaneous chii, the first decided call stands (5.4.1).
var EMA2016 = Profile{
	Name:    "ema2016",
	Edition: "EMA Riichi Competition Rules 2016",
	Window:  250 * time.Millisecond,
	Precedence: []Step{
		{Calls: []Action{Ron}, OverDecided: true, Order: Closest},
		{Calls: []Action{Pon, Kan}, Order: FirstCall},
		{Calls: []Action{Chii}, Order: FirstCall},
	},
	HeadBump:              true,
	CallDeadline:          3 * time.Second,
	ConcealedKongRobbable: true,
	MinWallForRiichi:      4,
	Score:                 scoreOf("ema2016"),
}

// EMA2008 is the EMA Riichi Competition Rules, 2008 edition: several rons
// all win; a pon or kan within three seconds of the discard beats a chii,
// even one already decided (3.3.1).
var EMA2008 = Profile{
	Name:    "ema2008",
	Edition: "EMA Riichi Competition Rules 2008",
	Window:  250 * time.Millisecond,
	Precedence: []Step{
		{Calls: []Action{Ron}, OverDecided: true, Order: Closest},
		{Calls: []Action{Pon, Kan}, Within: 3 * time.Second, OverDecided: true, Order: FirstCall},
		{Calls: []Action{Chii, Pon, Kan}, Order: FirstCall},
	},
	HeadBump:     false,
	CallDeadline: 3 * time.Second,
	// The 2008 text also allows robbing a concealed kong for Thirteen Orphans only.
	ConcealedKongRobbable: true,
	MinWallForRiichi:      4,
	Score:                 scoreOf("ema2008"),
}

// profiles is the registry ProfileByName reads.
var profiles = map[string]Profile{EMA2016.Name: EMA2016, EMA2008.Name: EMA2008}

// DefaultProfile is the profile used when none is configured.
const DefaultProfile = "ema2016"

// ErrUnknownProfile is the error, under errors.Is, of a profile name no
// profile has.
var ErrUnknownProfile = errors.New("engine: unknown rule profile")

// ProfileByName returns the named profile.
func ProfileByName(name string) (Profile, error) {
	p, ok := profiles[name]
	if !ok {
		return Profile{}, fmt.Errorf("%w %q (known: %v)", ErrUnknownProfile, name, ProfileNames())
	}
	if p.Score == nil {
		p.Score = scoreOf(name) // a profile registered without its figures
	} else {
		r := *p.Score
		p.Score = &r
	}
	// A copy of its own, so that a caller's change never reaches the registry.
	p.Precedence = append([]Step(nil), p.Precedence...)
	for i := range p.Precedence {
		p.Precedence[i].Calls = append([]Action(nil), p.Precedence[i].Calls...)
	}
	return p, nil
}

// ProfileNames lists the known profile names, sorted.
func ProfileNames() []string {
	names := make([]string, 0, len(profiles))
	for n := range profiles {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// MaxWindow bounds every rule duration: a window or deadline longer than a
// minute is a typo, not a rule.
const MaxWindow = time.Minute

// Validate reports a profile that cannot be run.
func (p Profile) Validate() error {
	switch {
	case p.Window <= 0 || p.Window > MaxWindow:
		return fmt.Errorf("engine: profile %s: window must be more than 0 and at most %v, not %v", p.Name, MaxWindow, p.Window)
	case p.CallDeadline <= 0 || p.CallDeadline > MaxWindow:
		return fmt.Errorf("engine: profile %s: call deadline must be more than 0 and at most %v, not %v", p.Name, MaxWindow, p.CallDeadline)
	}
	for _, c := range []Action{Chii, Pon, Kan, Ron} {
		if p.rank(Claim{Call: c, At: MaxStamp}, 0) == len(p.Precedence) {
			return fmt.Errorf("engine: profile %s: precedence has no unconditional step for %s", p.Name, c)
		}
	}
	for i, s := range p.Precedence {
		if s.Within < 0 || s.Within > MaxWindow {
			return fmt.Errorf("engine: profile %s: precedence step %d: within must be 0..%v, not %v", p.Name, i+1, MaxWindow, s.Within)
		}
	}
	if p.Score != nil {
		if err := p.Score.Validate(); err != nil {
			return fmt.Errorf("engine: profile %s: %w", p.Name, err)
		}
	}
	return nil
}
