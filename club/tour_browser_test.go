package club

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserTournamentPages: in chromium, on a phone (390 px) and a
// tablet, the referee's page shows the players, says at once what the
// players lack to make tables, seats the rounds, starts the clock (the
// time counts down) and shows the tables; the wall page lists the
// seating, and a player finds where they sit. No page is wider than the
// screen.
func TestBrowserTournamentPages(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"tablet", 1024, 768}} {
		t.Run(size.name, func(t *testing.T) {
			g := newTourRig(t, t.TempDir())
			g.must("/api/tournament/options", `{"by":"Ref","options":{"name":"Cup","rounds":2,"round_minutes":60,"tables":["t1","t2"],"book":"ema2016"}}`)
			g.must("/api/tournament/players/import", `{"by":"Ref","csv":"name,country\nAna,ES\nBo,FR\nCy,FR\nDa,DE\nEd,NL\nFi,FI\nGu,IT\n"}`)
			srv := httptest.NewUnstartedServer(nil)
			srv.Config.Handler = web.Guard(g.tour.Handler(g.console.Handler()), web.NewHosts(srv.Listener.Addr().String()))
			srv.Start()
			defer func() { srv.CloseClientConnections(); srv.Close() }()
			ctx := webtest.Browser(t)
			fits := `document.documentElement.scrollWidth <= window.innerWidth`
			err := chromedp.Do(ctx,
				chromedp.EmulateViewport(size.w, size.h),
				chromedp.Navigate(srv.URL+"/tournament.html"),
				chromedp.Poll[chromedp.Void](`document.getElementById('fit').textContent === '7 players: a tournament needs a multiple of four players: 1 more make it, or 3 of them made substitutes'`),
				chromedp.SetValue(`#by`, "Ref"),
				chromedp.SetValue(`#pname`, "Hu"),
				chromedp.Click(`#bplayer`),
				chromedp.Poll[chromedp.Void](`document.getElementById('fit').textContent === '' && document.querySelectorAll('#players tr').length === 9`),
				chromedp.Click(`#bseat`),
				chromedp.Poll[chromedp.Void](`document.querySelectorAll('#seating table').length === 2 && document.querySelectorAll('#progress .game').length === 2`),
				chromedp.Poll[chromedp.Void](`document.getElementById('clock').textContent === '60:00' && document.getElementById('round').textContent === 'Round 1'`),
				chromedp.Click(`#bstart`),
				chromedp.Poll[chromedp.Void](`document.getElementById('clockstate').textContent === 'running'`),
				chromedp.Poll[chromedp.Void](fits),
			)
			if err != nil {
				said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('error').textContent + ' | ' + document.getElementById('fit').textContent`))
				t.Fatalf("the referee's page: %v (it says %q)", err, said)
			}
			st := g.state()
			first := st.Game(1, "t1").Players[0]
			p, _ := st.Player(first)
			err = chromedp.Do(ctx,
				chromedp.Navigate(srv.URL+"/wall.html?round=1"),
				chromedp.Poll[chromedp.Void](`document.querySelectorAll('.round').length === 1 && document.querySelector('.round td:nth-child(2)').textContent === '`+fmt.Sprintf("%d %s", first, p.Name)+`'`),
				chromedp.Poll[chromedp.Void](fits),
				chromedp.Navigate(srv.URL+fmt.Sprintf("/me.html?player=%d", first)),
				chromedp.Poll[chromedp.Void](`document.querySelector('.seat.now .big') && document.querySelector('.seat.now .big').textContent === 'Table t1 · East'`),
				chromedp.Poll[chromedp.Void](fits),
			)
			if err != nil {
				said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + ' | ' + document.body.innerText.slice(0, 300) + ' | ' + document.documentElement.scrollWidth`))
				t.Fatalf("the wall and the player's pages: %v (%q)", err, said)
			}
		})
	}
}
