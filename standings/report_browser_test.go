package standings_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tabled/tabled/standings"
	"github.com/tabled/tabled/web/webtest"
)

// TestReportInChromium: the report, opened in a real browser, asks for
// nothing but itself, shows every player and round, and prints to a PDF
// (an organiser's "save as PDF").
func TestReportInChromium(t *testing.T) {
	d := tournamentDay(t)
	var b bytes.Buffer
	if err := standings.WriteReport(&b, standings.Report{Tournament: d.tournament, Standings: d.ranked(t), Penalties: d.penalties, Corrections: d.corrections}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/report.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b.Bytes())
	}))
	defer srv.Close()

	ctx := webtest.Browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/report.html")); err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(ctx, chromedp.Title())
	if err != nil {
		t.Fatal(err)
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#standings tbody tr").length`))
	if err != nil {
		t.Fatal(err)
	}
	rounds, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("h2").length`))
	if err != nil {
		t.Fatal(err)
	}
	first, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#standings tbody tr").innerText`))
	if err != nil {
		t.Fatal(err)
	}
	// Everything the page fetched besides itself: stylesheets, images,
	// fonts, scripts. A report that files and prints as is has none.
	fetched, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`performance.getEntriesByType("resource").map(e => e.name)`))
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
	if err != nil {
		t.Fatal(err)
	}
	if title != "Test Riichi Open: results" {
		t.Errorf("title %q", title)
	}
	if rows != 8 {
		t.Errorf("%d standings rows, want 8", rows)
	}
	// Standings, two rounds, penalties, corrections.
	if rounds != 5 {
		t.Errorf("%d sections, want 5", rounds)
	}
	if !strings.Contains(first, "Ana Silva") || !strings.Contains(first, "+51.0") {
		t.Errorf("first row %q", first)
	}
	if len(fetched) != 0 {
		t.Errorf("the report fetched %q", fetched)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Errorf("no PDF printed (%d bytes)", len(pdf))
	}
}
