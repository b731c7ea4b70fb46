package web

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserFollowsTheBrowsersLanguage: a tablet whose browser asks for
// French gets the status page and the log page in French, seats and
// tiles named in French; its reader picks English on the page, and both
// pages are English from then on (the choice is the browser's to
// remember, whatever it asks for).
func TestBrowserFollowsTheBrowsersLanguage(t *testing.T) {
	tb, srv := loggedTable(t)
	playSome(t, tb)
	ctx := webtest.Browser(t, chromedp.Flag("accept-lang", "fr-FR,fr"))
	poll := func(js string) chromedp.Action[chromedp.Void] { return chromedp.Poll[chromedp.Void](js) }
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL),
		poll(`document.documentElement.lang === 'fr' && document.getElementById('conn').textContent === 'en direct'`),
		poll(`document.querySelector('#seat-0 .wind').textContent === 'Est' && document.getElementById('loglink').textContent === 'journal des annonces'`),
		poll(`document.querySelector('#seat-3 .melds .meld title') !== null && document.querySelector('#seat-3 .melds .meld title').textContent === '6 cercles'`),
		poll(`document.querySelector('#seat-3 .sim button[data-action="discard"]').textContent === 'écart'`),
		chromedp.Navigate(srv.URL+"/log.html"),
		poll(`document.documentElement.lang === 'fr' && document.querySelector('thead').textContent.includes('temps dans la main')`),
		// The reader picks English on the log page: both pages follow.
		chromedp.SetValue(chromedp.CSS(`#langpick select`), "en"),
		chromedp.Navigate(srv.URL),
		poll(`document.documentElement.lang === 'en' && document.getElementById('conn').textContent === 'live'`),
		poll(`document.querySelector('#seat-0 .wind').textContent === 'East' && document.getElementById('loglink').textContent === 'claim log'`),
		poll(`document.querySelector('#seat-3 .sim button[data-action="discard"]').textContent === 'discard'`),
		chromedp.Navigate(srv.URL+"/log.html"),
		poll(`document.documentElement.lang === 'en' && document.querySelector('thead').textContent.includes('time in hand')`),
		poll(`[...document.querySelectorAll('#rows td.wall')].every((c) => /^\d\d:\d\d:\d\d$/.test(c.textContent))`),
	)
	if err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("%v\n%s", err, text)
	}
}
