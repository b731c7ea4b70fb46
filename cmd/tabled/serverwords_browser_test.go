package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestServerWordsOnTheFrenchPage: what the server writes itself reads in
// the page's language. `tabled run --sim` as a process: East discards 6s,
// South calls chii and North pon on it (pon beats chii: South's claim
// loses), then South discards out of turn (refused). On the status page in
// French the outcomes' list gives the lost claim's reason and the refusal
// in French, and the claim log page's "what" column is French; the same
// records' English sentences (GET /api/state and /api/log without ?lang=,
// the JSON contract) are nowhere on either page. The English page of the
// same table shows those English sentences.
func TestServerWordsOnTheFrenchPage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	ctx := webtest.Browser(t)
	s := startScoreTable(t, "")
	for _, p := range []string{
		`{"action":"dora","tile":"1s"}`,
		`{"seat":0,"action":"discard","tile":"6s"}`,
		`{"seat":1,"action":"chii"}`, `{"seat":3,"action":"pon"}`,
	} {
		s.press(p)
	}
	// The decision is made once the claim window has passed.
	var en struct {
		Recent []struct {
			Text    string `json:"text"`
			Outcome *struct {
				Type   string `json:"type"`
				Reason string `json:"reason"`
				Lost   []struct {
					Why string `json:"why"`
				} `json:"lost"`
			} `json:"outcome"`
		} `json:"recent"`
	}
	var lostEN, refusedEN string
	waitUntil(t, "the pon's decision, with South's chii lost", func() bool {
		s.getJSON("/api/state", &en)
		for _, e := range en.Recent {
			if o := e.Outcome; o != nil && o.Type == "decision" && len(o.Lost) == 1 {
				lostEN = o.Lost[0].Why
			}
		}
		return lostEN != ""
	})
	s.press(`{"seat":1,"action":"discard","tile":"5m"}`) // North's turn: refused
	waitUntil(t, "South's discard refused", func() bool {
		s.getJSON("/api/state", &en)
		for _, e := range en.Recent {
			if o := e.Outcome; o != nil && o.Type == "rejected" {
				refusedEN = o.Reason
			}
		}
		return refusedEN != ""
	})

	// The English page: the English sentences, as before.
	outcomes := `Array.from(document.querySelectorAll('#log li')).map((li) => li.textContent).join('\n')`
	if err := chromedp.Do(ctx,
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.documentElement.lang === 'en' && document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`(%s).includes(%q) && (%s).includes(%q)`, outcomes, lostEN, outcomes, refusedEN)),
	); err != nil {
		t.Fatalf("the English page: %v\n%s", err, pageText(ctx))
	}

	// The French page.
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tabled-lang', 'fr')`),
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.documentElement.lang === 'fr' && document.getElementById('conn').textContent === 'en direct'`),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`(%s).includes('CHII Sud a perdu : ') && document.querySelector('#log li.rejected') !== null`, outcomes)),
	); err != nil {
		t.Fatalf("the French page: %v\n%s", err, pageText(ctx))
	}
	list, err := chromedp.Run(ctx, chromedp.Evaluate[string](outcomes))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the French page's outcomes:\n%s", list)
	for _, english := range []string{lostEN, refusedEN} {
		if strings.Contains(list, english) {
			t.Errorf("the French page's outcomes have the English %q:\n%s", english, list)
		}
	}
	for _, french := range []string{"PON Nord", "CHII Sud a perdu : ", "REFUSÉ"} {
		if !strings.Contains(list, french) {
			t.Errorf("the French page's outcomes lack %q:\n%s", french, list)
		}
	}

	// The claim log page in French: every row's "what" in French.
	var rowsEN struct {
		Rows []struct {
			What string   `json:"what"`
			Lost []string `json:"lost"`
		} `json:"rows"`
	}
	s.getJSON("/api/log", &rowsEN)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(s.base+"/log.html"),
		chromedp.Poll[chromedp.Void](`document.documentElement.lang === 'fr' && document.querySelectorAll('td.what').length >= 6`),
	); err != nil {
		t.Fatalf("the French log page: %v\n%s", err, pageText(ctx))
	}
	whats, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll('td.what')).map((td) => td.textContent).join('\n')`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the French log page's what column:\n%s", whats)
	for _, r := range rowsEN.Rows {
		for _, english := range append([]string{r.What}, r.Lost...) {
			if english != "" && strings.Contains(whats, english) {
				t.Errorf("the French log page has the English %q:\n%s", english, whats)
			}
		}
	}
	for _, french := range []string{"Est écarte", "PON Nord l'emporte sur l'écart du joueur Est", "refusé : ", "Sud annonce chii"} {
		if !strings.Contains(whats, french) {
			t.Errorf("the French log page lacks %q:\n%s", french, whats)
		}
	}
}

// getJSON reads the daemon's JSON at path into v.
func (s *scoreTable) getJSON(path string, v any) {
	s.t.Helper()
	r, err := s.client.Get(s.base + path)
	if err != nil {
		s.t.Fatal(err)
	}
	defer r.Body.Close()
	if r.StatusCode != http.StatusOK {
		s.t.Fatalf("GET %s: %s", path, r.Status)
	}
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		s.t.Fatalf("GET %s: %v", path, err)
	}
}
