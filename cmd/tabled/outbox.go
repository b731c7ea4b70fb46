package main

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/table"
)

// logOutbox serves the club publisher from the claim log itself, so what
// the broker has not acknowledged survives a restart of the daemon.
type logOutbox struct {
	dir string
	w   *claimlog.Writer
	// fed says when the table has journaled more (nil: Wait only ends
	// with its context).
	fed *appended
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

// Wait implements club.Outbox: it returns once the log holds a record
// after after, woken by the table's journal rather than by polling.
func (o logOutbox) Wait(ctx context.Context, after uint64) error {
	for {
		var next <-chan struct{}
		if o.fed != nil {
			next = o.fed.next() // before the check, so no append slips between
		}
		if o.w.LastSeq() > after {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-next:
		}
	}
}

// appended is a broadcast of "the journal took entries": next's channel
// is closed at the next append.
type appended struct {
	mu sync.Mutex
	c  chan struct{}
}

func newAppended() *appended { return &appended{c: make(chan struct{})} }

// next is closed when entries are next journaled.
func (a *appended) next() <-chan struct{} {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.c
}

// journal wraps j so that every append that succeeds is announced.
func (a *appended) journal(j table.Journal) table.Journal { return feedJournal{j, a} }

type feedJournal struct {
	j table.Journal
	a *appended
}

// Append implements table.Journal.
func (f feedJournal) Append(es []table.Entry) error {
	err := f.j.Append(es)
	f.a.mu.Lock()
	close(f.a.c)
	f.a.c = make(chan struct{})
	f.a.mu.Unlock()
	return err
}
