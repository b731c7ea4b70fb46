package web

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Limits bound what clients of the LAN server can hold; a zero field takes
// its default.
type Limits struct {
	// MaxConns caps the open connections (default 512). When a new one
	// comes at the cap, the connection idle longest (between requests, or
	// not yet sent one) is closed for it; if every one is busy, the new one
	// is answered 503 and closed. So a flood cannot use up the descriptors,
	// and open pages and streams keep working.
	MaxConns int
	// MaxStreams caps the live event streams (default 256); one more is
	// answered 503.
	MaxStreams int
	// MaxConnsPerAddr and MaxStreamsPerAddr cap what one client (an
	// address; for IPv6 its /64) holds (defaults 32 and 8): one host
	// cannot take every place, so the rest of the club still gets in.
	// Loopback (the machine itself) is not capped.
	MaxConnsPerAddr, MaxStreamsPerAddr int
	// ReadHeaderTimeout is how long a client has to send a request's
	// headers (default 5s); ReadTimeout the whole request with its body
	// (default 10s). Event streams lift ReadTimeout once their request is in.
	ReadHeaderTimeout, ReadTimeout time.Duration
	// WriteTimeout bounds writing an ordinary response (default 60s).
	WriteTimeout time.Duration
	// IdleTimeout closes a keep-alive connection with no request (default 60s).
	IdleTimeout time.Duration
	// StreamWrite bounds each write to an event stream (default 10s): a
	// client that stops reading is dropped, and resumes by Last-Event-ID.
	StreamWrite time.Duration
}

// The default Limits.
const (
	DefaultMaxConns          = 512
	DefaultMaxStreams        = 256
	DefaultMaxConnsPerAddr   = 32
	DefaultMaxStreamsPerAddr = 8
)

func (l Limits) withDefaults() Limits {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if l.MaxConns <= 0 {
		l.MaxConns = DefaultMaxConns
	}
	if l.MaxStreams <= 0 {
		l.MaxStreams = DefaultMaxStreams
	}
	if l.MaxConnsPerAddr <= 0 {
		l.MaxConnsPerAddr = DefaultMaxConnsPerAddr
	}
	if l.MaxStreamsPerAddr <= 0 {
		l.MaxStreamsPerAddr = DefaultMaxStreamsPerAddr
	}
	def(&l.ReadHeaderTimeout, 5*time.Second)
	def(&l.ReadTimeout, 10*time.Second)
	def(&l.WriteTimeout, 60*time.Second)
	def(&l.IdleTimeout, 60*time.Second)
	def(&l.StreamWrite, 10*time.Second)
	return l
}

// ListenAndServe serves h on addr until ctx is done, then shuts down
// without waiting for open event streams. A *Server brings its own Limits;
// any other handler gets the defaults.
func ListenAndServe(ctx context.Context, addr string, h http.Handler) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("web: listen %s: %w", addr, err)
	}
	return Serve(ctx, ln, h)
}

// Serve is ListenAndServe on a listener it takes over (and closes).
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	var lim Limits
	if s, ok := h.(*Server); ok {
		lim = s.cfg.Limits
	}
	lim = lim.withDefaults()
	cl := newConnLimit(ln, lim.MaxConns)
	cl.perAddr = lim.MaxConnsPerAddr
	srv := &http.Server{Handler: h, ReadHeaderTimeout: lim.ReadHeaderTimeout, ReadTimeout: lim.ReadTimeout,
		WriteTimeout: lim.WriteTimeout, IdleTimeout: lim.IdleTimeout, ConnState: cl.state, MaxHeaderBytes: 16 << 10}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(cl) }()
	select {
	case err := <-errc:
		return fmt.Errorf("web: serve %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("web: shutdown: %w", err)
	}
	srv.Close() // streams still open after the grace period
	return nil
}

// connLimit is a listener that holds at most max connections open. At the
// cap, a new connection takes the place of the one idle longest; with none
// idle, it is refused.
type connLimit struct {
	net.Listener
	max int
	// perAddr caps one client's connections (0: no cap); loopback is not
	// capped.
	perAddr int

	mu     sync.Mutex
	open   int
	idle   *list.List     // *limitedConn with no request in progress, longest idle first
	byAddr map[string]int // open connections per client (clientKey)
}

func newConnLimit(ln net.Listener, max int) *connLimit {
	return &connLimit{Listener: ln, max: max, idle: list.New(), byAddr: map[string]int{}}
}

// refusal is what a connection over the cap gets before it is closed.
const refusal = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\nRetry-After: 5\r\nContent-Length: 42\r\n\r\ntoo many connections to this table's page\n"

// Accept returns the next connection under the cap.
func (l *connLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if lc := l.admit(c); lc != nil {
			metricConnsOpened.Inc()
			return lc, nil
		}
		metricConnsRefused.Inc()
		// The client has sent nothing yet, so a small write does not block;
		// the deadline makes sure of it.
		c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
		c.Write([]byte(refusal))
		c.Close()
	}
}

// admit counts c in, making room by closing the longest idle connection if
// needed; nil when every connection is busy.
func (l *connLimit) admit(c net.Conn) *limitedConn {
	key := ""
	if l.perAddr > 0 && !loopback(c.RemoteAddr().String()) {
		key = clientKey(c.RemoteAddr().String())
	}
	l.mu.Lock()
	if key != "" && l.byAddr[key] >= l.perAddr {
		// One client at its cap: refused, whatever room is left for the
		// others (closing one of its own idle ones would let it churn).
		l.mu.Unlock()
		return nil
	}
	if l.open >= l.max {
		if e := l.idle.Front(); e != nil {
			victim := e.Value.(*limitedConn)
			l.idle.Remove(e)
			victim.elem = nil
			l.mu.Unlock()
			metricConnsEvicted.Inc()
			victim.Close()
			l.mu.Lock()
		}
	}
	defer l.mu.Unlock()
	if l.open >= l.max {
		return nil
	}
	l.open++
	if key != "" {
		l.byAddr[key]++
	}
	lc := &limitedConn{Conn: c, l: l, key: key}
	lc.elem = l.idle.PushBack(lc)
	return lc
}

// state follows the server's view of each connection: only one between
// requests may be closed to make room.
func (l *connLimit) state(c net.Conn, st http.ConnState) {
	lc, ok := c.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if lc.elem != nil {
		l.idle.Remove(lc.elem)
		lc.elem = nil
	}
	if (st == http.StateNew || st == http.StateIdle) && !lc.closed.Load() {
		lc.elem = l.idle.PushBack(lc)
	}
}

// Open is how many connections are open.
func (l *connLimit) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// limitedConn is a connection counted by a connLimit until it is closed.
type limitedConn struct {
	net.Conn
	l      *connLimit
	elem   *list.Element // in l.idle; guarded by l.mu
	key    string        // the client, when capped
	closed atomic.Bool
}

// Close closes the connection and frees its place, once.
func (c *limitedConn) Close() error {
	if c.closed.Swap(true) {
		return nil
	}
	c.l.mu.Lock()
	if c.elem != nil {
		c.l.idle.Remove(c.elem)
		c.elem = nil
	}
	c.l.open--
	if c.key != "" {
		if c.l.byAddr[c.key]--; c.l.byAddr[c.key] <= 0 {
			delete(c.l.byAddr, c.key)
		}
	}
	c.l.mu.Unlock()
	metricConnsClosed.Inc()
	return c.Conn.Close()
}
