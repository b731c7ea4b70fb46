package club

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sync"
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
			if from, _, _ := r.batch(100); from != tc.from {
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
	from, n, wait := r.batch(101)
	if from != 1 || n != replayBatch || wait != 0 {
		t.Fatalf("first batch: from %d, %d records, wait %v; want from 1, %d, no wait", from, n, wait, replayBatch)
	}
	r.sent(replayBatch, n, 101)
	if _, n, wait = r.batch(101); n != 0 || wait != replayBatch*time.Second/replayRate {
		t.Fatalf("right after a batch: %d records, wait %v; want none and %v", n, wait, replayBatch*time.Second/replayRate)
	}
	now = now.Add(wait)
	if from, n, _ = r.batch(101); from != replayBatch+1 || n != 100-replayBatch {
		t.Fatalf("second batch: from %d, %d records; want from %d, %d", from, n, replayBatch+1, 100-replayBatch)
	}
	r.sent(100, n, 101)
	now = now.Add(time.Second)
	if _, n, wait = r.batch(101); n != 0 || wait != 0 {
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

func subscribe(t *testing.T, ctx context.Context, b *mosquitto, user, password, topics string) *subscriber {
	t.Helper()
	s := &subscriber{got: make(chan struct{}, 1)}
	u, _ := url.Parse(b.url())
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

// TestReplayBesideLive: a table asked for its whole log publishes a new
// record before it has finished the replay, not after it: a replay never
// holds up live publishing.
func TestReplayBesideLive(t *testing.T) {
	const n = 3000 // at replayRate, the replay takes 1.5 s
	b := startMosquitto(t)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	ob := NewMemOutbox()
	for seq := uint64(1); seq <= n; seq++ {
		ob.Append(Record{Seq: seq, Body: []byte(`{}`)})
	}
	sub := subscribe(t, ctx, b, "", "", topic("t1", "events"))
	p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.url()}, Table: "t1", Outbox: ob})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); p.Run(ctx) }()
	sub.waitFor(t, "the log published", func(s []uint64) bool { return len(s) >= n })
	ask, _ := json.Marshal(Replay{From: 1, By: "console"})
	if _, err := sub.cm.Publish(ctx, &paho.Publish{Topic: topic("t1", "replay"), QoS: 1, Payload: ask}); err != nil {
		t.Fatal(err)
	}
	sub.waitFor(t, "the replay begun", func(s []uint64) bool { return len(s) > n })
	ob.Append(Record{Seq: n + 1, Body: []byte(`{}`)})
	seqs := sub.waitFor(t, "the replay and the new record", func(s []uint64) bool { return len(s) >= 2*n+1 })
	live, replayEnd := -1, -1
	for i, s := range seqs[n:] {
		switch s {
		case n + 1:
			live = i
		case n:
			replayEnd = i
		}
	}
	if live < 0 || replayEnd < 0 || live > replayEnd {
		t.Fatalf("the new record came at %d of the replay's %d: a replay held up live publishing", live, replayEnd)
	}
	if seqs[n] != 1 {
		t.Errorf("the replay began at %d, want 1", seqs[n])
	}
}
