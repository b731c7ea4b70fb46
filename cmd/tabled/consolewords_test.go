package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/club/clubtest"
	"github.com/tabled/tabled/web/webtest"
)

// TestConsoleInFrenchFromARealTable: what a table says itself reaches a
// French head referee in French, through the user's path: `tabled run
// --sim` as a process publishing to a real mosquitto, a club console
// watching it, and the console's page in chromium asking for French.
// South discards 1p, West calls chii with 2p 3p and discards 4p (swap-
// calling): the card's decision reads "CHII Ouest : la seule
// réclamation" and the referee's alert to check West in French, worded
// by the console from the records' rule codes and arguments; the same
// console's JSON without ?lang= keeps the table's English.
//
//	go test -count=10 -run TestConsoleInFrenchFromARealTable ./cmd/tabled/
func TestConsoleInFrenchFromARealTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon, a broker and a browser")
	}
	broker := clubtest.Start(t)
	s := startScoreTable(t, broker.URL())
	console, srv := watchingConsole(t, broker.URL(), "words-console")

	s.press(`{"seat":0,"action":"discard","tile":"1z"}`)
	s.press(`{"seat":1,"action":"discard","tile":"1p"}`)
	s.press(`{"seat":2,"action":"chii","tile":"23p"}`)
	decided := func() string {
		ts, _, _ := console.Tables()
		for _, tv := range ts {
			if tv.Table == "t7" {
				return tv.Decision
			}
		}
		return ""
	}
	waitUntil(t, "the console's decision", func() bool { return decided() != "" })
	if got := decided(); got != "CHII West: the only claim" {
		t.Fatalf("the console's decision in the table's words: %q", got)
	}
	s.press(`{"seat":2,"action":"discard","tile":"4p"}`)
	waitUntil(t, "the console's flag", func() bool {
		ts, _, _ := console.Tables()
		for _, tv := range ts {
			for _, a := range tv.Alerts {
				if a.Kind == "flag" {
					return true
				}
			}
		}
		return false
	})

	ctx := webtest.Browser(t, chromedp.Flag("accept-lang", "fr-FR,fr"))
	card := `document.getElementById('table-t7')`
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1024, 768),
		chromedp.Navigate(srv.URL),
		chromedp.Poll[chromedp.Void](`document.documentElement.lang === 'fr' && `+card+` !== null`),
		chromedp.Poll[chromedp.Void](`document.querySelector('#table-t7 .decision').textContent === 'CHII Ouest : la seule réclamation'`),
		chromedp.Poll[chromedp.Void](`[...document.querySelectorAll('#table-t7 .alerts li.flag')].some((li) => li.textContent.includes("à vérifier, Ouest : échange d'appel (kuikae) : Ouest écarte 4 cercles juste après avoir appelé 1 cercle, ce qui est interdit"))`),
	)
	if err != nil {
		said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("%v\nthe page says:\n%s", err, said)
	}
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](card+`.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	for _, english := range []string{"the only claim", "check West", "swap-calling"} {
		if strings.Contains(text, english) {
			t.Errorf("the French card says %q:\n%s", english, text)
		}
	}
}
