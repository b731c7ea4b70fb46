package club

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/tabled/tabled/club/clubtest"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
)

// TestReplayAsksLimited: a table takes one ask per askGap from each
// requester and remembers at most maxRequesters of them; the asks it takes
// merge into one replay from the lowest record asked.
func TestReplayAsksLimited(t *testing.T) {
	type ask struct {
		at   time.Duration
		by   string
		from uint64
		took bool
	}
	many := func(n int, at time.Duration) []ask {
		var as []ask
		for i := range n {
			as = append(as, ask{at, fmt.Sprintf("r%d", i), 5, i < maxRequesters})
		}
		return as
	}
	for _, tc := range []struct {
		name     string
		asks     []ask
		from     uint64 // where the replay starts after the asks, with next 100
		refusals int
	}{
		{"one ask", []ask{{0, "console", 7, true}}, 7, 0},
		{"a storm from one requester", []ask{{0, "c", 9, true}, {time.Millisecond, "c", 1, false}, {askGap / 2, "c", 1, false}, {askGap, "c", 3, true}}, 3, 2},
		{"two requesters merge", []ask{{0, "a", 9, true}, {0, "b", 4, true}}, 4, 0},
		{"an ask past the log", []ask{{0, "a", 100, true}}, 0, 0},
		{"too many requesters", many(maxRequesters+3, 0), 5, 3},
		{"requesters forgotten after a while", append(many(maxRequesters, 0), ask{forgetAfter + time.Second, "new", 2, true}), 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			var now time.Time
			r := newReplayer(func() time.Time { return now })
			for i, a := range tc.asks {
				now = base.Add(a.at)
				if got := r.ask(a.by, a.from); got != a.took {
					t.Errorf("ask %d (%s from %d at %v): taken %v, want %v", i, a.by, a.from, a.at, got, a.took)
				}
			}
			r.take(100)
			if from, _, _, _ := r.batch(); from != tc.from {
				t.Errorf("the replay starts at %d, want %d", from, tc.from)
			}
			now = now.Add(forgetAfter)
			if n := r.refusals(); n != tc.refusals {
				t.Errorf("%d refusals reported, want %d", n, tc.refusals)
			}
		})
	}
}

// TestReplayPaced: a replay goes in batches of at most replayBatch, each
// after the pace of the last, and ends at the first live record.
func TestReplayPaced(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := newReplayer(func() time.Time { return now })
	r.ask("c", 1)
	r.take(101)
	from, n, end, wait := r.batch()
	if from != 1 || n != replayBatch || end != 101 || wait != 0 {
		t.Fatalf("first batch: from %d, %d records, to %d, wait %v; want from 1, %d, to 101, no wait", from, n, end, wait, replayBatch)
	}
	r.sent(replayBatch, n)
	r.take(150) // new records went out live: the replay still ends at 101
	if _, n, _, wait = r.batch(); n != 0 || wait != replayBatch*time.Second/replayRate {
		t.Fatalf("right after a batch: %d records, wait %v; want none and %v", n, wait, replayBatch*time.Second/replayRate)
	}
	now = now.Add(wait)
	if from, n, _, _ = r.batch(); from != replayBatch+1 || n != 100-replayBatch {
		t.Fatalf("second batch: from %d, %d records; want from %d, %d", from, n, replayBatch+1, 100-replayBatch)
	}
	r.sent(100, n)
	now = now.Add(time.Second)
	if _, n, _, wait = r.batch(); n != 0 || wait != 0 {
		t.Fatalf("after the last batch: %d records, wait %v; want the replay over", n, wait)
	}
}

// subscriber is a plain MQTT client of the test that collects the events
// topic of a table, in order of arrival.
type subscriber struct {
	mu   sync.Mutex
	seqs []uint64
	got  chan struct{}
	cm   *autopaho.ConnectionManager
}

func subscribe(t *testing.T, ctx context.Context, b *clubtest.Mosquitto, user, password, topics string) *subscriber {
	t.Helper()
	s := &subscriber{got: make(chan struct{}, 1)}
	u, _ := url.Parse(b.URL())
	ready := make(chan struct{})
	cm, err := autopaho.NewConnection(ctx, autopaho.ClientConfig{ServerUrls: []*url.URL{u}, KeepAlive: 10,
		ConnectUsername: user, ConnectPassword: []byte(password), CleanStartOnInitialConnection: true,
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			if _, err := cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: topics, QoS: 1}}}); err == nil {
				close(ready)
			}
		},
		ClientConfig: paho.ClientConfig{ClientID: "test-sub-" + user, OnPublishReceived: []func(paho.PublishReceived) (bool, error){
			func(pr paho.PublishReceived) (bool, error) {
				var m Message
				if json.Unmarshal(pr.Packet.Payload, &m) == nil && m.Seq > 0 {
					s.mu.Lock()
					s.seqs = append(s.seqs, m.Seq)
					s.mu.Unlock()
					select {
					case s.got <- struct{}{}:
					default:
					}
				}
				return true, nil
			}}}})
	if err != nil {
		t.Fatal(err)
	}
	s.cm = cm
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("the test's subscriber did not subscribe within 10s")
	}
	return s
}

// waitFor waits until cond holds of what arrived.
func (s *subscriber) waitFor(t *testing.T, what string, cond func([]uint64) bool) []uint64 {
	t.Helper()
	bound := time.NewTimer(60 * time.Second)
	defer bound.Stop()
	for {
		s.mu.Lock()
		seqs := append([]uint64(nil), s.seqs...)
		s.mu.Unlock()
		if cond(seqs) {
			return seqs
		}
		select {
		case <-s.got:
		case <-bound.C:
			t.Fatalf("never got %s (got %d events)", what, len(seqs))
		}
	}
}

// pressDuringReplay is an outbox that appends a new record the first time
// a replay reads it, once armed: the record is there before the replay's
// first batch goes.
type pressDuringReplay struct {
	*MemOutbox
	armed  atomic.Bool
	record Record
}

func (o *pressDuringReplay) Read(from uint64, max int) ([]Record, error) {
	if from < o.record.Seq && o.armed.Swap(false) {
		o.Append(o.record)
	}
	return o.MemOutbox.Read(from, max)
}

// TestReplayBesideLive: a table asked for its whole log publishes a new
// record within a batch of the replay, not after it: a replay never holds
// up live publishing.
func TestReplayBesideLive(t *testing.T) {
	const n = 3000
	b := clubtest.Start(t)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	ob := &pressDuringReplay{MemOutbox: NewMemOutbox(), record: Record{Seq: n + 1, Body: []byte(`{}`)}}
	for seq := uint64(1); seq <= n; seq++ {
		ob.Append(Record{Seq: seq, Body: []byte(`{}`)})
	}
	sub := subscribe(t, ctx, b, "", "", topic("t1", "events"))
	p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.URL()}, Table: "t1", Outbox: ob})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); p.Run(ctx) }()
	sub.waitFor(t, "the log published", func(s []uint64) bool { return len(s) >= n })
	ob.armed.Store(true)
	ask, _ := json.Marshal(Replay{From: 1, By: "console"})
	if _, err := sub.cm.Publish(ctx, &paho.Publish{Topic: topic("t1", "replay"), QoS: 1, Payload: ask}); err != nil {
		t.Fatal(err)
	}
	seqs := sub.waitFor(t, "the replay and the new record", func(s []uint64) bool { return len(s) >= 2*n+1 })
	live := slices.Index(seqs[n:], n+1)
	if live < 0 || live > replayBatch {
		t.Fatalf("the new record came %d records into the replay, want within its first batch (%d): a replay held up live publishing", live, replayBatch)
	}
	if seqs[n] != 1 || seqs[len(seqs)-1] != n {
		t.Errorf("the replay went from %d to %d, want 1 to %d", seqs[n], seqs[len(seqs)-1], n)
	}
}
