package club

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tabled/tabled/engine"
)

// RoundTable is what a TableRound needs of the table: its clock, its
// state and the input path every source takes (journaled with fsync before
// it takes effect).
type RoundTable interface {
	Now() time.Duration
	State() engine.State
	Submit(ctx context.Context, ev engine.Event) (uint64, error)
}

// TableRound is the table's side of a tournament round, which a
// Publisher's OnRound and Have serve: it logs each new
// Round the console sends as an input (who sits where, the round's clock),
// counts the round's time down on the table's own monotonic clock from
// the moment it took the message, and logs the time signal when it runs
// out (or when a Round says the time is over), which the engine applies by
// the rule book's time rule. A restarted table goes on from what its log
// holds until the console answers its ask.
type TableRound struct {
	t    RoundTable
	logf func(string, ...any)

	mu sync.Mutex
	// have is the Sent number of the newest Round logged; round its
	// tournament and number.
	have  uint64
	round string
	// clock: state as sent, left the time remaining at the stamp at (the
	// table's time the Round was logged); afterTime the round's hands after
	// the signal (-1: the profile's); signalled once the time input is in.
	state     string
	left      time.Duration
	at        time.Duration
	afterTime int
	signalled bool
	wake      chan struct{}
}

// NewTableRound picks up the round the table's log holds, if any; logf
// says a time signal the table refused.
func NewTableRound(t RoundTable, logf func(string, ...any)) *TableRound {
	tr := &TableRound{t: t, logf: logf, wake: make(chan struct{}, 1), afterTime: -1}
	st := t.State()
	if s := st.Seating; s != nil {
		tr.have, tr.round = s.Sent, roundKey(s.Tournament, s.Round)
		tr.state, tr.left, tr.at, tr.afterTime = s.ClockState, time.Duration(s.RemainingMS)*time.Millisecond, st.SeatingAt, s.AfterTime
		tr.signalled = st.TimeUp || st.GameOver
	}
	return tr
}

func roundKey(tournament string, round int) string { return fmt.Sprintf("%q/%d", tournament, round) }

// Have is the Sent number of the newest Round the table logged.
func (tr *TableRound) Have() uint64 {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.have
}

// Take logs a Round the console sent, unless the table has it already (the
// same Sent, or an older one sent again), and sets the clock by it.
func (tr *TableRound) Take(r Round) {
	tr.mu.Lock()
	old := r.Sent <= tr.have
	tr.mu.Unlock()
	if old {
		return
	}
	s := r.Seating()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	at := tr.t.Now()
	if _, err := tr.t.Submit(ctx, engine.Event{At: at, Seat: engine.NoSeat, Action: engine.Round, Source: engine.SourceClub, Seating: &s}); err != nil {
		tr.logf("tabled: round %d of %q not logged: %v", r.Round, r.Tournament, err)
		return
	}
	tr.mu.Lock()
	key := roundKey(r.Tournament, r.Round)
	if key != tr.round {
		tr.signalled = false // a new round: its own clock
	}
	tr.have, tr.round = r.Sent, key
	tr.state, tr.left, tr.at, tr.afterTime = r.Clock.State, time.Duration(r.Clock.RemainingMS)*time.Millisecond, at, r.AfterTime
	tr.mu.Unlock()
	select {
	case tr.wake <- struct{}{}:
	default:
	}
}

// Clock is the round's clock now: the time left (never below zero), its
// state ("waiting", "running", "paused", "over"), false when the table
// has no round.
func (tr *TableRound) Clock() (left time.Duration, state string, ok bool) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.clockAt(tr.t.Now())
}

func (tr *TableRound) clockAt(now time.Duration) (time.Duration, string, bool) {
	if tr.round == "" {
		return 0, "", false
	}
	left, state := tr.left, tr.state
	if state == "running" {
		left -= now - tr.at
	}
	if left <= 0 && (state == "running" || state == "over") {
		left, state = 0, "over"
	}
	return left, state, true
}

// due is how long until the round's time is up, and whether the signal
// is still to be logged; ok false: no running clock.
func (tr *TableRound) due() (wait time.Duration, ok bool) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if tr.signalled {
		return 0, false
	}
	left, state, has := tr.clockAt(tr.t.Now())
	switch {
	case !has:
		return 0, false
	case state == "over":
		return 0, true
	case state == "running":
		return left, true
	}
	return 0, false
}

// Run counts the round down and logs the time signal at zero.
func (tr *TableRound) Run(ctx context.Context) error {
	for {
		wait, ok := tr.due()
		if ok && wait <= 0 {
			tr.signal(ctx)
			continue
		}
		var fire <-chan time.Time
		timer := time.NewTimer(wait)
		if ok {
			fire = timer.C
		}
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil
		case <-tr.wake:
		case <-fire:
		}
		timer.Stop()
	}
}

// signal logs the time input: the round's time is up now.
func (tr *TableRound) signal(ctx context.Context) {
	tr.mu.Lock()
	after := tr.afterTime
	tr.mu.Unlock()
	ev := engine.Event{At: tr.t.Now(), Seat: engine.NoSeat, Action: engine.Time, Source: engine.SourceClub}
	if after >= 0 {
		ev.AfterTime = &after
	}
	if _, err := tr.t.Submit(ctx, ev); err != nil {
		if ctx.Err() == nil {
			tr.logf("tabled: the round's time signal not logged: %v", err)
		}
		// Stopping, or the table refused it: not again in a loop; a
		// restart logs it from what the log holds.
	}
	tr.mu.Lock()
	tr.signalled = true
	tr.mu.Unlock()
}
