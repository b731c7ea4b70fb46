package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestHandLaidOnThePage is the hand laid on the seat's reader as the
// tablets show it: `tabled run --sim` as in TestHandLaidOnTheSimReader,
// a phone and a tablet on the status page. While South lays its tiles
// both show in South's box how many are laid of the 14, and the tiles as
// pictures in a row (no mpsz code), the text panel the line with the
// tiles; after the last tile both show the hand paid, its value with its
// yaku and the scores changed, and the laid tiles are gone. With
// TABLED_DOCS=dir it writes South's box, three tiles laid, there.
func TestHandLaidOnThePage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	ctx := webtest.Browser(t)
	addr := freeAddr(t)
	d, typer := simRiichiTsumo(t, "--listen", addr)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("terminal:\n%s", d.stderr.String())
		}
	})
	lay := func(tiles string) {
		t.Helper()
		var b strings.Builder
		for _, x := range strings.Fields(tiles) {
			b.WriteString("S discard " + x + "\n")
		}
		if _, err := io.WriteString(typer, b.String()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := io.WriteString(typer, "ura 3p\n"); err != nil {
		t.Fatal(err)
	}

	laid := `#seat-1 .laid`
	seeLaid := func(n int, names ...string) []chromedp.Action[chromedp.Void] {
		return []chromedp.Action[chromedp.Void]{
			chromedp.Poll[chromedp.Void](textOf(laid) + fmt.Sprintf(`.startsWith('laid on the reader, %d of 14:')`, n)),
			chromedp.Poll[chromedp.Void](fmt.Sprintf(`[...document.querySelectorAll('%s svg.tile title')].map((e) => e.textContent).join(', ') === %q`,
				laid, strings.Join(names, ", "))),
			// In a row, not one under the other.
			chromedp.Poll[chromedp.Void](fmt.Sprintf(`new Set([...document.querySelectorAll('%s svg.tile')].map((e) => e.getBoundingClientRect().top)).size === 1`, laid)),
			chromedp.Poll[chromedp.Void](`!/\b[0-9][mpsz]\b/.test(document.getElementById('seat-1').innerText)`),
			chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
		}
	}
	screens := []struct {
		name string
		ctx  context.Context
		w, h int64
	}{{"phone", ctx, 390, 844}, {"tablet", nil, 800, 1280}}
	each := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		for _, sc := range screens {
			if err := chromedp.Do(sc.ctx, steps...); err != nil {
				t.Fatalf("%s, %s: %v\n%s", sc.name, what, err, pageText(sc.ctx))
			}
		}
	}
	for i := range screens {
		sc := &screens[i]
		if sc.ctx == nil { // a browser context of its own, once the browser runs
			var cancel context.CancelFunc
			sc.ctx, cancel = chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
			defer cancel()
		}
		err := chromedp.Do(sc.ctx, chromedp.EmulateViewport(sc.w, sc.h), chromedp.Navigate("http://"+addr),
			chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`))
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
	}

	lay("2m 3m 4m")
	each("three tiles laid", seeLaid(3, "2 characters", "3 characters", "4 characters")...)
	elementShot(t, ctx, "#seat-1", "hand-laid.png")
	waitUntil(t, "the panel's text line", func() bool {
		return strings.Contains(d.stdout.String(), "South laid 3 of 14: 234m")
	})
	lay("4p 5p 6p 7s 8s 9s 5z 2s 3s 5z 1s")
	each("the hand paid", append(southsTsumoPaid(),
		chromedp.Poll[chromedp.Void](`document.querySelector('`+laid+`') === null`))...)
}
