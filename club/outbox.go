package club

import (
	"context"
	"sync"
)

// Record is one claim-log record to publish.
type Record struct {
	Seq  uint64
	Body []byte
}

// Outbox is what a table publishes from: its claim log. Read returns up to
// max records with sequence numbers from from on, in order; Wait returns
// when a record after seq exists or ctx is done.
type Outbox interface {
	Read(from uint64, max int) ([]Record, error)
	Wait(ctx context.Context, after uint64) error
}

// MemOutbox is an Outbox in memory, for tests and for a table without a
// log directory.
type MemOutbox struct {
	mu      sync.Mutex
	records []Record
	changed chan struct{}
}

// NewMemOutbox returns an empty outbox.
func NewMemOutbox() *MemOutbox { return &MemOutbox{changed: make(chan struct{})} }

// Append adds a record; sequence numbers must increase.
func (m *MemOutbox) Append(r Record) {
	m.mu.Lock()
	m.records = append(m.records, r)
	close(m.changed)
	m.changed = make(chan struct{})
	m.mu.Unlock()
}

// Read implements Outbox.
func (m *MemOutbox) Read(from uint64, max int) ([]Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Record
	for _, r := range m.records {
		if r.Seq >= from && len(out) < max {
			out = append(out, r)
		}
	}
	return out, nil
}

// Wait implements Outbox.
func (m *MemOutbox) Wait(ctx context.Context, after uint64) error {
	for {
		m.mu.Lock()
		n, ch := len(m.records), m.changed
		last := uint64(0)
		if n > 0 {
			last = m.records[n-1].Seq
		}
		m.mu.Unlock()
		if last > after {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ch:
		}
	}
}
