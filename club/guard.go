package club

import (
	"fmt"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/tabled/tabled/alert"
)

// What a watcher and the console do not take on trust. Anyone who can
// publish on the broker can put anything on a table's topics: the
// broker's logins and ACL (docs/security.md) keep them off, and these
// checks bound what gets through when they are missing or a table's
// login leaks.
const (
	// DefaultMaxTables is how many tables a watcher follows unless told:
	// a message for one more is refused (and said), so a flood of made-up
	// table names cannot grow the console without bound.
	DefaultMaxTables = 64
	// DefaultMaxJump is how far past what a table has published an event's
	// sequence number may be, unless told: one further is held as
	// suspicious, not taken as the table's new position (one forged
	// 18446744073709551615 would otherwise hide every later real event).
	DefaultMaxJump = 100_000
	// ConsoleRow is the console's own row, for alerts about no one table
	// (too many tables). '#' cannot be in a table's name.
	ConsoleRow = "#console"
	// warnSeq numbers the alerts the console raises itself: above any
	// record's sequence number and within what a page's number holds.
	warnSeq = 1 << 52
	// warnEvery bounds how often one alert of a kind about one table is
	// raised again.
	warnEvery = time.Minute
	// reasonTakenOver is the reason code of a broker's DISCONNECT when
	// another client connected with the same client id.
	reasonTakenOver = 0x8E
)

// warning is an alert a watcher raises about a table (or ConsoleRow).
type warning struct{ table, kind, text string }

func (w *Watcher) maxTables() int {
	if w.cfg.MaxTables > 0 {
		return w.cfg.MaxTables
	}
	return DefaultMaxTables
}

func (w *Watcher) maxJump() uint64 {
	if w.cfg.MaxJump > 0 {
		return w.cfg.MaxJump
	}
	return DefaultMaxJump
}

// admit reports whether the watcher follows table, raising the warning
// of a refusal and passing on a table given way to and a name refused
// (roster.go).
func (w *Watcher) admit(table string) bool {
	w.mu.Lock()
	ok, wn, forgot, refused := w.admitLocked(table)
	w.mu.Unlock()
	w.warn(wn)
	if forgot != "" && w.cfg.OnForget != nil {
		w.cfg.OnForget(forgot)
	}
	if refused != "" && w.cfg.OnRefused != nil {
		w.cfg.OnRefused(refused)
	}
	return ok
}

// jumpLocked checks seq, from table's message of the kind given, against
// what the table is known to have published: it reports whether seq is
// beyond the bound, and the message then not taken, with a warning to
// raise (nil when one was raised lately). w.mu is held.
func (w *Watcher) jumpLocked(table, kind string, seq uint64) (bool, *warning) {
	base := max(w.last[table], w.told[table])
	if seq <= base || seq-base <= w.maxJump() {
		return false, nil
	}
	w.dropped++
	return true, w.warnLocked(table, "suspicious", fmt.Sprintf(
		"a %s with sequence number %d, %d past the %d the table is known to have published, held as suspicious and not taken: a forged message, or a log replaced (restart the console to follow it from there)",
		kind, seq, seq-base, base))
}

// warnLocked returns the warning unless one of its kind about the table
// was raised less than warnEvery ago. w.mu is held.
func (w *Watcher) warnLocked(table, kind, text string) *warning {
	key := table + "\x00" + kind
	if at, ok := w.warned[key]; ok && time.Since(at) < warnEvery {
		return nil
	}
	if len(w.warned) >= 4*w.maxTables() {
		clear(w.warned)
	}
	w.warned[key] = time.Now()
	return &warning{table, kind, text}
}

func (w *Watcher) warn(wn *warning) {
	if wn != nil && w.cfg.OnAlert != nil {
		w.cfg.OnAlert(wn.table, wn.kind, wn.text)
	}
}

// Warn puts an alert the console raises itself (not from a table's log)
// on a table's list, or on ConsoleRow: a WatcherConfig.OnAlert.
func (c *Console) Warn(table, kind, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.warnLocked(table, kind, text)
	c.bump()
}

func (c *Console) warnLocked(table, kind, text string) {
	t := c.table(table)
	c.warned++
	t.Alerts = append(t.Alerts, Alert{Seq: warnSeq + c.warned, Kind: kind, Text: text, Wall: c.now()})
	if len(t.Alerts) > maxAlerts {
		t.Alerts = t.Alerts[len(t.Alerts)-maxAlerts:]
	}
}

// checkLink says what is wrong with a table's link to its status page, or
// "" when the console may show it: http or https, no credentials, to a
// host on the club's network (an address of a private, link-local or
// loopback range, or a .local name): never a page elsewhere that a forged
// status could dress as the table's (asking for the referee token).
func checkLink(link string) string {
	u, err := url.Parse(link)
	switch {
	case err != nil:
		return fmt.Sprintf("%q is not a URL", link)
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Sprintf("%q is not an http or https link", link)
	case u.User != nil:
		return fmt.Sprintf("%q carries credentials", link)
	case u.Hostname() == "":
		return fmt.Sprintf("%q names no host", link)
	}
	host := strings.ToLower(u.Hostname())
	if a, err := netip.ParseAddr(host); err == nil {
		if a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() {
			return ""
		}
		return fmt.Sprintf("%q is not an address of the club's network", link)
	}
	if strings.HasSuffix(host, ".local") {
		return ""
	}
	return fmt.Sprintf("%q is not a host of the club's network (an address or a .local name)", link)
}

// statusLinkLocked takes a table's link from its status when checkLink
// passes it, with an alert when it changes or is refused. c.mu is held.
func (c *Console) statusLinkLocked(t *TableView, link string) {
	if link == "" || link == t.URL {
		return
	}
	if why := checkLink(link); why != "" {
		c.warnLocked(t.Table, "bad-link", "the table's status gave a link the console does not show: "+why)
		return
	}
	if t.URL != "" {
		c.warnLocked(t.Table, "link-changed", fmt.Sprintf("the table's link changed from %s to %s: check it is the table's own address", t.URL, link))
	}
	t.URL = link
}

// takenOverLocked alerts when a table's status says another client took
// its client id at the broker (cutting it off) more often than before.
// c.mu is held.
func (c *Console) takenOverLocked(t *TableView, n uint64) {
	if n <= t.TakenOver {
		return
	}
	t.TakenOver = n
	c.pendingWarnLocked(t, alert.ClientID, fmt.Sprintf("another client connected to the broker with this table's client id (%d times since the table started), cutting it off: give each table its own login", n))
}

// maxReplaced bounds the runs of a table the console remembers as
// replaced.
const maxReplaced = 4

// instanceLocked follows which run of a table its online statuses come
// from. A table draws a new instance at each start, so a run replaced by
// another never speaks again; one that does is a second table running
// with the same name (and login): the broker cuts each off when the
// other connects, and each says it is online again. Statuses saying
// offline do not count: the broker sends a run's last will after the
// next has started. c.mu is held.
func (c *Console) instanceLocked(t *TableView, s Status) {
	if !s.Online || s.Instance == "" || s.Instance == t.instance {
		return
	}
	back := slices.Contains(t.replaced, s.Instance)
	t.replaced = slices.DeleteFunc(t.replaced, func(i string) bool { return i == s.Instance })
	if t.instance != "" {
		t.replaced = append(t.replaced, t.instance)
	}
	if n := len(t.replaced); n > maxReplaced {
		t.replaced = t.replaced[n-maxReplaced:]
	}
	prev := t.instance
	t.instance = s.Instance
	if back {
		c.pendingWarnLocked(t, alert.ClientID, fmt.Sprintf(
			"two tables publish as %q: its status came from run %s, then %s, then %s again (a table's run never comes back once replaced), and the broker cuts each off when the other connects: give each table its own [table] name and login",
			t.Table, s.Instance, prev, s.Instance))
	}
}

// pendingWarnLocked raises an alert of kind on t unless one of that kind
// (the console's, or the table's own note) is still on its list, not
// acknowledged: a cause that lasts is said once, not at each of its
// effects. c.mu is held.
func (c *Console) pendingWarnLocked(t *TableView, kind alert.Kind, text string) {
	for _, a := range t.Alerts {
		if a.Kind == string(kind) {
			return
		}
	}
	c.warnLocked(t.Table, string(kind), text)
}
