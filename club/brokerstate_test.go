package club

import (
	"context"
	"encoding/json"
	"github.com/tabled/tabled/club/clubtest"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestConsoleKnowsItsBroker: against a stopped mosquitto the console's
// GET /api/status says the broker is unreachable and why; once it runs,
// connected; when it stops again, unreachable again.
func TestConsoleKnowsItsBroker(t *testing.T) {
	b := clubtest.Start(t)
	b.Stop()
	console := NewConsole()
	srv := httptest.NewServer(console.Handler())
	defer srv.Close()
	seen := make(chan BrokerStatus, 1000)
	w, err := NewWatcher(WatcherConfig{Broker: Broker{URL: b.URL()}, ClientID: "console-broker-test",
		OnBroker: func(s BrokerStatus) {
			console.Broker(s)
			select {
			case seen <- s:
			default: // the test reads the console's status, not every attempt
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- w.Run(ctx) }()
	defer func() { cancel(); <-done }()
	host := strings.TrimPrefix(b.URL(), "mqtt://")
	// waitFor waits for the watcher to report state, then checks what
	// /api/status answers.
	waitFor := func(state, detail string) {
		t.Helper()
		timeout := time.NewTimer(30 * time.Second)
		defer timeout.Stop()
		for {
			select {
			case s := <-seen:
				if s.State != state {
					continue
				}
			case <-timeout.C:
				t.Fatalf("the broker never %s; the console says %+v", state, console.BrokerStatus())
			}
			break
		}
		code, body := getBody(t, srv.URL+"/api/status")
		var st BrokerStatus
		if err := json.Unmarshal([]byte(body), &st); err != nil || code != 200 || st.State != state || !strings.Contains(st.Detail, detail) {
			t.Fatalf("GET /api/status: %d %s, want %s with %q", code, body, state, detail)
		}
	}
	waitFor(BrokerUnreachable, "cannot reach "+host+": connection refused, retrying")
	b.Restart()
	waitFor(BrokerConnected, "connected to "+host)
	b.Stop() // connecting again, then unreachable until it is back
	waitFor(BrokerUnreachable, "cannot reach "+host+": connection refused, retrying")
}

// getBody is a GET's status and body.
func getBody(t *testing.T, url string) (int, string) {
	t.Helper()
	r, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return r.StatusCode, string(b)
}

// TestBrokerURLs: only mqtt:// and mqtts:// addresses are taken, and the
// refusal names both forms.
func TestBrokerURLs(t *testing.T) {
	for _, c := range []struct {
		url string
		ok  bool
	}{
		{"mqtt://broker.local:1883", true},
		{"mqtts://broker.local:8883", true},
		{"http://broker.local:1883", false},
		{"broker.local:1883", false},
		{"tcp://broker.local:1883", false},
		{"mqtt://", false},
		{"", false},
	} {
		_, err := NewWatcher(WatcherConfig{Broker: Broker{URL: c.url}, ClientID: "x"})
		if c.ok != (err == nil) || err != nil && !strings.Contains(err.Error(), "use mqtt://host:1883, or mqtts://host:8883") {
			t.Errorf("%q: %v", c.url, err)
		}
	}
}
