package table

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabled/tabled/engine"
)

// Config configures a Table.
type Config struct {
	Profile engine.Profile
	// Dealer is the physical seat of East in the first hand.
	Dealer engine.Seat
	// Latency is how long an input is held so that one stamped earlier but
	// delivered later is still applied first. It delays every decision by
	// as much; 20 to 50 ms covers the serial link.
	Latency time.Duration
	// Journal makes entries durable before they are published; nil keeps
	// nothing (tests, scripts).
	Journal Journal
	// FirstSeq is the sequence number of the first entry (the claim log's
	// next number); 0 starts at 1.
	FirstSeq uint64
	// Resume are the journaled inputs and voids of a session to go on with
	// (after a restart or a power cut): the engine is rebuilt from them and
	// the clock goes on after the last one. Profile and Dealer must be that
	// session's.
	Resume []Entry
	// Clock is the table's monotonic clock; nil uses the process's, from
	// the moment New is called.
	Clock func() time.Duration
	// Buffer is each subscriber's queue length (default 256); a subscriber
	// whose queue is full is dropped rather than slowing the table.
	Buffer int
}

// Table is a running table. Create it with New, start Run on one goroutine,
// feed it with Submit and read it with Subscribe or State.
type Table struct {
	cfg   Config
	core  *core
	in    chan engine.Event
	voids chan uint64
	clock func() time.Duration

	// alive is the table clock at the loop's latest turn, for the watchdog.
	alive atomic.Int64

	mu     sync.Mutex
	state  engine.State
	seq    uint64
	subs   map[*Subscription]struct{}
	recent []Entry // the latest outcomes, for a page that joins late
	// backlog is the latest entries of every kind, for a stream that
	// reconnects with the last sequence it saw.
	backlog []Entry
}

// BacklogEntries is how many of the latest entries a reconnecting
// subscriber can resume from without the claim log.
const BacklogEntries = 4096

// RecentOutcomes is how many of the latest outcome entries Recent keeps.
const RecentOutcomes = 50

// New makes a table.
func New(cfg Config) (*Table, error) {
	c, err := newCore(cfg.Profile, cfg.Dealer, cfg.Latency, cfg.Journal, cfg.FirstSeq)
	if err != nil {
		return nil, err
	}
	if cfg.Buffer <= 0 {
		cfg.Buffer = 256
	}
	var offset time.Duration
	if len(cfg.Resume) > 0 {
		if err := c.resume(cfg.Resume); err != nil {
			return nil, err
		}
		// Stamps go on after the session's last, so it stays one timeline.
		offset = cfg.Resume[len(cfg.Resume)-1].At + time.Second
	}
	clock := cfg.Clock
	if clock == nil {
		start := time.Now()
		clock = func() time.Duration { return offset + time.Since(start) }
	}
	return &Table{cfg: cfg, core: c, in: make(chan engine.Event, 1024), voids: make(chan uint64, 16), clock: clock,
		state: c.eng.State(), seq: c.seq, subs: map[*Subscription]struct{}{}}, nil
}

// Now is the table's monotonic time, the stamp for an input taken now.
func (t *Table) Now() time.Duration { return t.clock() }

// ErrBusy is returned by Submit when the input queue is full.
var ErrBusy = errors.New("table: input queue full")

// Submit hands an input to the table. It never blocks: when the queue is
// full it returns ErrBusy, and the caller logs the loss.
func (t *Table) Submit(ev engine.Event) error {
	if err := ev.Validate(); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	select {
	case t.in <- ev:
		return nil
	default:
		return ErrBusy
	}
}

// Void asks the table to take out a mistaken input (a referee action): the
// state is rebuilt from every other input, and the journal says so.
func (t *Table) Void(seq uint64) error {
	select {
	case t.voids <- seq:
		return nil
	default:
		return ErrBusy
	}
}

// State is the state after the latest published step.
func (t *Table) State() engine.State {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.state
}

// Recent returns the latest outcome entries, oldest first, with the
// sequence number of the latest published entry.
func (t *Table) Recent() ([]Entry, uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Entry(nil), t.recent...), t.seq
}

// Seq is the sequence number of the latest published entry.
func (t *Table) Seq() uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.seq
}

// Run owns the engine until ctx is done; then it applies what it holds,
// journals it and returns. A journal error stops the table: nothing may be
// shown that is not durable.
func (t *Table) Run(ctx context.Context) error {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		t.alive.Store(int64(t.clock()))
		// Wake at least once a second, so the watchdog sees the loop turn.
		next := time.Second
		if wake, ok := t.core.wake(); ok {
			next = min(max(wake-t.clock(), 0), next)
		}
		timer.Reset(next)
		now := time.Duration(0)
		select {
		case <-ctx.Done():
			t.drain()
			// Everything held is applied, and every window it opens closed.
			_, err := t.step(t.clock() + t.cfg.Latency + t.cfg.Profile.Window)
			t.closeSubs()
			return err
		case ev := <-t.in:
			t.core.submit(ev)
			t.drain()
		case seq := <-t.voids:
			t.core.voids = append(t.core.voids, seq)
		case <-timer.C:
		}
		now = t.clock()
		if _, err := t.step(now); err != nil {
			t.closeSubs()
			return err
		}
	}
}

// Alive reports whether the loop has turned within d: the watchdog pings
// systemd only while it has, so a stuck engine goroutine gets the daemon restarted.
func (t *Table) Alive(d time.Duration) bool {
	return t.clock()-time.Duration(t.alive.Load()) <= d
}

// drain moves every queued input into the reorder buffer.
func (t *Table) drain() {
	for {
		select {
		case ev := <-t.in:
			t.core.submit(ev)
		default:
			return
		}
	}
}

func (t *Table) step(now time.Duration) ([]Entry, error) {
	entries, err := t.core.step(now)
	if err != nil || len(entries) == 0 {
		return entries, err
	}
	u := Update{Entries: entries, State: t.core.eng.State()}
	t.mu.Lock()
	t.state, t.seq = u.State, entries[len(entries)-1].Seq
	for _, e := range entries {
		if e.Outcome != nil {
			t.recent = append(t.recent, e)
		}
	}
	t.backlog = append(t.backlog, entries...)
	if n := len(t.backlog); n > BacklogEntries {
		t.backlog = append(t.backlog[:0], t.backlog[n-BacklogEntries:]...)
	}
	if n := len(t.recent); n > RecentOutcomes {
		t.recent = append(t.recent[:0], t.recent[n-RecentOutcomes:]...)
	}
	for s := range t.subs {
		select {
		case s.c <- u:
		default:
			// A slow subscriber is cut off; it resumes from the journal.
			s.dropped = true
			close(s.c)
			delete(t.subs, s)
		}
	}
	t.mu.Unlock()
	return entries, nil
}

func (t *Table) closeSubs() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for s := range t.subs {
		close(s.c)
		delete(t.subs, s)
	}
}

// Subscription receives every update after it was made, until it falls
// behind (then C is closed and Dropped reports true) or the table stops.
type Subscription struct {
	t       *Table
	c       chan Update
	dropped bool
	// From is the sequence number of the latest entry published before the
	// subscription began: a reader catches up from the journal to here.
	From uint64
}

// Subscribe starts a subscription.
func (t *Table) Subscribe() *Subscription {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.subscribe()
}

func (t *Table) subscribe() *Subscription {
	s := &Subscription{t: t, c: make(chan Update, t.cfg.Buffer), From: t.seq}
	t.subs[s] = struct{}{}
	return s
}

// SubscribeAfter starts a subscription and returns, atomically with it,
// the entries after seq that were already published. ok is false when the
// backlog no longer reaches back to seq: the caller starts from the state.
func (t *Table) SubscribeAfter(seq uint64) (s *Subscription, missed []Entry, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s = t.subscribe()
	if seq >= t.seq {
		return s, nil, true
	}
	if len(t.backlog) == 0 || t.backlog[0].Seq > seq+1 {
		return s, nil, false
	}
	for _, e := range t.backlog {
		if e.Seq > seq {
			missed = append(missed, e)
		}
	}
	return s, missed, true
}

// C delivers updates; it is closed when the subscription ends.
func (s *Subscription) C() <-chan Update { return s.c }

// Dropped reports whether the table cut the subscription off for falling behind.
func (s *Subscription) Dropped() bool {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	return s.dropped
}

// Close ends the subscription.
func (s *Subscription) Close() {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	if _, ok := s.t.subs[s]; ok {
		delete(s.t.subs, s)
		close(s.c)
	}
}
