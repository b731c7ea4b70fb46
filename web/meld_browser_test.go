package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserMeldsAsLaid: on a phone, a chii's shown tiles are drawn (not
// face down), its called tile sideways on the left; a pon from the player
// opposite has its middle tile sideways.
func TestBrowserMeldsAsLaid(t *testing.T) {
	ctx := webtest.Browser(t)
	tb, now, url := steppedSimTable(t)
	click := func(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }
	meld := func(seat string) string { return `document.querySelector('#seat-` + seat + ` .melds .meld')` }
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(url),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		click(`#seat-0 button[data-action="discard"]`), click(`#picktiles button[data-tile="3p"]`),
		stepUntil(now, func() bool { return len(tb.State().Discards[0]) == 1 }),
		chromedp.Poll[chromedp.Void](`!document.querySelector('#seat-1 button[data-action="chii"]').disabled`),
		click(`#seat-1 button[data-action="chii"]`), click(`#picktiles button[data-tile="4p"]`), click(`#picktiles button[data-tile="5p"]`),
		stepUntil(now, func() bool { return len(tb.State().Melds[1]) == 1 }),
		chromedp.Poll[chromedp.Void](meld("1")+` !== null && `+meld("1")+`.querySelectorAll('svg.tile').length === 3 && `+
			meld("1")+`.querySelectorAll('rect.back').length === 0 && `+meld("1")+`.querySelector('svg.tile').classList.contains('side')`),
		click(`#seat-1 button[data-action="discard"]`), click(`#picktiles button[data-tile="6s"]`),
		stepUntil(now, func() bool { return len(tb.State().Discards[1]) == 1 }),
		chromedp.Poll[chromedp.Void](`!document.querySelector('#seat-3 button[data-action="pon"]').disabled`),
		click(`#seat-3 button[data-action="pon"]`), click(`#picknone`),
		stepUntil(now, func() bool { return len(tb.State().Melds[3]) == 1 }),
		chromedp.Poll[chromedp.Void](meld("3")+` !== null && [...`+meld("3")+`.querySelectorAll('svg.tile')].map(e => e.classList.contains('side')).join() === 'false,true,false'`),
	)
	if err != nil {
		dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('.meld')].map(m => m.outerHTML.slice(0, 300)).join('\n')`))
		t.Fatalf("%v: melds: %s", err, dbg)
	}
}

// TestBrowserPickerOffersTheBooksTiles: on a phone, the discard picker of
// a table under ema2016 (a set without red fives) offers no red five.
func TestBrowserPickerOffersTheBooksTiles(t *testing.T) {
	ctx := webtest.Browser(t)
	_, _, url := steppedSimTable(t)
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(url),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Click(chromedp.CSS(`#seat-0 button[data-action="discard"]`)),
		chromedp.Poll[chromedp.Void](`!document.getElementById('picker').hidden && document.querySelector('#picktiles button[data-tile="5p"]') !== null`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#picktiles button[data-tile^="0"]').length === 0`),
	)
	if err != nil {
		t.Fatal(err)
	}
}

// TestBrowserZeroChangeIsSigned: on a phone, after a ron is paid the seats
// that neither won nor dealt in show their change as "±0", not a bare 0
// that reads as one more digit of their points.
func TestBrowserZeroChangeIsSigned(t *testing.T) {
	ctx := webtest.Browser(t)
	tb, now, url := steppedSimTable(t)
	submit := func(ev engine.Event) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			ev.At, ev.Source, ev.Dealer = time.Duration(now.Load()), engine.SourceWeb, engine.NoSeat
			_, err := tb.Submit(ctx, ev)
			return err
		})
	}
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(url),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		submit(engine.Event{Seat: 0, Action: engine.Discard, Tile: engine.MustTile("3p")}),
		submit(engine.Event{Seat: 1, Action: engine.Ron}),
		stepUntil(now, func() bool { return tb.State().Ended }),
		submit(engine.Event{Seat: 1, Action: engine.Value, Value: &engine.HandValue{Value: payment.Value{Han: 1, Fu: 30}, Pao: engine.NoSeat}}),
		stepUntil(now, func() bool { return tb.State().LastScore != nil }),
		chromedp.Poll[chromedp.Void](`document.querySelector('#seat-2 .delta') !== null && document.querySelector('#seat-2 .delta').textContent === '±0' && document.querySelector('#seat-1 .delta').textContent === '+1,000'`),
	)
	if err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('.seat .head')].map(h => h.textContent).join('\n')`))
		t.Fatalf("%v\n%s", err, text)
	}
}

// TestBrowserSeatMenuNamesPlayers: on a phone, the "my seat" menu names
// each seat as every other menu does: its player and the seat's wind this
// hand ("Ana (South)"), or the wind alone; never "seat 0".
func TestBrowserSeatMenuNamesPlayers(t *testing.T) {
	ctx := webtest.Browser(t)
	tb, now, url := steppedSimTable(t)
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(url),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := tb.Submit(ctx, engine.Event{At: time.Duration(now.Load()), Seat: 1, Action: engine.Name, Name: "Ana", Source: engine.SourceWeb, Dealer: engine.NoSeat})
			return err
		}),
		stepUntil(now, func() bool { return tb.State().Names[1] == "Ana" }),
		chromedp.Poll[chromedp.Void](`[...document.getElementById('facing').options].map(o => o.textContent).join() === 'East,Ana (South),West,North'`),
	)
	if err != nil {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.getElementById('facing').options].map(o => o.textContent).join()`))
		t.Fatalf("%v: the menu reads %s", err, got)
	}
}
