package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestHandPickedAtTheTable is the hand's worth (issue 24) through the
// user's path: `tabled run --sim --pair` as a process and two phone-size
// chromium tablets. South declares riichi and draws its winning tile on
// its next turn (ippatsu); the ura indicator is read. South's phone
// pairs, picks the hand tile by tile on the picker, is told why a wrong
// tile makes no hand, marks the drawn tile, sees the value with its yaku
// and fu, and enters it. The scores change on both tablets; the second
// shows the hand as tiles with its yaku and value, the text panel the
// yaku and the tiles; `tabled replay` of the claim log exits 0. With
// TABLED_DOCS=dir it writes the docs' screenshots there.
func TestHandPickedAtTheTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	ctx := webtest.Browser(t)
	s := startScoreTable(t, "")
	code := s.pairingCode()

	// RCR 2016 4.2: riichi, ippatsu (won within one go-around of the
	// declaration, no call since), menzen tsumo; a dora (2s) and an ura
	// dora (4p).
	for _, p := range []string{
		`{"action":"dora","tile":"1s"}`,
		`{"seat":0,"action":"discard","tile":"1z"}`, `{"seat":1,"action":"discard","tile":"2z"}`,
		`{"seat":2,"action":"discard","tile":"1m"}`, `{"seat":3,"action":"discard","tile":"9m"}`,
		`{"seat":0,"action":"discard","tile":"3z"}`,
		`{"seat":1,"action":"riichi"}`, `{"seat":1,"action":"discard","tile":"9p"}`,
		`{"seat":2,"action":"discard","tile":"1m"}`, `{"seat":3,"action":"discard","tile":"9m"}`,
		`{"seat":0,"action":"discard","tile":"2z"}`,
		`{"seat":1,"action":"tsumo"}`,
	} {
		s.press(p)
	}
	waitUntil(t, "South's tsumo", func() bool { st := s.state(); return st.Ended && st.Seats[1].ValueDue })
	s.press(`{"action":"ura","tile":"3p"}`)

	// The preview answers only a tablet that may enter the hand.
	if code, got := s.post("/api/hand/preview", "", `{"seat":1,"hand":"234m 456p 789s 123s 55z","win":"1s"}`); code != http.StatusUnauthorized {
		t.Fatalf("a preview without the code: %d %v", code, got)
	}

	picker := `.valuepick[data-seat="1"] .handpick`
	tap := func(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }
	pickTiles := func(tiles ...string) []chromedp.Action[chromedp.Void] {
		var as []chromedp.Action[chromedp.Void]
		for _, tl := range tiles {
			as = append(as, tap(fmt.Sprintf(`%s .handtiles button[data-add="%s"]`, picker, tl)))
		}
		return as
	}
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.SendKeys(chromedp.ID("paircode"), code),
		chromedp.Click(chromedp.ID("pairgo")),
		chromedp.Poll[chromedp.Void](`document.getElementById('pairbox').hidden`),
		chromedp.Poll[chromedp.Void](`!document.querySelector('` + picker + `').hidden`),
		chromedp.Poll[chromedp.Void](textOf(picker+` .hint`) + `.includes('pick your 14 concealed tiles')`),
		// EMA 2016 plays without red fives: the picker offers the 34 kinds.
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('` + picker + ` .handtiles button').length === 34`),
	}
	// Thirteen tiles and a wrong one: a hand of 14, but no winning hand.
	steps = append(steps, pickTiles("2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "2s", "3s", "5z", "6z")...)
	steps = append(steps,
		chromedp.Poll[chromedp.Void](textOf(picker+` .hint`)+`.includes('tap the tile you drew')`),
		chromedp.Poll[chromedp.Void](`document.querySelector('`+picker+` .handtiles button').disabled`), // the hand is full
		tap(picker+` .hand button[data-picked="9"]`),                                                    // the 1s, drawn
		chromedp.Poll[chromedp.Void](`document.querySelector('`+picker+` .wintile button[data-picked="9"]') !== null`),
		chromedp.Poll[chromedp.Void](textOf(picker+` .hvalue.bad`)+`.startsWith('refused: ')`),
		chromedp.Poll[chromedp.Void](`document.querySelector('`+picker+` .confirm').disabled`),
		tap(picker+` button[data-handtool="undo"]`), // takes the 6z back
	)
	steps = append(steps, pickTiles("5z")...)
	steps = append(steps,
		chromedp.Poll[chromedp.Void](textOf(picker+` .hv`)+` === '5 han 30 fu (mangan) · 8,000'`),
		chromedp.Poll[chromedp.Void](textOf(picker+` .yaku`)+` === 'Menzen tsumo 1Riichi 1Ippatsu 1Dora 1Ura dora 1'`),
		chromedp.Poll[chromedp.Void](textOf(picker+` .fu`)+`.startsWith('fu: base 20')`),
		chromedp.Poll[chromedp.Void](`!document.querySelector('`+picker+` .confirm').disabled`),
		chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
	)
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	elementShot(t, ctx, `.valuepick[data-seat="1"]`, "hand-picker.png")

	settled := southsTsumoPaid()
	err := chromedp.Do(ctx, append([]chromedp.Action[chromedp.Void]{
		tap(picker + ` .confirm`),
		chromedp.Poll[chromedp.Void](`document.querySelector('` + picker + `').closest('.valuepick').hidden`),
	}, settled...)...)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	elementShot(t, ctx, southsWonHand, "hand-phone.png")

	// A second tablet, never paired (a browser context of its own): it
	// shows the scores and the hand, and no entry.
	// A smaller phone, and no mpsz code for a player to read.
	tctx, cancelT := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	defer cancelT()
	err = chromedp.Do(tctx, append([]chromedp.Action[chromedp.Void]{
		chromedp.EmulateViewport(360, 640),
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](`!document.getElementById('pairbox').hidden`),
		chromedp.Poll[chromedp.Void](`document.querySelector('.valuepick[data-seat="1"]').hidden`),
		chromedp.Poll[chromedp.Void](textOf(southsWonHand+` .fu`) + `.startsWith('fu: base 20, pair of white dragon (dragon) 2')`),
		chromedp.Poll[chromedp.Void](`!/\b[0-9][mpsz]\b/.test(document.getElementById('wins').innerText)`),
	}, settled...)...)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(tctx))
	}
	waitUntil(t, "the text panel's hand", func() bool {
		out := s.out.String()
		return strings.Contains(out, "|   Menzen tsumo 1, Riichi 1, Ippatsu 1, Dora 1, Ura dora 1") &&
			strings.Contains(out, "| hand: 234m 456p 23789s 55z win 1s") && strings.Contains(out, "| scores: seat 0 (E) 26000  seat 1 (S) 38000  seat 2 (W) 28000  seat 3 (N) 28000")
	})
	if dir := os.Getenv("TABLED_DOCS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "hand-panel.png"), s.panel(), 0o644)
	}

	s.cmd.Process.Signal(os.Interrupt)
	s.cmd.Wait()
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", s.logDir}, &out, &errb); code != 0 {
		t.Fatalf("tabled replay: exit %d\n%s%s", code, out.String(), errb.String())
	}
}

// textOf is a script for the text of the page's element sel, "" while
// there is none.
func textOf(sel string) string {
	return fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent`, sel)
}

// southsWonHand is the page's box of South's settled hand.
const southsWonHand = `#wins .wonhand[data-seat="1"]`

// southsTsumoPaid waits until the page shows South's riichi ippatsu tsumo
// (the hand simRiichiTsumo plays, the ura indicator 3p) settled from its
// tiles and paid: the scores, the value with its yaku, the 14 tiles with
// the 1s drawn, and nothing wider than the screen.
func southsTsumoPaid() []chromedp.Action[chromedp.Void] {
	points := func(seat int, want string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](fmt.Sprintf(`%s === %q`, textOf(fmt.Sprintf("#seat-%d .points", seat)), want))
	}
	won := southsWonHand
	return []chromedp.Action[chromedp.Void]{
		points(1, "38,000"), points(0, "26,000"), points(2, "28,000"), points(3, "28,000"),
		chromedp.Poll[chromedp.Void](textOf(won+` .who`) + ` === 'South: tsumo'`),
		chromedp.Poll[chromedp.Void](textOf(won+` .hv`) + ` === '5 han 30 fu · 8,000'`),
		chromedp.Poll[chromedp.Void](textOf(won+` .yaku`) + ` === 'Menzen tsumo 1Riichi 1Ippatsu 1Dora 1Ura dora 1'`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('` + won + ` .tile').length === 14`),
		chromedp.Poll[chromedp.Void](`document.querySelector('` + won + ` .wintile title').textContent === '1 bamboo'`),
		chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
	}
}

// elementShot writes the element sel of the page as a PNG to
// $TABLED_DOCS/name, for the docs; nothing without TABLED_DOCS.
func elementShot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	dir := os.Getenv("TABLED_DOCS")
	if dir == "" {
		return
	}
	shot, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}
