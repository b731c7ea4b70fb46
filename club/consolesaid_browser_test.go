package club

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserConsoleSaysWhatTablesSaid: the head referee's tables page in
// chromium, its browser asking for English and then French, with a
// table's records (saidRecords: a decision re-decided, a late one, a
// refused input, a disk-low note) taken before the page opens and the
// referee's alert to check a discard (a flag) taken while it is open,
// through the stream. In French the decision's reason, every alert's
// text and the note read in French, worded by the console from the
// records' rule codes and arguments, the note's detail as the alert's
// title; in English they are the table's own words.
//
//	go test -count=10 -run TestBrowserConsoleSaysWhatTablesSaid ./club/
func TestBrowserConsoleSaysWhatTablesSaid(t *testing.T) {
	for _, c := range []struct {
		lang, accept string
		want         []string // in the card's text
		notWant      []string // the other language's words
		detail       string   // the disk-low alert's title
	}{
		{"en", "en-GB,en", []string{
			"PON South: the only claim",
			"PON West beats CHII East",
			"refused: DORA: no dora indicator is due: 2 read for 1 kongs",
			"DISK LOW: the claim log's disk is low: 40 MB free; free space before it fills",
			"check West: swap-calling (kuikae): West discards 4p right after calling 1p, which is forbidden",
		}, []string{"réclamation", "refusé", "vérifier"}, ""},
		{"fr", "fr-FR,fr", []string{
			"PON Sud : la seule réclamation",
			"PON Ouest l'emporte sur CHII Est",
			"refusé : DORA : aucun indicateur de dora n'est dû : 2 lus pour 1 kongs",
			"ESPACE DISQUE BAS : disque du journal presque plein",
			"à vérifier, Ouest : échange d'appel (kuikae) : Ouest écarte 4 cercles juste après avoir appelé 1 cercle, ce qui est interdit",
		}, []string{"the only claim", "beats", "refused", "DISK LOW", "disk is low", "check West", "swap-calling"},
			"the claim log's disk is low: 40 MB free; free space before it fills"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			console := NewConsole()
			console.Status(Status{Table: "t1", Online: true})
			for i, r := range saidRecords[:5] {
				if i == 2 {
					continue // the flag: taken while the page is open
				}
				console.Event(Message{Table: "t1", Seq: uint64(i + 1), Body: json.RawMessage(r)})
			}
			srv := httptest.NewUnstartedServer(nil)
			srv.Config.Handler = web.Guard(console.Handler(), web.NewHosts(srv.Listener.Addr().String()))
			srv.Start()
			defer func() { srv.CloseClientConnections(); srv.Close() }() // the page's stream stays open
			ctx := webtest.Browser(t, chromedp.Flag("accept-lang", c.accept))
			card := `document.getElementById('table-t1')`
			has := func(s string) chromedp.Action[chromedp.Void] {
				b, _ := json.Marshal(s)
				return chromedp.Poll[chromedp.Void](card + ` !== null && ` + card + `.innerText.includes(` + string(b) + `)`)
			}
			actions := []chromedp.Action[chromedp.Void]{
				chromedp.EmulateViewport(1024, 768),
				chromedp.Navigate(srv.URL),
				chromedp.Poll[chromedp.Void](`document.documentElement.lang === '` + c.lang + `' && ` + card + ` !== null`),
				has(c.want[0]), has(c.want[1]), has(c.want[2]), has(c.want[3]),
				chromedp.Func(func(context.Context, *chromedp.Target) error {
					console.Event(Message{Table: "t1", Seq: 3, Body: json.RawMessage(saidRecords[2])})
					return nil
				}),
				has(c.want[4]),
			}
			decision, _ := json.Marshal(c.want[0])
			detail, _ := json.Marshal(c.detail)
			actions = append(actions,
				chromedp.Poll[chromedp.Void](`document.querySelector('#table-t1 .decision').textContent === `+string(decision)),
				chromedp.Poll[chromedp.Void](`document.querySelector('#table-t1 .alerts li.disk-low').title === `+string(detail)))
			if err := chromedp.Do(ctx, actions...); err != nil {
				said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
				t.Fatalf("%v\nthe page says:\n%s", err, said)
			}
			text, err := chromedp.Run(ctx, chromedp.Evaluate[string](card+`.innerText`))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.notWant {
				if strings.Contains(text, w) {
					t.Errorf("the %s card says %q:\n%s", c.lang, w, text)
				}
			}
		})
	}
}
