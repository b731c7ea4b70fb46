package web

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// served is a table behind Serve, the daemon's own server, on loopback.
type served struct {
	tb  *table.Table
	srv *Server
	url string
	// addr is host:port for raw connections.
	addr string
}

// serveTable runs a table and serves it with lim through Serve; wrap, if
// set, wraps the listener (to shrink socket buffers).
func serveTable(t *testing.T, lim Limits, keepAlive time.Duration, wrap func(net.Listener) net.Listener) served {
	t.Helper()
	tb, err := table.New(table.Config{Profile: engine.EMA2016, Latency: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tb.Run(ctx) }()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if wrap != nil {
		ln = wrap(ln)
	}
	s := New(Config{Hosts: testHosts, Table: tb, Sim: true, KeepAlive: keepAlive, Limits: lim})
	serveErr := make(chan error, 1)
	go func() { serveErr <- Serve(ctx, ln, s) }()
	t.Cleanup(func() {
		cancel()
		if err := <-serveErr; err != nil {
			t.Errorf("Serve: %v", err)
		}
		<-done
	})
	return served{tb: tb, srv: s, url: "http://" + addr, addr: addr}
}

// closedByServer reports whether the server closes c (EOF or reset)
// within bound, reading and discarding whatever it sends first.
func closedByServer(c net.Conn, bound time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(bound))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// eventually polls cond until it holds or a generous bound passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestServerClosesStalledConnections: a connection that sends nothing,
// half its headers, headers without the body they announce, or stays idle
// after a request is closed by the server; an event stream outlives every
// one of those timeouts. Each case runs in a synctest bubble, over an
// in-memory connection: the timeouts pass in fake time, exactly.
func TestServerClosesStalledConnections(t *testing.T) {
	lim := Limits{ReadHeaderTimeout: 200 * time.Millisecond, ReadTimeout: 400 * time.Millisecond, IdleTimeout: 300 * time.Millisecond}
	cfg := Config{Sim: true, KeepAlive: 50 * time.Millisecond, Limits: lim}
	for _, tc := range []struct{ name, send, want string }{
		{"nothing", "", ""},
		{"half the headers", "GET /api/state HTTP/1.1\r\nHost: table\r\n", ""},
		{"headers without the body", "POST /api/press HTTP/1.1\r\nHost: table\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"seat\":",
			"408 Request Timeout"},
		{"idle keep-alive", "GET /healthz HTTP/1.1\r\nHost: table\r\n\r\n", "200 OK"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				b := serveInBubble(t, engine.EMA2016, cfg)
				c, err := b.ln.dial(t.Context(), "", "")
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				go io.WriteString(c, tc.send) // a pipe's write waits for the server to read
				start := time.Now()
				got, err := io.ReadAll(c)
				if err != nil {
					t.Fatal(err)
				}
				if held := time.Since(start); held > lim.ReadTimeout+lim.IdleTimeout {
					t.Fatalf("the server held the connection %v", held)
				}
				if tc.want != "" && !strings.Contains(string(got), tc.want) {
					t.Fatalf("the server answered %q, want %q", got, tc.want)
				}
			})
		})
	}
	t.Run("event stream outlives them", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			b := serveInBubble(t, engine.EMA2016, cfg)
			r, err := b.client.Get(b.URL + "/api/events")
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			sc := bufio.NewScanner(r.Body)
			start := time.Now()
			beats := 0
			for beats < 5 || time.Since(start) < 2*lim.ReadTimeout {
				if !sc.Scan() {
					t.Fatalf("the stream ended after %d heartbeats in %v: %v", beats, time.Since(start), sc.Err())
				}
				if sc.Text() == ": keep-alive" {
					beats++
				}
			}
		})
	})
}

// TestConnectionCap: beyond the cap, a new connection takes the place of
// an idle one, so the page keeps answering; busy connections (a stream)
// are never closed for it; with every place busy a new one gets 503.
func TestConnectionCap(t *testing.T) {
	s := serveTable(t, Limits{MaxConns: 8, MaxStreams: 8, ReadHeaderTimeout: time.Minute}, 50*time.Millisecond, nil)
	stream, err := http.Get(s.url + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	opened := metricConnsOpened.Get() // the stream's connection among them
	var idle []net.Conn
	for range 50 {
		c, err := net.Dial("tcp", s.addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		idle = append(idle, c)
	}
	r, err := http.Get(s.url + "/api/state")
	if err != nil || r.StatusCode != http.StatusOK {
		t.Fatalf("the page does not answer beside 50 idle connections: %v %v", err, r)
	}
	r.Body.Close()
	// A dial returns before the server accepts; once it has taken all 51,
	// every eviction has been done (and its close sent), so a short read
	// tells an evicted connection from a kept one, however loaded the
	// machine.
	eventually(t, "the server accepting every connection", func() bool { return metricConnsOpened.Get()-opened >= 51 })
	closed := 0
	for _, c := range idle {
		if closedByServer(c, 50*time.Millisecond) {
			closed++
		}
	}
	if closed < 50-7 {
		t.Fatalf("only %d of 50 idle connections were closed under a cap of 8", closed)
	}
	// The stream is still live.
	sc := bufio.NewScanner(stream.Body)
	for sc.Scan() && sc.Text() != ": keep-alive" {
	}
	if sc.Err() != nil {
		t.Fatalf("the stream died: %v", sc.Err())
	}
	// Seven more streams fill every place: the next connection is refused.
	for range 7 {
		r, err := http.Get(s.url + "/api/events")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
	}
	eventually(t, "eight streams open", func() bool { return s.srv.streams.Load() == 8 })
	c, err := net.Dial("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	b, _ := io.ReadAll(c)
	if !strings.HasPrefix(string(b), "HTTP/1.1 503") || !strings.Contains(string(b), "too many connections") {
		t.Fatalf("a connection over a full cap got %q", b)
	}
}

// raiseFDLimit lifts the soft descriptor limit to at least n, or skips.
func raiseFDLimit(t *testing.T, n uint64) {
	t.Helper()
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		t.Skipf("cannot read the descriptor limit: %v", err)
	}
	if rl.Cur >= n {
		return
	}
	if rl.Max < n {
		t.Skipf("needs %d descriptors, the hard limit is %d", n, rl.Max)
	}
	old := rl.Cur
	rl.Cur = n
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		t.Skipf("cannot raise the descriptor limit to %d: %v", n, err)
	}
	t.Cleanup(func() { rl.Cur = old; syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl) })
}

// openFDs counts this process's descriptors.
func openFDs() int {
	ents, _ := os.ReadDir("/proc/self/fd")
	return len(ents)
}

// testHosts are the Host headers the tests send besides loopback ones:
// httptest.NewRequest's and the raw requests'.
var testHosts = NewHosts("example.com", "table", "table.test")
