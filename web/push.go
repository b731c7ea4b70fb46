package web

import (
	"encoding/json"
	"sync"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// pushCache encodes each update once for all the tablets streaming it: with
// a hundred tablets the table would otherwise encode every update a hundred times.
type pushCache struct {
	mu   sync.Mutex
	seqs [16]uint64
	data [16][]byte
	next int
}

// encode returns the event-stream payload of u, from the cache when another
// stream has already encoded it.
func (c *pushCache) encode(u table.Update) (uint64, []byte, error) {
	seq := u.Entries[len(u.Entries)-1].Seq
	c.mu.Lock()
	for i, s := range c.seqs {
		if s == seq && c.data[i] != nil {
			b := c.data[i]
			c.mu.Unlock()
			return seq, b, nil
		}
	}
	c.mu.Unlock()
	b, err := encodeUpdate(u.Entries, u.State, seq)
	if err != nil {
		return seq, nil, err
	}
	c.mu.Lock()
	c.seqs[c.next], c.data[c.next] = seq, b
	c.next = (c.next + 1) % len(c.seqs)
	c.mu.Unlock()
	return seq, b, nil
}

// encodeUpdate is the payload of one stream event: entries and the state after them.
func encodeUpdate(es []table.Entry, st engine.State, seq uint64) ([]byte, error) {
	entries := make([]entryJSON, 0, len(es))
	for _, e := range es {
		j, err := entryView(e)
		if err != nil {
			return nil, err
		}
		entries = append(entries, j)
	}
	return json.Marshal(map[string]any{"entries": entries, "state": stateView(st, seq)})
}
