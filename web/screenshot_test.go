package web

import (
	"github.com/tabled/tabled/web/webtest"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestScreenshots writes the docs' pictures of the pages, from a short
// hand played on a logged table, when TABLED_SCREENSHOTS names a directory
// (the repository's docs/): status-phone.png (390x844), status-tablet.png
// (1024x768), log.png (the log page filtered to South, 1024x768).
//
//	TABLED_SCREENSHOTS=$PWD/docs go test -run TestScreenshots ./web/
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("TABLED_SCREENSHOTS")
	if dir == "" {
		t.Skip("TABLED_SCREENSHOTS is not set")
	}
	tb, srv := loggedTable(t)
	playSome(t, tb)
	for _, shot := range []struct {
		name, path, ready string
		w, h              int64
	}{
		{"status-phone.png", "/", `document.querySelectorAll('#seat-3 .melds svg.tile').length === 3`, 390, 844},
		{"status-tablet.png", "/", `document.querySelectorAll('#seat-3 .melds svg.tile').length === 3`, 1024, 768},
		{"log.png", "/log.html?seat=S", `document.querySelectorAll('#rows tr').length >= 2`, 1024, 768},
	} {
		ctx := webtest.Browser(t)
		err := chromedp.Do(ctx,
			chromedp.EmulateViewport(shot.w, shot.h),
			chromedp.Navigate(srv.URL+shot.path),
			chromedp.Poll[chromedp.Void](shot.ready),
		)
		var png []byte
		if err == nil {
			png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
		}
		if err != nil {
			t.Fatalf("%s: %v", shot.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, shot.name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
