package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestFrenchPlayerOnThePage is issue 33's player through the user's path:
// `tabled run --sim --pair` as a process and chromium the size of a phone
// and of a tablet. The page opens in the browser's English; the player
// picks Français on it (remembered: the page reloads in French). It pairs,
// South declares riichi with its buttons and the tile picker, and wins on
// its next draw (tsumo); the player picks the hand in the hand picker and
// reads, in French, the hint, the value with the thousands as French
// writes them, the yaku and the fu, then enters it and sees the settled
// hand. The other seven hands of the game are played through the same
// HTTP API the page uses; the page then shows the final standings in
// French (results in thousands with a decimal comma). The claim log page
// follows the same choice: French headings, a 24-hour clock, times in
// the hand with a decimal comma, a pon drawn as a meld. With
// TABLED_DOCS=dir it writes the French screenshots there.
func TestFrenchPlayerOnThePage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	for _, dev := range []struct {
		name string
		w, h int64
	}{
		{"phone", 390, 844},
		{"tablet", 1024, 768},
	} {
		t.Run(dev.name, func(t *testing.T) { frenchGame(t, dev.name, dev.w, dev.h) })
	}
}

func frenchGame(t *testing.T, dev string, width, height int64) {
	ctx := webtest.Browser(t)
	s := startScoreTable(t, "")
	code := s.pairingCode()
	shot := func(sel, name string) {
		t.Helper()
		if dev == "phone" || !strings.HasSuffix(name, "-phone.png") {
			elementShot(t, ctx, sel, strings.Replace(name, "DEV", dev, 1))
		}
	}
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v\n%s", what, err, pageText(ctx))
		}
	}
	poll := func(js string) chromedp.Action[chromedp.Void] { return chromedp.Poll[chromedp.Void](js) }
	tap := func(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }
	// press taps a seat's button by the element itself: the seat's box
	// redraws its times and lights while a hand is played, which can move
	// a row of buttons between finding a button and a mouse click at
	// where it was.
	press := func(sel string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).click()`, sel))
	}

	do("the page in English, then French picked on it",
		chromedp.EmulateViewport(width, height),
		chromedp.Navigate(s.base),
		poll(`document.getElementById('conn').textContent === 'live'`),
		poll(`document.documentElement.lang === 'en' && document.getElementById('loglink').textContent === 'claim log'`),
		// The player chooses Français in the language menu (the select's
		// change remembers it and reloads the page); the page opened
		// again is French.
		chromedp.SetValue(chromedp.CSS(`#langpick select`), "fr"),
		chromedp.Navigate(s.base),
		poll(`document.documentElement.lang === 'fr' && document.getElementById('conn').textContent === 'en direct'`),
		poll(`document.getElementById('loglink').textContent === 'journal des annonces' && document.title === 'tabled'`),
		poll(`document.getElementById('pairgo').textContent === 'appairer cette tablette'`),
		chromedp.SendKeys(chromedp.ID("paircode"), code),
		tap(`#pairgo`),
		poll(`document.getElementById('pairbox').hidden`),
	)

	// RCR 2016 4.2: riichi, ippatsu, menzen tsumo; a dora (2s) and an ura
	// dora (4p). South's own presses are made on the page.
	for _, p := range []string{
		`{"action":"dora","tile":"1s"}`,
		`{"seat":0,"action":"discard","tile":"1z"}`, `{"seat":1,"action":"discard","tile":"2z"}`,
		`{"seat":2,"action":"discard","tile":"1m"}`, `{"seat":3,"action":"discard","tile":"9m"}`,
		`{"seat":0,"action":"discard","tile":"3z"}`,
	} {
		s.press(p)
	}
	south := `#seat-1 .sim button[data-action="%s"]`
	do("South's riichi and discard on the page",
		poll(fmt.Sprintf(`!document.querySelector('%s').disabled`, fmt.Sprintf(south, "riichi"))),
		poll(fmt.Sprintf(`document.querySelector('%s').textContent === 'riichi' && document.querySelector('%s').textContent === 'écart'`,
			fmt.Sprintf(south, "riichi"), fmt.Sprintf(south, "discard"))),
		press(fmt.Sprintf(south, "riichi")),
		poll(`document.querySelector('#seat-1 .badge.riichi') !== null && document.querySelector('#seat-1 .badge.riichi').textContent === 'RIICHI'`),
		press(fmt.Sprintf(south, "discard")),
		poll(`!document.getElementById('picker').hidden && document.getElementById('pickwhat').textContent === 'Sud écart : quelle tuile ?'`),
		// EMA 2016 has no red fives: the picker offers the 34 kinds, named in French.
		poll(`document.querySelectorAll('#picktiles button').length === 34`),
		poll(`document.querySelector('#picktiles button[data-tile="9p"] title').textContent === '9 cercles'`),
		tap(`#picktiles button[data-tile="9p"]`),
		poll(`document.getElementById('picker').hidden`),
	)
	// The page's press is its own request: the next presses wait until
	// the table has South's discard.
	waitUntil(t, "South's discard from the page", func() bool { return len(s.view().Seats[1].Discards) == 2 })
	for _, p := range []string{
		`{"seat":2,"action":"discard","tile":"1m"}`, `{"seat":3,"action":"discard","tile":"9m"}`,
		`{"seat":0,"action":"discard","tile":"2z"}`,
	} {
		s.press(p)
	}
	do("South's tsumo on the page",
		poll(fmt.Sprintf(`!document.querySelector('%s').disabled`, fmt.Sprintf(south, "tsumo"))),
		press(fmt.Sprintf(south, "tsumo")),
		poll(`document.getElementById('decision').textContent === 'TSUMO : Sud gagne'`),
	)
	waitUntil(t, "South's tsumo", func() bool { st := s.state(); return st.Ended && st.Seats[1].ValueDue })
	s.press(`{"action":"ura","tile":"3p"}`)

	picker := `.valuepick[data-seat="1"] .handpick`
	steps := []chromedp.Action[chromedp.Void]{
		poll(`!document.querySelector('` + picker + `').hidden`),
		poll(textOf(`.valuepick[data-seat="1"] .what`) + ` === 'valeur de la main gagnante du joueur Sud'`),
		poll(textOf(picker+` .hint`) + ` === 'choisissez vos 14 tuiles cachées, tuile gagnante comprise : encore 14 ; touchez la tuile que vous avez piochée pour la marquer'`),
	}
	for _, tl := range []string{"2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "2s", "3s", "5z", "5z"} {
		steps = append(steps, tap(fmt.Sprintf(`%s .handtiles button[data-add="%s"]`, picker, tl)))
	}
	steps = append(steps,
		poll(textOf(picker+` .hint`)+` === 'touchez la tuile que vous avez piochée pour la marquer comme tuile gagnante'`),
		tap(picker+` .hand button[data-picked="9"]`), // the 1s, drawn
		poll(textOf(picker+` .hint`)+` === 'la main est complète : vérifiez sa valeur, puis saisissez-la'`),
		// French writes 8 000 with a narrow no-break space.
		poll(textOf(picker+` .hv`)+` === '5 han 30 fu (mangan) · 8\u202f000'`),
		poll(textOf(picker+` .yaku`)+` === 'Menzen tsumo 1Riichi 1Ippatsu 1Dora 1Ura dora 1'`),
		poll(textOf(picker+` .fu`)+`.startsWith('fu : base 20, paire de dragon blanc (dragon) 2')`),
		poll(`document.documentElement.scrollWidth <= window.innerWidth`),
	)
	do("the hand picked in French", steps...)
	shot(`.valuepick[data-seat="1"]`, "hand-picker-fr-phone.png")
	won := `#wins .wonhand[data-seat="1"]`
	do("the hand entered",
		tap(picker+` .confirm`),
		poll(`document.querySelector('`+picker+`').closest('.valuepick').hidden`),
		poll(textOf(`#seat-1 .points`)+` === '38\u202f000' && `+textOf(`#seat-0 .points`)+` === '26\u202f000'`),
		poll(textOf(won+` .who`)+` === 'Sud : tsumo'`),
		poll(textOf(won+` .hv`)+` === '5 han 30 fu · 8\u202f000'`),
		poll(textOf(won+` .yaku`)+` === 'Menzen tsumo 1Riichi 1Ippatsu 1Dora 1Ura dora 1'`),
		poll(`document.querySelector('`+won+` .wintile title').textContent === '1 bambou'`),
		poll(`!/\b[0-9][mpsz]\b/.test(document.getElementById('wins').innerText)`),
		poll(`document.documentElement.scrollWidth <= window.innerWidth`),
	)
	shot(won, "hand-fr-DEV.png")

	// The second hand has a pon, for the log page's meld; then the rest of
	// the game, a ron off the dealer's first discard each hand, so that the
	// deal passes on every time and the game ends after South 4.
	const ref = "Bearer referee-token-t7-0123"
	for hand := 2; hand <= 8; hand++ {
		s.press(`{"action":"newhand"}`)
		waitUntil(t, fmt.Sprintf("hand %d", hand), func() bool { return !s.state().Ended })
		d := s.dealer()
		if hand == 2 {
			s.press(fmt.Sprintf(`{"seat":%d,"action":"discard","tile":"5z"}`, d))
			s.press(fmt.Sprintf(`{"seat":%d,"action":"pon"}`, (d+2)%4))
			waitUntil(t, "the pon", func() bool { return s.melds((d+2)%4) == 1 })
			d = (d + 2) % 4 // the pon's seat discards next
		}
		s.press(fmt.Sprintf(`{"seat":%d,"action":"discard","tile":"1z"}`, d))
		s.press(fmt.Sprintf(`{"seat":%d,"action":"ron"}`, (d+1)%4))
		waitUntil(t, fmt.Sprintf("hand %d's ron", hand), func() bool { st := s.state(); return st.Ended && st.Seats[(d+1)%4].ValueDue })
		if code, got := s.post("/api/seat", ref, fmt.Sprintf(`{"action":"value","seat":%d,"value":"1 30"}`, (d+1)%4)); code != http.StatusAccepted {
			t.Fatalf("hand %d's value: %d %v", hand, code, got)
		}
		waitUntil(t, fmt.Sprintf("hand %d's score", hand), func() bool { return !s.state().Seats[(d+1)%4].ValueDue })
	}
	do("the final standings in French",
		poll(`!document.getElementById('standings').hidden && document.querySelectorAll('#standrows tr').length === 4`),
		poll(`document.querySelector('#standings h2').textContent === 'Classement final'`),
		poll(`document.querySelector('#standings thead').textContent.includes('résultat (milliers)')`),
		poll(`[...document.querySelectorAll('#standrows tr')].every((r) => /^[+\-\u2212]?\d+,\d$/.test(r.cells[3].textContent))`),
		poll(`[...document.querySelectorAll('#standrows tr')].every((r) => /^(Est|Sud|Ouest|Nord)$/.test(r.cells[1].textContent))`),
		poll(`document.getElementById('why').textContent.includes('la partie est terminée')`),
		poll(`document.documentElement.scrollWidth <= window.innerWidth`),
	)
	shot(`#standings`, "status-standings-fr-DEV.png")

	do("the claim log page in French", chromedp.Navigate(s.base+"/log.html?kind=outcome&type=decision"),
		poll(`document.documentElement.lang === 'fr' && document.querySelectorAll('#rows tr').length === 8`))
	for what, check := range map[string]string{
		"the headings":             `document.querySelector('thead').textContent.includes('temps dans la main')`,
		"a 24-hour clock":          `[...document.querySelectorAll('#rows td.wall')].every((c) => /^\d\d:\d\d:\d\d$/.test(c.textContent))`,
		"a decimal comma":          `[...document.querySelectorAll('#rows td.time')].every((c) => /^\d+,\d{3} s$/.test(c.textContent))`,
		"the kind in words":        `[...document.querySelectorAll('#rows td.kind')].every((c) => c.textContent === 'décision')`,
		"the pon drawn as a meld":  `document.querySelectorAll('#rows td.what .meld .tile').length === 3 && document.querySelectorAll('#rows td.what .meld .tile.side').length === 1`,
		"the meld named in French": `document.querySelector('#rows td.what .meld').title === 'pon, pris à Est'`,
	} {
		if err := chromedp.Do(ctx, poll(check)); err != nil {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('rows').innerHTML.slice(0, 3000)`))
			t.Fatalf("the claim log page in French, %s: %v\n%s", what, err, got)
		}
	}
	shot(`main`, "log-fr-DEV.png")
}

// dealer is the physical seat that is East this hand.
func (s *scoreTable) dealer() int {
	for i, x := range s.view().Seats {
		if x.Wind == "E" {
			return i
		}
	}
	s.t.Fatal("no seat is East")
	return 0
}

// melds is how many melds seat has.
func (s *scoreTable) melds(seat int) int { return len(s.view().Seats[seat].Melds) }

// view is the seats of the state the page reads: their winds, melds and
// discards.
func (s *scoreTable) view() (st struct {
	Seats []struct {
		Wind     string            `json:"wind"`
		Melds    []json.RawMessage `json:"melds"`
		Discards []json.RawMessage `json:"discards"`
	} `json:"seats"`
}) {
	s.t.Helper()
	s.stateInto(&st)
	return st
}
