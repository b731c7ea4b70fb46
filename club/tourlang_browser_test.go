package club

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/web"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserTournamentInFrench: a French-speaking organiser's chromium
// (Accept-Language fr), on a phone (390x844) and a tablet, gets the
// referee's page in French: what the players lack to make tables, the
// winds, the round and its clock; the standings show results as French
// writes them (+35,0) and a player reads their table and wind in French.
// The language picker switches to English, and the choice holds across a
// reload and on the other pages. Every page runs under script-src 'self'.
// With TABLED_SCREENSHOTS naming the docs/ directory it writes
// tournament-fr-phone.png, standings-fr-phone.png and their -tablet
// twins:
//
//	TABLED_SCREENSHOTS=$PWD/docs go test -run TestBrowserTournamentInFrench ./club/
func TestBrowserTournamentInFrench(t *testing.T) {
	shots := os.Getenv("TABLED_SCREENSHOTS")
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"tablet", 1024, 768}} {
		t.Run(size.name, func(t *testing.T) {
			g := newTourRig(t, t.TempDir())
			g.must("/api/tournament/options", `{"by":"Ref","options":{"name":"Coupe","rounds":2,"round_minutes":60,"tables":["t1","t2"],"book":"ema2016"}}`)
			g.must("/api/tournament/players/import", `{"by":"Ref","csv":"name,country\nAna,ES\nBo,FR\nChloé,FR\nDa,DE\nEd,NL\nFi,FI\nGu,IT\n"}`)
			srv := httptest.NewUnstartedServer(nil)
			srv.Config.Handler = web.Guard(g.tour.Handler(g.console.Handler()), web.NewHosts(srv.Listener.Addr().String()))
			srv.Start()
			defer func() { srv.CloseClientConnections(); srv.Close() }()
			ctx := webtest.Browser(t, chromedp.Flag("accept-lang", "fr-FR,fr"))
			fits := `document.documentElement.scrollWidth <= window.innerWidth`
			shot := func(name string) {
				if shots == "" {
					return
				}
				// The top of the page, whatever the last click scrolled to.
				_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.scrollTo(0, 0) === undefined`))
				var png []byte
				if err == nil {
					png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
				}
				if err == nil {
					err = os.WriteFile(filepath.Join(shots, name+"-fr-"+size.name+".png"), png, 0o644)
				}
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			err := chromedp.Do(ctx,
				chromedp.EmulateViewport(size.w, size.h),
				chromedp.Navigate(srv.URL+"/tournament.html"),
				chromedp.Poll[chromedp.Void](`document.title === 'Tournoi' && document.documentElement.lang === 'fr' && document.getElementById('fit').textContent === `+
					`"7 joueurs : un tournoi demande un multiple de quatre joueurs ; il faut 1 joueur de plus, ou 3 d'entre eux comme remplaçants."`),
				chromedp.SetValue(`#by`, "Arbitre"),
				// Seating now is refused: the console's code, in French.
				chromedp.Click(`#bseat`),
				chromedp.Poll[chromedp.Void](`document.getElementById('error').textContent === document.getElementById('fit').textContent`),
				chromedp.SetValue(`#pname`, "Hu"),
				chromedp.Click(`#bplayer`),
				chromedp.Poll[chromedp.Void](`document.getElementById('fit').textContent === '' && document.querySelectorAll('#players tr').length === 9`),
				chromedp.Click(`#bseat`),
				chromedp.Poll[chromedp.Void](`document.querySelectorAll('#seating table').length === 2 && document.querySelector('#seating th:nth-child(4)').textContent === 'Ouest'`),
				chromedp.Poll[chromedp.Void](`document.getElementById('round').textContent === 'Manche 1' && document.getElementById('clockstate').textContent === 'pas commencée'`),
				chromedp.Click(`#bstart`),
				chromedp.Poll[chromedp.Void](`document.getElementById('clockstate').textContent === 'en cours'`),
				// A penalty to a player who is not: the console's refusal, in French.
				chromedp.SetValue(`#yplayer`, "99"),
				chromedp.SetValue(`#yamount`, "1000"),
				chromedp.SetValue(`#ywhy`, "retard"),
				chromedp.Click(`#bpenalty`),
				chromedp.Poll[chromedp.Void](`document.getElementById('error').textContent === "Il n'y a pas de joueur 99."`),
				chromedp.Poll[chromedp.Void](fits),
			)
			if err != nil {
				said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 400)`))
				t.Fatalf("the referee's page in French: %v (%q)", err, said)
			}
			shot("tournament")
			st := g.state()
			var seq uint64
			for _, table := range []string{"t1", "t2"} {
				seq++
				g.tour.Event(roundInput(table, seq, g.lastSent(table)))
				seq++
				g.tour.Event(deal(table, seq, 1, 0))
				seq++
				g.tour.Event(tableEvent(table, seq, "outcome", "game_end", gameEnd(0,
					outcome.Standing{Seat: 0, Place: 1, Points: 50300, Result: 45300}, outcome.Standing{Seat: 1, Place: 2, Points: 30000, Result: 0},
					outcome.Standing{Seat: 2, Place: 3, Points: 24700, Result: -15300}, outcome.Standing{Seat: 3, Place: 4, Points: 15000, Result: -30000})))
			}
			east := st.Game(1, "t1").Players[0]
			err = chromedp.Do(ctx,
				chromedp.Navigate(srv.URL+"/standings.html"),
				chromedp.Poll[chromedp.Void](`document.title === 'Coupe : classement' && [...document.querySelectorAll('#rows tr.player td:last-child')].some((td) => td.textContent === '+45,3')`+
					` && [...document.querySelectorAll('#rows tr.games span')].some((s) => s.textContent.startsWith('M1 t1 : 1. +45,3 provisoire'))`),
				chromedp.Poll[chromedp.Void](fits),
			)
			if err == nil {
				shot("standings")
				err = chromedp.Do(ctx,
					chromedp.Navigate(srv.URL+fmt.Sprintf("/me.html?player=%d", east)),
					chromedp.Poll[chromedp.Void](`document.querySelector('.seat.now .big') && document.querySelector('.seat.now .big').textContent === 'Table t1 · Est'`),
					chromedp.Poll[chromedp.Void](fits),
				)
			}
			if err != nil {
				said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 400)`))
				t.Fatalf("the players' pages in French: %v (%q)", err, said)
			}
			names := `[...document.querySelectorAll('#langpick option')].map((o) => o.textContent).join(',') === 'English,Français'`
			err = chromedp.Do(ctx,
				chromedp.Navigate(srv.URL+"/standings.html"),
				chromedp.Poll[chromedp.Void](`document.documentElement.lang === 'fr' && `+names),
			)
			if err != nil {
				t.Fatalf("the standings in French: %v", err)
			}
			pickEnglish(t, ctx)
			if err == nil {
				err = chromedp.Do(ctx,
					chromedp.Poll[chromedp.Void](`document.title === 'Coupe: standings' && [...document.querySelectorAll('#rows tr.player td:last-child')].some((td) => td.textContent === '+45.3')`),
					chromedp.Reload(),
					chromedp.Poll[chromedp.Void](`document.title === 'Coupe: standings' && localStorage.getItem('tabled-lang') === 'en'`),
					chromedp.Navigate(srv.URL+"/tournament.html"),
					chromedp.Poll[chromedp.Void](`document.title === 'Tournament' && document.getElementById('round').textContent === 'Round 1' && document.querySelector('#seating th:nth-child(4)').textContent === 'West'`),
				)
			}
			if err != nil {
				said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title + ' | ' + document.body.innerText.slice(0, 300)`))
				t.Fatalf("picking English: %v (%q)", err, said)
			}
		})
	}
}
