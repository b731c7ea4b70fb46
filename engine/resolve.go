package engine

import (
	"slices"
	"time"
)

// This file is the arbiter a referee reads against the rules text: one pure
// function from the claims on a tile and the profile to a verdict. It changes
// nothing; the engine applies the verdict to the hand (claim.go).

// contest is what is decided when a simultaneity window closes, or asked
// when a claim comes after a decision: the claims of the window, and those
// already decided on the same tile.
type contest struct {
	from    Seat          // the discarder (or the kong's seat)
	at      time.Duration // when the tile was discarded (or the kong made)
	pending []Claim       // the window's claims, in stamp order
	decided []Claim       // the standing decision on this tile, if any
}

// verdict is the resolver's answer. Won is empty when the decided claims
// stand and every claim of the window lost.
type verdict struct {
	won []Claim
	// lost are the losers, each with the Code of the rule that beat it:
	// first the window's, then decided claims that lost their decision.
	lost []Claim
	// overrides: the standing decision is replaced (its claims lost, or
	// 2008, a later ron joined them).
	overrides bool
	// joined: the standing ron winners still win, with more beside them.
	joined bool
}

// rank is the precedence step of claim c on a tile discarded at at: the
// first step listing its call whose time limits (Within, InTime) it meets. A call no step
// takes ranks below all (Validate refuses such profiles).
func (p Profile) rank(c Claim, at time.Duration) int {
	for i, s := range p.Precedence {
		if s.has(c.Call) && (s.Within == 0 || c.At-at <= s.Within) && (!s.InTime || c.At-at <= p.CallDeadline) {
			return i
		}
	}
	return len(p.Precedence)
}

// order is how the step ranks its calls among themselves.
func (p Profile) order(rank int) Order {
	if rank < len(p.Precedence) {
		return p.Precedence[rank].Order
	}
	return FirstCall
}

// before is the one sort key: (precedence step, then the step's order of
// distance from the discarder and stamp).
func (c contest) before(p Profile, a, b Claim) bool {
	ra, rb := p.rank(a, c.at), p.rank(b, c.at)
	if ra != rb {
		return ra < rb
	}
	da, db := distance(c.from, a.Seat), distance(c.from, b.Seat)
	if p.order(ra) == Closest {
		if da != db {
			return da < db
		}
		return a.At < b.At
	}
	if a.At != b.At {
		return a.At < b.At
	}
	return da < db
}

// beatCode is the rule by which winner w beats loser l.
func (c contest) beatCode(p Profile, w, l Claim) RuleCode {
	rw, rl := p.rank(w, c.at), p.rank(l, c.at)
	switch {
	case w.Call == Ron && l.Call != Ron:
		return CodeRonBeatsAll
	case w.Call == Ron:
		return CodeHeadBump
	case rw < rl && rw < len(p.Precedence) && p.Precedence[rw].Why != CodeNone && (w.At-l.At > p.Window || l.At-w.At > p.Window):
		// Not called together: the step's own rule, not simultaneity.
		return p.Precedence[rw].Why
	case rw < rl && rw < len(p.Precedence) && p.Precedence[rw].Within > 0:
		return CodeCallWithin
	case rw < rl:
		return CodeCallOverChii
	case p.order(rw) == FirstCall && w.At != l.At, p.order(rw) == Closest && distance(c.from, w.Seat) == distance(c.from, l.Seat):
		return CodeFirstCall
	}
	return CodeCloser
}

// overDecided reports whether claim n beats the decided claim d.
func (c contest) overDecided(p Profile, n, d Claim) bool {
	if n.Call == Ron && d.Call == Ron {
		return p.HeadBump && distance(c.from, n.Seat) < distance(c.from, d.Seat)
	}
	rn, rd := p.rank(n, c.at), p.rank(d, c.at)
	return rn < rd && p.Precedence[rn].OverDecided
}

// resolve decides a contest under profile p.
func resolve(p Profile, c contest) verdict {
	var v verdict
	if len(c.pending) == 0 {
		return v
	}
	cands := slices.Clone(c.pending)
	slices.SortStableFunc(cands, func(a, b Claim) int {
		switch {
		case c.before(p, a, b):
			return -1
		case c.before(p, b, a):
			return 1
		}
		return 0
	})
	top := cands[0]
	won := cands[:1]
	if top.Call == Ron && !p.HeadBump {
		won = nil
		for _, x := range cands {
			if x.Call == Ron {
				won = append(won, x)
			}
		}
	}
	var overridden []Claim
	if len(c.decided) > 0 {
		d := c.decided[0]
		switch {
		case top.Call == Ron && d.Call == Ron && !p.HeadBump:
			// 2008: several players may win on the same discard.
			won = append(slices.Clone(c.decided), won...)
			slices.SortStableFunc(won, func(a, b Claim) int { return distance(c.from, a.Seat) - distance(c.from, b.Seat) })
			v.overrides, v.joined = true, true
		case c.overDecided(p, top, d):
			v.overrides = true
			overridden = c.decided
		default:
			// The decision stands: every claim of the window loses to it.
			for _, x := range cands {
				x.Code = CodeAlreadyDecided
				if x.Call == Ron && d.Call == Ron {
					x.Code = CodeHeadBump
				}
				v.lost = append(v.lost, x)
			}
			return v
		}
	}
	v.won = slices.Clone(won)
	for _, x := range cands {
		if !slices.ContainsFunc(won, func(w Claim) bool { return w.Seat == x.Seat }) {
			x.Code = c.beatCode(p, top, x)
			v.lost = append(v.lost, x)
		}
	}
	for _, x := range overridden {
		x.Code, x.Overridden = c.beatCode(p, top, x), true
		v.lost = append(v.lost, x)
	}
	return v
}
