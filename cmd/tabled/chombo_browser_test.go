package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestChomboOnThePhoneAndThePanel is a chombo as a newcomer met it (issue
// 31: the headline read "CHOMBO -" with no name, the score line +0 for
// everyone with the 20,000 nowhere until the end, and the final result
// did not say a chombo was in it). `tabled run --sim` as a process; the
// referee names South's player and gives South a chombo. On a phone-size
// chromium the headline names the offender and the page says the next
// deal deals the hand again and what the penalty is; the text panel's
// headline names the offender too. The referee calls the time; the hands
// the rules still play are won by North until the game ends; the final
// standings then show the penalty in South's result, in thousands.
func TestChomboOnThePhoneAndThePanel(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	ctx := webtest.Browser(t)
	s := startScoreTable(t, "")
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the table printed:\n%s", s.out.String())
		}
	})
	referee := func(body string) {
		t.Helper()
		if code, got := s.post("/api/referee", "Bearer referee-token-t7-0123", body); code != http.StatusAccepted {
			t.Fatalf("the referee's %s: %d %v", body, code, got)
		}
	}
	referee(`{"action":"name","seat":1,"name":"Ana"}`)
	referee(`{"action":"chombo","seat":1}`)
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](`document.getElementById('decision').textContent.startsWith('CHOMBO - ') && document.getElementById('decision').textContent.includes('Ana')`),
		chromedp.Poll[chromedp.Void](`document.getElementById('why').textContent.includes('the next deal (newhand) deals it again')`),
		chromedp.Poll[chromedp.Void](`document.body.innerText.includes("South loses 20000 from the result after uma at the game's end")`),
		chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	waitUntil(t, "the text panel's headline", func() bool { return strings.Contains(s.out.String(), "CHOMBO - Ana") })

	// The time is up: the hands the rules still play, each won by North
	// on the dealer's first discard, until the game ends.
	referee(`{"action":"newhand"}`)
	referee(`{"action":"time"}`)
	// state is a fresh read of the state (a field left out is its zero).
	type game struct {
		Ended    bool `json:"ended"`
		GameOver bool `json:"game_over"`
		Seats    []struct {
			ValueDue bool `json:"value_due"`
		} `json:"seats"`
	}
	state := func() (st game) { s.stateInto(&st); return st }
	for hand := 0; ; hand++ {
		if hand == 4 {
			t.Fatal("no game end four hands after the time was called")
		}
		waitUntil(t, "a deal", func() bool { return !state().Ended })
		dealer := s.dealer()
		north := (dealer + 3) % 4
		s.press(fmt.Sprintf(`{"seat":%d,"action":"discard","tile":"1z"}`, dealer))
		s.press(fmt.Sprintf(`{"seat":%d,"action":"ron"}`, north))
		waitUntil(t, "the ron", func() bool { st := state(); return st.Ended && st.Seats[north].ValueDue })
		referee(fmt.Sprintf(`{"action":"value","seat":%d,"value":"1 30"}`, north))
		waitUntil(t, "the score", func() bool { return !state().Seats[north].ValueDue })
		if state().GameOver {
			break
		}
		referee(`{"action":"newhand"}`)
	}
	// South's row: its place, Ana, its points, its result with the penalty.
	const south = `[...document.querySelectorAll('#standrows tr')].find((r) => r.cells[1].textContent.includes('Ana'))`
	err = chromedp.Do(ctx,
		chromedp.Poll[chromedp.Void](`!document.getElementById('standings').hidden && document.querySelectorAll('#standrows tr').length === 4`),
		chromedp.Poll[chromedp.Void](`document.querySelector('#standings thead').textContent.includes('result (thousands)')`),
		chromedp.Poll[chromedp.Void](south+`.cells[3].textContent.includes('incl. penalty -20.0')`),
		chromedp.Poll[chromedp.Void](`document.getElementById('why').textContent.includes('the game is over') && !document.getElementById('why').textContent.includes('waiting for the next deal')`),
	)
	if err != nil {
		row, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('standings').innerText`))
		t.Fatalf("%v\n%s\n%s", err, row, pageText(ctx))
	}
	// The terminal's game end says whose result holds the penalty.
	waitUntil(t, "the game end's penalty on the terminal", func() bool {
		return strings.Contains(s.out.String(), "result includes a penalty of -20000 (a chombo)")
	})
}
