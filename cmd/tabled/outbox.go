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
	w *claimlog.Writer
	// index finds records by sequence number without reading the log
	// through: a read costs what it returns (a file re-read per batch made
	// a replay of the whole log cost its square).
	index *claimlog.Index
	// fed says when the table has journaled more (nil: Wait only ends
	// with its context).
	fed *appended
}

func newLogOutbox(dir string, w *claimlog.Writer, fed *appended) logOutbox {
	return logOutbox{w: w, index: claimlog.NewIndex(dir), fed: fed}
}

// Read implements club.Outbox: up to max records from seq from on, each as
// its log line. Only records the writer has finished appending are read: a
// batch being written is not published before it is whole.
func (o logOutbox) Read(from uint64, max int) ([]club.Record, error) {
	recs, _, err := o.index.Page(claimlog.Filter{FromSeq: from}, max)
	if err != nil {
		return nil, err
	}
	last := o.w.LastSeq()
	out := make([]club.Record, 0, len(recs))
	for _, r := range recs {
		if r.Seq > last {
			break
		}
		b, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		out = append(out, club.Record{Seq: r.Seq, Body: b})
	}
	return out, nil
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
	f.a.announce()
	return err
}

// announce wakes everyone waiting on next.
func (a *appended) announce() {
	a.mu.Lock()
	close(a.c)
	a.c = make(chan struct{})
	a.mu.Unlock()
}
