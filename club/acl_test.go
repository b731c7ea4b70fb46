package club

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/tabled/tabled/club/clubtest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"

	"github.com/tabled/tabled/alert"
)

// startClubBroker runs mosquitto with the configuration and ACL the
// package ships (clubtest.StartShipped).
func startClubBroker(t *testing.T, users ...string) *clubtest.Mosquitto {
	t.Helper()
	return clubtest.StartShipped(t, "../packaging/mosquitto", users...)
}

// client is a plain MQTT connection of the test, logged in as user.
func client(t *testing.T, ctx context.Context, b *clubtest.Mosquitto, user, password string) (*autopaho.ConnectionManager, error) {
	t.Helper()
	u, _ := url.Parse(b.URL())
	connErr := make(chan error, 1)
	cm, err := autopaho.NewConnection(ctx, autopaho.ClientConfig{ServerUrls: []*url.URL{u}, KeepAlive: 10,
		ConnectUsername: user, ConnectPassword: []byte(password), CleanStartOnInitialConnection: true,
		OnConnectError: func(err error) {
			select {
			case connErr <- err:
			default:
			}
		},
		ClientConfig: paho.ClientConfig{ClientID: "test-" + user}})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	up := make(chan error, 1)
	go func() { up <- cm.AwaitConnection(wctx) }()
	select {
	case err := <-up:
		return cm, err
	case err := <-connErr:
		return nil, err
	}
}

// TestShippedACL: through mosquitto with the shipped configuration and
// ACL, a table logged in as itself reaches the console, and the console's
// replay asks reach it; another table's login cannot forge its events or
// status nor ask it for a replay, the console's login cannot forge events,
// and no one gets in without a login.
func TestShippedACL(t *testing.T) {
	b := startClubBroker(t, "console", "table-1", "table-2")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()

	console := NewConsole()
	col := newCollector()
	w, err := NewWatcher(WatcherConfig{Broker: Broker{URL: b.URL(), Username: "console", Password: "console-pw"}, ClientID: "console",
		FromStart: true, OnEvent: func(m Message) { console.Event(m); col.event(m) }, OnStatus: func(s Status) { console.Status(s); col.status(s) }, OnAlert: console.Warn})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); w.Run(ctx) }()
	// table-1's records 1-3 went to the broker before the console watched
	// (its ack file says so): the console gets them by asking for a
	// replay, which only it may, once record 4 shows it the gap.
	ob := NewMemOutbox()
	for seq := uint64(1); seq <= 3; seq++ {
		ob.Append(Record{Seq: seq, Body: fmt.Appendf(nil, `{"seq":%d,"kind":"outcome","type":"decision","body":{"type":"decision","reason":"real %d"}}`, seq, seq)})
	}
	ack := filepath.Join(t.TempDir(), "ack")
	os.WriteFile(ack, []byte("3\n"), 0o644)
	p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.URL(), Username: "table-1", Password: "table-1-pw"}, Table: "table-1", Outbox: ob, AckFile: ack})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); p.Run(ctx) }()
	col.waitFor(t, "table-1 online", func() bool { return col.allOnline([]string{"table-1"}) })

	forger, err := client(t, ctx, b, "table-2", "table-2-pw")
	if err != nil {
		t.Fatalf("table-2 cannot log in: %v", err)
	}
	forged := map[string]string{
		"events": `{"table":"table-1","seq":4,"body":{"seq":4,"kind":"note","type":"claimlog-damage","body":{"note":"LOG DAMAGED"}}}`,
		"status": `{"table":"table-1","online":false,"seq":4,"url":"http://192.168.1.66/"}`,
		"replay": `{"from":1,"by":"forger"}`,
	}
	for kind, payload := range forged {
		_, err := forger.Publish(ctx, &paho.Publish{Topic: topic("table-1", kind), QoS: 1, Retain: kind == "status", Payload: []byte(payload)})
		if err == nil || !strings.Contains(err.Error(), "authori") {
			t.Errorf("table-2 writing table-1's %s: %v, want refused as not authorised", kind, err)
		}
	}
	if _, err := forger.Publish(ctx, &paho.Publish{Topic: topic("table-2", "replay"), QoS: 1, Payload: []byte(forged["replay"])}); err == nil {
		t.Error("a table asked itself for a replay: only the console may")
	}
	if _, err := client(t, ctx, b, "stranger", "x"); err == nil {
		t.Error("a login not in the password file got in")
	}
	if _, err := client(t, ctx, b, "", ""); err == nil {
		t.Error("a client with no login got in")
	}

	// table-1's real records are what the console shows: nothing forged
	// took their numbers, the table's status or its link.
	ob.Append(Record{Seq: 4, Body: []byte(`{"seq":4,"kind":"outcome","type":"decision","body":{"type":"decision","reason":"real 4"}}`)})
	col.waitFor(t, "table-1's record 4", func() bool { return col.count() >= 4 })
	ts, _, _ := console.Tables()
	if len(ts) != 1 || ts[0].Table != "table-1" || ts[0].Decision != "real 4" || !ts[0].Online || ts[0].URL != "" || len(ts[0].Alerts) != 0 {
		t.Fatalf("the console shows %+v, want table-1 online with its real decision 4 and no alert", ts)
	}
	col.exactlyOnceInOrder(t, []string{"table-1"}, 4)
}

// TestShippedACLConsoleCannotForge: the console's login reads every table
// and asks for replays, but cannot write a table's events or status.
func TestShippedACLConsoleCannotForge(t *testing.T) {
	b := startClubBroker(t, "console")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cm, err := client(t, ctx, b, "console", "console-pw")
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"events", "status"} {
		payload, _ := json.Marshal(Status{Table: "table-1"})
		_, err := cm.Publish(ctx, &paho.Publish{Topic: topic("table-1", kind), QoS: 1, Payload: payload})
		if err == nil {
			t.Errorf("the console wrote table-1's %s", kind)
		}
	}
	if _, err := cm.Publish(ctx, &paho.Publish{Topic: topic("table-1", "replay"), QoS: 1, Payload: []byte(`{"from":1}`)}); err != nil {
		t.Errorf("the console cannot ask for a replay: %v", err)
	}
}

// TestShippedACLWrongLogin: a table whose login is not its name is refused
// by the broker; it says why and what to check, and waits before trying
// again rather than trying without pause.
func TestShippedACLWrongLogin(t *testing.T) {
	b := startClubBroker(t, "table-2")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	said := make(chan string, 16)
	ob := NewMemOutbox()
	ob.Append(Record{Seq: 1, Body: []byte(`{}`)})
	p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.URL(), Username: "table-2", Password: "table-2-pw"}, Table: "table-1", Outbox: ob,
		Logf: func(format string, args ...any) {
			select {
			case said <- fmt.Sprintf(format, args...):
			default:
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); p.Run(ctx) }()
	bound := time.After(30 * time.Second)
	for {
		select {
		case s := <-said:
			if strings.Contains(s, "refused") {
				if !strings.Contains(s, `login named "table-1"`) || !strings.Contains(s, "docs/security.md") {
					t.Errorf("the table said %q: want the login and the guide named", s)
				}
				if p.Acked() != 0 {
					t.Errorf("a refused record counted as acknowledged")
				}
				return
			}
		case <-bound:
			t.Fatal("the table never said the broker refused it")
		}
	}
}

// TestShippedACLTwoTablesOneName: through mosquitto with the shipped
// configuration and ACL, two tables configured with the same name and
// login (so the same client id) cut each other off at the broker; the
// console raises the alert (alert.ClientID) with the reason, from the
// runs alternating in the table's status, and each table is told, to note
// it on its own panel.
func TestShippedACLTwoTablesOneName(t *testing.T) {
	b := startClubBroker(t, "console", "table-1")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	console := NewConsole()
	w, err := NewWatcher(WatcherConfig{Broker: Broker{URL: b.URL(), Username: "console", Password: "console-pw"}, ClientID: "console",
		OnEvent: console.Event, OnStatus: console.Status, OnAlert: console.Warn})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); w.Run(ctx) }()
	var mu sync.Mutex
	told := 0
	for range 2 {
		p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.URL(), Username: "table-1", Password: "table-1-pw"}, Table: "table-1", Outbox: NewMemOutbox(),
			OnTakenOver: func(string) { mu.Lock(); told++; mu.Unlock() }})
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() { defer wg.Done(); p.Run(ctx) }()
	}
	bound := time.NewTimer(30 * time.Second)
	defer bound.Stop()
	for {
		ts, _, changed := console.Tables()
		var found *Alert
		for _, tv := range ts {
			for _, a := range tv.Alerts {
				if tv.Table == "table-1" && a.Kind == string(alert.ClientID) && strings.Contains(a.Text, `two tables publish as "table-1"`) {
					found = &a
				}
			}
		}
		mu.Lock()
		n := told
		mu.Unlock()
		if found != nil && n > 0 {
			return
		}
		select {
		case <-changed:
		case <-bound.C:
			t.Fatalf("after 30 s: the console's alerts %+v, the tables told %d times", ts, n)
		}
	}
}
