package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestLimiterBoundedAndPruned: failures from many more addresses than the
// limiter holds never grow it past its bound; a blocked client stays
// blocked for its window, then is forgotten.
func TestLimiterBoundedAndPruned(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newLimiter(3, 100)
	l.now = func() time.Time { return now }
	for i := range 3 {
		l.fail("10.0.0.1")
		if got := l.blocked("10.0.0.1"); got != (i == 2) {
			t.Fatalf("after %d failures blocked=%v", i+1, got)
		}
	}
	for i := range 10000 {
		now = now.Add(time.Millisecond)
		l.fail(fmt.Sprintf("10.1.%d.%d", i/256, i%256))
		if n := l.len(); n > 100 {
			t.Fatalf("after %d addresses the limiter holds %d clients, bound 100", i+1, n)
		}
	}
	now = now.Add(2 * time.Minute)
	l.fail("10.9.9.9") // room is needed: every expired client goes
	if n := l.len(); n != 1 {
		t.Fatalf("after the window the limiter holds %d clients, want 1", n)
	}
	if l.blocked("10.0.0.1") {
		t.Fatal("a client is still blocked after its window")
	}
}

// TestLimiterOverHTTP: wrong tokens from 300 loopback addresses, over a
// real server, leave the limiter within its bound and still block a
// client that keeps guessing.
func TestLimiterOverHTTP(t *testing.T) {
	// Real loopback sockets: the limiter keys on the client's address.
	tb, err := table.New(table.Config{Profile: engine.EMA2016})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tb.Run(ctx) }()
	s := New(Config{Hosts: testHosts, Table: tb, RefereeToken: token})
	srv := httptest.NewServer(s)
	t.Cleanup(func() { srv.Close(); cancel(); <-done })
	s.limit.size = 64
	for i := range 300 {
		ip := net.IPv4(127, 0, 2+byte(i/250), 1+byte(i%250))
		c := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}).DialContext}}
		req, _ := http.NewRequestWithContext(context.Background(), "POST", srv.URL+"/api/referee", strings.NewReader(`{"action":"newhand"}`))
		req.Header.Set("Authorization", "Bearer wrong")
		r, err := c.Do(req)
		if err != nil {
			t.Skipf("cannot send from %v (loopback aliases unavailable): %v", ip, err)
		}
		r.Body.Close()
		c.CloseIdleConnections()
		if r.StatusCode != http.StatusUnauthorized {
			t.Fatalf("from %v: %s", ip, r.Status)
		}
	}
	if n := s.limit.len(); n > 64 {
		t.Fatalf("the limiter holds %d clients, bound 64", n)
	}
	codes := []int{}
	for range 6 {
		req, _ := http.NewRequest("POST", srv.URL+"/api/referee", strings.NewReader(`{"action":"newhand"}`))
		req.Header.Set("Authorization", "Bearer wrong")
		req.Header.Set("Content-Type", "application/json")
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		codes = append(codes, r.StatusCode)
	}
	if codes[5] != http.StatusTooManyRequests {
		t.Fatalf("a client guessing 6 times got %v, want 429 at the end", codes)
	}
}
