package club

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/tournament"
)

// The console keeps its tournament in a claim log of its own
// (docs/tournament.md, "Where the tournament is kept"): one input record
// per tournament record, source "console", type "tournament", the
// tournament record as its body. The claim log fsyncs each batch before
// Append returns, cuts a torn tail at the next Open and never reuses a
// number, so the console answers a change only once it is on disk, and a
// console killed at any moment comes back with every change it answered.
const (
	storeSource = "console"
	storeType   = "tournament"
)

// Store is the console's tournament: its records on disk and their fold.
type Store struct {
	mu   sync.Mutex
	w    *claimlog.Writer
	book *tournament.Book
	// changed is closed and replaced at each change, for live views.
	changed chan struct{}
}

// OpenStore opens (creating) the tournament kept in dir, repairing what a
// crash left and folding its records.
func OpenStore(dir string) (*Store, error) {
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		return nil, fmt.Errorf("club: tournament store: %w", err)
	}
	var recs []tournament.Record
	err = claimlog.Read(dir, claimlog.Filter{Kind: claimlog.KindInput, Source: storeSource, Type: storeType}, func(r claimlog.Record) error {
		var t tournament.Record
		if err := json.Unmarshal(r.Body, &t); err != nil {
			return fmt.Errorf("record %d: %w", r.Seq, err)
		}
		recs = append(recs, t)
		return nil
	})
	if err == nil {
		var b *tournament.Book
		if b, err = tournament.Fold(recs); err == nil {
			return &Store{w: w, book: b, changed: make(chan struct{})}, nil
		}
	}
	w.Close()
	return nil, fmt.Errorf("club: tournament store %s: %w", dir, err)
}

// Close closes the store's log.
func (s *Store) Close() error { return s.w.Close() }

// Add checks recs against the tournament, one after the other, writes
// them to disk as one batch (fsynced: all or none survive a crash) and
// only then makes them part of the State. It returns them as added, or
// why one was refused or they could not be kept (then none is added).
func (s *Store) Add(recs ...tournament.Record) ([]tournament.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	before := s.book.Len()
	added := make([]tournament.Record, 0, len(recs))
	var batch []claimlog.Record
	var err error
	for _, r := range recs {
		var a tournament.Record
		if a, err = s.book.Add(r); err != nil {
			break
		}
		var body []byte
		if body, err = json.Marshal(a); err != nil {
			break
		}
		added = append(added, a)
		batch = append(batch, claimlog.Record{Kind: claimlog.KindInput, Source: storeSource, Type: storeType, Wall: a.At, Body: body})
	}
	if err == nil {
		if err = s.w.Append(batch); err != nil {
			err = fmt.Errorf("club: keep the tournament's records: %w", err)
		}
	}
	if err != nil {
		// Not on disk: the book goes back to the records that are.
		all, _ := s.book.Records()
		if b, ferr := tournament.Fold(all[:before]); ferr == nil {
			s.book = b
		}
		return nil, err
	}
	close(s.changed)
	s.changed = make(chan struct{})
	return added, nil
}

// State is the tournament in force, with a channel closed at the next
// change.
func (s *Store) State() (tournament.State, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.book.State(), s.changed
}

// Records are every record, oldest first, with the withdrawals.
func (s *Store) Records() ([]tournament.Record, map[int]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.book.Records()
}

// newRecord makes a tournament record of kind by who, at now.
func newRecord(kind tournament.Kind, by, why string, now time.Time) tournament.Record {
	return tournament.Record{Kind: kind, By: by, Why: why, At: now.UTC()}
}
