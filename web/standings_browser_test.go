package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserFinalStandings: a whole hanchan in which South wins a ron off
// East's first discard every hand (1 to 4 han 30 fu in turn), so the deal
// passes on each time and the game ends after South 4; a phone-size page then shows
// the final standings, places and results after uma, with a player's
// name, and no value box. The table's clock is the test's: each step is
// stamped and then decided by moving the clock past its window.
func TestBrowserFinalStandings(t *testing.T) {
	var now atomic.Int64
	now.Store(int64(time.Second))
	tb, err := table.New(table.Config{Profile: engine.EMA2016, Latency: 5 * time.Millisecond, Clock: func() time.Duration { return time.Duration(now.Load()) }})
	if err != nil {
		t.Fatal(err)
	}
	tctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(tctx) }()
	srv := httptest.NewServer(New(Config{Table: tb, Sim: true}))
	defer func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done }()

	sub := tb.Subscribe()
	defer sub.Close()
	// step stamps ev now, moves the clock 5 s on (every window and
	// deadline passes) and waits until the state shows what it did.
	step := func(ev engine.Event, what string, cond func(engine.State) bool) {
		t.Helper()
		ev.At, ev.Source = time.Duration(now.Load()), engine.SourceWeb
		if ev.Dealer == 0 {
			ev.Dealer = engine.NoSeat
		}
		if _, err := tb.Submit(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
		now.Add(int64(5 * time.Second))
		for !cond(tb.State()) {
			select {
			case <-sub.C():
			case <-time.After(10 * time.Second): // a bound on a broken test, not a wait for anything
				t.Fatalf("no %s: state %+v", what, tb.State())
			}
		}
	}
	step(engine.Event{Seat: 2, Action: engine.Name, Name: "Ana"}, "name", func(st engine.State) bool { return st.Names[2] == "Ana" })
	for hand := range 8 {
		d := tb.State().Dealer
		step(engine.Event{Seat: d, Action: engine.Discard, Tile: engine.MustTile("1z")}, "discard", func(st engine.State) bool { return len(st.Discards[d]) == 1 })
		step(engine.Event{Seat: (d + 1) % 4, Action: engine.Ron}, "ron", func(st engine.State) bool { return st.Ended && st.ValueDue[(d+1)%4] })
		step(engine.Event{Seat: (d + 1) % 4, Action: engine.Value, Value: &engine.HandValue{Value: payment.Value{Han: hand%4 + 1, Fu: 30}, Pao: engine.NoSeat}},
			"score", func(st engine.State) bool { return !st.ValueDue[(d+1)%4] })
		if hand < 7 {
			step(engine.Event{Action: engine.NewHand}, "deal", func(st engine.State) bool { return !st.Ended })
		}
	}
	if st := tb.State(); !st.GameOver || st.GameEnd == nil {
		t.Fatalf("after 8 hands: game over %v", st.GameOver)
	}

	ctx := webtest.Browser(t)
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](`!document.getElementById('standings').hidden && document.querySelectorAll('#standrows tr').length === 4`),
		chromedp.Poll[chromedp.Void](`document.getElementById('standrows').innerText.includes('Ana')`),
		chromedp.Poll[chromedp.Void](`[...document.querySelectorAll('#standrows tr')].every((r) => /^[+-]?\d+\.\d$/.test(r.cells[3].textContent))`),
		chromedp.Poll[chromedp.Void](`[...document.querySelectorAll('.valuepick')].every((p) => p.hidden)`),
		chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
		// The results are in thousands, and the sheet says so.
		chromedp.Poll[chromedp.Void](`document.querySelector('#standings thead').textContent.includes('result (thousands)')`),
		// The centre says the game is over, not that a deal is coming.
		chromedp.Poll[chromedp.Void](`document.getElementById('why').textContent.includes('the game is over') && !document.getElementById('why').textContent.includes('waiting for the next deal')`),
	)
	if err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("%v\n%s", err, text)
	}
	// The places and results are the engine's: the page shows them as given.
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#standrows tr')].map((r) => r.cells[0].textContent + ':' + r.cells[2].textContent).join(' ')`))
	if err != nil {
		t.Fatal(err)
	}
	var want string
	for place := 1; place <= 4; place++ {
		for _, s := range tb.State().GameEnd.Standings {
			if s.Place == place {
				want += fmt.Sprintf(" %d:%s", s.Place, catalog.English().Number(s.Points)) // 43,400: the language's form
			}
		}
	}
	if got != want[1:] {
		t.Errorf("places and points %q, want %q", got, want[1:])
	}
	if dir := os.Getenv("TABLED_DOCS"); dir != "" {
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()) // the phone's screen: the standings on top
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "score-standings.png"), shot, 0o644)
	}
}
