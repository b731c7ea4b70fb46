package main

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/club/clubtest"
	"github.com/tabled/tabled/web/webtest"
)

// TestConsoleNamesSeatsAcrossADeal is the club console as an organiser met
// it (issue 31: its names form said "seat 0-3" where its score rows said
// E/S/W/N, and after a new deal its score rows kept the previous hand's
// winds with nothing to say so). `tabled run --sim` as a process on a real
// mosquitto, a console watching it, the console's page in chromium. The
// names form offers each seat as the table's page names it, by number or
// player and its wind this hand; a name set there reaches the table.
// North wins a ron off East; after the next deal (seat 1 deals) the card's
// hand line is the new deal's, the score rows say which hand they scored
// (the session's first, which has no deal line) and keep that hand's
// winds, the names form offers the new hand's winds, the player's name in
// both, and the deal is the latest event in words.
func TestConsoleNamesSeatsAcrossADeal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon, a broker and a browser")
	}
	broker := clubtest.Start(t)
	ctx := webtest.Browser(t)
	s := startScoreTable(t, broker.URL())
	_, consoleSrv := watchingConsole(t, broker.URL(), "seats-console")

	// options are the names form's seats for t7, as shown.
	const options = `[...document.querySelectorAll('#nseat option')].map((o) => o.value + '=' + o.textContent).join('|')`
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(800, 1280),
		chromedp.Navigate(consoleSrv.URL),
		chromedp.Poll[chromedp.Void](`document.querySelector('#ntable option[value="t7"]') !== null`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('names').open = true`),
		chromedp.SetValue(chromedp.ID("ntable"), "t7"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('ntable').dispatchEvent(new Event('change'))`),
		chromedp.Poll[chromedp.Void](options+` === '0=seat 0 (East)|1=seat 1 (South)|2=seat 2 (West)|3=seat 3 (North)'`),
		chromedp.SetValue(chromedp.ID("nseat"), "2"),
		chromedp.SendKeys(chromedp.ID("nname"), "Ana"),
		chromedp.SendKeys(chromedp.ID("ntoken"), "referee-token-t7-0123"),
		chromedp.Click(chromedp.CSS(`#nameform button`)),
		chromedp.Poll[chromedp.Void](`document.getElementById('nresult').textContent === 'done'`),
		chromedp.Poll[chromedp.Void](options+`.includes('2=Ana (West)')`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}

	// North's ron off East's discard, 3 han 40 fu; then seat 1 deals.
	s.press(`{"seat":0,"action":"discard","tile":"1z"}`)
	s.press(`{"seat":3,"action":"ron"}`)
	waitUntil(t, "North's win", func() bool { st := s.state(); return st.Ended && st.Seats[3].ValueDue })
	if code, got := s.post("/api/referee", "Bearer referee-token-t7-0123", `{"action":"value","seat":3,"value":"3 40"}`); code != http.StatusAccepted {
		t.Fatalf("the value: %d %v", code, got)
	}
	waitUntil(t, "the score", func() bool { return s.state().Seats[3].Points == 35200 })
	s.press(`{"action":"newhand"}`)

	const rows = `[...document.querySelectorAll('#table-t7 .scores tr')].map((r) => r.innerText.replace(/\s+/g, ' ').trim()).join('|')`
	err = chromedp.Do(ctx,
		chromedp.Poll[chromedp.Void](`document.querySelector('#table-t7 .deal') && document.querySelector('#table-t7 .deal').textContent.startsWith('East 2 · ')`),
		chromedp.Poll[chromedp.Void](`document.querySelector('#table-t7 .deal').textContent.endsWith('dealer seat 1 (East)')`),
		// The score rows: the hand they scored, its winds, in seat order.
		// The session's first hand had no deal line: the caption words it
		// as the card's hand line did then.
		chromedp.Poll[chromedp.Void](`document.querySelector('#table-t7 .scores caption').textContent === 'scores after hand 1 of the session'`),
		chromedp.Poll[chromedp.Void](rows+` === 'seat 0 (East) 24,800 -5,200|seat 1 (South) 30,000|Ana (West) 30,000|seat 3 (North) 35,200 +5,200'`),
		// The names form: the winds of the hand now.
		chromedp.Poll[chromedp.Void](options+` === '0=seat 0 (North)|1=seat 1 (East)|2=Ana (South)|3=seat 3 (West)'`),
		// The deal pressed for the whole table is the latest event, in
		// words, with no unfilled parameter anywhere on the card.
		chromedp.Poll[chromedp.Void](`document.querySelector('#table-t7').innerText.includes(' · a new hand')`),
		chromedp.Poll[chromedp.Void](`!document.querySelector('#table-t7').innerText.includes('{')`),
	)
	if err != nil {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](rows+` + ' / ' + `+options+` + ' / ' + document.querySelector('#table-t7').innerText`))
		t.Fatalf("%v\n%s", err, got)
	}
	var st struct {
		Seats []struct {
			Seat   int    `json:"seat"`
			Player string `json:"player"`
		} `json:"seats"`
	}
	s.stateInto(&st)
	named := false
	for _, seat := range st.Seats {
		named = named || seat.Seat == 2 && seat.Player == "Ana"
	}
	if !named {
		t.Errorf("the name set on the console is not the table's: %+v", st.Seats)
	}
}
