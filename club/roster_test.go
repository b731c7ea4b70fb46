package club

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/eclipse/paho.golang/paho"

	"github.com/tabled/tabled/club/clubtest"
)

func (g *guarded) status(ctx context.Context, table string) {
	g.w.receive(ctx, topic(table, "status"), []byte(`{"online":true,"seq":0}`))
}

// TestParseRoster: the --tables flag's names, and the names that cannot
// be a table's, refused naming them.
func TestParseRoster(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		err  string
	}{
		{"", nil, ""},
		{"  ", nil, ""},
		{"table-1", []string{"table-1"}, ""},
		{"table-1, table-2 ,table-3", []string{"table-1", "table-2", "table-3"}, ""},
		{"a,b,a", []string{"a", "b"}, ""},
		{"a,,b", nil, `name 2, ""`},
		{"a,b/c", nil, `name 2, "b/c"`},
		{"a,+", nil, `name 2, "+"`},
		{strings.Repeat("x", 65), nil, "name 1"},
	} {
		got, err := ParseRoster(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseRoster(%q): error %v, want one saying %s", c.in, err, c.err)
		case c.err == "" && (err != nil || !slices.Equal(got, c.want)):
			t.Errorf("ParseRoster(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

// TestWatcherStatusOnlyGivesWay: without a roster, 20,000 names that only
// publish a status reach a watcher capped at 10: a table that had
// published events before them keeps its place and its events go on, and
// a table that starts after them is followed; the names given way are
// forgotten (the watcher keeps 10), and nothing is said to be refused.
func TestWatcherStatusOnlyGivesWay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var forgot []string
		g := newGuarded(t, WatcherConfig{MaxTables: 10, OnForget: func(table string) { forgot = append(forgot, table) }})
		ctx := t.Context()
		g.status(ctx, "host1")
		g.event(ctx, "host1", 1)
		for i := range 20000 {
			g.status(ctx, fmt.Sprintf("forged-%d", i))
		}
		g.event(ctx, "host1", 2)
		g.status(ctx, "host2")
		g.event(ctx, "host2", 7)
		g.event(ctx, "host2", 8)
		for i := range 100 {
			g.status(ctx, fmt.Sprintf("forged-again-%d", i))
		}
		g.event(ctx, "host2", 9)
		if got := g.got["host1"]; !slices.Equal(got, []uint64{1, 2}) {
			t.Errorf("host1 delivered %v, want 1 2", got)
		}
		if got := g.got["host2"]; !slices.Equal(got, []uint64{7, 8, 9}) {
			t.Errorf("host2 delivered %v, want 7 8 9", got)
		}
		if len(g.w.known) != 10 || !g.w.known["host1"] || !g.w.known["host2"] {
			t.Errorf("the watcher follows %d tables (host1 %v, host2 %v), want 10 with both", len(g.w.known), g.w.known["host1"], g.w.known["host2"])
		}
		if len(forgot) != 20000+100-8 {
			t.Errorf("%d names forgotten, want every forged name but the 8 followed last", len(forgot))
		}
		if slices.Contains(forgot, "host1") || slices.Contains(forgot, "host2") {
			t.Error("a table that published events was forgotten")
		}
		if len(g.alerts) != 0 {
			t.Errorf("alerts %q, want none: nothing was refused", g.alerts)
		}
	})
}

// TestWatcherRoster: with a roster, names not on it are refused at once,
// each passed on to be counted, however few tables are followed; the
// tables on it are followed beyond the cap.
func TestWatcherRoster(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var refused []string
		g := newGuarded(t, WatcherConfig{MaxTables: 2, Roster: []string{"t1", "t2", "t3"}, OnRefused: func(table string) { refused = append(refused, table) }})
		ctx := t.Context()
		g.event(ctx, "forged-1", 1)
		g.status(ctx, "forged-2")
		for _, n := range []string{"t1", "t2", "t3"} {
			g.event(ctx, n, 1)
		}
		if !slices.Equal(refused, []string{"forged-1", "forged-2"}) {
			t.Errorf("refused %q, want forged-1 forged-2", refused)
		}
		if len(g.got) != 3 || len(g.got["forged-1"]) != 0 {
			t.Errorf("delivered %v, want t1 t2 t3 only", g.got)
		}
	})
}

// TestConsoleRefusedNamesBounded: the console's alert about refused
// tables counts every refusal and names the latest few, once each.
func TestConsoleRefusedNamesBounded(t *testing.T) {
	c := NewConsole()
	for i := range 20000 {
		c.Refused(fmt.Sprintf("forged-%d", i))
	}
	c.Refused("forged-19995")
	ts, _, _ := c.Tables()
	if len(ts) != 1 || ts[0].Table != ConsoleRow || len(ts[0].Alerts) != 1 {
		t.Fatalf("the console shows %+v, want its own row with one alert", ts)
	}
	text := ts[0].Alerts[0].Text
	if !strings.HasPrefix(text, "20001 messages refused") || strings.Count(text, `"forged-`) != maxRefusedNames ||
		!strings.HasSuffix(strings.SplitN(text, ": someone", 2)[0], `"forged-19999", "forged-19995"`) {
		t.Errorf("alert %q: want 20001 refused and the latest %d names, forged-19995 last", text, maxRefusedNames)
	}
}

// TestForgedFloodThenRealTable: through a real mosquitto without the ACL,
// 20,000 made-up table names each publish a retained status; a console
// (watcher and Console, capped at the default) then connects, and a real
// table starts after them and publishes its records. The console shows
// the real table with its events: without a roster (the names that only
// published a status gave way), and with one (they were refused, counted
// and named on the console's own row).
func TestForgedFloodThenRealTable(t *testing.T) {
	const forged = 20000
	b := clubtest.Start(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	forger, err := client(t, ctx, b, "", "")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for k := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k; i < forged; i += 8 {
				name := fmt.Sprintf("forged-%05d", i)
				if _, err := forger.Publish(ctx, &paho.Publish{Topic: topic(name, "status"), QoS: 1, Retain: true,
					Payload: fmt.Appendf(nil, `{"table":%q,"online":true,"seq":0}`, name)}); err != nil {
					t.Errorf("forging %s: %v", name, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	for _, roster := range [][]string{nil, {"host1", "host2"}} {
		t.Run(fmt.Sprintf("roster=%v", roster), func(t *testing.T) {
			floodThenRealTable(t, b, roster, forged)
		})
	}
}

func floodThenRealTable(t *testing.T, b *clubtest.Mosquitto, roster []string, forged int) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	console := NewConsole()
	col := newCollector()
	var statuses, refused atomic.Int64
	w, err := NewWatcher(WatcherConfig{Broker: Broker{URL: b.URL()}, ClientID: fmt.Sprintf("console-%d", len(roster)), FromStart: true, Roster: roster,
		OnEvent:   func(m Message) { console.Event(m); col.event(m) },
		OnStatus:  func(s Status) { console.Status(s); statuses.Add(1); col.status(s) },
		OnAlert:   console.Warn,
		OnForget:  console.Forget,
		OnRefused: func(table string) { console.Refused(table); refused.Add(1); col.signal() }})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); w.Run(ctx) }()
	// Every retained forged status has reached the console before the
	// real table starts.
	col.waitFor(t, "every forged status", func() bool { return statuses.Load()+refused.Load() >= int64(forged) })

	ob := NewMemOutbox()
	p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.URL()}, Table: "host1", Outbox: ob, AckFile: t.TempDir() + "/ack"})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); p.Run(ctx) }()
	for seq := uint64(1); seq <= 3; seq++ {
		ob.Append(Record{Seq: seq, Body: fmt.Appendf(nil, `{"seq":%d,"kind":"outcome","type":"decision","body":{"type":"decision","reason":"real %d"}}`, seq, seq)})
	}
	col.waitFor(t, "host1's records", func() bool { return col.count() >= 3 })
	ts, _, _ := console.Tables()
	var host1 *TableView
	for i := range ts {
		if ts[i].Table == "host1" {
			host1 = &ts[i]
		}
	}
	if host1 == nil || host1.Seq != 3 || host1.Decision != "real 3" {
		t.Fatalf("the console shows host1 as %+v, want it at record 3 with its decision", host1)
	}
	col.exactlyOnceInOrder(t, []string{"host1"}, 3)
	if len(ts) > DefaultMaxTables+1 {
		t.Errorf("the console shows %d tables, more than its cap", len(ts))
	}
	if roster == nil {
		return
	}
	if len(ts) != 2 || ts[0].Table != ConsoleRow || len(ts[0].Alerts) != 1 {
		t.Fatalf("with a roster the console shows %d rows, want host1 and its own row with one alert: %+v", len(ts), ts)
	}
	if text := ts[0].Alerts[0].Text; !strings.HasPrefix(text, fmt.Sprintf("%d messages refused", forged)) || !strings.Contains(text, `"forged-`) {
		t.Errorf("the console's alert %q does not count the %d refused and name them", text, forged)
	}
}
