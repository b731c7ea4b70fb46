package web

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserPressShowsDecision: in a real browser, presses on the
// simulated seats appear as the right decision; a reload shows it again
// from the table's recent outcomes; a referee action without the token is
// refused.
func TestBrowserPressShowsDecision(t *testing.T) {
	ctx := webtest.Browser(t)
	// Clicks are stamped on arrival by the table's clock. The test steps
	// that clock itself: the claims are stamped at one instant and the
	// window closes when the test moves the clock past it, so the decision
	// is the same on a fast machine and on a slow, loaded one.
	var now atomic.Int64
	now.Store(int64(time.Second))
	clock := func() time.Duration { return time.Duration(now.Load()) }
	step := func(d time.Duration) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(context.Context, *chromedp.Target) error { now.Add(int64(d)); return nil })
	}
	p := engine.EMA2016
	tb, err := table.New(table.Config{Profile: p, Latency: 5 * time.Millisecond, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	// inputs waits until the table has taken n inputs.
	sub, taken := tb.Subscribe(), 0
	inputs := func(n int) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			for taken < n {
				select {
				case u := <-sub.C():
					for _, e := range u.Entries {
						if e.Input != nil {
							taken++
						}
					}
				case <-ctx.Done():
					return fmt.Errorf("%d of %d inputs taken: %w", taken, n, ctx.Err())
				}
			}
			return nil
		})
	}
	tctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(tctx) }()
	srv := httptest.NewServer(New(Config{Hosts: testHosts, Table: tb, Sim: true, RefereeToken: "tok"}))
	defer func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done }()

	decided := `document.getElementById('decision').textContent.includes('PON North') && document.getElementById('decision').textContent.includes('from East') && document.getElementById('why').textContent.includes('CHII South lost: called within')`
	enabled := func(sel string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](`!document.querySelector('` + sel + `').disabled`)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(srv.URL),
		chromedp.WaitVisible(chromedp.CSS(`#seat-0 button[data-action="discard"]`)),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](`document.getElementById('panelbox').hidden`), // no panel: 404
		chromedp.Poll[chromedp.Void](`document.querySelector('#seat-1 button[data-action="chii"]').disabled`),
		enabled(`#seat-0 button[data-action="discard"]`),
		chromedp.Click(chromedp.CSS(`#seat-0 button[data-action="discard"]`)),
		chromedp.Click(chromedp.CSS(`#picktiles button[data-tile="6s"]`)),
		inputs(1),
		step(10*time.Millisecond), // past the input latency: the discard is decided
		enabled(`#seat-1 button[data-action="chii"]`),
		chromedp.Click(chromedp.CSS(`#seat-1 button[data-action="chii"]`)),
		chromedp.Click(chromedp.ID("picknone")),
		chromedp.Click(chromedp.CSS(`#seat-3 button[data-action="pon"]`)),
		chromedp.Click(chromedp.ID("picknone")),
		inputs(3), // both claims taken, at the instant of the discard
		step(p.Window+10*time.Millisecond),
		chromedp.Poll[chromedp.Void](decided),
		chromedp.Poll[chromedp.Void](`document.getElementById('seat-3').classList.contains('turn')`),
		chromedp.Poll[chromedp.Void](`document.querySelector('#seat-0 .river .tile.called') !== null`),
		chromedp.Reload(),
		chromedp.Poll[chromedp.Void](decided),
		chromedp.Poll[chromedp.Void](`document.querySelector('#log li.decision') !== null`),
		chromedp.Evaluate[chromedp.Void](`void fetch('/api/referee', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{"action":"newhand"}'}).then(r => { window.refereeStatus = r.status; })`),
		chromedp.Poll[chromedp.Void](`window.refereeStatus === 401`),
	)
	if err != nil {
		dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('decision').textContent + ' | ' + document.getElementById('why').textContent + ' | ' + document.getElementById('picker').hidden`))
		t.Fatalf("%v: the page shows %q", err, dbg)
	}
	if st := tb.State(); st.Turn != 3 || st.Discards[0][0].Tile.String() != "6s" {
		t.Fatalf("table state after the clicks: turn %d discards %v", st.Turn, st.Discards[0])
	}
}

// TestBrowserClaimLogFilters: the referee's claim-log view lists the presses
// and decisions and filters them; a filter no record can pass says what it
// accepts.
func TestBrowserClaimLogFilters(t *testing.T) {
	ctx := webtest.Browser(t)
	dir := t.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w.Append([]claimlog.Record{
		{Kind: claimlog.KindInput, Source: "gpio", Hand: 1, Seat: "E", Type: "discard", Body: json.RawMessage(`{"event":{"action":"discard","tile":"6s"}}`)},
		{Kind: claimlog.KindInput, Source: "serial", Hand: 1, Seat: "N", Type: "pon", Body: json.RawMessage(`{"event":{"action":"pon"}}`)},
		{Kind: claimlog.KindOutcome, Source: "table", Hand: 1, Seat: "N", Type: "decision", Body: json.RawMessage(`{"type":"decision","discard":{"seat":"E","tile":"6s"},"won":[{"seat":"N","call":"pon"}],"lost":[],"reason":"PON North: the only claim"}`)},
		{Kind: claimlog.KindInput, Source: "gpio", Hand: 2, Seat: "S", Type: "chii", Body: json.RawMessage(`{"event":{"action":"chii"}}`)},
	})
	w.Close()
	tb, _ := table.New(table.Config{Profile: engine.EMA2016})
	srv := httptest.NewServer(New(Config{Hosts: testHosts, Table: tb, LogDir: dir}))
	defer srv.Close()
	rows := `document.querySelectorAll('#rows tr').length`
	err = chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/log.html"),
		chromedp.Poll[chromedp.Void](rows+` === 4`),
		chromedp.Poll[chromedp.Void](`document.querySelector('#rows tr.outcome').textContent.includes("PON North wins on East's discard")`),
		chromedp.SetValue(chromedp.CSS(`select[name="seat"]`), "N"),
		chromedp.Click(chromedp.ID("apply")),
		chromedp.Poll[chromedp.Void](rows+` === 2`),
		chromedp.SetValue(chromedp.CSS(`select[name="seat"]`), ""),
		chromedp.SendKeys(chromedp.CSS(`input[name="hand"]`), "2"),
		chromedp.Click(chromedp.ID("apply")),
		chromedp.Poll[chromedp.Void](rows+` === 1 && document.querySelector('#rows tr').dataset.seq === '4'`),
		chromedp.Poll[chromedp.Void](`document.getElementById('csv').href.includes('hand=2')`),
		// A type no record can have is refused, with what the filter accepts.
		chromedp.SendKeys(chromedp.CSS(`input[name="type"]`), "pong"),
		chromedp.Click(chromedp.ID("apply")),
		chromedp.Poll[chromedp.Void](`document.getElementById('error').textContent.startsWith('parameter type "pong" is not one of ') && document.getElementById('error').textContent.includes(' pon, ') && `+rows+` === 0`),
	)
	if err != nil {
		t.Fatal(err)
	}
}

// TestBrowserShowsPanel: the status page shows the panel's frame, crisp when
// scaled, and fetches the new frame when an update arrives, without
// replacing the seat buttons.
func TestBrowserShowsPanel(t *testing.T) {
	ctx := webtest.Browser(t)
	tb, err := table.New(table.Config{Profile: engine.EMA2016, Latency: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	tctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(tctx) }()
	// The frame's size tells which state it was drawn from: 250x122 before
	// any input, 128x64 after.
	panel := func(w io.Writer) error {
		r := image.Rect(0, 0, 250, 122)
		if tb.Seq() > 0 {
			r = image.Rect(0, 0, 128, 64)
		}
		return png.Encode(w, image.NewGray(r))
	}
	srv := httptest.NewServer(New(Config{Hosts: testHosts, Table: tb, Sim: true, Panel: panel}))
	defer func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done }()

	img := `document.getElementById('panel')`
	err = chromedp.Do(ctx,
		chromedp.Navigate(srv.URL),
		chromedp.WaitVisible(chromedp.CSS(`#seat-0 button[data-action="discard"]`)),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](img+`.naturalWidth === 250 && !document.getElementById('panelbox').hidden`),
		chromedp.Poll[chromedp.Void](`getComputedStyle(`+img+`).imageRendering === 'pixelated' && `+img+`.getBoundingClientRect().width === 500`),
		chromedp.Evaluate[chromedp.Void](`window.button0 = document.querySelector('#seat-0 button'); window.panel0 = `+img),
		chromedp.Click(chromedp.CSS(`button[data-table="dora"]`)),
		chromedp.Click(chromedp.CSS(`#picktiles button[data-tile="4m"]`)),
		chromedp.Poll[chromedp.Void](img+`.naturalWidth === 128 && `+img+`.naturalHeight === 64`),
	)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#seat-0 button') === window.button0 && `+img+` === window.panel0`))
	if err != nil {
		t.Fatal(err)
	}
	seq, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new URL(`+img+`.src).searchParams.get('seq')`))
	if err != nil {
		t.Fatal(err)
	}
	if !kept {
		t.Error("the update replaced the seat buttons or the panel image")
	}
	if want := strconv.FormatUint(tb.Seq(), 10); seq != want {
		t.Errorf("the panel was fetched for seq %q, want the update's %s", seq, want)
	}
}
