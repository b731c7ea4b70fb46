package engine

import (
	"fmt"
	"sort"
	"time"
)

// Profile holds every rule parameter on which editions of the EMA rules
// differ. Profiles are data: the arbitration code reads these fields and has
// no edition-specific branches of its own.
type Profile struct {
	// Name is how the profile is chosen in a config or a script ("ema2016").
	Name string
	// Edition is a human title for displays and logs.
	Edition string
	// Window is the simultaneity window: claims stamped within Window of the
	// first claim on a tile are simultaneous, and the decision is made when
	// it closes.
	Window time.Duration
	// HeadBump: when several seats call ron on one tile, only the seat
	// closest to the discarder in turn order wins (2016). When false, every
	// ron wins (2008).
	HeadBump bool
	// PonBeatsChiiSimultaneous: a pon or kan in the same window as a chii
	// beats it (2016: "if the calls are simultaneous ... pung or kong take
	// precedence").
	PonBeatsChiiSimultaneous bool
	// PonBeatsChiiWithin: a pon or kan made within this time of the discard
	// beats a chii, even a chii already decided (2008: "within three
	// seconds"). Zero disables the rule.
	PonBeatsChiiWithin time.Duration
	// CallDeadline: a chii, pon or kan later than this after the discard is
	// still decided but flagged late for the referee. A kan by the seat
	// whose turn is next, after the deadline, is its own-turn kong.
	CallDeadline time.Duration
	// RonChangeable: whether a ron claim may be changed or withdrawn. Both
	// editions say no: an empty ron call is a dead hand, for the referee.
	RonChangeable bool
	// KanDoraImmediate: the kan dora indicator is revealed as soon as a kong
	// is made, for every kind of kong (EMA), rather than after the discard.
	KanDoraImmediate bool
	// ConcealedKongRobbable: robbing a concealed kong is allowed only for
	// Thirteen Orphans, which the table cannot see: such a ron is accepted
	// and flagged for the referee.
	ConcealedKongRobbable bool
	// MinWallForRiichi is the fewest live tiles left that still allow a
	// riichi declaration.
	MinWallForRiichi int
}

// EMA2016 is the EMA Riichi Competition Rules, 2016 edition: head bump, pon
// beats a simultaneous chii.
var EMA2016 = Profile{
	Name:                     "ema2016",
	Edition:                  "EMA Riichi Competition Rules 2016",
	Window:                   250 * time.Millisecond,
	HeadBump:                 true,
	PonBeatsChiiSimultaneous: true,
	CallDeadline:             3 * time.Second,
	KanDoraImmediate:         true,
	ConcealedKongRobbable:    true,
	MinWallForRiichi:         4,
}

// EMA2008 is the EMA Riichi Competition Rules, 2008 edition: several rons
// all win; a pon or kan within three seconds of the discard beats a chii.
var EMA2008 = Profile{
	Name:               "ema2008",
	Edition:            "EMA Riichi Competition Rules 2008",
	Window:             250 * time.Millisecond,
	HeadBump:           false,
	PonBeatsChiiWithin: 3 * time.Second,
	CallDeadline:       3 * time.Second,
	KanDoraImmediate:   true,
	// The 2008 text also allows robbing a concealed kong for Thirteen Orphans only.
	ConcealedKongRobbable: true,
	MinWallForRiichi:      4,
}

// profiles is the registry ProfileByName reads.
var profiles = map[string]Profile{EMA2016.Name: EMA2016, EMA2008.Name: EMA2008}

// DefaultProfile is the profile used when none is configured.
const DefaultProfile = "ema2016"

// ProfileByName returns the named profile.
func ProfileByName(name string) (Profile, error) {
	p, ok := profiles[name]
	if !ok {
		return Profile{}, fmt.Errorf("engine: unknown rule profile %q (known: %v)", name, ProfileNames())
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
	case p.PonBeatsChiiWithin < 0 || p.PonBeatsChiiWithin > MaxWindow:
		return fmt.Errorf("engine: profile %s: pon-over-chii time must be 0..%v", p.Name, MaxWindow)
	}
	return nil
}
