package table

import (
	"context"
	"errors"
	"fmt"
	"github.com/tabled/tabled/catalog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// Config configures a Table.
type Config struct {
	Profile engine.Profile
	// Dealer is the physical seat of East in the first hand.
	Dealer engine.Seat
	// Latency is how far behind the table's clock the inputs it stamps
	// itself on arrival (tablets, the terminal, the referee) may still
	// arrive: their watermark is now minus Latency. A few milliseconds;
	// sources with a watermark of their own (NewSource) are not held by it.
	Latency time.Duration
	// Bound is the longest a decision waits for a source whose watermark
	// lags (a serial controller retransmitting a spoilt frame); an input
	// that arrives later still is decided at its stamp all the same, and
	// what changes is published as a revision (default DefaultBound).
	Bound time.Duration
	// Journal makes entries durable before they are acknowledged or
	// published; nil keeps nothing (tests, scripts).
	Journal Journal
	// FirstSeq is the sequence number of the first entry (the claim log's
	// next number); 0 starts at 1.
	FirstSeq uint64
	// Resume are the journaled entries of a session to go on with (after
	// a restart or a power cut): the table steps through them as a replay
	// does and goes on from there, with the clock after the last one.
	// Profile and Dealer must be that session's. They may begin with a
	// deal entry (Entry.Deal) instead of the session's first: the table
	// begins at that deal, and the entries after it are those the journal
	// holds after it, with, in arrival order before them, the inputs
	// received before it and stamped after its new-hand input.
	Resume []Entry
	// OverwritingRevisions re-decides late inputs as releases before the
	// session note's revising did, for a session they began (Resume): the
	// outcomes a re-decision shows again were written over the list they
	// were read from, so a new outcome before one that stood took its
	// place, and what later revisions withdrew and published followed
	// from that. Its journal replays and goes on as it was decided.
	OverwritingRevisions bool
	// Earlier, for a Resume that begins at a deal, reads the session's
	// entries before that deal entry back from the journal: a late input
	// or a void that reaches before the deal needs them (rarely).
	Earlier func() ([]Entry, error)
	// Session is the sequence number of the note that opened the session,
	// written into each deal entry.
	Session uint64
	// Down is how long the table was down before it resumes (by the wall
	// clock, from the session's last record): the clock goes on that much
	// after the last stamp (at least a second), so that what a controller
	// held meanwhile is stamped between the session's last input and now.
	Down time.Duration
	// Clock is the table's monotonic clock; nil uses the process's, from
	// the moment New is called.
	Clock func() time.Duration
	// Buffer is each subscriber's queue length (default 256); a subscriber
	// whose queue is full is dropped rather than slowing the table.
	Buffer int
	// Lang is the language of the table's words for people, which its
	// views (the terminal, the text panel, the outcome lines) read with
	// Lang; nil is English. The reasons the table journals and publishes
	// stay the catalog's English with their codes and arguments, as the
	// claim log and every JSON contract keep them.
	Lang *catalog.Lang
}

// DefaultBound is how long a decision waits at most for a lagging source.
const DefaultBound = 500 * time.Millisecond

// MaxBound is the longest wait bound that makes sense: a decision held
// longer than that is a table that seems stuck.
const MaxBound = 5 * time.Second

// Table is a running table. Create it with New, start Run on one goroutine,
// feed it with Submit and read it with Subscribe or State.
type Table struct {
	cfg   Config
	core  *core
	in    chan request
	voids chan voidRequest
	notes chan Entry
	// moved is signalled when a source's watermark moves.
	moved chan struct{}
	clock func() time.Duration
	// stopping is set when Run's context ends: Submit refuses from then on.
	stopping atomic.Bool
	// stopped is closed when Run has answered every input it took.
	stopped chan struct{}

	// pokes asks the loop to answer, for the watchdog (Alive).
	pokes chan chan struct{}

	srcMu   sync.Mutex
	sources map[*Source]struct{}
	// holding (guarded by srcMu) says the loop holds an input or a
	// deadline: only then does a watermark that moves wake it.
	holding bool

	mu     sync.Mutex
	state  engine.State
	seq    uint64
	subs   map[*Subscription]struct{}
	recent []Entry // the latest outcomes, for a page that joins late
	// backlog is the latest entries of every kind, for a stream that
	// reconnects with the last sequence it saw.
	backlog []Entry
}

type request struct {
	ev   engine.Event
	done chan result
}

type result struct {
	seq uint64
	// said is why a void was refused, nil when it was taken.
	said *outcome.TableNote
	// at is the voided input's stamp.
	at  time.Duration
	err error
}

type voidRequest struct {
	seq  uint64
	at   time.Duration
	done chan result
}

// BacklogEntries is how many of the latest entries a reconnecting
// subscriber can resume from without the claim log.
const BacklogEntries = 4096

// RecentOutcomes is how many of the latest outcome entries Recent keeps.
const RecentOutcomes = 50

// New makes a table.
func New(cfg Config) (*Table, error) {
	first := cfg.FirstSeq
	if len(cfg.Resume) > 0 {
		first = 0 // the feed numbers as the session did; FirstSeq follows it
	}
	c, err := newCore(cfg.Profile, cfg.Dealer, first)
	if err != nil {
		return nil, err
	}
	if cfg.Latency < 0 || cfg.Bound < 0 {
		return nil, fmt.Errorf("table: input latency %v or bound %v is negative", cfg.Latency, cfg.Bound)
	}
	if cfg.Bound == 0 {
		cfg.Bound = DefaultBound
	}
	if cfg.Buffer <= 0 {
		cfg.Buffer = 256
	}
	c.session, c.overwriting = cfg.Session, cfg.OverwritingRevisions
	var offset time.Duration
	if len(cfg.Resume) > 0 {
		feed := cfg.Resume
		if first := feed[0]; first.Deal != nil {
			if feed, err = c.startAt(first, feed[1:], cfg.Earlier); err != nil {
				// Not at this deal, then: the whole session, as a
				// release that writes no deal entries resumes. Slower,
				// never wrong.
				if c, feed, err = wholeSession(cfg, first, err); err != nil {
					return nil, err
				}
			}
		}
		c.feed(feed, false)
		// Stamps go on after the session's last, so it stays one timeline.
		for _, e := range cfg.Resume {
			offset = max(offset, e.At)
		}
		offset += max(cfg.Down, time.Second)
		if cfg.FirstSeq > 0 {
			c.seq = max(c.seq, cfg.FirstSeq-1)
		}
		// The core keeps what it needs of the journal; the entries (and
		// the outcomes they point to) are not kept alive with the config.
		cfg.Resume = nil
	}
	clock := cfg.Clock
	if clock == nil {
		start := time.Now()
		clock = func() time.Duration { return offset + time.Since(start) }
	}
	return &Table{cfg: cfg, core: c, in: make(chan request, 1024), voids: make(chan voidRequest, 16), notes: make(chan Entry, 64),
		moved: make(chan struct{}, 1), pokes: make(chan chan struct{}), stopped: make(chan struct{}), clock: clock,
		sources: map[*Source]struct{}{}, state: c.eng.State(), seq: c.seq, subs: map[*Subscription]struct{}{}}, nil
}

// wholeSession is a fresh core and what to feed it for cfg.Resume read
// from the session's start, when the resume could not begin at the deal
// entry deal (why): the entries Earlier reads, then deal and those after.
func wholeSession(cfg Config, deal Entry, why error) (*core, []Entry, error) {
	if cfg.Earlier == nil {
		return nil, nil, why
	}
	earlier, err := cfg.Earlier()
	if err != nil {
		return nil, nil, fmt.Errorf("%w; and the session before it: %w", why, err)
	}
	c, err := newCore(cfg.Profile, cfg.Dealer, 0)
	if err != nil {
		return nil, nil, err
	}
	c.session, c.overwriting = cfg.Session, cfg.OverwritingRevisions
	feed := slices.Clip(earlier)
	feed = append(feed, deal)
	for _, e := range cfg.Resume[1:] {
		if e.Seq > deal.Seq {
			feed = append(feed, e)
		}
	}
	return c, feed, nil
}

// Now is the table's monotonic time, the stamp for an input taken now.
func (t *Table) Now() time.Duration { return t.clock() }

// Lang is the language of the table's words for people (Config.Lang).
func (t *Table) Lang() *catalog.Lang {
	if t.cfg.Lang == nil {
		return catalog.English()
	}
	return t.cfg.Lang
}

// ErrBusy is returned by Void and Note when their queue is full.
var ErrBusy = errors.New("table: queue full")

// ErrStopping is returned by Submit once the table has begun to stop: the
// input was not taken (nothing was journaled), so its source may offer it
// again to the next run.
var ErrStopping = errors.New("table: stopping, input not taken")

// Submit hands an input to the table and returns its sequence number once
// it is durable in the journal: only then may the source acknowledge it (a
// serial frame, an HTTP request). Inputs that arrive together share one
// fsync. It blocks while the table's queue is full, until ctx ends; once an
// input is handed over it waits for the answer whatever ctx does, so an
// error always means the input was not journaled.
func (t *Table) Submit(ctx context.Context, ev engine.Event) (uint64, error) {
	if err := ev.Validate(); err != nil {
		return 0, fmt.Errorf("table: %w", err)
	}
	if t.stopping.Load() {
		return 0, ErrStopping
	}
	r := request{ev: ev, done: make(chan result, 1)}
	select {
	case t.in <- r:
	case <-t.stopped:
		return 0, ErrStopping
	case <-ctx.Done():
		return 0, fmt.Errorf("table: input not taken: %w", ctx.Err())
	}
	select {
	case res := <-r.done:
		return res.seq, res.err
	case <-t.stopped:
		// The loop answers every input it took before it stops.
		select {
		case res := <-r.done:
			return res.seq, res.err
		default:
			return 0, ErrStopping
		}
	}
}

// Void takes out a mistaken input (a referee action): the state is rebuilt
// from every other input. It returns once the void is durable in the
// journal, with the void's own sequence number, or why the table refused
// it (no such input, already void) in refused, by its code: a view words
// it in its reader's language (outcome.Words.TableNote).
func (t *Table) Void(ctx context.Context, seq uint64) (voidSeq uint64, refused *outcome.TableNote, err error) {
	res, err := t.void(ctx, seq)
	return res.seq, res.said, err
}

// Correct replaces a mistaken input (a referee's correction of a hand's
// value): seq is voided and ev takes its place, stamped as it was, so
// that everything after it is decided again and the outcomes that change
// are withdrawn and published anew, as for an input that arrived late.
// It returns the void's and the new input's sequence numbers, or why the
// void was refused (then ev is not submitted).
func (t *Table) Correct(ctx context.Context, seq uint64, ev engine.Event) (voidSeq, inputSeq uint64, refused *outcome.TableNote, err error) {
	res, err := t.void(ctx, seq)
	if err != nil || res.said != nil {
		return res.seq, 0, res.said, err
	}
	ev.At = res.at
	inputSeq, err = t.Submit(ctx, ev)
	return res.seq, inputSeq, nil, err
}

func (t *Table) void(ctx context.Context, seq uint64) (result, error) {
	if t.stopping.Load() {
		return result{}, ErrStopping
	}
	r := voidRequest{seq: seq, done: make(chan result, 1)}
	select {
	case t.voids <- r:
	case <-t.stopped:
		return result{}, ErrStopping
	case <-ctx.Done():
		return result{}, fmt.Errorf("table: void not taken: %w", ctx.Err())
	}
	select {
	case res := <-r.done:
		return res, res.err
	case <-t.stopped:
		select {
		case res := <-r.done:
			return res, res.err
		default:
			return result{}, ErrStopping
		}
	}
}

// Note journals a note for the referee (a controller that rebooted, lost
// events, a reader fault): kind names it, text says it in words. It does
// not wait for the journal.
func (t *Table) Note(kind, text string) error {
	select {
	case t.notes <- Entry{At: t.clock(), NoteKind: kind, Note: text}:
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

// Run owns the engine until ctx is done. Each turn it journals the inputs
// that arrived (one fsync), acknowledges them, decides what the sources'
// watermarks allow, journals that and publishes it. When ctx is done it
// refuses new inputs, answers those it took, decides everything it holds
// and returns. A journal error stops the table: nothing may be
// acknowledged or shown that is not durable.
func (t *Table) Run(ctx context.Context) error {
	defer close(t.stopped)
	// One timer, set each turn to when the next thing is due; idle, with
	// nothing held, the loop sleeps until an input or a poke comes.
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	var (
		batch []request
		voids []voidRequest
		notes []Entry
	)
	for {
		var wake <-chan time.Time
		if d, ok := t.sleep(t.clock()); ok {
			timer.Reset(d)
			wake = timer.C
		}
		batch, voids, notes = batch[:0], voids[:0], notes[:0]
		steps := t.core.steps
		stop := false
		select {
		case <-ctx.Done():
			t.stopping.Store(true)
			stop = true
		case r := <-t.in:
			batch = append(batch, r)
		case v := <-t.voids:
			voids = append(voids, v)
		case n := <-t.notes:
			notes = append(notes, n)
		case <-t.moved:
		case p := <-t.pokes:
			close(p)
			continue
		case <-wake:
		}
		batch = t.drain(batch)
		var entries []Entry
		for _, r := range batch {
			entries = append(entries, t.core.receive(r.ev))
		}
		entries, voids = t.voidsAndNotes(entries, voids, notes)
		if stop {
			// Everything held is decided, and every window it opens closed.
			for at, ok := t.core.next(); ok; at, ok = t.core.next() {
				entries = append(entries, t.core.process(at)...)
			}
		} else {
			entries = append(entries, t.core.process(t.horizon(t.clock()))...)
		}
		err := t.commit(entries, t.core.steps != steps)
		for i, r := range batch {
			if err != nil {
				r.done <- result{err: err}
			} else {
				r.done <- result{seq: entries[i].Seq}
			}
		}
		for _, v := range voids {
			if err != nil {
				v.done <- result{err: err}
			} else {
				v.done <- result{seq: v.seq, said: entryOf(entries, v.seq).Said, at: v.at}
			}
		}
		if err != nil || stop {
			t.stopping.Store(true)
			t.closeSubs()
			return err
		}
	}
}

// drain takes every input already queued, so they share one fsync.
func (t *Table) drain(batch []request) []request {
	for {
		select {
		case r := <-t.in:
			batch = append(batch, r)
		default:
			return batch
		}
	}
}

// voidsAndNotes applies the referee's voids and journals the notes that
// came this turn, and any still queued. Each void request's seq becomes
// the sequence number of its void entry, for the answer.
func (t *Table) voidsAndNotes(entries []Entry, voids []voidRequest, notes []Entry) ([]Entry, []voidRequest) {
	for {
		select {
		case v := <-t.voids:
			voids = append(voids, v)
			continue
		case n := <-t.notes:
			notes = append(notes, n)
			continue
		default:
		}
		break
	}
	if len(voids) > 0 {
		// A void is stamped when it comes: the table first decides up to
		// the horizon and moves its time there, even with nothing due
		// (a referee's void a minute after the last press is not stamped
		// with that press's time). Replay does the same at the void's
		// logged time.
		h := t.horizon(t.clock())
		entries = append(entries, t.core.process(h)...)
		entries = t.core.advanceTo(h, entries)
	}
	for i, v := range voids {
		voids[i].at, _ = t.core.inputAt(v.seq)
		es := t.core.voidEntries(v.seq, nil)
		voids[i].seq = es[0].Seq
		entries = append(entries, es...)
	}
	for _, n := range notes {
		t.core.seq++
		n.Seq, n.Hand, n.Dealer = t.core.seq, t.core.hand, t.core.eng.Dealer()
		entries = append(entries, n)
	}
	return entries, voids
}

// entryOf is the entry with sequence number seq.
func entryOf(entries []Entry, seq uint64) Entry {
	for _, e := range entries {
		if e.Seq == seq {
			return e
		}
	}
	return Entry{}
}

// sleep is how long the loop may wait before something is due: the next
// held input or deadline, once every source that has no watermark of its
// own has passed it, or at the bound. A source that says how far it has
// come wakes the loop itself, and is asked to hurry (Need). With nothing
// held, a deal not journaled yet is due once the horizon has passed the
// time it settles at; ok is false when nothing is due at all: the loop
// waits for an input.
func (t *Table) sleep(now time.Duration) (d time.Duration, ok bool) {
	next, ok := t.core.next()
	t.srcMu.Lock()
	t.holding = ok
	t.srcMu.Unlock()
	if !ok {
		if at, settling := t.core.settleAt(); settling {
			return max(at-t.horizon(now), 0), true
		}
		return 0, false
	}
	if next <= t.horizon(now) {
		return 0, true
	}
	at := next + t.cfg.Bound
	lag, waiting := t.lagFor(next)
	if !waiting {
		at = min(at, next+lag)
	}
	return max(at-now, 0), true
}

// commit journals a turn's entries and publishes them with the state; a
// state that changed with no new entry (an input published when it came,
// decided now) is published too.
func (t *Table) commit(entries []Entry, changed bool) error {
	if len(entries) == 0 && !changed {
		return nil
	}
	if t.cfg.Journal != nil && len(entries) > 0 {
		if err := t.cfg.Journal.Append(entries); err != nil {
			return fmt.Errorf("table: journal: %w", err)
		}
	}
	st := t.core.eng.State()
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(entries) > 0 {
		t.seq = entries[len(entries)-1].Seq
	}
	// A deal entry is for a restart: no view shows it.
	if slices.ContainsFunc(entries, func(e Entry) bool { return e.Deal != nil }) {
		entries = slices.DeleteFunc(slices.Clone(entries), func(e Entry) bool { return e.Deal != nil })
	}
	u := Update{Entries: entries, State: st}
	t.state = u.State
	for _, e := range entries {
		if e.Revision != nil && len(e.Revision.Retracted) > 0 {
			// A page that joins later must not show what was withdrawn.
			t.recent = slices.DeleteFunc(t.recent, func(r Entry) bool { return slices.Contains(e.Revision.Retracted, r.Seq) })
		}
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
	return nil
}

// Alive reports whether the loop answers within d (real time): the
// watchdog pings systemd only while it does, so a stuck engine goroutine
// (a hung fsync, a loop that never returns) gets the daemon restarted.
// It asks the loop, so an idle loop need not wake on its own. A stopped
// table is not alive.
func (t *Table) Alive(d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	p := make(chan struct{})
	select {
	case t.pokes <- p:
	case <-t.stopped:
		return false
	case <-timer.C:
		return false
	}
	select {
	case <-p:
		return true
	case <-timer.C:
		return false
	}
}
