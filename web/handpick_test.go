package web

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserHandPickerRon: after a ron the hand picker on a phone holds
// the discard won on as the winning tile, which neither taking back nor
// clearing removes; the pon the table recorded stands beside the hand,
// and the winner picks three tiles fewer. The value and its yaku show
// once the hand is complete, and the hand entered shows on the page.
func TestBrowserHandPickerRon(t *testing.T) {
	tb, srv := loggedTable(t)
	at := tb.Now()
	submit := func(seat engine.Seat, a engine.Action, tile string, shown ...string) {
		at += 300 * time.Millisecond
		ev := engine.Event{At: at, Seat: seat, Action: a, Dealer: engine.NoSeat, Source: engine.SourceWeb}
		if tile != "" {
			ev.Tile = mustTile(t, tile)
		}
		for i, s := range shown {
			ev.Shown[i] = mustTile(t, s)
		}
		if _, err := tb.Submit(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
	}
	submit(engine.NoSeat, engine.Dora, "1s")
	submit(0, engine.Discard, "5z")
	submit(1, engine.Pon, "", "5z", "5z")
	eventually(t, "the pon", func() bool { return len(tb.State().Melds[1]) == 1 })
	at = tb.Now()
	submit(1, engine.Discard, "9p")
	submit(2, engine.Discard, "3m")
	submit(1, engine.Ron, "")
	eventually(t, "South's ron", func() bool { return tb.State().Ended })

	picker := `.valuepick[data-seat="1"] .handpick`
	text := func(sel string) string {
		return fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent`, sel)
	}
	tap := func(sel string) chromedp.Action[chromedp.Void] {
		return chromedp.Click(chromedp.CSS(picker + " " + sel))
	}
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](`!document.querySelector('` + picker + `').hidden`),
		chromedp.Poll[chromedp.Void](`document.querySelector('` + picker + ` .wintile button[data-picked="0"]').disabled`),
		chromedp.Poll[chromedp.Void](`document.querySelector('` + picker + ` .wintile title').textContent === '3 characters'`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('` + picker + ` .hand .meld .tile').length === 3`),
		chromedp.Poll[chromedp.Void](text(picker+` .hint`) + `.startsWith('pick your 11 concealed tiles, the winning tile included: 10 to go')`),
		tap(`.handtiles button[data-add="1m"]`),
		tap(`button[data-handtool="undo"]`),
		tap(`button[data-handtool="undo"]`), // nothing left to take back: the discard stays
		tap(`.handtiles button[data-add="9m"]`),
		tap(`button[data-handtool="clear"]`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('` + picker + ` .hand button[data-picked]').length === 1`),
	}
	for _, tl := range []string{"1m", "2m", "4p", "5p", "6p", "7s", "8s", "9s", "5s", "5s"} {
		steps = append(steps, tap(fmt.Sprintf(`.handtiles button[data-add="%s"]`, tl)))
	}
	steps = append(steps,
		chromedp.Poll[chromedp.Void](text(picker+` .hv`)+` === '1 han 30 fu · 1,000'`),
		chromedp.Poll[chromedp.Void](text(picker+` .yaku`)+` === 'Haku (white dragon) 1'`),
		chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
		tap(`.confirm`),
		chromedp.Poll[chromedp.Void](text(`#wins .wonhand[data-seat="1"] .hv`)+` === '1 han 30 fu · 1,000'`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#wins .wonhand[data-seat="1"] .meld .tile').length === 3`),
	)
	ctx := webtest.Browser(t)
	if err := chromedp.Do(ctx, steps...); err != nil {
		s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("%v\n%s", err, s)
	}
}
