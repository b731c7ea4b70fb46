package club

import (
	"net/netip"
	"net/url"
	"slices"
	"strconv"
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
type warning struct {
	table, kind string
	said        Said
}

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
	return true, w.warnLocked(table, "suspicious", say("console.warn.suspicious",
		"kind", say(messageKinds[kind]), "seq", digits(seq), "past", digits(seq-base), "base", digits(base)))
}

// messageKinds are the words of the kinds of message jumpLocked holds.
var messageKinds = map[string]string{"event": "console.warn.kind.event", "status": "console.warn.kind.status"}

// warnLocked returns the warning unless one of its kind about the table
// was raised less than warnEvery ago. w.mu is held.
func (w *Watcher) warnLocked(table, kind string, said Said) *warning {
	key := table + "\x00" + kind
	if at, ok := w.warned[key]; ok && time.Since(at) < warnEvery {
		return nil
	}
	if len(w.warned) >= 4*w.maxTables() {
		clear(w.warned)
	}
	w.warned[key] = time.Now()
	return &warning{table, kind, said}
}

// warn passes a warning on: to OnSaid, which words it per reader, or
// else to OnAlert in English.
func (w *Watcher) warn(wn *warning) {
	switch {
	case wn == nil:
	case w.cfg.OnSaid != nil:
		w.cfg.OnSaid(wn.table, wn.kind, wn.said)
	case w.cfg.OnAlert != nil:
		w.cfg.OnAlert(wn.table, wn.kind, wn.said.String())
	}
}

// digits is n as Go writes it, in every language: a sequence number or a
// count to compare with a log (Said).
func digits[N uint64 | int](n N) string { return strconv.FormatUint(uint64(n), 10) }

// Warn puts an alert the console raises itself (not from a table's log)
// on a table's list, or on ConsoleRow: a WatcherConfig.OnAlert.
// The text is in English on every view; WarnSaid's is worded per reader.
func (c *Console) Warn(table, kind, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.warnLocked(table, kind, text, nil)
	c.bump()
}

// WarnSaid is Warn of a warning by its catalog key, which each view
// words in its reader's language (TablesIn): a WatcherConfig.OnSaid.
func (c *Console) WarnSaid(table, kind string, s Said) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.saidLocked(table, kind, s)
	c.bump()
}

// saidLocked raises the console's own warning s. c.mu is held.
func (c *Console) saidLocked(table, kind string, s Said) {
	c.warnLocked(table, kind, s.String(), &s)
}

func (c *Console) warnLocked(table, kind, text string, s *Said) {
	t := c.table(table)
	c.warned++
	t.Alerts = append(t.Alerts, Alert{Seq: warnSeq + c.warned, Kind: kind, Text: text, Wall: c.now(), words: s})
	if len(t.Alerts) > maxAlerts {
		t.Alerts = t.Alerts[len(t.Alerts)-maxAlerts:]
	}
}

// checkLink says what is wrong with a table's link to its status page, or
// "" when the console may show it: http or https, no credentials, to a
// host on the club's network (an address of a private, link-local or
// loopback range, or a .local name): never a page elsewhere that a forged
// status could dress as the table's (asking for the referee token).
func checkLink(link string) (Said, bool) {
	why := func(key string) (Said, bool) {
		return say(key, "link", strconv.Quote(link)), false
	}
	u, err := url.Parse(link)
	switch {
	case err != nil:
		return why("console.warn.link.not_url")
	case u.Scheme != "http" && u.Scheme != "https":
		return why("console.warn.link.not_http")
	case u.User != nil:
		return why("console.warn.link.credentials")
	case u.Hostname() == "":
		return why("console.warn.link.no_host")
	}
	host := strings.ToLower(u.Hostname())
	if a, err := netip.ParseAddr(host); err == nil {
		if a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() {
			return Said{}, true
		}
		return why("console.warn.link.not_club_address")
	}
	if strings.HasSuffix(host, ".local") {
		return Said{}, true
	}
	return why("console.warn.link.not_club_host")
}

// statusLinkLocked takes a table's link from its status when checkLink
// passes it, with an alert when it changes or is refused. c.mu is held.
func (c *Console) statusLinkLocked(t *TableView, link string) {
	if link == "" || link == t.URL {
		return
	}
	if why, ok := checkLink(link); !ok {
		c.saidLocked(t.Table, "bad-link", say("console.warn.bad_link", "why", why))
		return
	}
	if t.URL != "" {
		c.saidLocked(t.Table, "link-changed", say("console.warn.link_changed", "from", t.URL, "to", link))
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
	c.pendingWarnLocked(t, alert.ClientID, say("console.warn.taken_over", "n", digits(n)))
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
		c.pendingWarnLocked(t, alert.ClientID, say("console.warn.two_tables", "table", strconv.Quote(t.Table), "run", s.Instance, "prev", prev))
	}
}

// pendingWarnLocked raises an alert of kind on t unless one of that kind
// (the console's, or the table's own note) is still on its list, not
// acknowledged: a cause that lasts is said once, not at each of its
// effects. c.mu is held.
func (c *Console) pendingWarnLocked(t *TableView, kind alert.Kind, s Said) {
	for _, a := range t.Alerts {
		if a.Kind == string(kind) {
			return
		}
	}
	c.saidLocked(t.Table, string(kind), s)
}
