package table

func (t *Table) closeSubs() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for s := range t.subs {
		close(s.c)
		delete(t.subs, s)
	}
}

// Subscription receives every update after it was made, until it falls
// behind (then C is closed and Dropped reports true) or the table stops.
type Subscription struct {
	t       *Table
	c       chan Update
	dropped bool
	// From is the sequence number of the latest entry published before the
	// subscription began: a reader catches up from the journal to here.
	From uint64
}

// Subscribe starts a subscription.
func (t *Table) Subscribe() *Subscription {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.subscribe()
}

func (t *Table) subscribe() *Subscription {
	s := &Subscription{t: t, c: make(chan Update, t.cfg.Buffer), From: t.seq}
	t.subs[s] = struct{}{}
	return s
}

// SubscribeAfter starts a subscription and returns, atomically with it,
// the entries after seq that were already published. ok is false when the
// backlog no longer reaches back to seq: the caller starts from the state.
func (t *Table) SubscribeAfter(seq uint64) (s *Subscription, missed []Entry, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s = t.subscribe()
	if seq >= t.seq {
		return s, nil, true
	}
	if len(t.backlog) == 0 || t.backlog[0].Seq > seq+1 {
		return s, nil, false
	}
	for _, e := range t.backlog {
		if e.Seq > seq {
			missed = append(missed, e)
		}
	}
	return s, missed, true
}

// C delivers updates; it is closed when the subscription ends.
func (s *Subscription) C() <-chan Update { return s.c }

// Dropped reports whether the table cut the subscription off for falling behind.
func (s *Subscription) Dropped() bool {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	return s.dropped
}

// Close ends the subscription.
func (s *Subscription) Close() {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	if _, ok := s.t.subs[s]; ok {
		delete(s.t.subs, s)
		close(s.c)
	}
}
