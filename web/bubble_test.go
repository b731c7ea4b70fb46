package web

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// pipeListener is a listener whose connections are net.Pipe pairs, so that
// a server and its clients run inside a synctest bubble: there the table's
// clock is fake, a press is stamped at a fake instant and a window closes
// as soon as everything waits, however slow the machine. (A goroutine
// reading a loopback socket would keep the bubble from ever being idle.)
type pipeListener struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

// Accept returns the server's end of the next dial.
func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close ends Accept and every dial after it.
func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

// Addr names the in-memory network.
func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

// dial hands one end of a new pipe to Accept and returns the other.
func (l *pipeListener) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	srv, cli := net.Pipe()
	select {
	case l.conns <- srv:
		return cli, nil
	case <-l.done:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }

// bubbled is a running table served by Serve over in-memory connections.
// It must be started inside synctest.Test; everything it starts ends in the
// test's cleanup, inside the bubble.
type bubbled struct {
	tb     *table.Table
	srv    *Server
	ln     *pipeListener
	URL    string
	client *http.Client
}

// serveInBubble runs a table with profile p and serves it with cfg (its
// Table set here) through Serve, as the daemon does.
func serveInBubble(t *testing.T, p engine.Profile, cfg Config) *bubbled {
	t.Helper()
	tb, err := table.New(table.Config{Profile: p, Latency: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tb.Run(ctx) }()
	cfg.Table = tb
	if cfg.Hosts == nil {
		cfg.Hosts = testHosts
	}
	s := New(cfg)
	ln := newPipeListener()
	serveCtx, stopServe := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(serveCtx, ln, s) }()
	tr := &http.Transport{DialContext: ln.dial}
	t.Cleanup(func() {
		tr.CloseIdleConnections()
		stopServe()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("table: %v", err)
		}
	})
	return &bubbled{tb: tb, srv: s, ln: ln, URL: "http://table.test", client: &http.Client{Transport: tr}}
}

// startTable serves a table with the simulated seats' press endpoint, in a
// synctest bubble.
func startTable(t *testing.T) (*table.Table, *bubbled) {
	t.Helper()
	b := serveInBubble(t, engine.EMA2016, Config{Sim: true})
	return b.tb, b
}

// startRefereeTable serves a table with referee actions, in a synctest
// bubble.
func startRefereeTable(t *testing.T) (*table.Table, *bubbled) {
	t.Helper()
	b := serveInBubble(t, engine.EMA2016, Config{RefereeToken: token})
	return b.tb, b
}

// post presses a simulated seat's button.
func post(t *testing.T, b *bubbled, body string) *http.Response {
	t.Helper()
	r, err := b.client.Post(b.URL+"/api/press", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	return r
}

// untilState waits on the table's updates until cond holds for its state.
// In a bubble fake time runs on meanwhile, so a window closes at once.
func untilState(t *testing.T, tb *table.Table, sub *table.Subscription, what string, cond func(engine.State) bool) {
	t.Helper()
	for !cond(tb.State()) {
		if _, ok := <-sub.C(); !ok {
			t.Fatalf("the table stopped before %s", what)
		}
	}
}
