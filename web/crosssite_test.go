package web

import (
	"context"
	"github.com/tabled/tabled/web/webtest"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// codeRecorder notes the status of every answer to a path, for a test
// that cannot read the answers a browser keeps from the page.
type codeRecorder struct {
	h     http.Handler
	mu    sync.Mutex
	codes map[string][]int
}

type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) { w.code = code; w.ResponseWriter.WriteHeader(code) }
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (c *codeRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
	c.h.ServeHTTP(sw, r)
	c.mu.Lock()
	c.codes[r.URL.Path] = append(c.codes[r.URL.Path], sw.code)
	c.mu.Unlock()
}

func (c *codeRecorder) of(path string) []int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]int(nil), c.codes[path]...)
}

// recordedTable runs a table served with cfg (its Table set here) on
// loopback, the status of every answer noted; all of it ends with the test.
func recordedTable(t *testing.T, cfg Config) (*table.Table, *httptest.Server, *codeRecorder) {
	t.Helper()
	tb, err := table.New(table.Config{Profile: engine.EMA2016, Latency: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	tctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tb.Run(tctx) }()
	cfg.Table = tb
	rec := &codeRecorder{h: New(cfg), codes: map[string][]int{}}
	srv := httptest.NewServer(rec)
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done })
	return tb, srv, rec
}

// TestBrowserCrossSiteAndRebinding: in chromium, a page of another site
// posts a form (text/plain) and a no-cors fetch to the simulated table's
// press endpoint: both reach the table and are refused (415), and the
// table takes no input. A page reached by a rebinding name (chromium told
// to resolve it to the table) gets 421 for the log; the table's own
// address still gets the log.
func TestBrowserCrossSiteAndRebinding(t *testing.T) {
	ctx := webtest.Browser(t, chromedp.Flag("host-resolver-rules", "MAP rebind.evil.test 127.0.0.1"))
	tb, srv, rec := recordedTable(t, Config{Sim: true, LogDir: t.TempDir()})
	evil := webtest.CrossSitePage(t, srv.URL+"/api/press", `{"seat":0,"action":"pon"}`)

	if err := chromedp.Do(ctx, chromedp.Navigate(evil.URL)); err != nil {
		t.Fatal(err)
	}
	bound := time.Now().Add(30 * time.Second)
	for len(rec.of("/api/press")) < 2 {
		if time.Now().After(bound) {
			t.Fatalf("the browser sent %d of the two cross-site presses", len(rec.of("/api/press")))
		}
		chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`true`)) // a round trip to the browser, not a sleep
	}
	for _, code := range rec.of("/api/press") {
		if code != http.StatusUnsupportedMediaType {
			t.Errorf("a cross-site press was answered %d, want 415", code)
		}
	}
	if recent, _ := tb.Recent(); len(recent) != 0 {
		t.Errorf("the table took %d entries from a cross-site page", len(recent))
	}

	u, _ := url.Parse(srv.URL)
	rebind := "http://rebind.evil.test:" + u.Port()
	for _, tc := range []struct {
		url  string
		code int
	}{{rebind + "/api/log", http.StatusMisdirectedRequest}, {rebind + "/metrics", http.StatusMisdirectedRequest}, {srv.URL + "/api/log", http.StatusOK}} {
		if err := chromedp.Do(ctx, chromedp.Navigate(tc.url)); err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		if err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		path, _ := url.Parse(tc.url)
		if got := rec.of(path.Path); len(got) == 0 || got[len(got)-1] != tc.code {
			t.Errorf("%s: answered %v (%q), want %d last", tc.url, got, text, tc.code)
		}
	}
}

// TestBrowserRefereeSentToHTTPS: on a table with HTTPS, the claim log
// page opened over plain HTTP says where the referee's actions go, and a
// referee action from it sends nothing (the token stays in the tab): the
// page goes to the HTTPS address instead.
func TestBrowserRefereeSentToHTTPS(t *testing.T) {
	ctx := webtest.Browser(t)
	const https = "https://table-7.invalid:8443/"
	_, srv, rec := recordedTable(t, Config{LogDir: t.TempDir(), RefereeToken: token, HTTPS: https})
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/log.html"),
		chromedp.Poll[chromedp.Void](`!document.getElementById('httpsnote').hidden && document.getElementById('httpslink').href === '`+https+`log.html'`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('referee').open = true; document.getElementById('token').value = '`+token+`'; window.confirm = () => true`),
		// The referee's action leaves for the https address before any
		// await: once the click returns, it has sent what it would send.
		chromedp.Evaluate[chromedp.Void](`document.querySelector('button[data-ref="newhand"]').click()`),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.of("/api/referee"); len(got) != 0 {
		t.Errorf("the page posted a referee action over plain HTTP: %v", got)
	}
}
