package table

import "time"

// SourceConfig describes an input source whose inputs may reach the table
// later than the table's own clock says they happened.
type SourceConfig struct {
	// Name is how notes and metrics call the source ("serial /dev/ttyACM0").
	Name string
	// Lag: the source has delivered everything stamped up to now minus Lag
	// (a GPIO button stamped at its first edge and reported once the
	// debouncer has confirmed it). Ignored for an explicit source.
	Lag time.Duration
	// Explicit: the source says itself, with Advance, up to which stamp it
	// has delivered everything (a serial controller: the stamp of its last
	// in-order frame, held while a retransmission is due).
	Explicit bool
	// Need, for an explicit source, is called on the table's goroutine when
	// a decision at at waits for the source's watermark; it must not block.
	// A serial link sends a ping then, so the pong moves the watermark past
	// at within one round trip instead of at the next periodic ping.
	Need func(at time.Duration)
}

// Source is a registered input source: the table decides nothing stamped
// after the watermark of a live source until that watermark has passed it,
// or until Config.Bound has passed; an input later than that is decided at
// its stamp all the same, by a revision.
type Source struct {
	t   *Table
	cfg SourceConfig
	// Guarded by t.srcMu.
	mark  time.Duration
	live  bool
	asked time.Duration
}

// NewSource registers a source. An explicit source starts not live: the
// table does not wait for it until its first Advance.
func (t *Table) NewSource(cfg SourceConfig) *Source {
	s := &Source{t: t, cfg: cfg, live: !cfg.Explicit, asked: -1}
	t.srcMu.Lock()
	t.sources[s] = struct{}{}
	t.srcMu.Unlock()
	return s
}

// Advance says the source has delivered every input stamped at or before
// complete (it never goes back), and whether it is live: while it is not
// (a serial link that is down) the table does not wait for it. It never
// blocks.
func (s *Source) Advance(complete time.Duration, live bool) {
	s.t.srcMu.Lock()
	// An idle loop (nothing held) has nothing to decide: a watermark that
	// moves need not wake it.
	moved := live != s.live || complete > s.mark && s.t.holding
	s.mark = max(s.mark, complete)
	s.live = live
	s.t.srcMu.Unlock()
	if moved {
		select {
		case s.t.moved <- struct{}{}:
		default:
		}
	}
}

// Close unregisters the source: the table no longer waits for it.
func (s *Source) Close() {
	s.t.srcMu.Lock()
	delete(s.t.sources, s)
	s.t.srcMu.Unlock()
	select {
	case s.t.moved <- struct{}{}:
	default:
	}
}

// horizon is the time up to which every live source has delivered
// everything, or now minus the bound if that is later.
func (t *Table) horizon(now time.Duration) time.Duration {
	w := now - t.cfg.Latency
	t.srcMu.Lock()
	for s := range t.sources {
		switch {
		case !s.cfg.Explicit:
			w = min(w, now-s.cfg.Lag)
		case s.live:
			w = min(w, s.mark)
		}
	}
	t.srcMu.Unlock()
	return max(w, now-t.cfg.Bound)
}

// lagFor is how long after at every source without a watermark of its own
// has passed it, and whether an explicit source still has to pass it (it is
// asked to hurry, once per at).
func (t *Table) lagFor(at time.Duration) (lag time.Duration, waiting bool) {
	lag = t.cfg.Latency
	var need []func(time.Duration)
	t.srcMu.Lock()
	for s := range t.sources {
		switch {
		case !s.cfg.Explicit:
			lag = max(lag, s.cfg.Lag)
		case s.live && s.mark < at:
			waiting = true
			if s.cfg.Need != nil && s.asked != at {
				s.asked = at
				need = append(need, s.cfg.Need)
			}
		}
	}
	t.srcMu.Unlock()
	for _, f := range need {
		f(at)
	}
	return lag, waiting
}
