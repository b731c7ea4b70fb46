package club

import (
	"context"
	"fmt"
	"math/rand"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/club/clubtest"
)

// collector records what a watcher delivers, per table, and wakes a test
// waiting on it at each delivery.
type collector struct {
	mu     sync.Mutex
	seqs   map[string][]uint64
	online map[string]bool
	lat    []time.Duration
	sent   map[string]map[uint64]time.Time
	// changed is signalled at every event and status.
	changed chan struct{}
}

func newCollector() *collector {
	return &collector{seqs: map[string][]uint64{}, online: map[string]bool{}, sent: map[string]map[uint64]time.Time{}, changed: make(chan struct{}, 1)}
}

func (c *collector) appended(table string, seq uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sent[table] == nil {
		c.sent[table] = map[uint64]time.Time{}
	}
	c.sent[table][seq] = time.Now()
}

func (c *collector) event(m Message) {
	c.mu.Lock()
	c.seqs[m.Table] = append(c.seqs[m.Table], m.Seq)
	if at, ok := c.sent[m.Table][m.Seq]; ok {
		c.lat = append(c.lat, time.Since(at))
	}
	c.mu.Unlock()
	c.signal()
}

func (c *collector) status(s Status) {
	c.mu.Lock()
	c.online[s.Table] = s.Online
	c.mu.Unlock()
	c.signal()
}

func (c *collector) signal() {
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

// waitFor waits until cond holds, checking it at every delivery; the bound
// only ends a test that would otherwise hang.
func (c *collector) waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	bound := time.NewTimer(60 * time.Second)
	defer bound.Stop()
	for !cond() {
		select {
		case <-c.changed:
		case <-bound.C:
			t.Fatalf("the watcher never saw %s", what)
		}
	}
}

// allOnline reports whether the watcher has seen every table say it is online.
func (c *collector) allOnline(tables []string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, tb := range tables {
		if !c.online[tb] {
			return false
		}
	}
	return true
}

func (c *collector) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, s := range c.seqs {
		n += len(s)
	}
	return n
}

// exactlyOnceInOrder checks every table delivered 1..n, each once, in order.
func (c *collector) exactlyOnceInOrder(t *testing.T, tables []string, n int) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, tb := range tables {
		got := c.seqs[tb]
		if len(got) != n {
			t.Errorf("table %s: %d events delivered, want %d", tb, len(got), n)
			continue
		}
		for i, s := range got {
			if s != uint64(i+1) {
				t.Errorf("table %s: event %d has seq %d", tb, i, s)
				break
			}
		}
	}
}

type tableSim struct {
	name   string
	outbox *MemOutbox
	pub    *Publisher
}

// run starts a watcher and tables against the broker, appends n records
// per table at random moments, calls middle halfway, and waits for delivery.
// Each table then appends one more record, a fence: once the watcher has it,
// anything published twice before it has been delivered too. It returns how
// many records each table delivered (n and the fence).
func run(t *testing.T, b *clubtest.Mosquitto, tables, n int, middle func()) (*collector, []string, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	col := newCollector()
	w, err := NewWatcher(WatcherConfig{Broker: Broker{URL: b.URL()}, ClientID: "console-test", FromStart: true, OnEvent: col.event, OnStatus: col.status})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); w.Run(ctx) }()
	var sims []*tableSim
	var names []string
	for i := 0; i < tables; i++ {
		name := fmt.Sprintf("table-%02d", i+1)
		ob := NewMemOutbox()
		p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.URL()}, Table: name, Outbox: ob, AckFile: t.TempDir() + "/ack"})
		if err != nil {
			t.Fatal(err)
		}
		sims = append(sims, &tableSim{name, ob, p})
		names = append(names, name)
		wg.Add(1)
		go func() { defer wg.Done(); p.Run(ctx) }()
	}
	// Every table's retained "online" reaching the watcher shows both ends
	// connected and the watcher subscribed (one SUBSCRIBE names events and
	// status): from now on no event can pass it by.
	col.waitFor(t, "every table online", func() bool { return col.allOnline(names) })
	r := rand.New(rand.NewSource(1))
	appendAll := func(seq int) {
		for _, s := range sims {
			col.appended(s.name, uint64(seq))
			s.outbox.Append(Record{Seq: uint64(seq), Body: []byte(fmt.Sprintf(`{"seq":%d,"type":"decision"}`, seq))})
		}
	}
	for seq := 1; seq <= n; seq++ {
		appendAll(seq)
		if seq == n/2 && middle != nil {
			middle()
		}
		if r.Intn(4) == 0 {
			// Now and then the tables pause until the console has all they
			// appended, so records go out alone as well as in batches.
			col.waitFor(t, fmt.Sprintf("the first %d events of every table", seq), func() bool { return col.count() >= tables*seq })
		}
	}
	col.waitFor(t, "every event", func() bool { return col.count() >= tables*n })
	appendAll(n + 1)
	col.waitFor(t, "the fence", func() bool { return col.count() >= tables*(n+1) })
	return col, names, n + 1
}

// TestTablesToConsoleExactlyOnce: several tables publish through a real
// mosquitto; the console gets every event exactly once, in order per table.
func TestTablesToConsoleExactlyOnce(t *testing.T) {
	b := clubtest.Start(t)
	col, names, n := run(t, b, 5, 200, nil)
	col.exactlyOnceInOrder(t, names, n)
}

// TestBrokerRestartLosesNothing: the broker restarts halfway; the tables
// keep their outboxes and publish again; nothing is lost or shown twice.
func TestBrokerRestartLosesNothing(t *testing.T) {
	b := clubtest.Start(t)
	col, names, n := run(t, b, 5, 300, b.Restart)
	col.exactlyOnceInOrder(t, names, n)
}

// TestClubThroughput measures 20 tables through the broker and logs events
// per second and end-to-end latency: go test -run TestClubThroughput -v ./club
func TestClubThroughput(t *testing.T) {
	b := clubtest.Start(t)
	start := time.Now()
	col, names, n := run(t, b, 20, 250, nil)
	elapsed := time.Since(start)
	col.exactlyOnceInOrder(t, names, n)
	col.mu.Lock()
	defer col.mu.Unlock()
	sort.Slice(col.lat, func(i, j int) bool { return col.lat[i] < col.lat[j] })
	if len(col.lat) == 0 {
		t.Fatal("no latencies")
	}
	p := func(q float64) time.Duration { return col.lat[int(q*float64(len(col.lat)-1))] }
	t.Logf("20 tables x 250 events: %d events in %v (%.0f events/s incl. setup); end-to-end latency p50 %v p99 %v max %v",
		len(col.lat), elapsed.Round(time.Millisecond), float64(len(col.lat))/elapsed.Seconds(), p(0.5), p(0.99), col.lat[len(col.lat)-1])
}
