package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// tablet presses a --sim table's buttons over HTTP as the status page's
// virtual seats do, playing a game of sorts (the seat whose turn it may be
// discards, others call now and then, a new hand once in a while), and
// keeps every press the table acknowledged (202) by its sequence number.
// The table decides whatever comes: a call with no discard to claim is
// rejected, which is a decision too.
type tablet struct {
	base   string // http://host:port
	client *http.Client
	// pace is the time between presses that play keeps (0: as fast as
	// the table answers), for a workload of a known rate.
	pace time.Duration

	mu    sync.Mutex
	acked map[uint64]string // sequence number -> the action acknowledged
	sent  int               // presses answered, with any status
	codes map[int]int       // presses answered, by status
}

func newTablet(addr string) *tablet {
	return &tablet{base: "http://" + addr, client: &http.Client{Timeout: 5 * time.Second}, acked: map[uint64]string{}, codes: map[int]int{}}
}

var (
	tabletTiles = strings.Fields("1m 2m 3m 5m 9m 2p 4p 6p 7p 1s 3s 8s 9s 1z 2z 3z 4z 5z 6z 7z")
	tabletCalls = []string{"pon", "chii", "ron", "kan"}
)

// play presses until ctx ends. A refused connection (no table between a
// power cut and the next boot) is tried again soon, as a tablet would.
func (p *tablet) play(ctx context.Context, rng *rand.Rand) {
	for turn := 0; ctx.Err() == nil; turn++ {
		action := "discard"
		body := fmt.Sprintf(`{"seat":%d,"action":"discard","tile":%q}`, turn%4, tabletTiles[rng.IntN(len(tabletTiles))])
		switch r := rng.IntN(40); {
		case r == 0:
			action, body = "newhand", `{"action":"newhand"}`
		case r < 14:
			action = tabletCalls[rng.IntN(len(tabletCalls))]
			body = fmt.Sprintf(`{"seat":%d,"action":%q}`, rng.IntN(4), action)
		}
		switch {
		case !p.press(ctx, action, body):
			time.Sleep(20 * time.Millisecond) // pacing while the table is down, not a wait
		case p.pace > 0:
			time.Sleep(p.pace) // the workload's rate, not a wait
		}
	}
}

// press posts one press of action; it reports whether the table answered
// at all. A press once sent is waited for (up to the client's timeout)
// even when ctx ends: a request given up in flight may still be taken, so
// a tablet stopped between two snapshots would leave a press whose fate
// it does not know.
func (p *tablet) press(ctx context.Context, action, body string) bool {
	req, err := http.NewRequestWithContext(context.WithoutCancel(ctx), http.MethodPost, p.base+"/api/press", strings.NewReader(body))
	if err != nil {
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	var ack struct {
		Seq uint64 `json:"seq"`
	}
	decErr := json.NewDecoder(resp.Body).Decode(&ack)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sent++
	p.codes[resp.StatusCode]++
	if resp.StatusCode == http.StatusAccepted && decErr == nil {
		p.acked[ack.Seq] = action
	}
	return true
}

// up reports the table's status page answering.
func (p *tablet) up() bool {
	resp, err := p.client.Get(p.base + "/api/state")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// counts are the presses acknowledged and answered so far.
func (p *tablet) counts() (acked, sent int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.acked), p.sent
}

// statuses are the presses answered so far by status, as "202×N 429×M".
func (p *tablet) statuses() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var s []string
	for code, n := range p.codes {
		s = append(s, fmt.Sprintf("%d×%d", code, n))
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

// ackedSeqs is a copy of the acknowledged sequence numbers.
func (p *tablet) ackedSeqs() map[uint64]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := make(map[uint64]string, len(p.acked))
	for k, v := range p.acked {
		m[k] = v
	}
	return m
}
