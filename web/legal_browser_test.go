package web

import (
	"context"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserButtonsFollowTheEngine: on a phone, the seat buttons are the
// presses the engine says each seat may make now. After East's ordinary
// discard South, whose turn it is, may press tsumo and riichi (a ron on
// the discard is still possible, and that does not stop South's draw);
// after a wind discard the next seat's chii is off.
func TestBrowserButtonsFollowTheEngine(t *testing.T) {
	ctx := webtest.Browser(t)
	tb, now, url := steppedSimTable(t)
	btn := func(seat, action string) string {
		return `document.querySelector('#seat-` + seat + ` button[data-action="` + action + `"]')`
	}
	on := func(seat, action string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](`!` + btn(seat, action) + `.disabled`)
	}
	off := func(seat, action string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](btn(seat, action) + `.disabled`)
	}
	// discarded waits for the table to have taken the discard, then moves
	// its clock past the input latency so that it is decided.
	discarded := func(seat engine.Seat, n int) chromedp.Action[chromedp.Void] {
		return stepUntil(now, func() bool { return len(tb.State().Discards[seat]) >= n })
	}
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(url),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		on("0", "tsumo"), on("0", "riichi"), off("1", "tsumo"), off("1", "chii"),
		chromedp.Click(chromedp.CSS(`#seat-0 button[data-action="discard"]`)),
		chromedp.Click(chromedp.CSS(`#picktiles button[data-tile="6s"]`)),
		discarded(0, 1),
		on("1", "tsumo"), on("1", "riichi"), on("1", "chii"), on("2", "pon"), on("2", "ron"), off("2", "chii"), off("0", "tsumo"),
		chromedp.Click(chromedp.CSS(`#seat-1 button[data-action="discard"]`)),
		chromedp.Click(chromedp.CSS(`#picktiles button[data-tile="2z"]`)),
		discarded(1, 1),
		off("2", "chii"), on("2", "pon"), on("2", "tsumo"), on("2", "riichi"), off("1", "tsumo"),
	)
	if err != nil {
		dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify([...document.querySelectorAll('.sim')].map(r => [...r.querySelectorAll('button')].filter(b => !b.disabled).map(b => b.dataset.action)))`))
		t.Fatalf("%v: enabled buttons by seat: %s", err, dbg)
	}
}

// steppedSimTable is a simulated table whose clock the test steps, behind
// the page's server: the table, its clock (ns) and the page's URL.
func steppedSimTable(t *testing.T) (*table.Table, *atomic.Int64, string) {
	t.Helper()
	now := new(atomic.Int64)
	now.Store(int64(time.Second))
	tb, err := table.New(table.Config{Profile: engine.EMA2016, Latency: 5 * time.Millisecond,
		Clock: func() time.Duration { return time.Duration(now.Load()) }})
	if err != nil {
		t.Fatal(err)
	}
	tctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(tctx) }()
	srv := httptest.NewServer(New(Config{Hosts: testHosts, Table: tb, Sim: true}))
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done })
	return tb, now, srv.URL
}

// stepUntil moves the table's clock on a millisecond at a time until
// done: what the table has taken is decided as its clock passes the
// input latency and the claim window.
func stepUntil(now *atomic.Int64, done func() bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		for !done() {
			now.Add(int64(time.Millisecond))
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(2 * time.Millisecond):
			}
		}
		return nil
	})
}
