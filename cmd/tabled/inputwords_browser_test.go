package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestRefusedInputsNamedOnThePage: an input that is not a seat's button
// (a confirmation, a value, a hand), refused, is named on the status
// page's headline and its seat's light in the page's words, as the panel
// names it: "CONFIRMER Ouest refusé" in French, "CONFIRM West refused" in
// English, never a missing key's "[action.confirm]". `tabled run --sim`
// as a process; the referee's API (the path a referee's tablet takes)
// enters them before any game is over or any hand won.
func TestRefusedInputsNamedOnThePage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	ctx := webtest.Browser(t)
	s := startScoreTable(t, "")
	const auth = "Bearer referee-token-t7-0123"
	headline := `document.getElementById('decision').textContent`
	for _, c := range []struct {
		body   string
		en, fr string
	}{
		{`{"action":"confirm","seat":2}`, "CONFIRM West refused", "CONFIRMER Ouest refusé"},
		{`{"action":"value","seat":1,"value":"3 40"}`, "VALUE South refused", "VALEUR Sud refusé"},
		{`{"action":"hand","seat":3,"hand":"234m 456p 789s 123s 55z"}`, "HAND North refused", "MAIN Nord refusé"},
	} {
		if code, got := s.post("/api/referee", auth, c.body); code != http.StatusAccepted {
			t.Fatalf("referee %s: %d %v", c.body, code, got)
		}
		for _, lang := range []struct{ code, live, want string }{{"en", "live", c.en}, {"fr", "en direct", c.fr}} {
			err := chromedp.Do(ctx,
				chromedp.Navigate(s.base),
				chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('tabled-lang', %q)`, lang.code)),
				chromedp.Navigate(s.base),
				chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById('conn').textContent === %q`, lang.code, lang.live)),
				chromedp.Poll[chromedp.Void](fmt.Sprintf(`%s === %q`, headline, lang.want)),
			)
			if err != nil {
				got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](headline))
				t.Fatalf("%s, %s page: headline %q, want %q: %v\n%s", c.body, lang.code, got, lang.want, err, pageText(ctx))
			}
			if text := pageText(ctx); strings.Contains(text, "[action.") || strings.Contains(text, "[ACTION.") {
				t.Errorf("%s, %s page: a missing word:\n%s", c.body, lang.code, text)
			}
		}
	}
}

// TestRefusedVoidOnTheFrenchLogPage: a referee voids a press from its
// row on the claim log page in French after another referee (the HTTP
// API) voided it first: the page says why the table refused in French
// ("l'entrée N est déjà annulée"), where it said the claim log's English.
// Without ?lang= the API keeps the English, as the claim log words it.
func TestRefusedVoidOnTheFrenchLogPage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	ctx := webtest.Browser(t)
	s := startScoreTable(t, "")
	const auth = "Bearer referee-token-t7-0123"
	code, got := s.post("/api/press", "", `{"seat":0,"action":"discard","tile":"6s"}`)
	if code != http.StatusAccepted {
		t.Fatalf("press: %d %v", code, got)
	}
	seq := int(got["seq"].(float64))
	button := fmt.Sprintf(`button[data-void="%d"]`, seq)
	err := chromedp.Do(ctx,
		chromedp.Navigate(s.base+"/log.html"),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tabled-lang', 'fr')`),
		chromedp.Navigate(s.base+"/log.html"),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.documentElement.lang === 'fr' && document.querySelector(%q) !== null`, button)),
	)
	if err != nil {
		t.Fatalf("the French log page: %v\n%s", err, pageText(ctx))
	}
	// The other referee's void, through the API, in English.
	if code, got := s.post("/api/referee", auth, fmt.Sprintf(`{"action":"void","seq":%d}`, seq)); code != http.StatusAccepted {
		t.Fatalf("the first void: %d %v", code, got)
	}
	if code, got := s.post("/api/referee", auth, fmt.Sprintf(`{"action":"void","seq":%d}`, seq)); code != http.StatusConflict || got["error"] != fmt.Sprintf("refused: input %d is already void", seq) {
		t.Fatalf("the second void in English: %d %v", code, got)
	}
	want := fmt.Sprintf("refusé : l'entrée %d est déjà annulée", seq)
	err = chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS(`#token`), "referee-token-t7-0123"),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.confirm = () => true; document.querySelector(%q).click()`, button)),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById('result').textContent === %q`, want)),
	)
	if err != nil {
		res, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('result').textContent`))
		t.Fatalf("the refused void on the page: %q, want %q: %v", res, want, err)
	}
}

// TestNameRefusedOnTheFrenchPage: a French player pairs her phone and
// types a name in the name editor that fits its 40 characters but not
// the 40 bytes the panel allows (accents take two): the page says why in
// French, where it said the API's English ("field name: a name is at
// most 40 bytes"). The API without ?lang= keeps its English.
func TestNameRefusedOnTheFrenchPage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	ctx := webtest.Browser(t)
	s := startScoreTable(t, "")
	code := s.pairingCode()
	name := strings.Repeat("é", 30) // 30 characters, 60 bytes
	if c, got := s.post("/api/seat", "Bearer referee-token-t7-0123", fmt.Sprintf(`{"seat":1,"action":"name","name":%q}`, name)); c != http.StatusBadRequest ||
		got["error"] != "field name: a name is at most 40 bytes, not 60" {
		t.Fatalf("the API in English: %d %v", c, got)
	}
	const want = "un nom fait au plus 40 octets, pas 60"
	msg := `document.querySelector('#seat-1 .nameedit .msg').textContent`
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(s.base),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tabled-lang', 'fr')`),
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.documentElement.lang === 'fr' && document.getElementById('conn').textContent === 'en direct'`),
		chromedp.SendKeys(chromedp.ID("paircode"), code),
		chromedp.Click(chromedp.ID("pairgo")),
		chromedp.Poll[chromedp.Void](`document.getElementById('pairbox').hidden && !document.querySelector('#seat-1 .nameedit').hidden`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#seat-1 .nameedit').open = true`),
		chromedp.SendKeys(chromedp.CSS(`#seat-1 .nameedit input`), name),
		chromedp.Click(chromedp.CSS(`#seat-1 .nameedit button`)),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`%s === %q`, msg, want)),
	)
	if err != nil {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](msg))
		t.Fatalf("the name editor says %q, want %q: %v\n%s", got, want, err, pageText(ctx))
	}
}
