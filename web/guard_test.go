package web

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestHostsAllowed: the machine's own names and addresses, localhost and
// the configured names are answered; any other Host (a rebinding page's
// own name, another address) is not.
func TestHostsAllowed(t *testing.T) {
	h := NewHosts("http://table-7.local:8080/", "scores.club.lan")
	h.addrs = func() ([]netip.Addr, error) {
		return []netip.Addr{netip.MustParseAddr("192.168.1.20"), netip.MustParseAddr("fd00::20")}, nil
	}
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{"localhost:8080", true},
		{"127.0.0.1:8080", true},
		{"[::1]:8080", true},
		{"192.168.1.20:8080", true},
		{"192.168.1.20", true},
		{"[fd00::20]:8080", true},
		{"table-7.local:8080", true},
		{"TABLE-7.LOCAL.", true},
		{"scores.club.lan", true},
		{"evil.example:8080", false},
		{"rebind.evil.example", false},
		{"192.168.1.99:8080", false},
		{"table-7.local.evil.example", false},
		{"", false},
	} {
		if got := h.Allowed(tc.host); got != tc.ok {
			t.Errorf("Allowed(%q) = %v, want %v", tc.host, got, tc.ok)
		}
	}
}

// do sends one request to s as a browser on the club's network would.
func do(s http.Handler, method, target, host, remote string, header map[string]string, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Host, req.RemoteAddr = host, remote
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

// TestRebindingAndCrossSiteRefused: the requests a DNS-rebinding page
// sends (its own host name in Host) get 421 for the log, its export and
// the metrics; a cross-site form post (text/plain) to the simulated
// table's press endpoint gets 415; every answer forbids framing and
// sniffing.
func TestRebindingAndCrossSiteRefused(t *testing.T) {
	s := New(Config{Hosts: NewHosts("table-7.local"), Sim: true, LogDir: t.TempDir()})
	const lan = "192.168.1.50:51000"
	for _, path := range []string{"/api/log", "/api/export?format=csv", "/metrics", "/api/state", "/"} {
		rec := do(s, "GET", path, "rebind.evil.example:8080", lan, nil, "")
		if rec.Code != http.StatusMisdirectedRequest {
			t.Errorf("GET %s with a rebinding Host: %d, want 421", path, rec.Code)
		}
		if got := rec.Header().Get("Content-Security-Policy"); got != "frame-ancestors 'none'" {
			t.Errorf("GET %s: Content-Security-Policy %q", path, got)
		}
		if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q", path, got)
		}
	}
	if rec := do(s, "GET", "/metrics", "table-7.local:8080", lan, nil, ""); rec.Code != http.StatusOK {
		t.Errorf("GET /metrics by the table's name: %d, want 200", rec.Code)
	}
	// <form method=post enctype=text/plain action=http://table-7.local:8080/api/press>
	form := map[string]string{"Content-Type": "text/plain", "Origin": "http://evil.example"}
	if rec := do(s, "POST", "/api/press", "table-7.local:8080", lan, form, `{"seat":0,"action":"pon","x":"="}`); rec.Code != http.StatusUnsupportedMediaType {
		t.Errorf("a text/plain form post to /api/press: %d, want 415", rec.Code)
	}
}

// TestMissingTokenDoesNotLockOut: posts without a token (any page in
// another tab can send them) are refused but not counted; wrong tokens
// are, per address and for IPv6 per /64, so privacy addresses do not walk
// around the limit.
func TestMissingTokenDoesNotLockOut(t *testing.T) {
	s := New(Config{Hosts: testHosts, RefereeToken: token})
	json := map[string]string{"Content-Type": "application/json"}
	for range 20 {
		if rec := do(s, "POST", "/api/referee", "example.com", "192.168.1.50:4000", json, `{"action":"newhand"}`); rec.Code != http.StatusUnauthorized {
			t.Fatalf("no token: %d, want 401", rec.Code)
		}
	}
	if s.limit.blocked(clientKey("192.168.1.50:4000")) {
		t.Fatal("posts without a token locked the address out")
	}
	wrong := map[string]string{"Content-Type": "application/json", "Authorization": "Bearer wrong-guess-0000000"}
	for i := range 5 {
		remote := fmt.Sprintf("[2001:db8:1:2::%x]:4000", i+1) // a new privacy address each time
		if rec := do(s, "POST", "/api/referee", "example.com", remote, wrong, `{"action":"newhand"}`); rec.Code != http.StatusUnauthorized {
			t.Fatalf("wrong token %d: %d, want 401", i, rec.Code)
		}
	}
	right := map[string]string{"Content-Type": "application/json", "Authorization": "Bearer " + token}
	if rec := do(s, "POST", "/api/referee", "example.com", "[2001:db8:1:2::99]:4000", right, `{"action":"newhand"}`); rec.Code != http.StatusTooManyRequests {
		t.Errorf("another address of the same /64 after five wrong tokens: %d, want 429", rec.Code)
	}
	if s.limit.blocked(clientKey("[2001:db8:1:3::1]:4000")) {
		t.Error("the next /64 is blocked too")
	}
}

// TestPressRateLimit: one client pressing faster than a hand can is
// refused (429) and logged once; after a second it may press again; the
// machine itself (loopback) is not limited.
func TestPressRateLimit(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var logged []string
	r := newRate(pressesPerSecond, pressesPerSecond, 4)
	r.now = func() time.Time { return now }
	r.logf = func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }
	taken := 0
	for range 3 * pressesPerSecond {
		if r.take("192.168.1.50") {
			taken++
		} else {
			r.refused("192.168.1.50", "presses")
		}
	}
	if taken != pressesPerSecond || len(logged) != 1 {
		t.Fatalf("%d presses at once taken, %d logs; want %d and one log", taken, len(logged), pressesPerSecond)
	}
	if !r.take("192.168.1.51") {
		t.Error("another client was refused")
	}
	now = now.Add(time.Second)
	if !r.take("192.168.1.50") {
		t.Error("a second later the client is still refused")
	}
	for i := range 10 {
		r.take(fmt.Sprintf("10.0.0.%d", i)) // more clients than it remembers
	}
	if len(r.clients) > 4 {
		t.Errorf("the limiter remembers %d clients, over its size 4", len(r.clients))
	}

	s := New(Config{Hosts: testHosts, Sim: true})
	s.presses.logf = func(string, ...any) {}
	codes := map[int]int{}
	for range 3 * pressesPerSecond {
		// A malformed press is refused after the limit: no table needed.
		codes[do(s, "POST", "/api/press", "example.com", "192.168.1.60:4000", map[string]string{"Content-Type": "application/json"}, `{}`).Code]++
	}
	if codes[http.StatusTooManyRequests] != 2*pressesPerSecond {
		t.Errorf("answers %v, want %d refused as too fast", codes, 2*pressesPerSecond)
	}
	for range 3 * pressesPerSecond {
		if c := do(s, "POST", "/api/press", "example.com", "127.0.0.1:4000", map[string]string{"Content-Type": "application/json"}, `{}`).Code; c == http.StatusTooManyRequests {
			t.Fatal("a press from the machine itself was rate limited")
		}
	}
}

// TestExportLimited: while maxExports exports run, another is refused
// with 429 and Retry-After rather than queued.
func TestExportLimited(t *testing.T) {
	s := New(Config{Hosts: testHosts, LogDir: t.TempDir()})
	for range maxExports {
		s.exports <- struct{}{}
	}
	rec := do(s, "GET", "/api/export?format=json", "example.com", "192.168.1.50:4000", nil, "")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Errorf("an export while %d run: %d, want 429 with Retry-After", maxExports, rec.Code)
	}
	<-s.exports
	if rec := do(s, "GET", "/api/export?format=json", "example.com", "192.168.1.50:4000", nil, ""); rec.Code != http.StatusOK {
		t.Errorf("an export with room: %d, want 200", rec.Code)
	}
}

// TestConnectionCapPerAddress: one client at its cap of connections is
// refused, while another client still gets in; a connection closed makes
// room again.
func TestConnectionCapPerAddress(t *testing.T) {
	l := newConnLimit(nil, 10)
	l.perAddr = 2
	conn := func(remote string) net.Conn { return fakeConn{remote: remote} }
	a1, a2 := l.admit(conn("192.168.1.50:1")), l.admit(conn("192.168.1.50:2"))
	if a1 == nil || a2 == nil {
		t.Fatal("a client's first two connections refused")
	}
	if l.admit(conn("192.168.1.50:3")) != nil {
		t.Error("a client's third connection admitted over its cap of 2")
	}
	if l.admit(conn("[2001:db8::1]:1")) == nil || l.admit(conn("[2001:db8::2]:1")) == nil || l.admit(conn("[2001:db8::3]:1")) != nil {
		t.Error("an IPv6 /64 is not one client")
	}
	if l.admit(conn("192.168.1.51:1")) == nil {
		t.Error("another client refused")
	}
	for i := range 5 {
		if l.admit(conn(fmt.Sprintf("127.0.0.1:%d", i))) == nil {
			t.Error("the machine itself capped")
		}
	}
	a1.Close()
	if l.admit(conn("192.168.1.50:4")) == nil {
		t.Error("a closed connection left no room")
	}
}

type fakeConn struct {
	net.Conn
	remote string
}

func (c fakeConn) RemoteAddr() net.Addr { return fakeAddr(c.remote) }
func (c fakeConn) Close() error         { return nil }

type fakeAddr string

func (a fakeAddr) Network() string { return "tcp" }
func (a fakeAddr) String() string  { return string(a) }

// FuzzHostsAllowed: any Host header is answered without a crash, and one
// the allow-list takes names a configured host, localhost, or an address
// of the machine.
func FuzzHostsAllowed(f *testing.F) {
	for _, s := range []string{"table-7.local:8080", "[::1]:80", "evil.example", "[fe80::1%eth0]:80", "", ":", "[", "a:b:c"} {
		f.Add(s)
	}
	h := NewHosts("table-7.local")
	h.addrs = func() ([]netip.Addr, error) { return []netip.Addr{netip.MustParseAddr("192.168.1.20")}, nil }
	f.Fuzz(func(t *testing.T, host string) {
		if !h.Allowed(host) {
			return
		}
		name := hostOnly(host)
		a, err := netip.ParseAddr(name)
		if !h.names[name] && (err != nil || !a.Unmap().IsLoopback() && a.Unmap().WithZone("") != netip.MustParseAddr("192.168.1.20")) {
			t.Errorf("Allowed(%q): %q is neither configured nor the machine's", host, name)
		}
	})
}

// TestStreamCapPerAddress: one client at its cap of live streams gets 503;
// another client still gets one, and the machine itself is not capped.
func TestStreamCapPerAddress(t *testing.T) {
	s := New(Config{Hosts: testHosts, Limits: Limits{MaxStreamsPerAddr: 2}})
	admit := func(remote string) int {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/api/events", nil)
		req.RemoteAddr = remote
		if _, ok := s.admitClientStream(rec, req); !ok {
			return rec.Code
		}
		return http.StatusOK
	}
	got := []int{admit("192.168.1.50:1"), admit("192.168.1.50:2"), admit("192.168.1.50:3"), admit("192.168.1.51:1"), admit("127.0.0.1:1"), admit("127.0.0.1:2"), admit("127.0.0.1:3")}
	want := []int{200, 200, 503, 200, 200, 200, 200}
	if !slices.Equal(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
	s.streamsBy.done("192.168.1.50")
	if admit("192.168.1.50:4") != http.StatusOK {
		t.Error("a stream ended left no room")
	}
}
