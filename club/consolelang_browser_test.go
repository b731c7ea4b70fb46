package club

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web"
	"github.com/tabled/tabled/web/webtest"
)

// consoleHand feeds a console a table's hand as its claim log has it:
// East 2 dealt by seat 1, Ana named at seat 2, West's ron paid, the next
// deal (East 3, by seat 2, Ana's seat) and Ana's discard in it.
func consoleHand(c *Console) {
	for i, r := range []string{
		`{"seq":1,"kind":"outcome","type":"deal","source":"table","hand":1,"body":{"type":"deal","round_wind":"E","hand":2,"honba":0,"riichi_sticks":1,"dealer_seat":1}}`,
		`{"seq":2,"kind":"input","type":"name","source":"referee","hand":1,"seat":"S","body":{"event":{"seat":2,"action":"name","name":"Ana"},"dealer":1}}`,
		`{"seq":3,"kind":"input","type":"value","source":"web","hand":1,"seat":"N","body":{"event":{"seat":0,"action":"value","value":{"han":3,"fu":40}},"dealer":1}}`,
		`{"seq":4,"kind":"outcome","type":"score","source":"table","hand":1,"body":{"type":"score","result":"ron","deltas":{"E":0,"S":-5200,"W":0,"N":5200},"scores":{"E":30000,"S":24800,"W":30000,"N":35200},"honba":0,"sticks":0}}`,
		`{"seq":5,"kind":"input","type":"newhand","source":"referee","hand":1,"body":{"event":{"seat":-1,"action":"newhand"},"dealer":1}}`,
		`{"seq":6,"kind":"outcome","type":"deal","source":"table","hand":2,"body":{"type":"deal","round_wind":"E","hand":3,"honba":0,"riichi_sticks":0,"dealer_seat":2}}`,
		`{"seq":7,"kind":"input","type":"discard","source":"nfc","hand":2,"seat":"E","body":{"event":{"seat":2,"action":"discard","tile":"3p"},"dealer":2}}`,
	} {
		c.Event(Message{Table: "t1", Seq: uint64(i + 1), Body: json.RawMessage(r)})
	}
}

// TestBrowserConsoleTablesInEachLanguage: the head referee's tables page
// on a tablet (1024x768) in chromium, its browser asking for English and
// then French: every word of the page in that language, served with
// script-src 'self'. A card words the hand the same way on every table
// (the round, the counters and the dealer by name), its score rows stay
// in physical seat order with the winds of the hand they scored (not the
// hand dealt since), and the names form offers each seat as the status
// page names it, by player and wind this hand, never "seat 0-3" alone.
// A referee's action on the alert list is in the page's language too.
// With TABLED_SCREENSHOTS naming the docs/ directory it writes
// console-en-tablet.png and console-fr-tablet.png:
//
//	TABLED_SCREENSHOTS=$PWD/docs go test -run TestBrowserConsoleTablesInEachLanguage ./club/
func TestBrowserConsoleTablesInEachLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, accept string
		want         map[string]string // a selector's text, as JavaScript
	}{
		{"en", "en-GB,en", map[string]string{
			`document.title`: "Club console",
			`document.getElementById('conn').textContent`:                                                  "live · connected to broker.local:1883",
			`document.querySelector('#table-t1 .deal').textContent`:                                        "East 3 · 0 honba · 0 riichi sticks · dealer Ana (East)",
			`document.querySelector('#table-t1 .scores caption').textContent`:                              "scores after East 2",
			`[...document.querySelectorAll('#table-t1 .scores tr')].map((r) => r.textContent).join(' | ')`: "seat 0 (North)35,200+5,200 | seat 1 (East)30,000 | Ana (South)24,800-5,200 | seat 3 (West)30,000",
			`[...document.getElementById('nseat').options].map((o) => o.textContent).join(' | ')`:          "seat 0 (West) | seat 1 (North) | Ana (East) | seat 3 (South)",
			`document.querySelector('#table-t1 .muted').textContent`:                                       "1 discard this hand",
			`document.querySelector('#table-t1 .decision').textContent`:                                    "no decision yet",
			`document.querySelector('#names summary').textContent`:                                         "Players' names",
		}},
		{"fr", "fr-FR,fr", map[string]string{
			`document.title`: "Console du club",
			`document.getElementById('conn').textContent`:                                                                      "en direct · connectée à broker.local:1883",
			`document.querySelector('#table-t1 .deal').textContent`:                                                            "Est 3 · 0 honba · 0 bâton de riichi · donneur Ana (Est)",
			`document.querySelector('#table-t1 .scores caption').textContent`:                                                  "scores après Est 2",
			`[...document.querySelectorAll('#table-t1 .scores tr')].map((r) => r.textContent.replace(/\s/g, ' ')).join(' | ')`: "siège 0 (Nord)35 200+5 200 | siège 1 (Est)30 000 | Ana (Sud)24 800-5 200 | siège 3 (Ouest)30 000",
			`[...document.getElementById('nseat').options].map((o) => o.textContent).join(' | ')`:                              "siège 0 (Ouest) | siège 1 (Nord) | Ana (Est) | siège 3 (Sud)",
			`document.querySelector('#table-t1 .muted').textContent`:                                                           "1 écart dans cette main",
			`document.querySelector('#table-t1 .decision').textContent`:                                                        "pas encore de décision",
			`document.querySelector('#names summary').textContent`:                                                             "Noms des joueurs",
		}},
	} {
		t.Run(c.lang, func(t *testing.T) {
			console := NewConsole()
			console.Broker(connected("broker.local:1883"))
			console.Status(Status{Table: "t1", Online: true, URL: "http://t1.local:8080/"})
			consoleHand(console)
			srv := httptest.NewUnstartedServer(nil)
			srv.Config.Handler = web.Guard(console.Handler(), web.NewHosts(srv.Listener.Addr().String()))
			srv.Start()
			defer func() { srv.CloseClientConnections(); srv.Close() }()
			r, err := http.Get(srv.URL + "/")
			if err != nil {
				t.Fatal(err)
			}
			r.Body.Close()
			if csp := r.Header.Values("Content-Security-Policy"); !strings.Contains(strings.Join(csp, "; "), "script-src 'self'") {
				t.Errorf("GET /: Content-Security-Policy %q, want script-src 'self'", csp)
			}
			ctx := webtest.Browser(t, chromedp.Flag("accept-lang", c.accept))
			actions := []chromedp.Action[chromedp.Void]{
				chromedp.EmulateViewport(1024, 768),
				chromedp.Navigate(srv.URL),
				chromedp.Poll[chromedp.Void](`document.documentElement.lang === '` + c.lang + `' && document.getElementById('table-t1') !== null`),
			}
			for expr, want := range c.want {
				b, _ := json.Marshal(want)
				// An element not there yet is a false, not an exception that
				// would stop the polling.
				actions = append(actions, chromedp.Poll[chromedp.Void](`(() => { try { return `+expr+` === `+string(b)+` } catch (e) { return false } })()`))
			}
			actions = append(actions,
				chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
				chromedp.Poll[chromedp.Void](`!/\[console\.|\[page\.|\[tour\./.test(document.body.innerText)`))
			if err := chromedp.Do(ctx, actions...); err != nil {
				said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title + '\n' + document.body.innerText + '\n' + [...document.querySelectorAll('#table-t1 .scores tr')].map((r) => r.textContent).join(' | ')`))
				t.Fatalf("%v\nthe page says:\n%s", err, said)
			}
			if dir := os.Getenv("TABLED_SCREENSHOTS"); dir != "" {
				png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err == nil {
					err = os.WriteFile(filepath.Join(dir, "console-"+c.lang+"-tablet.png"), png, 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			// The discard names Ana, and every other sentence on the page
			// is in the language: the English words the page once had are
			// gone in French.
			text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
			if err != nil {
				t.Fatal(err)
			}
			discarded := map[string]string{"en": "Ana (East) discarded", "fr": "Ana (Est) a écarté"}[c.lang]
			if !strings.Contains(text, discarded) {
				t.Errorf("the card's last event: want %q in\n%s", discarded, text)
			}
			if c.lang == "fr" {
				pickEnglish(t, ctx)
				err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.title === 'Club console' && document.querySelector('#table-t1 .deal') !== null && document.querySelector('#table-t1 .deal').textContent.startsWith('East 3')`))
				if err == nil {
					// A new tab of the same browser: the choice holds.
					tab, cancel := chromedp.NewContext(ctx)
					defer cancel()
					err = chromedp.Do(tab,
						chromedp.EmulateViewport(1024, 768),
						chromedp.Navigate(srv.URL),
						chromedp.Poll[chromedp.Void](`document.title === 'Club console' && localStorage.getItem('tabled-lang') === 'en' && document.querySelector('#table-t1 .scores caption') !== null && document.querySelector('#table-t1 .scores caption').textContent === 'scores after East 2'`),
					)
				}
				if err != nil {
					said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title + ' | ' + document.body.innerText`))
					t.Fatalf("picking English: %v\nthe page says:\n%s", err, said)
				}
				for _, english := range []string{"discard", "seat", "scores after", "no decision", "last event", "Players"} {
					if strings.Contains(text, english) {
						t.Errorf("the French page says %q:\n%s", english, text)
					}
				}
			}
		})
	}
}

// pickEnglish chooses English in the page's language picker and waits for
// the page to load again in it (the picker reloads the page).
func pickEnglish(t *testing.T, ctx context.Context) {
	t.Helper()
	pick := `(() => { const s = document.querySelector('#langpick select'); s.value = 'en'; s.dispatchEvent(new Event('change')); return localStorage.getItem('tabled-lang'); })()`
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		// Listen before picking: the picker reloads the page.
		lctx, cancel := context.WithCancel(ctx)
		defer cancel()
		loads := chromedp.Events(lctx, page.LoadEventFired)
		chose, err := chromedp.Evaluate[string](pick)(ctx, tg)
		if err != nil {
			return err
		}
		if chose != "en" {
			return fmt.Errorf("the picker stored %q, not en", chose)
		}
		for _, err := range loads {
			return err // the first load: the page in its new language
		}
		return nil
	}))
	if err != nil {
		t.Fatalf("picking English: %v", err)
	}
}
