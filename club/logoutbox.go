package club

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/table"
)

// LogOutbox is the Outbox of a table with a claim log: the publisher
// reads the log itself, so what the broker has not acknowledged survives
// a restart of the daemon, and no second queue can disagree with it.
type LogOutbox struct {
	w *claimlog.Writer
	// index finds records by sequence number without reading the log
	// through: a read costs what it returns (a file re-read per batch made
	// a replay of the whole log cost its square).
	index *claimlog.Index
	// fed says when the table has journaled more (nil: Wait only ends
	// with its context).
	fed *Appended
}

// NewLogOutbox is the outbox of the claim log in dir that w writes; fed
// (nil: none) wakes Wait when the table journals more.
func NewLogOutbox(dir string, w *claimlog.Writer, fed *Appended) LogOutbox {
	return LogOutbox{w: w, index: claimlog.NewIndex(dir), fed: fed}
}

// Read implements Outbox: up to max records from seq from on, each as
// its log line. Only records the writer has finished appending are read: a
// batch being written is not published before it is whole.
func (o LogOutbox) Read(from uint64, max int) ([]Record, error) {
	recs, _, err := o.index.Page(claimlog.Filter{FromSeq: from}, max)
	if err != nil {
		return nil, err
	}
	last := o.w.LastSeq()
	out := make([]Record, 0, len(recs))
	for _, r := range recs {
		if r.Seq > last {
			break
		}
		b, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		out = append(out, Record{Seq: r.Seq, Body: b})
	}
	return out, nil
}

// Wait implements Outbox: it returns once the log holds a record
// after after, woken by the table's journal rather than by polling.
func (o LogOutbox) Wait(ctx context.Context, after uint64) error {
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

// Appended is a broadcast of "the journal took entries", which wakes a
// LogOutbox's Wait: next's channel is closed at the next append.
type Appended struct {
	mu sync.Mutex
	c  chan struct{}
}

// NewAppended is a broadcast no append has been announced on yet.
func NewAppended() *Appended { return &Appended{c: make(chan struct{})} }

// next is closed when entries are next journaled.
func (a *Appended) next() <-chan struct{} {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.c
}

// Journal wraps j so that every append is announced (one that fails too:
// a waiter checks the log itself).
func (a *Appended) Journal(j table.Journal) table.Journal { return feedJournal{j, a} }

type feedJournal struct {
	j table.Journal
	a *Appended
}

// Append implements table.Journal.
func (f feedJournal) Append(es []table.Entry) error {
	err := f.j.Append(es)
	f.a.Announce()
	return err
}

// Announce wakes every Wait of the outboxes a fed: Journal calls it after
// each append; a writer appending to the log otherwise calls it itself.
func (a *Appended) Announce() {
	a.mu.Lock()
	close(a.c)
	a.c = make(chan struct{})
	a.mu.Unlock()
}
