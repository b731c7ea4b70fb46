package club

import (
	"context"
	"fmt"
	"github.com/tabled/tabled/club/clubtest"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/web"
)

// guarded is a watcher fed by hand, with what it delivers, asks and alerts.
type guarded struct {
	w      *Watcher
	mu     sync.Mutex
	got    map[string][]uint64
	asks   []string
	alerts []string
}

func newGuarded(t *testing.T, cfg WatcherConfig) *guarded {
	g := &guarded{got: map[string][]uint64{}}
	cfg.ClientID = "console-test"
	cfg.Broker.URL = "mqtt://127.0.0.1:1883" // never dialled: the test feeds receive
	cfg.OnEvent = func(m Message) { g.mu.Lock(); g.got[m.Table] = append(g.got[m.Table], m.Seq); g.mu.Unlock() }
	cfg.OnAlert = func(table, kind, text string) {
		g.mu.Lock()
		g.alerts = append(g.alerts, table+" "+kind)
		g.mu.Unlock()
	}
	w, err := NewWatcher(cfg)
	if err != nil {
		t.Fatal(err)
	}
	w.publish = func(_ context.Context, table string, r Replay) {
		g.mu.Lock()
		g.asks = append(g.asks, fmt.Sprintf("%s from %d", table, r.From))
		g.mu.Unlock()
	}
	g.w = w
	return g
}

func (g *guarded) event(ctx context.Context, table string, seq uint64) {
	g.w.receive(ctx, topic(table, "events"), fmt.Appendf(nil, `{"seq":%d,"body":{}}`, seq))
}

// TestWatcherCapsTables: 20,000 made-up table names reach a watcher that
// follows at most 10 tables: the first 10 are followed, the rest refused,
// and the console is told once (not 19,990 times).
func TestWatcherCapsTables(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newGuarded(t, WatcherConfig{MaxTables: 10})
		for i := range 20000 {
			g.event(t.Context(), fmt.Sprintf("fake-%d", i), 1)
		}
		if n := len(g.got); n != 10 {
			t.Errorf("%d tables delivered, want the cap, 10", n)
		}
		if len(g.w.known) != 10 || len(g.w.last) != 10 {
			t.Errorf("the watcher keeps %d tables (%d sequences), want 10", len(g.w.known), len(g.w.last))
		}
		if !slices.Equal(g.alerts, []string{ConsoleRow + " too-many-tables"}) {
			t.Errorf("alerts %q, want one too-many-tables on the console's row", g.alerts)
		}
		g.event(t.Context(), "fake-3", 2) // a followed table goes on
		if got := g.got["fake-3"]; !slices.Equal(got, []uint64{1, 2}) {
			t.Errorf("fake-3 delivered %v, want 1 2", got)
		}
	})
}

// TestWatcherHoldsSequenceJumps: one forged event with the largest
// sequence number, for a table not yet seen and for one followed, is held
// (not delivered, alerted) and the table's real events after it are
// delivered; a status claiming as much asks for no replay.
func TestWatcherHoldsSequenceJumps(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := t.Context()
		const forged = 18446744073709551615
		g := newGuarded(t, WatcherConfig{MaxJump: 1000})
		g.event(ctx, "new", forged)
		for seq := uint64(40); seq <= 42; seq++ {
			g.event(ctx, "new", seq) // joins where it is: the table's real events
		}
		g.event(ctx, "t1", 1)
		g.event(ctx, "t1", 2)
		g.event(ctx, "t1", forged)
		g.event(ctx, "t1", 2+1001) // just past the bound
		g.event(ctx, "t1", 3)
		g.w.receive(ctx, topic("t1", "status"), []byte(`{"online":true,"seq":18446744073709551615}`))
		g.event(ctx, "t1", 4)
		synctest.Wait()
		if got := g.got["new"]; !slices.Equal(got, []uint64{40, 41, 42}) {
			t.Errorf("table new delivered %v, want its real events 40 41 42", got)
		}
		if got := g.got["t1"]; !slices.Equal(got, []uint64{1, 2, 3, 4}) {
			t.Errorf("table t1 delivered %v, want 1 2 3 4", got)
		}
		if len(g.asks) != 0 {
			t.Errorf("forged numbers made the watcher ask %q", g.asks)
		}
		if !slices.Equal(g.alerts, []string{"new suspicious", "t1 suspicious"}) {
			t.Errorf("alerts %q, want one suspicious per table (raised at most once a minute)", g.alerts)
		}
		// A jump within the bound is a gap, asked for as before.
		g.event(ctx, "t1", 10)
		synctest.Wait()
		if !slices.Equal(g.asks, []string{"t1 from 5"}) {
			t.Errorf("after a gap the watcher asked %q, want from 5", g.asks)
		}
	})
}

// TestCheckLink: the console shows a table's link only to a page on the
// club's network, over http or https.
func TestCheckLink(t *testing.T) {
	for _, tc := range []struct {
		link string
		ok   bool
	}{
		{"http://192.168.1.20:8080/", true},
		{"https://10.0.0.7/", true},
		{"http://[fe80::1]:8080/", true},
		{"http://127.0.0.1:8080/", true},
		{"http://table-3.local:8080/", true},
		{"http://TABLE-3.LOCAL/", true},
		{"https://evil.example/table-3", false},
		{"http://8.8.8.8/", false},
		{"javascript:alert(1)", false},
		{"data:text/html,<form>", false},
		{"http://user:pw@192.168.1.20/", false},
		{"http:///nohost", false},
		{"ftp://192.168.1.20/", false},
		{"http://192.168.1.20.evil.example/", false},
		{"%zz", false},
	} {
		why, ok := checkLink(tc.link)
		if ok != tc.ok || (!ok && !strings.HasPrefix(why.String(), strconv.Quote(tc.link)+" ")) {
			t.Errorf("checkLink(%q) = %q %v, want ok %v", tc.link, why, ok, tc.ok)
		}
	}
}

// TestConsoleLinksAndTakeover: a status pointing the link off the club's
// network is not shown and is alerted; a change of link is alerted; a
// table's client id taken by another is alerted once per new count.
func TestConsoleLinksAndTakeover(t *testing.T) {
	c := NewConsole()
	c.Status(Status{Table: "t1", Online: true, URL: "http://192.168.1.20:8080/"})
	c.Status(Status{Table: "t1", Online: true, URL: "https://evil.example/login"})
	c.Status(Status{Table: "t1", Online: true, URL: "http://192.168.1.21:8080/"})
	c.Status(Status{Table: "t1", Online: true, URL: "http://192.168.1.21:8080/", TakenOver: 1})
	c.Status(Status{Table: "t1", Online: true, URL: "http://192.168.1.21:8080/", TakenOver: 1})
	ts, _, _ := c.Tables()
	var kinds []string
	for _, a := range ts[0].Alerts {
		kinds = append(kinds, a.Kind)
		if a.Seq <= warnSeq {
			t.Errorf("the console's own alert %q numbered %d, among the records' numbers", a.Text, a.Seq)
		}
	}
	if ts[0].URL != "http://192.168.1.21:8080/" || !slices.Equal(kinds, []string{"bad-link", "link-changed", "client-id"}) {
		t.Fatalf("link %q, alerts %q; want the second LAN link and bad-link, link-changed, client-id", ts[0].URL, kinds)
	}
	if !c.Ack("t1", ts[0].Alerts[0].Seq) {
		t.Error("the console's own alert cannot be acknowledged")
	}
}

// TestConsoleTwoRunsOfOneTable: a status from a run of a table that
// another run had replaced is two tables publishing with one name, an
// alert with the reason; a restart (and its last will, sent after the
// next run started) is not; the alert is raised again only once the
// head referee has acknowledged it.
func TestConsoleTwoRunsOfOneTable(t *testing.T) {
	type st struct {
		run    string
		online bool
	}
	for _, tc := range []struct {
		name     string
		statuses []st
		alerts   int
	}{
		{"a restart", []st{{"A", true}, {"A", false}, {"B", true}}, 0},
		{"a restart, the last will late", []st{{"A", true}, {"B", true}, {"A", false}, {"B", true}}, 0},
		{"restarts", []st{{"A", true}, {"B", true}, {"C", true}, {"D", true}}, 0},
		{"a table of an older version", []st{{"", true}, {"", true}, {"A", true}}, 0},
		{"two tables, one name", []st{{"A", true}, {"B", true}, {"A", true}}, 1},
		{"two tables cutting each other off", []st{{"A", true}, {"A", false}, {"B", true}, {"A", true}, {"B", true}, {"A", true}}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewConsole()
			for _, s := range tc.statuses {
				c.Status(Status{Table: "t1", Online: s.online, Instance: s.run})
			}
			ts, _, _ := c.Tables()
			if len(ts[0].Alerts) != tc.alerts {
				t.Fatalf("alerts %+v, want %d", ts[0].Alerts, tc.alerts)
			}
			if tc.alerts == 0 {
				return
			}
			a := ts[0].Alerts[0]
			if a.Kind != string(alert.ClientID) || !strings.Contains(a.Text, `two tables publish as "t1"`) || !strings.Contains(a.Text, "own [table] name and login") {
				t.Errorf("alert %+v: want %s, saying why and what to do", a, alert.ClientID)
			}
			if !c.Ack("t1", a.Seq) {
				t.Fatal("the alert cannot be acknowledged")
			}
			c.Status(Status{Table: "t1", Online: true, Instance: "B"})
			if ts, _, _ := c.Tables(); len(ts[0].Alerts) != 1 {
				t.Errorf("after the acknowledgement, the tables still alternating: alerts %+v, want one again", ts[0].Alerts)
			}
		})
	}
}

// TestClientIDTakenOverAlerts: through a real mosquitto, a client that
// connects with a table's client id cuts the table off, again and again as
// each reconnects (mosquitto gives no reason); the table says so in its
// status, and the console shows an alert.
func TestClientIDTakenOverAlerts(t *testing.T) {
	b := clubtest.Start(t)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	c := NewConsole()
	col := newCollector()
	w, err := NewWatcher(WatcherConfig{Broker: Broker{URL: b.URL()}, ClientID: "console-test", OnEvent: c.Event,
		OnStatus: func(s Status) { c.Status(s); col.status(s) }, OnAlert: c.Warn})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); w.Run(ctx) }()
	p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.URL()}, Table: "t1", Outbox: NewMemOutbox()})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); p.Run(ctx) }()
	col.waitFor(t, "t1 online", func() bool { return col.allOnline([]string{"t1"}) })

	// The intruder: a client with the table's client id that reconnects
	// when cut off, as the table does, until the console shows the alert.
	u, _ := url.Parse(b.URL())
	ictx, leave := context.WithCancel(ctx)
	defer leave()
	if _, err := autopaho.NewConnection(ictx, autopaho.ClientConfig{ServerUrls: []*url.URL{u}, KeepAlive: 10,
		ReconnectBackoff: func(int) time.Duration { return 100 * time.Millisecond },
		ClientConfig:     paho.ClientConfig{ClientID: "tabled-table-t1"}}); err != nil {
		t.Fatal(err)
	}
	bound := time.NewTimer(30 * time.Second)
	defer bound.Stop()
	for {
		ts, _, changed := c.Tables()
		for _, tv := range ts {
			for _, a := range tv.Alerts {
				if tv.Table == "t1" && a.Kind == string(alert.ClientID) && strings.Contains(a.Text, "client id") {
					return
				}
			}
		}
		select {
		case <-changed:
		case <-bound.C:
			t.Fatalf("no client-id alert on the console: %+v", ts)
		}
	}
}

// TestConsoleActionsNeedJSON: the requests a page of another site sends
// to the console (a text/plain form post acknowledging an alert, and
// through a rebinding name) are refused, and the alert stays.
func TestConsoleActionsNeedJSON(t *testing.T) {
	c := NewConsole()
	c.Warn("t1", "suspicious", "an alert to keep")
	ts, _, _ := c.Tables()
	seq := ts[0].Alerts[0].Seq
	h := web.Guard(c.Handler(), web.NewHosts("127.0.0.1:8081"))
	body := fmt.Sprintf(`{"table":"t1","seq":%d,"x":"="}`, seq)
	for _, tc := range []struct {
		name, host, ctype string
		code              int
	}{
		{"a form post from another site", "127.0.0.1:8081", "text/plain", http.StatusUnsupportedMediaType},
		{"an urlencoded form", "127.0.0.1:8081", "application/x-www-form-urlencoded", http.StatusUnsupportedMediaType},
		{"through a rebinding name", "rebind.evil.test:8081", "application/json", http.StatusMisdirectedRequest},
	} {
		req := httptest.NewRequest("POST", "/api/ack", strings.NewReader(body))
		req.Host = tc.host
		req.Header.Set("Content-Type", tc.ctype)
		req.Header.Set("Origin", "http://evil.example")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.code {
			t.Errorf("%s: %d, want %d", tc.name, rec.Code, tc.code)
		}
	}
	if ts, _, _ := c.Tables(); len(ts[0].Alerts) != 1 {
		t.Fatal("a cross-site request acknowledged the alert")
	}
}

// TestAckFileLinkNotFollowed: a link planted under the ack file's
// temporary name is replaced, not written through: the file it points
// at is untouched and the ack is saved.
func TestAckFileLinkNotFollowed(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	victim := filepath.Join(elsewhere, "victim")
	os.WriteFile(victim, []byte("someone else's file\n"), 0o644)
	ack := filepath.Join(dir, "club.ack")
	if err := os.Symlink(victim, ack+".tmp"); err != nil {
		t.Fatal(err)
	}
	p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: "mqtt://127.0.0.1:1883"}, Table: "t1", Outbox: NewMemOutbox(), AckFile: ack})
	if err != nil {
		t.Fatal(err)
	}
	p.acked = 42
	if err := p.saveAck(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "someone else's file\n" {
		t.Errorf("the linked file was written: %q", b)
	}
	if b, _ := os.ReadFile(ack); string(b) != "42\n" {
		t.Errorf("ack file %q, want 42", b)
	}
}

// FuzzWatcherReceive: whatever arrives on the broker, the watcher neither
// crashes nor follows more tables than its cap, and delivers in order.
func FuzzWatcherReceive(f *testing.F) {
	f.Add("tabled/t1/events", []byte(`{"seq":1,"body":{}}`), "tabled/t1/status", []byte(`{"online":true,"seq":18446744073709551615,"url":"javascript:x"}`))
	f.Add("tabled/+/events", []byte(`{"seq":18446744073709551615}`), "tabled//status", []byte(`{}`))
	f.Fuzz(func(t *testing.T, topic1 string, payload1 []byte, topic2 string, payload2 []byte) {
		synctest.Test(t, func(t *testing.T) {
			c := NewConsole()
			last := map[string]uint64{}
			w, err := NewWatcher(WatcherConfig{Broker: Broker{URL: "mqtt://127.0.0.1:1883"}, ClientID: "fuzz", MaxTables: 2, OnStatus: c.Status, OnAlert: c.Warn,
				OnEvent: func(m Message) {
					if m.Seq <= last[m.Table] {
						t.Errorf("table %q: %d delivered after %d", m.Table, m.Seq, last[m.Table])
					}
					last[m.Table] = m.Seq
					c.Event(m)
				}})
			if err != nil {
				t.Fatal(err)
			}
			w.publish = func(context.Context, string, Replay) {}
			for range 2 {
				w.receive(t.Context(), topic1, payload1)
				w.receive(t.Context(), topic2, payload2)
			}
			if len(w.known) > 2 {
				t.Errorf("the watcher follows %d tables, over its cap of 2", len(w.known))
			}
			for _, tv := range must(c.Tables()) {
				if _, ok := checkLink(tv.URL); tv.URL != "" && !ok {
					t.Errorf("the console shows the link %q", tv.URL)
				}
			}
		})
	})
}

func must(ts []TableView, _ uint64, _ <-chan struct{}) []TableView { return ts }
