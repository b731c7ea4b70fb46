package engine

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
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
	// KuikaeAllowed: swap-calling is not in the book, so a discard right
	// after a call is never flagged (the RCR 2008/2012). False flags it
	// (WRC 2015, RCR 2016 3.3.2), as every profile did before the field.
	KuikaeAllowed bool `json:"kuikae_allowed,omitempty"`
	// ExtendedKong is when an extended kong's kan dora and replacement
	// tile come, and so how long the kong may be robbed. Its zero value is
	// what every profile did before the field (a session note without it
	// replays as it was decided).
	ExtendedKong KongTiming `json:"extended_kong,omitempty"`
	// ClaimChecks are the checks of the rules' edges that every book has:
	// a chii or pon whose tiles cannot make the group is refused; a call
	// after the next seat drew past the call deadline is refused; the seat
	// that drew cannot then claim the discard before; a ron in time after a
	// too-fast tsumo voids it; a put-back names all it voids; a kan dora
	// read for a kong that never happened is withdrawn with a line. False
	// in session notes written before them, which replay as decided.
	ClaimChecks bool `json:"claim_checks,omitempty"`
	// Hand holds the rules a winner's hand is scored by (yaku and their
	// han, fu, limits), as Score holds the payments; nil scores no hand
	// (a session note written before hands were scored replays as it was
	// decided: a hand input is refused, a dora read is never an ura).
	Hand *scorer.Rules `json:"hand,omitempty"`
}

// KongTiming is when an extended (small melded) kong reveals its kan dora
// and takes its replacement tile.
type KongTiming uint8

// The timings of an extended kong.
const (
	// KongReadRefused: after the time to rob the kong, and a kan dora
	// read within that time is refused. The behaviour of logs written
	// before the other timings existed; no book says it (a table cannot
	// un-flip a tile).
	KongReadRefused KongTiming = iota
	// KongAfterRobbing: WRC 2015 5.4.7, "allow a reasonable time for other
	// players' winning declarations, and then reveal a kan dora indicator
	// and take a replacement tile". The kan dora is due when the robbing
	// time (the call deadline) is over; a read within it is accepted and
	// withdrawn if a ron robs the kong; a tsumo or a kong on a
	// replacement taken within it is void if a ron robs the kong in time.
	KongAfterRobbing
	// KongAtOnce: RCR 2016 3.3.6, "place the fourth tile by the rotated
	// tile of the pung and then reveal a kan dora and take a replacement
	// tile. The tile used to extend the pung counts as a discard". The kan
	// dora is due with the kong (withdrawn if a ron robs it); the kong
	// may be robbed like a discard is won on, until the declarer's next
	// discard, except after a tsumo on the replacement.
	KongAtOnce
	kongTimings
)

var kongTimingNames = [...]string{"read_refused", "after_robbing", "at_once"}

// String names the timing.
func (k KongTiming) String() string {
	if k < kongTimings {
		return kongTimingNames[k]
	}
	return fmt.Sprintf("kong_timing(%d)", uint8(k))
}

// MarshalText spells the timing.
func (k KongTiming) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText parses a timing's name.
func (k *KongTiming) UnmarshalText(b []byte) error {
	for i, n := range kongTimingNames {
		if n == string(b) {
			*k = KongTiming(i)
			return nil
		}
	}
	return fmt.Errorf("engine: unknown extended kong timing %q (want %v)", b, kongTimingNames)
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
	// InTime: the rank holds only for a call within the call deadline (the
	// RCR 2016: a pon or kan "claimed in time"); a later call takes the
	// next step listing it.
	InTime bool `json:"in_time,omitempty"`
	// OverDecided: a call of this rank also beats a call of a lower rank
	// that was already decided on the same tile (the decision is
	// overridden). Without it the first decision stands.
	OverDecided bool `json:"over_decided,omitempty"`
	// Why is the rule by which a call of this rank beats a lower one that
	// was not called within one window of it (CodePonOverChii); zero: the
	// words of Within (CodeCallWithin) or of simultaneity (CodeCallOverChii).
	Why RuleCode `json:"why,omitempty"`
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

// WRC2015 is the World Riichi Championship rules 2015 (5.4.1, 5.4.7): the
// first call wins, simultaneous calls go to pon or kan, head bump, and an
// extended kong's kan dora after the time to rob it. Before the RCR 2016
// correction this was the profile named ema2016.
var WRC2015 = Profile{
	Name:    "wrc2015",
	Edition: "World Riichi Championship rules 2015",
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
	ExtendedKong:          KongAfterRobbing,
	ClaimChecks:           true,
	Score:                 &payment.WRC2015,
	Hand:                  &scorer.WRC2015,
}

// EMA2016 is the EMA Riichi Competition Rules 2016 (3.3.1, 3.3.6): "Claiming
// a tile for kong or pung takes precedence over a claim for chow" whatever
// came first, while the pon or kan is in time (even over a decided chii);
// "It is possible for several players to win on the same discard"; an
// extended kong reveals its kan dora at once; swap-calling is forbidden
// (3.3.2).
var EMA2016 = Profile{
	Name:    "ema2016",
	Edition: "EMA Riichi Competition Rules 2016",
	Window:  250 * time.Millisecond,
	Precedence: []Step{
		{Calls: []Action{Ron}, OverDecided: true, Order: Closest},
		{Calls: []Action{Pon, Kan}, InTime: true, OverDecided: true, Why: CodePonOverChii, Order: FirstCall},
		{Calls: []Action{Chii, Pon, Kan}, Order: FirstCall},
	},
	HeadBump:              false,
	CallDeadline:          3 * time.Second,
	ConcealedKongRobbable: true,
	MinWallForRiichi:      4,
	ExtendedKong:          KongAtOnce,
	ClaimChecks:           true,
	Score:                 &payment.RCR2016,
	Hand:                  &scorer.RCR2016,
}

// EMA2008 is the EMA Riichi Competition Rules 2008 (the 2012 edition has
// the same text): several rons all win; a pon or kan within three seconds
// of the discard beats a chii, even one already decided (3.3.1);
// swap-calling is not in the text, so it is not flagged; an extended
// kong's kan dora as the RCR 2016 has it, for want of another text.
var EMA2008 = Profile{
	Name:    "ema2008",
	Edition: "EMA Riichi Competition Rules 2008/2012",
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
	KuikaeAllowed:         true,
	ExtendedKong:          KongAtOnce,
	ClaimChecks:           true,
	Score:                 &payment.RCR2008,
	Hand:                  &scorer.RCR2008,
}

// profiles is the registry ProfileByName reads.
var profiles = map[string]Profile{WRC2015.Name: WRC2015, EMA2016.Name: EMA2016, EMA2008.Name: EMA2008}

// recorded is what a profile name meant in a session note that names its
// rules without recording the profile (logs older than the profile
// field): ema2016 was then the WRC 2015 precedence, and no profile had
// the fields added since.
var recorded = map[string]Profile{
	"ema2016": {
		Name: "ema2016", Edition: "EMA Riichi Competition Rules 2016", Window: WRC2015.Window,
		Precedence: WRC2015.Precedence, HeadBump: true, CallDeadline: WRC2015.CallDeadline,
		ConcealedKongRobbable: true, MinWallForRiichi: 4,
	},
	"ema2008": {
		Name: "ema2008", Edition: "EMA Riichi Competition Rules 2008", Window: EMA2008.Window,
		Precedence: EMA2008.Precedence, CallDeadline: EMA2008.CallDeadline,
		ConcealedKongRobbable: true, MinWallForRiichi: 4,
	},
}

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
	return p.clone(), nil
}

// RecordedProfile is the profile a session note meant by name when it did
// not record the profile itself: the name as the code of that time read it
// (ema2016 then ruled by the WRC 2015 precedence). A name that meant
// nothing then means what ProfileByName says.
func RecordedProfile(name string) (Profile, error) {
	if p, ok := recorded[name]; ok {
		return p.clone(), nil
	}
	return ProfileByName(name)
}

// clone is a copy of its own, so that a caller's change never reaches a
// registry.
func (p Profile) clone() Profile {
	if p.Score != nil {
		r := *p.Score
		p.Score = &r
	}
	if p.Hand != nil {
		r := *p.Hand
		r.Yaku = append([]scorer.YakuRule(nil), r.Yaku...)
		p.Hand = &r
	}
	p.Precedence = append([]Step(nil), p.Precedence...)
	for i := range p.Precedence {
		p.Precedence[i].Calls = append([]Action(nil), p.Precedence[i].Calls...)
	}
	return p
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

// Follows says which book the profile follows, for the start line and
// tabled doctor: "ema2016 follows the EMA Riichi Competition Rules 2016".
func (p Profile) Follows() string {
	if p.Edition == "" {
		return p.Name + " follows no named book"
	}
	return p.Name + " follows the " + p.Edition
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
	case p.ExtendedKong >= kongTimings:
		return fmt.Errorf("engine: profile %s: extended kong timing %v is not one of %v", p.Name, p.ExtendedKong, kongTimingNames)
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
		if s.Why >= codeCount {
			return fmt.Errorf("engine: profile %s: precedence step %d: no rule code %d", p.Name, i+1, s.Why)
		}
	}
	if p.Score != nil {
		if err := p.Score.Validate(); err != nil {
			return fmt.Errorf("engine: profile %s: %w", p.Name, err)
		}
	}
	if p.Hand != nil {
		if err := p.Hand.Validate(); err != nil {
			return fmt.Errorf("engine: profile %s: %w", p.Name, err)
		}
	}
	return nil
}
