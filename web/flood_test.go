package web

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

// memFigures are the process's resident memory and Go heap, in KiB.
func memFigures() (rss, heap int64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			rss, _ = strconv.ParseInt(strings.Fields(v)[0], 10, 64)
		}
	}
	return rss, int64(ms.HeapInuse+ms.StackInuse) >> 10
}

// serverConns counts the server's established TCP connections on port.
func serverConns(port string) int {
	b, err := os.ReadFile("/proc/net/tcp")
	if err != nil {
		return -1
	}
	p, _ := strconv.Atoi(port)
	local := fmt.Sprintf(":%04X", p)
	n := 0
	for _, l := range strings.Split(string(b), "\n")[1:] {
		f := strings.Fields(l)
		if len(f) > 3 && strings.HasSuffix(f[1], local) && f[3] == "01" {
			n++
		}
	}
	return n
}

// TestTenThousandIdleConnections: 10,000 connections that send nothing,
// against the default limits: the server holds at most its cap, and the
// page answers all along. Figures are logged for docs/performance.md.
func TestTenThousandIdleConnections(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 10,000 connections")
	}
	raiseFDLimit(t, 12000)
	s := serveTable(t, Limits{}, 0, nil)
	_, port, _ := net.SplitHostPort(s.addr)
	rss0, heap0 := memFigures()
	fd0 := openFDs()
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	slowest := time.Duration(0)
	for i := range 10000 {
		c, err := net.Dial("tcp", s.addr)
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		conns = append(conns, c)
		if i%1000 == 999 {
			start := time.Now()
			r, err := http.Get(s.url + "/api/state")
			if err != nil || r.StatusCode != http.StatusOK {
				t.Fatalf("after %d idle connections the page does not answer: %v %v", i+1, err, r)
			}
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			slowest = max(slowest, time.Since(start))
		}
	}
	eventually(t, "the server down to its cap", func() bool { return serverConns(port) <= DefaultMaxConns })
	rss1, heap1 := memFigures()
	t.Logf("10,000 idle connections, cap %d: server holds %d; process fds %d -> %d (both ends); RSS %d -> %d KiB, Go heap+stacks %d -> %d KiB; slowest GET /api/state %v",
		DefaultMaxConns, serverConns(port), fd0, openFDs(), rss0, rss1, heap0, heap1, slowest)
}

// rawStream opens an event stream on a bare connection and reads its
// headers, leaving the events unread; the reader gives the de-chunked body.
func rawStream(t *testing.T, addr, lastID string, dial func() (net.Conn, error)) (net.Conn, *bufio.Reader) {
	t.Helper()
	if dial == nil {
		dial = func() (net.Conn, error) { return net.Dial("tcp", addr) }
	}
	c, err := dial()
	if err != nil {
		t.Fatal(err)
	}
	req := "GET /api/events HTTP/1.1\r\nHost: table\r\n"
	if lastID != "" {
		req += "Last-Event-ID: " + lastID + "\r\n"
	}
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("stream: %s", resp.Status)
	}
	return c, bufio.NewReader(resp.Body)
}

// TestThousandNonReadingStreams: 1,000 streams that never read cost a
// small, bounded amount each, also while updates go out. Figures are
// logged for docs/performance.md.
func TestThousandNonReadingStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 1,000 streams")
	}
	raiseFDLimit(t, 4000)
	s := serveTable(t, Limits{MaxConns: 1100, MaxStreams: 1050}, 0, nil)
	rss0, heap0 := memFigures()
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range 1000 {
		c, _ := rawStream(t, s.addr, "", nil)
		conns = append(conns, c)
	}
	eventually(t, "1,000 streams open", func() bool { return s.srv.streams.Load() == 1000 })
	rss1, heap1 := memFigures()
	for i := range 200 {
		s.tb.Submit(context.Background(), engine.Event{At: s.tb.Now(), Seat: engine.Seat(i % 4), Action: engine.Discard, Dealer: engine.NoSeat})
	}
	eventually(t, "200 discards published", func() bool { return s.tb.Seq() >= 200 })
	rss2, heap2 := memFigures()
	per := (heap1 - heap0) * 1024 / 1000
	t.Logf("1,000 non-reading streams: RSS %d -> %d KiB (%d after 200 updates), Go heap+stacks %d -> %d KiB (%d after), %d bytes per stream",
		rss0, rss1, rss2, heap0, heap1, heap2, per)
	if per > 48<<10 {
		t.Errorf("%d bytes of heap and stack per stream, want well under the old 104 KB", per)
	}
}

// TestStreamCap: one stream over the cap is a 503 that says why; when a
// stream closes its place is free again.
func TestStreamCap(t *testing.T) {
	s := serveTable(t, Limits{MaxStreams: 3}, 0, nil)
	var open []*http.Response
	for range 3 {
		r, err := http.Get(s.url + "/api/events")
		if err != nil || r.StatusCode != http.StatusOK {
			t.Fatalf("stream: %v %v", err, r)
		}
		open = append(open, r)
	}
	r, err := http.Get(s.url + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(b), "too many live streams (3)") || r.Header.Get("Retry-After") == "" {
		t.Fatalf("a fourth stream got %s %s", r.Status, b)
	}
	open[0].Body.Close()
	eventually(t, "a closed stream frees its place", func() bool { return s.srv.streams.Load() == 2 })
	r, err = http.Get(s.url + "/api/events")
	if err != nil || r.StatusCode != http.StatusOK {
		t.Fatalf("stream after one closed: %v %v", err, r)
	}
	r.Body.Close()
	for _, r := range open[1:] {
		r.Body.Close()
	}
}
