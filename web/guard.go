package web

import (
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"sync"
	"time"
)

// A page on another site, open in a tablet's browser, can send requests to
// the table (a form post, an image, a script tag) and, by DNS rebinding
// (its own name pointed at the table's address), read the answers. What
// keeps it out: every request must name the table in its Host (the names
// a rebinding page cannot have), an action needs a JSON body (a form
// cannot send one without the browser asking the table first, which it
// does not allow), and no page may frame the table's.

// Hosts decides which Host headers the LAN server answers: the configured
// names and addresses, the machine's own addresses and name (and its .local
// name), and localhost. Any other is answered 421: a page reached by DNS
// rebinding names its own host, not the table's.
type Hosts struct {
	names map[string]bool
	// own are the machine's addresses, read again (at most every
	// ownEvery) when a request names an address not among them: a lease
	// renewed may give it a new one.
	mu   sync.Mutex
	own  map[netip.Addr]bool
	read time.Time
	// addrs lists the machine's addresses; nil: its interfaces'.
	addrs func() ([]netip.Addr, error)
}

const ownEvery = 5 * time.Second

// NewHosts returns the allow-list of the given names and addresses (a URL's
// host, a bare name or an address; a port is ignored) with the machine's
// own.
func NewHosts(names ...string) *Hosts {
	h := &Hosts{names: map[string]bool{"localhost": true}, addrs: interfaceAddrs}
	if name, err := os.Hostname(); err == nil && name != "" {
		name = strings.ToLower(strings.TrimSuffix(name, "."))
		h.names[name] = true
		h.names[strings.TrimSuffix(name, ".local")+".local"] = true
	}
	for _, n := range names {
		if host := hostOnly(n); host != "" {
			h.names[host] = true
		}
	}
	return h
}

// hostOnly is the lower-case host of a Host header, a URL or a bare name,
// without port or brackets; "" if none.
func hostOnly(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
		if j := strings.IndexAny(s, "/?#"); j >= 0 {
			s = s[:j]
		}
	}
	if h, _, err := net.SplitHostPort(s); err == nil {
		s = h
	}
	return strings.TrimSuffix(strings.Trim(s, "[]"), ".")
}

func interfaceAddrs() ([]netip.Addr, error) {
	as, err := net.InterfaceAddrs()
	if err != nil {
		return nil, err
	}
	var out []netip.Addr
	for _, a := range as {
		if p, err := netip.ParsePrefix(a.String()); err == nil {
			out = append(out, p.Addr().Unmap())
		}
	}
	return out, nil
}

// Allowed reports whether a request's Host header names this machine.
func (h *Hosts) Allowed(host string) bool {
	name := hostOnly(host)
	if name == "" {
		return false
	}
	if h.names[name] {
		return true
	}
	a, err := netip.ParseAddr(name)
	if err != nil {
		return false
	}
	a = a.Unmap().WithZone("")
	if a.IsLoopback() {
		return true
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.own[a] && time.Since(h.read) >= ownEvery {
		h.read = time.Now()
		if as, err := h.addrs(); err == nil {
			h.own = map[netip.Addr]bool{}
			for _, x := range as {
				h.own[x.WithZone("")] = true
			}
		}
	}
	return h.own[a]
}

// Guard wraps a handler of the LAN server (the table's or the club
// console's): a request whose Host is not the machine's is answered 421,
// and every answer says that no page may frame it and that its type is as
// stated. hosts nil allows the machine's own names and addresses only.
func Guard(h http.Handler, hosts *Hosts) http.Handler {
	if hosts == nil {
		hosts = NewHosts()
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "frame-ancestors 'none'")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		if !hosts.Allowed(r.Host) {
			metricHostRefused.Inc()
			http.Error(w, "421 this server answers only to its own names and addresses (add the name the tablets use to [web] hosts)", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// clientKey is who a request comes from for the per-client limits: its
// address, or for IPv6 its /64 (a host picks any address in its /64, and
// privacy addresses change by themselves).
func clientKey(remote string) string {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	a = a.Unmap().WithZone("")
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// loopback reports whether a remote address is the machine itself, which
// the per-client caps leave alone (a local proxy would be every client).
func loopback(remote string) bool {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

// counts is how many of something (streams) each client holds.
type counts struct {
	mu sync.Mutex
	n  map[string]int
}

// add counts one more for client unless it holds max already; it reports
// whether it did.
func (c *counts) add(client string, max int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	if c.n[client] >= max {
		return false
	}
	c.n[client]++
	return true
}

func (c *counts) done(client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[client]--; c.n[client] <= 0 {
		delete(c.n, client)
	}
}

// rate is a token bucket per client: at most burst at once, refilled at
// perSecond; it remembers at most size clients (full ones are forgotten
// first: a client that has waited is as good as new).
type rate struct {
	mu        sync.Mutex
	perSecond float64
	burst     float64
	size      int
	now       func() time.Time
	clients   map[string]*bucket
	logEvery  time.Duration
	logged    map[string]time.Time
	logf      func(format string, args ...any)
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRate(perSecond, burst float64, size int) *rate {
	return &rate{perSecond: perSecond, burst: burst, size: size, now: time.Now, clients: map[string]*bucket{},
		logEvery: time.Minute, logged: map[string]time.Time{}, logf: log.Printf}
}

// take reports whether client may act now, using one token if so.
func (r *rate) take(client string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	b, ok := r.clients[client]
	if !ok {
		if len(r.clients) >= r.size {
			for c, o := range r.clients {
				if o.tokens+now.Sub(o.at).Seconds()*r.perSecond >= r.burst {
					delete(r.clients, c)
				}
			}
			if len(r.clients) >= r.size {
				clear(r.clients) // every one busy: a flood of addresses; start again
			}
		}
		b = &bucket{tokens: r.burst, at: now}
		r.clients[client] = b
	}
	b.tokens = min(r.burst, b.tokens+now.Sub(b.at).Seconds()*r.perSecond)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// refused logs a refusal of client, at most once every logEvery each.
func (r *rate) refused(client, what string) {
	r.mu.Lock()
	now := r.now()
	at, ok := r.logged[client]
	if ok && now.Sub(at) < r.logEvery {
		r.mu.Unlock()
		return
	}
	if len(r.logged) >= r.size {
		clear(r.logged)
	}
	r.logged[client] = now
	r.mu.Unlock()
	r.logf("web: %s from %s refused: faster than %.0f a second", what, client, r.perSecond)
}
