package web

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestLoadHundredTablets measures push latency to 100 event-stream clients
// on loopback: from an input's stamp to its arrival at each client. It logs
// the figures and asserts only that every client got every push:
//
//	go test -run TestLoadHundredTablets -v ./web
func TestLoadHundredTablets(t *testing.T) {
	const clients, presses, inFlight = 100, 200, 4
	tb, err := table.New(table.Config{Profile: engine.EMA2016, Buffer: 1024})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	srv := httptest.NewServer(New(Config{Hosts: testHosts, Table: tb, Sim: true}))
	defer func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done }()

	var (
		mu        sync.Mutex
		latencies []time.Duration
		// progress is how many pushes each client has read (presses once it
		// stops); moved signals a change to it, under mu.
		progress = make([]int, clients)
		moved    = sync.NewCond(&mu)
		wg       sync.WaitGroup
		ready    sync.WaitGroup
	)
	ready.Add(clients)
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				mu.Lock()
				progress[c] = presses
				moved.Broadcast()
				mu.Unlock()
			}()
			resp, err := http.Get(srv.URL + "/api/events")
			if err != nil {
				t.Error(err)
				ready.Done()
				return
			}
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(nil, 1<<20)
			got, first := 0, true
			for got < presses && sc.Scan() {
				line, ok := strings.CutPrefix(sc.Text(), "data: ")
				if !ok {
					continue
				}
				if first { // the opening state
					first = false
					ready.Done()
					continue
				}
				now := tb.Now()
				stamps, err := inputStamps(line)
				if err != nil {
					t.Error(err)
					return
				}
				for _, at := range stamps {
					got++
					mu.Lock()
					latencies = append(latencies, now-at)
					progress[c] = got
					moved.Broadcast()
					mu.Unlock()
				}
			}
			if got < presses {
				t.Errorf("a client got %d of %d pushes", got, presses)
			}
		}()
	}
	ready.Wait()
	for i := 0; i < presses; i++ {
		// Dora reads: each is one input and one outcome (a read or a refusal).
		if _, err := tb.Submit(context.Background(), engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1m"), Source: engine.SourceWeb}); err != nil {
			t.Fatal(err)
		}
		// Tablets keep up with a table: a press is at most a few ahead of
		// the slowest client, however fast or loaded the machine.
		mu.Lock()
		for slices.Min(progress) < i-inFlight {
			moved.Wait()
		}
		mu.Unlock()
	}
	wg.Wait()
	if len(latencies) == 0 {
		t.Fatal("no pushes measured")
	}
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	pct := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	t.Logf("%d clients x %d pushes: push latency p50 %v, p99 %v, max %v; process RSS %s",
		clients, presses, pct(0.50), pct(0.99), latencies[len(latencies)-1], rss())
}

// inputStamps are the stamps of the inputs an event-stream data line
// carries, read without parsing its JSON: a tablet's parsing would
// otherwise compete with the server for the same two cores.
func inputStamps(line string) ([]time.Duration, error) {
	var out []time.Duration
	for rest := line; ; {
		i := strings.Index(rest, `"input":{"at":`)
		if i < 0 {
			return out, nil
		}
		rest = rest[i+len(`"input":{"at":`):]
		j := strings.IndexAny(rest, ",}")
		if j < 0 {
			return nil, fmt.Errorf("an input stamp without its end: %q", rest)
		}
		at, err := strconv.ParseInt(rest[:j], 10, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, time.Duration(at))
	}
}

// rss is the process's resident set from /proc (server and clients share it).
func rss() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
