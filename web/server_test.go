package web

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
)

// TestPressAppearsOnStream: presses on simulated seats reach the table and
// the decision arrives on the event stream with its sequence number as id.
func TestPressAppearsOnStream(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, srv := startTable(t)
		req, _ := http.NewRequest("GET", srv.URL+"/api/events", nil)
		resp, err := srv.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
			t.Fatalf("content type %q", ct)
		}
		for _, b := range []string{`{"seat":0,"action":"discard","tile":"6s"}`, `{"seat":1,"action":"chii"}`, `{"seat":3,"action":"pon"}`} {
			if r := post(t, srv, b); r.StatusCode != http.StatusAccepted {
				t.Fatalf("press %s: %s", b, r.Status)
			}
		}
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		lastID := ""
		start := time.Now() // fake time: the bound is reached only if the decision never comes
		for sc.Scan() {
			l := sc.Text()
			if strings.HasPrefix(l, "id: ") {
				lastID = l[4:]
			}
			if strings.Contains(l, `\"won\":[{\"seat\":\"N\",\"call\":\"pon\"}]`) || strings.Contains(l, `"won":[{"seat":"N","call":"pon"}]`) {
				if lastID == "" || lastID == "0" {
					t.Fatalf("decision without a sequence id")
				}
				return
			}
			if time.Since(start) > 10*time.Second {
				t.Fatal("no decision on the stream")
			}
		}
		t.Fatalf("stream ended: %v", sc.Err())
	})
}

func TestPressErrorsNameTheField(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, srv := startTable(t)
		for _, tc := range []struct{ body, want string }{
			{`{"seat":9,"action":"pon"}`, "field seat"},
			{`{"seat":1,"action":"pong"}`, "field action"},
			{`{"seat":1,"action":"discard","tile":"3q"}`, "field tile"},
			{`{"action":"dora"}`, "field tile"},
			{`{"seat":1,"action":"pon","extra":1}`, "unknown field"},
			{`not json`, "body"},
		} {
			r, err := srv.client.Post(srv.URL+"/api/press", "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			bufio.NewReader(r.Body).WriteTo(&b)
			r.Body.Close()
			if r.StatusCode != http.StatusBadRequest || !strings.Contains(b.String(), tc.want) {
				t.Errorf("%s: %s %s, want 400 naming %q", tc.body, r.Status, b.String(), tc.want)
			}
		}
	})
}

// TestStatusPageServed: the pages and their modules are served with
// Content-Security-Policy script-src 'self' (no inline script runs), the
// yaku's words come from the catalog (GET /api/messages, in the language
// asked for), not a copy in the page, and no /yakuwords.js is left.
func TestStatusPageServed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, srv := startTable(t)
		get := func(p string, hdr ...string) (*http.Response, string) {
			req, _ := http.NewRequest("GET", srv.URL+p, nil)
			for i := 0; i+1 < len(hdr); i += 2 {
				req.Header.Set(hdr[i], hdr[i+1])
			}
			r, err := srv.client.Do(req)
			if err != nil {
				t.Fatalf("GET %s: %v", p, err)
			}
			b, _ := io.ReadAll(r.Body)
			r.Body.Close()
			return r, string(b)
		}
		// /js/: the modules the console serves too (internal/pagejs).
		for _, p := range []string{"/", "/log.html", "/app.js", "/entry.js", "/page.js", "/vocab.js", "/handpick.js", "/tiles.js", "/log.js",
			"/style.css", "/tilefaces.js", "/api/state", "/api/game", "/api/messages", "/healthz", "/js/dom.js", "/js/words.js"} {
			r, b := get(p)
			if r.StatusCode != 200 {
				t.Fatalf("GET %s: %v", p, r.Status)
			}
			csp := strings.Join(r.Header.Values("Content-Security-Policy"), "; ")
			page := p == "/" || strings.HasSuffix(p, ".html") || (strings.HasSuffix(p, ".js") && !strings.HasPrefix(p, "/js/"))
			if page && !strings.Contains(csp, "script-src 'self'") {
				t.Errorf("GET %s: Content-Security-Policy %q, want script-src 'self'", p, csp)
			}
			if !strings.Contains(csp, "frame-ancestors 'none'") {
				t.Errorf("GET %s: Content-Security-Policy %q lost frame-ancestors", p, csp)
			}
			if p == "/tilefaces.js" && !strings.Contains(b, "export const TILE_FACES = {") {
				t.Errorf("GET %s: %.200s", p, b)
			}
		}
		if r, _ := get("/yakuwords.js"); r.StatusCode != 404 {
			t.Errorf("GET /yakuwords.js: %s, want 404: the yaku's words are the catalog's", r.Status)
		}
		for _, c := range []struct{ accept, query, lang, yaku string }{
			{"en-GB", "", "en", `"yaku.tanyao":"Tanyao (all simples)"`},
			{"fr-CH, fr;q=0.9", "", "fr", `"yaku.tanyao":"Tanyao (tout simples)"`},
			{"fr", "?lang=en", "en", `"status.head.draw":"Draw: the hand is over"`},
		} {
			_, b := get("/api/messages"+c.query, "Accept-Language", c.accept)
			if !strings.Contains(b, `"lang":"`+c.lang+`"`) || !strings.Contains(b, c.yaku) {
				t.Errorf("GET /api/messages%s (%s): %.200s, want %s with %s", c.query, c.accept, b, c.lang, c.yaku)
			}
		}
	})
}

// FuzzDecodePress: any body gives an event that validates, or an error.
func FuzzDecodePress(f *testing.F) {
	f.Add([]byte(`{"seat":0,"action":"discard","tile":"3p"}`))
	f.Add([]byte(`{"action":"dora","tile":"0m"}`))
	f.Add([]byte(`{"action":"newhand"}`))
	f.Add([]byte(`{"action":"time"}`))
	f.Add([]byte(`{"seat":2,"action":"card","card":"04A1b2c3"}`))
	f.Add([]byte(`{"action":"card","card":"zz"}`))
	f.Add([]byte(`{"seat":-1,"action":"ron"}`))
	f.Add([]byte(`{"seat":1,"action":"pon"}junk`))
	f.Add([]byte(`{"seat":1,"action":"pon"} {"seat":2,"action":"ron"}`))
	f.Add([]byte(`{"seat":1,"action":"pon","extra":true}`))
	f.Add([]byte(`{"seat":1,"action":"pon","tile":"` + strings.Repeat("5", MaxBody) + `"}`))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, b []byte) {
		ev, err := DecodePress(strings.NewReader(string(b)))
		if err != nil {
			return
		}
		if err := ev.Validate(); err != nil {
			t.Fatalf("decoded an invalid event %+v: %v", ev, err)
		}
	})
}

// TestLateJoinerSeesRecentDecision: a page opened after a decision gets it
// from /api/state.
func TestLateJoinerSeesRecentDecision(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, srv := startTable(t)
		sub := tb.Subscribe()
		post(t, srv, `{"seat":0,"action":"discard","tile":"6s"}`)
		post(t, srv, `{"seat":2,"action":"pon"}`)
		untilState(t, tb, sub, "the pon is decided", func(st engine.State) bool { return st.Turn == 2 })
		r, err := srv.client.Get(srv.URL + "/api/state")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var b strings.Builder
		bufio.NewReader(r.Body).WriteTo(&b)
		if !strings.Contains(b.String(), `PON West: the only claim`) {
			t.Fatalf("state lacks the recent decision: %s", b.String())
		}
	})
}

// TestStreamResumesFromLastEventID: a tablet that reconnects with an id
// receives every entry after it, in order.
func TestStreamResumesFromLastEventID(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, srv := startTable(t)
		sub := tb.Subscribe()
		for i := 0; i < 3; i++ {
			post(t, srv, `{"action":"dora","tile":"1m"}`)
		}
		for seen := uint64(0); seen < 6; {
			u := <-sub.C()
			if len(u.Entries) > 0 {
				seen = u.Entries[len(u.Entries)-1].Seq
			}
		}
		req, _ := http.NewRequest("GET", srv.URL+"/api/events", nil)
		req.Header.Set("Last-Event-ID", "2")
		resp, err := srv.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var got []uint64
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var u struct {
					Entries []struct{ Seq uint64 } `json:"entries"`
				}
				if err := json.Unmarshal([]byte(data), &u); err != nil {
					t.Fatal(err)
				}
				if len(u.Entries) == 0 {
					t.Fatalf("resumed with an event without entries: %s", data)
				}
				for _, e := range u.Entries {
					got = append(got, e.Seq)
				}
				if got[len(got)-1] == 6 {
					// An id inside an event (not one the stream sent) gets
					// that whole event; the page skips entries it has by seq.
					if got[0] > 3 || got[len(got)-1-3] != 3 {
						t.Fatalf("resumed with entries %v, want 3..6 at the end", got)
					}
					for i := 1; i < len(got); i++ {
						if got[i] != got[i-1]+1 {
							t.Fatalf("resumed with entries %v, not in order", got)
						}
					}
					return
				}
			}
		}
		t.Fatal("stream ended before entry 6")
	})
}
