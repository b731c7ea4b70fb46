package web

import (
	"context"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/pairing"
	"github.com/tabled/tabled/table"
)

// PairingRenewal follows a table and draws a new pairing code at each
// game's end, so the next game's players pair afresh: the code's rule,
// kept beside the page that asks for the code rather than inside a
// display's callback. The panels learn the new code by Code.Watch.
type PairingRenewal struct {
	Code *pairing.Code
	// Logf says a renewal that failed (the old code stays).
	Logf func(format string, a ...any)
}

// Run follows t until ctx ends or t stops. A subscription the table cut
// off for falling behind is taken up again from the last entry seen, so
// no game's end is missed while the table's backlog reaches back to it.
func (r PairingRenewal) Run(ctx context.Context, t *table.Table) error {
	sub := t.Subscribe()
	last := sub.From
	defer func() { sub.Close() }()
	for {
		select {
		case <-ctx.Done():
			return nil
		case u, ok := <-sub.C():
			if ok {
				last = r.take(last, u.Entries)
				continue
			}
			if !sub.Dropped() {
				return nil // the table stopped
			}
			var missed []table.Entry
			sub, missed, _ = t.SubscribeAfter(last)
			last = r.take(last, missed)
		}
	}
}

// take renews the code if es hold a game's end, and returns the latest
// sequence number seen.
func (r PairingRenewal) take(last uint64, es []table.Entry) uint64 {
	for _, e := range es {
		last = max(last, e.Seq)
		if e.Outcome != nil && e.Outcome.Kind == engine.KindGameEnd {
			if err := r.Code.Renew(); err != nil && r.Logf != nil {
				r.Logf("tabled: %v", err)
			}
		}
	}
	return last
}
