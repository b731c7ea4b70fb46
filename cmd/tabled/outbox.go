package main

import (
	"context"
	"encoding/json"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/club"
)

// logOutbox serves the club publisher from the claim log itself, so what
// the broker has not acknowledged survives a restart of the daemon.
type logOutbox struct {
	dir string
	w   *claimlog.Writer
}

// Read implements club.Outbox: the records from seq from on, each as its log line.
func (o logOutbox) Read(from uint64, max int) ([]club.Record, error) {
	var out []club.Record
	err := claimlog.Read(o.dir, claimlog.Filter{FromSeq: from}, func(r claimlog.Record) error {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		out = append(out, club.Record{Seq: r.Seq, Body: b})
		if len(out) >= max {
			return claimlog.ErrStop
		}
		return nil
	})
	return out, err
}

// Wait implements club.Outbox by watching the writer's sequence number.
func (o logOutbox) Wait(ctx context.Context, after uint64) error {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for o.w.LastSeq() <= after {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
	return nil
}
