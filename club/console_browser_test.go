package club

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/web/webtest"
)

// TestBrowserConsoleSaysItsBroker: the club console's page says in words
// how it stands with the broker, "live" only while connected, and that no
// table has reported rather than an empty page.
func TestBrowserConsoleSaysItsBroker(t *testing.T) {
	console := NewConsole()
	down := BrokerStatus{State: BrokerUnreachable, Detail: "cannot reach broker.local:1883: connection refused, retrying"}
	console.Broker(down)
	srv := httptest.NewServer(console.Handler())
	defer func() { srv.CloseClientConnections(); srv.Close() }() // the page's stream stays open
	ctx := webtest.Browser(t)
	conn := `document.getElementById('conn')`
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(srv.URL),
		chromedp.Poll[chromedp.Void](conn+`.textContent === '`+down.Detail+`' && `+conn+`.className === 'bad'`),
		chromedp.Poll[chromedp.Void](`!document.getElementById('empty').hidden`),
		chromedp.Func(func(context.Context, *chromedp.Target) error {
			console.Broker(BrokerStatus{State: BrokerConnected, Detail: "connected to broker.local:1883"})
			return nil
		}),
		chromedp.Poll[chromedp.Void](conn+`.textContent === 'live · connected to broker.local:1883' && `+conn+`.className === 'good'`),
	)
	if err != nil {
		dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](conn+`.textContent`))
		t.Fatalf("%v: the console says %q", err, dbg)
	}
}
