package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/table"
)

// loggedTable is a running table journaled to a claim log, served with the
// simulated seats, the log view and a referee token.
func loggedTable(t *testing.T) (*table.Table, *httptest.Server) {
	t.Helper()
	dir := t.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := engine.EMA2016
	tb, err := table.New(table.Config{Profile: p, Latency: 5 * time.Millisecond, Journal: journal.Log{W: w}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	srv := httptest.NewServer(New(Config{Table: tb, Sim: true, LogDir: dir, RefereeToken: token, Profile: p}))
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done; w.Close() })
	return tb, srv
}

// playSome presses a short hand: a dora read, a round of discards, a chii
// and a pon on one discard. The stamps are set here, a millisecond apart
// and the two claims at one instant, so the decision does not depend on
// how fast the machine submits them.
func playSome(t *testing.T, tb *table.Table) {
	t.Helper()
	at := tb.Now()
	submit := func(seat engine.Seat, a engine.Action, tile string) {
		if a != engine.Pon {
			at += time.Millisecond
		}
		ev := engine.Event{At: at, Seat: seat, Action: a, Dealer: engine.NoSeat, Source: engine.SourceWeb}
		if tile != "" {
			ev.Tile = mustTile(t, tile)
		}
		if _, err := tb.Submit(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
	}
	submit(engine.NoSeat, engine.Dora, "3p")
	for i, tile := range []string{"1z", "9m", "0s", "7z", "6p"} {
		submit(engine.Seat(i%4), engine.Discard, tile)
	}
	submit(1, engine.Chii, "")
	submit(3, engine.Pon, "")
	eventually(t, "the decision", func() bool { return len(tb.State().Melds[3]) == 1 })
}

// fits is a script that holds when the page is no wider than the screen
// and every seat is on it.
const fits = `(() => {
  const w = window.innerWidth;
  if (document.documentElement.scrollWidth > w) return false;
  for (const id of ["seat-0", "seat-1", "seat-2", "seat-3", "center"]) {
    const r = document.getElementById(id).getBoundingClientRect();
    if (r.left < 0 || r.right > w || r.width < 80) return false;
  }
  return true;
})()`

// TestBrowserPagesFitPhoneAndTablet: at phone and tablet sizes the status
// page shows every seat without sideways scrolling, tiles as pictures, the
// alert with its time until dismissed; the log page has no raw JSON and
// fits too.
func TestBrowserPagesFitPhoneAndTablet(t *testing.T) {
	tb, srv := loggedTable(t)
	playSome(t, tb)
	if err := tb.Note("reboot", "seat controller 1 rebooted"); err != nil {
		t.Fatal(err)
	}
	for _, size := range []struct{ w, h int64 }{{390, 844}, {1024, 768}, {360, 640}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			ctx := browser(t)
			err := chromedp.Do(ctx,
				chromedp.EmulateViewport(size.w, size.h),
				chromedp.Navigate(srv.URL),
				chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
				chromedp.Poll[chromedp.Void](`document.querySelectorAll('#seat-3 .melds svg.tile').length === 3`),
				chromedp.Poll[chromedp.Void](fits),
				chromedp.Poll[chromedp.Void](`document.querySelector('#dora svg.tile.dora') !== null`),
				chromedp.Poll[chromedp.Void](`document.querySelector('#alerts .alert').textContent.includes('REBOOT') && /\d\d:\d\d/.test(document.querySelector('#alerts .alert').textContent)`),
				// No mpsz code is shown to a player: the page's text has none.
				chromedp.Poll[chromedp.Void](`!/\b[0-9][mpsz]\b/.test(document.getElementById('table').innerText)`),
				chromedp.Click(chromedp.CSS(`#alerts button[data-dismiss]`)),
				chromedp.Poll[chromedp.Void](`document.querySelector('#alerts .alert') === null`),
				chromedp.Reload(),
				chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
				chromedp.Poll[chromedp.Void](`document.querySelector('#alerts .alert') === null`),
				chromedp.Navigate(srv.URL+"/log.html"),
				chromedp.Poll[chromedp.Void](`document.querySelectorAll('#rows tr').length >= 10`),
				chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
				chromedp.Poll[chromedp.Void](`!/[{}"]/.test(document.getElementById('rows').innerText)`),
				chromedp.Poll[chromedp.Void](`document.getElementById('rows').innerText.includes('CHII South')`),
			)
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestBrowserRefereeVoidsFromTheLog: with the token entered, a referee
// voids a mistaken pon from its row on the log page, confirms it, and sees
// the result; the table's state is rebuilt without it.
func TestBrowserRefereeVoidsFromTheLog(t *testing.T) {
	tb, srv := loggedTable(t)
	playSome(t, tb)
	var ponSeq uint64
	for _, e := range backlog(t, tb) {
		if e.Input != nil && e.Input.Action == engine.Pon {
			ponSeq = e.Seq
		}
	}
	if ponSeq == 0 {
		t.Fatal("no pon input")
	}
	ctx := browser(t)
	row := fmt.Sprintf(`#rows tr[data-seq="%d"]`, ponSeq)
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/log.html?seat=N"),
		chromedp.Poll[chromedp.Void](`document.querySelector('`+row+` button[data-void]') !== null`),
		// The decision North won is listed for North, and the decision the
		// seat filter keeps names the loser's rule.
		chromedp.Poll[chromedp.Void](`document.getElementById('rows').innerText.includes('CHII South beats') || document.getElementById('rows').innerText.includes('beats CHII South')`),
		chromedp.Click(chromedp.CSS(row+` button[data-void]`)),
		chromedp.Poll[chromedp.Void](`document.getElementById('result').textContent.includes('referee token')`),
		chromedp.SendKeys(chromedp.ID("token"), token),
		chromedp.Evaluate[chromedp.Void](`window.confirm = (q) => { window.asked = q; return true; }`),
		chromedp.Click(chromedp.CSS(row+` button[data-void]`)),
		chromedp.Poll[chromedp.Void](`document.getElementById('result').textContent.startsWith('done: void #`+fmt.Sprint(ponSeq)+`')`),
		chromedp.Poll[chromedp.Void](`window.asked.includes('North calls pon')`),
	)
	if err != nil {
		dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('result').textContent + ' | ' + document.getElementById('rows').innerText`))
		t.Fatalf("%v: the page shows %q", err, dbg)
	}
	eventually(t, "the pon voided", func() bool { return len(tb.State().Melds[3]) == 0 })
}

// backlog is every entry the table has published.
func backlog(t *testing.T, tb *table.Table) []table.Entry {
	t.Helper()
	sub, missed, ok := tb.SubscribeAfter(0)
	if !ok {
		t.Fatal("no backlog")
	}
	sub.Close()
	return missed
}
