package club

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/tabled/tabled/outcome"
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
				chromedp.Poll[chromedp.Void](`document.getElementById('fit').textContent === '7 players: a tournament needs a multiple of four players; it takes 1 more player, or 3 of them made substitutes.'`),
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

// TestBrowserStandingsAndCorrections: in chromium on a phone, the
// standings page shows the results the tables sent, live and marked
// provisional until confirmed; on the referee's page a penalty is given
// and withdrawn and a result corrected, each with its reason, and the
// standings page follows.
func TestBrowserStandingsAndCorrections(t *testing.T) {
	g := newTourRig(t, t.TempDir())
	g.must("/api/tournament/options", `{"by":"Ref","options":{"name":"Cup","rounds":2,"round_minutes":60,"tables":["t1","t2"],"book":"ema2016"}}`)
	g.must("/api/tournament/players/import", `{"by":"Ref","csv":"name\nAna\nBo\nCy\nDa\nEd\nFi\nGu\nHu\n"}`)
	g.must("/api/tournament/seat", `{"by":"Ref","from":1,"seed":3}`)
	g.must("/api/tournament/clock", `{"by":"Ref","round":1,"action":"start"}`)
	st := g.state()
	var seq uint64
	for _, table := range []string{"t1", "t2"} {
		seq++
		g.tour.Event(roundInput(table, seq, g.lastSent(table)))
		seq++
		g.tour.Event(deal(table, seq, 1, 0))
		seq++
		g.tour.Event(tableEvent(table, seq, "outcome", "game_end", gameEnd(0,
			outcome.Standing{Seat: 0, Place: 1, Points: 50000, Result: 35000}, outcome.Standing{Seat: 1, Place: 2, Points: 30000, Result: 5000},
			outcome.Standing{Seat: 2, Place: 3, Points: 25000, Result: -10000}, outcome.Standing{Seat: 3, Place: 4, Points: 15000, Result: -30000})))
	}
	top, _ := st.Player(st.Game(1, "t1").Players[0])
	srv := httptest.NewUnstartedServer(nil)
	srv.Config.Handler = web.Guard(g.tour.Handler(g.console.Handler()), web.NewHosts(srv.Listener.Addr().String()))
	srv.Start()
	defer func() { srv.CloseClientConnections(); srv.Close() }()
	ctx := webtest.Browser(t)
	firstRow := `document.querySelector('#rows tr.player')`
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL+"/standings.html"),
		// Two players tie for first (each East of a table that ended alike):
		// the table's East is one of the rows sharing place 1.
		chromedp.Poll[chromedp.Void](firstRow+` && [...document.querySelectorAll('#rows tr.player')].some(r => r.textContent.startsWith('1=`+top.Name+`')) && document.querySelectorAll('#rows .provisional').length === 8`),
		chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
	)
	if err != nil {
		said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("standings: %v (%q)", err, said)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/tournament.html"),
		// The page's buttons are enabled, and labelled, once its module has
		// its words and its handlers, a while after the page loaded on a
		// loaded machine; a press before then would be lost.
		chromedp.Poll[chromedp.Void](`!document.getElementById('bpenalty').disabled && document.getElementById('bpenalty').textContent !== '' && !document.getElementById('bcorrect').disabled`),
		chromedp.SetValue(`#by`, "Ref"),
		chromedp.SetValue(`#yplayer`, fmt.Sprint(top.Number)),
		chromedp.SetValue(`#yamount`, "40000"),
		chromedp.SetValue(`#ywhy`, "late"),
		chromedp.Click(`#bpenalty`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#penalties tr').length === 2`),
		chromedp.SetValue(`#cround`, "1"),
		chromedp.SetValue(`#ctable`, "t2"),
		chromedp.SetValue(`#cpoints`, "49000 31000 25000 15000"),
		chromedp.SetValue(`#cwhy`, "a payment made twice"),
		chromedp.Click(`#bcorrect`),
		chromedp.Poll[chromedp.Void](`[...document.querySelectorAll('#results .game')].some((d) => d.textContent.includes('t2') && d.textContent.includes('corrected') && d.textContent.includes('+34,000'))`),
	)
	if err != nil {
		said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('error').textContent`))
		t.Fatalf("the referee's page: %v (%q)", err, said)
	}
	if s := g.state(); len(s.Penalties) != 1 || s.Penalties[0].Why != "late" || !s.Game(1, "t2").Corrected {
		t.Fatalf("after the page: penalties %+v, t2 %+v", s.Penalties, s.Game(1, "t2"))
	}
	err = chromedp.Do(ctx,
		chromedp.SetValue(`#ywhy`, "was on time"),
		chromedp.Click(`#penalties button`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#penalties tr').length === 1`),
		chromedp.Navigate(srv.URL+"/standings.html"),
		chromedp.Poll[chromedp.Void](firstRow+` && `+firstRow+`.textContent.startsWith('1`+top.Name+`') && `+firstRow+`.textContent.endsWith('+35.0')`),
	)
	if err != nil {
		said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("after the withdrawal: %v (%q)", err, said)
	}
}

// TestBrowserRefereePageBeforeItIsReady: in chromium, the referee's page
// whose words have not come yet (a slow phone, a busy console: here the
// console holds them until the test lets them go). Its buttons are
// disabled: a press, or Enter in a field, does not submit the form as a
// plain page load, which reloaded the page and lost what the referee had
// typed. Once the words come the buttons are enabled, and what was typed
// before is given at the first press.
func TestBrowserRefereePageBeforeItIsReady(t *testing.T) {
	g := newTourRig(t, t.TempDir())
	g.must("/api/tournament/options", `{"by":"Ref","options":{"name":"Cup","rounds":2,"round_minutes":60,"tables":["t1","t2"],"book":"ema2016"}}`)
	g.must("/api/tournament/players/import", `{"by":"Ref","csv":"name\nAna\nBo\nCy\nDa\nEd\nFi\nGu\nHu\n"}`)
	release := make(chan struct{})
	var mu sync.Mutex
	loads := 0
	srv := httptest.NewUnstartedServer(nil)
	guarded := web.Guard(g.tour.Handler(g.console.Handler()), web.NewHosts(srv.Listener.Addr().String()))
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/messages":
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		case "/tournament.html":
			mu.Lock()
			loads++
			mu.Unlock()
		}
		guarded.ServeHTTP(w, r)
	})
	srv.Start()
	defer func() { srv.CloseClientConnections(); srv.Close() }()
	ctx := webtest.Browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/tournament.html"),
		chromedp.Poll[chromedp.Void](`document.getElementById('bpenalty').disabled && document.getElementById('bplayer').disabled`),
		chromedp.SetValue(`#by`, "Ref"),
		chromedp.SetValue(`#yplayer`, "2"),
		chromedp.SetValue(`#yamount`, "1000"),
		chromedp.SetValue(`#ywhy`, "lat"),
		chromedp.Click(`#bpenalty`),
		chromedp.SendKeys(`#ywhy`, "e"+kb.Enter),
	)
	if err != nil {
		t.Fatalf("the page before its words: %v", err)
	}
	close(release)
	err = chromedp.Do(ctx,
		chromedp.Poll[chromedp.Void](`!document.getElementById('bpenalty').disabled && document.getElementById('bpenalty').textContent !== ''`),
		chromedp.Poll[chromedp.Void](`document.getElementById('ywhy').value === 'late' && document.getElementById('yplayer').value === '2'`),
		chromedp.Click(`#bpenalty`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#penalties tr').length === 2`),
	)
	if err != nil {
		said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + ' | ' + document.getElementById('error').textContent`))
		t.Fatalf("the page once ready: %v (%q)", err, said)
	}
	if s := g.state(); len(s.Penalties) != 1 || s.Penalties[0].Player != 2 || s.Penalties[0].Why != "late" {
		t.Fatalf("penalties %+v, want the one typed before the page was ready", s.Penalties)
	}
	mu.Lock()
	defer mu.Unlock()
	if loads != 1 {
		t.Fatalf("the page was loaded %d times, want once: a press before it was ready reloaded it", loads)
	}
}
