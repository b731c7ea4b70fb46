// Package webtest runs Debian's chromium for the tests that drive the
// status page and the club console in a real browser, in package web and
// through the tabled command.
package webtest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium finds Debian's chromium; CI installs it, so there a missing
// browser fails the test instead of skipping it.
func Chromium(t *testing.T) string {
	for _, p := range []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium", "/usr/lib/chromium/chromium"} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed (.ci/run installs Debian's chromium)")
	}
	t.Skip("chromium is not installed: apt-get install chromium")
	return ""
}

// Browser is a headless chromium for the test, closed when it ends; a
// test that takes over 90 s has its browser closed under it. Extra options
// are added to the defaults (a host resolver rule, a window size).
func Browser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(Chromium(t)), chromedp.NoSandbox, chromedp.Headless,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.WindowSize(1000, 800))
	opts = append(opts, extra...)
	parent, stop := context.WithTimeout(context.Background(), 90*time.Second)
	actx, cancelA := chromedp.NewExecAllocator(parent, opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA(); stop() })
	return ctx
}
