package club

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserConsoleSaysItsBroker: the club console's page says in words
// how it stands with the broker, "live" only while connected, and that no
// table has reported rather than an empty page.
func TestBrowserConsoleSaysItsBroker(t *testing.T) {
	console := NewConsole()
	down := BrokerStatus{State: BrokerUnreachable, Detail: "cannot reach broker.local:1883: connection refused, retrying"}
	console.Broker(down)
	srv := httptest.NewServer(console.Handler())
	defer func() { srv.CloseClientConnections(); srv.Close() }() // the page's stream stays open
	ctx := webtest.Browser(t)
	conn := `document.getElementById('conn')`
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL),
		chromedp.Poll[chromedp.Void](conn+`.textContent === '`+down.Detail+`' && `+conn+`.className === 'bad'`),
		chromedp.Poll[chromedp.Void](`!document.getElementById('empty').hidden`),
		chromedp.Func(func(context.Context, *chromedp.Target) error {
			console.Broker(BrokerStatus{State: BrokerConnected, Detail: "connected to broker.local:1883"})
			return nil
		}),
		chromedp.Poll[chromedp.Void](conn+`.textContent === 'live · connected to broker.local:1883' && `+conn+`.className === 'good'`),
	)
	if err != nil {
		dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](conn+`.textContent`))
		t.Fatalf("%v: the console says %q", err, dbg)
	}
}

// TestBrowserConsoleCrossSiteAndRebinding: in chromium, a page of another
// site posts a form (text/plain) and a no-cors fetch acknowledging an
// alert on the console, served as tabled club serves it (web.Guard): both
// reach it and are refused (415), and the alert stays. A page reached by
// a rebinding name gets 421 for the tables; the console's own address
// still gets them.
func TestBrowserConsoleCrossSiteAndRebinding(t *testing.T) {
	ctx := webtest.Browser(t, chromedp.Flag("host-resolver-rules", "MAP rebind.evil.test 127.0.0.1"))
	console := NewConsole()
	console.Warn("t1", "suspicious", "an alert to keep")
	ts, _, _ := console.Tables()
	seq := ts[0].Alerts[0].Seq
	var mu sync.Mutex
	codes := map[string][]int{}
	srv := httptest.NewUnstartedServer(nil)
	guarded := web.Guard(console.Handler(), web.NewHosts(srv.Listener.Addr().String()))
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		guarded.ServeHTTP(rec, r)
		mu.Lock()
		codes[r.URL.Path] = append(codes[r.URL.Path], rec.Code)
		mu.Unlock()
		maps.Copy(w.Header(), rec.Header())
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
	srv.Start()
	defer srv.Close()
	codesOf := func(path string) []int { mu.Lock(); defer mu.Unlock(); return slices.Clone(codes[path]) }
	evil := webtest.CrossSitePage(t, srv.URL+"/api/ack", fmt.Sprintf(`{"table":"t1","seq":%d}`, seq))

	if err := chromedp.Do(ctx, chromedp.Navigate(evil.URL)); err != nil {
		t.Fatal(err)
	}
	bound := time.Now().Add(30 * time.Second)
	for len(codesOf("/api/ack")) < 2 {
		if time.Now().After(bound) {
			t.Fatalf("the browser sent %d of the two cross-site acknowledgements", len(codesOf("/api/ack")))
		}
		chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`true`)) // a round trip to the browser, not a sleep
	}
	for _, code := range codesOf("/api/ack") {
		if code != http.StatusUnsupportedMediaType {
			t.Errorf("a cross-site acknowledgement was answered %d, want 415", code)
		}
	}
	if ts, _, _ := console.Tables(); len(ts[0].Alerts) != 1 {
		t.Errorf("a cross-site page took the alert off the console: %+v", ts[0].Alerts)
	}

	u, _ := url.Parse(srv.URL)
	for _, tc := range []struct {
		url  string
		code int
	}{{"http://rebind.evil.test:" + u.Port() + "/api/tables", http.StatusMisdirectedRequest}, {srv.URL + "/api/tables", http.StatusOK}} {
		if err := chromedp.Do(ctx, chromedp.Navigate(tc.url)); err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		if got := codesOf("/api/tables"); len(got) == 0 || got[len(got)-1] != tc.code {
			t.Errorf("%s: answered %v, want %d last", tc.url, got, tc.code)
		}
	}
}
