package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestValueNoHandReachesOnThePhoneAndForTheReferee: a value no hand makes
// is refused with its reason on the phone's path and the referee's as on
// the terminal's (issue 31: "W value 35" was paid as a sanbaiman).
// `tabled run --sim --pair` as a process; South wins a tsumo. On a
// phone-size chromium paired with the panel's code, South's player enters
// 1 han 20 fu, which only a pinfu tsumo has and it is 2 han: the picker
// says why and no points move. The referee then posts "35" with the
// table's token: the phone's picker shows the refusal, no sanbaiman is
// paid. The right value, 3 han 30 fu, is paid.
func TestValueNoHandReachesOnThePhoneAndForTheReferee(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	ctx := webtest.Browser(t)
	s := startScoreTable(t, "")
	code := s.pairingCode()
	s.press(`{"seat":0,"action":"discard","tile":"1z"}`)
	s.press(`{"seat":1,"action":"tsumo"}`)
	waitUntil(t, "South's tsumo", func() bool { st := s.state(); return st.Ended && st.Seats[1].ValueDue })

	picker := `document.querySelector('.valuepick[data-seat="1"]')`
	refusal := func(reason string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](fmt.Sprintf(`%s.querySelector('.msg').textContent.includes('refused') && %s.querySelector('.msg').textContent.includes(%q)`, picker, picker, reason))
	}
	points := func(seat int, want string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelector('#seat-%d .points') && document.querySelector('#seat-%d .points').textContent === %q`, seat, seat, want))
	}
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.SendKeys(chromedp.ID("paircode"), code),
		chromedp.Click(chromedp.ID("pairgo")),
		chromedp.Poll[chromedp.Void](`!`+picker+`.hidden`),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const p = %s; p.querySelector('.han').value = '1'; p.querySelector('.han').dispatchEvent(new Event('change')); p.querySelector('.fu').value = '20'; p.querySelector('button[data-value]').click(); })()`, picker)),
		refusal("only a pinfu tsumo has 20 fu, and it is 2 han at least"),
		points(1, "30,000"),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}

	// The referee's value, with the table's token.
	referee := func(value string) {
		t.Helper()
		if code, got := s.post("/api/referee", "Bearer referee-token-t7-0123", fmt.Sprintf(`{"action":"value","seat":1,"value":%q}`, value)); code != http.StatusAccepted {
			t.Fatalf("the referee's value %q: %d %v", value, code, got)
		}
	}
	referee("35")
	if err := chromedp.Do(ctx, refusal("more than 13 han is entered by its limit's name (sanbaiman here)"), points(1, "30,000")); err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	referee("3 30")
	if err := chromedp.Do(ctx, points(1, "34,000")); err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	for _, line := range strings.Split(s.out.String(), "\n") {
		if strings.Contains(line, "SCORE") && (strings.Contains(line, "sanbaiman") || strings.Contains(line, "1 han 20 fu")) {
			t.Errorf("a value no hand reaches was paid: %s", line)
		}
	}
}
