package club

import (
	"fmt"
	"strconv"
	"strings"
)

// Which tables the console follows. With a roster (the club's tables, or a
// tournament's, named when the console starts) it follows those and
// refuses every other name at once, whatever the cap: on a broker without
// the shipped ACL anyone can publish a status under a made-up name, and
// 20,000 of them filled the cap before a real table started, which the
// console then never showed. Without a roster it follows the first names
// up to the cap, and a name that has only published a status gives way to
// a new one when the cap is reached (the one heard from least lately): a
// table that has published events is never pushed out by names that only
// said they exist.

// ParseRoster reads a roster as the console's --tables flag gives it:
// table names separated by commas (spaces around them are dropped). An
// empty string is no roster; a name that cannot be a table's is an error
// naming it.
func ParseRoster(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var names []string
	seen := map[string]bool{}
	for i, n := range strings.Split(s, ",") {
		n = strings.TrimSpace(n)
		if !ValidTableName(n) {
			return nil, fmt.Errorf("club: roster: name %d, %q, cannot be a table's name (1 to 64 characters, none of / + # or NUL)", i+1, n)
		}
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	return names, nil
}

// admission is what a watcher keeps to decide which tables it follows.
type admission struct {
	// roster is the tables the watcher follows, nil when none is given.
	roster map[string]bool
	// heard is when each followed table was last heard from, by a
	// counter of the messages admitted.
	heard map[string]uint64
	clock uint64
}

func newAdmission(roster []string) admission {
	a := admission{heard: map[string]uint64{}}
	if len(roster) > 0 {
		a.roster = map[string]bool{}
		for _, n := range roster {
			a.roster[n] = true
		}
	}
	return a
}

// admitLocked reports whether the watcher follows table: with a roster,
// whether it is on it; without, one it follows already, or a new one
// while it follows fewer than the cap, or in the place of a table that
// has only published a status (forgot names it, for the console to drop).
// A refusal by the cap is said at most once every warnEvery; one by the
// roster is passed on (refused) every time, for the console to count.
// w.mu is held.
func (w *Watcher) admitLocked(table string) (ok bool, wn *warning, forgot, refused string) {
	a := &w.admission
	a.clock++
	if a.roster != nil {
		if !a.roster[table] {
			w.refusedTables++
			return false, nil, "", table
		}
		w.known[table] = true
		return true, nil, "", ""
	}
	if w.known[table] {
		a.heard[table] = a.clock
		return true, nil, "", ""
	}
	if len(w.known) >= w.maxTables() {
		forgot = w.statusOnlyLocked()
		if forgot == "" {
			w.refusedTables++
			return false, w.warnLocked(ConsoleRow, "too-many-tables", say("console.warn.too_many_tables",
				"table", strconv.Quote(table), "max", digits(w.maxTables()), "refused", digits(w.refusedTables))), "", ""
		}
		w.forgetLocked(forgot)
	}
	w.known[table] = true
	a.heard[table] = a.clock
	return true, nil, forgot, ""
}

// statusOnlyLocked is the followed table heard from least lately that has
// had no event delivered, or "". w.mu is held.
func (w *Watcher) statusOnlyLocked() string {
	name, at := "", uint64(0)
	for n := range w.known {
		if _, events := w.last[n]; events {
			continue
		}
		if h := w.admission.heard[n]; name == "" || h < at || h == at && n < name {
			name, at = n, h
		}
	}
	return name
}

// forgetLocked stops following table: what the watcher kept of it goes.
// w.mu is held.
func (w *Watcher) forgetLocked(table string) {
	delete(w.known, table)
	delete(w.admission.heard, table)
	delete(w.last, table)
	delete(w.ahead, table)
	delete(w.asked, table)
	delete(w.told, table)
	if t := w.again[table]; t != nil {
		t.Stop()
		delete(w.again, table)
	}
}

// maxRefusedNames bounds the names of refused tables the console shows.
const maxRefusedNames = 10

// refusedKind is the kind of the console's alert naming the tables not on
// its roster whose messages it refused.
const refusedKind = "not-on-roster"

// Refused takes a message the watcher refused for a table not on the
// roster (WatcherConfig.OnRefused): the console's own row says how many
// were refused and names the latest few tables, in one alert it keeps up
// to date until acknowledged.
func (c *Console) Refused(table string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refused++
	for i, n := range c.refusedNames {
		if n == table {
			c.refusedNames = append(c.refusedNames[:i], c.refusedNames[i+1:]...)
			break
		}
	}
	c.refusedNames = append(c.refusedNames, table)
	if n := len(c.refusedNames); n > maxRefusedNames {
		c.refusedNames = c.refusedNames[n-maxRefusedNames:]
	}
	names := make([]string, len(c.refusedNames))
	for i, n := range c.refusedNames {
		names[i] = fmt.Sprintf("%q", n)
	}
	s := say("console.warn.refused", "n", digits(c.refused), "names", strings.Join(names, ", "))
	t := c.table(ConsoleRow)
	for i := range t.Alerts {
		if t.Alerts[i].Kind == refusedKind {
			t.Alerts[i].Text, t.Alerts[i].words, t.Alerts[i].Wall = s.String(), &s, c.now()
			c.bump()
			return
		}
	}
	c.saidLocked(ConsoleRow, refusedKind, s)
	c.bump()
}

// Forget drops a table the watcher no longer follows (WatcherConfig.OnForget):
// a name that only ever published a status, given way to another.
func (c *Console) Forget(table string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.tables[table]; ok {
		delete(c.tables, table)
		c.bump()
	}
}
