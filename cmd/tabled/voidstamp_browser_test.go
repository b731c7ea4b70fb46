package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/creack/pty"
	"github.com/tabled/tabled/web/webtest"
)

// rawDuration is a duration written to the nanosecond, as Go prints one
// ("6m57.41091364s", "340.123457ms"): no one reads that.
var rawDuration = regexp.MustCompile(`\d\.\d{4,}m?s`)

// TestRefereeVoidAsTheTableSawIt is the referee's void as a newcomer met
// it (issue 31): `tabled run --sim --log-dir D`, nothing else; South's ron
// and its value typed on a pty; some seconds later the referee, with the
// token the table said at start, voids the value from its row on the
// claim log page in a phone-size chromium. The void is stamped when it
// came, not at the value's time; the revision that follows says the input
// was voided, not "inputs arrived late:" with nothing after it, and gives
// its times as people read them, on the page and in `tabled log`. The
// text panel signs the value's zero changes (±0).
func TestRefereeVoidAsTheTableSawIt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon and a browser")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("TABLED_REFEREE_TOKEN", "")
	keys, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer keys.Close()
	defer tty.Close()
	go io.Copy(io.Discard, keys) // the pty's echo of what is typed
	addr := freeAddr(t)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runDaemon(ctx, []string{"--sim", "--listen", addr, "--log-dir", dir}, tty, &out, &errb)
	}()
	defer func() { cancel(); <-done }()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the terminal:\n%s%s", out.String(), errb.String())
		}
	})
	said := regexp.MustCompile(`referee token for this run: ([0-9a-f]{32}) `)
	waitUntil(t, "the token said at start", func() bool { return said.MatchString(out.String()) })
	token := said.FindStringSubmatch(out.String())[1]
	typeLine := func(line string) {
		t.Helper()
		if _, err := io.WriteString(keys, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	typeLine("e discard 3p")
	typeLine("s ron")
	waitUntil(t, "the ron", func() bool { return strings.Contains(out.String(), "HAND END ron") })
	typeLine("s value 3 40")
	waitUntil(t, "the score", func() bool { return strings.Contains(out.String(), "SCORE    ron: South 3 han 40 fu") })
	// The text panel signs a zero change: "W 0" beside the points read as
	// one more digit of them.
	waitUntil(t, "the panel's changes", func() bool { return strings.Contains(out.String(), "|   E -5200  S +5200  W ±0  N ±0\n") })

	// records are the claim log's records of kind, as tabled log gives them.
	type record struct {
		Seq  uint64 `json:"seq"`
		Mono int64  `json:"mono"`
		Kind string `json:"kind"`
		Type string `json:"type"`
	}
	records := func(kind string) []record {
		t.Helper()
		var o, e strings.Builder
		if code := run([]string{"log", "--dir", dir, "--kind", kind, "--format", "json"}, &o, &e); code != 0 {
			t.Fatalf("tabled log: exit %d: %s", code, e.String())
		}
		var rs []record
		if err := json.Unmarshal([]byte(o.String()), &rs); err != nil {
			t.Fatalf("tabled log --format json: %v\n%s", err, o.String())
		}
		return rs
	}
	var value record
	for _, r := range records("input") {
		if r.Type == "value" {
			value = r
		}
	}
	if value.Seq == 0 {
		t.Fatal("no value in the claim log")
	}
	// The referee comes a while after the value: nothing is pressed
	// meanwhile. However slow the machine, the void comes this much later.
	const later = 2 * time.Second
	time.Sleep(later)

	bctx := webtest.Browser(t)
	row := fmt.Sprintf(`#rows tr[data-seq="%d"]`, value.Seq)
	err = chromedp.Do(bctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate("http://"+addr+"/log.html"),
		chromedp.Poll[chromedp.Void](`document.querySelector('`+row+` button[data-void]') !== null`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('referee').open = true`),
		chromedp.SendKeys(chromedp.ID("token"), token),
		chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		chromedp.Click(chromedp.CSS(row+` button[data-void]`)),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById('result').textContent.startsWith('done: void #%d')`, value.Seq)),
		chromedp.Reload(),
		chromedp.Poll[chromedp.Void](`[...document.querySelectorAll('#rows tr')].some((r) => r.textContent.includes('was voided'))`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(bctx))
	}
	var void record
	for _, r := range records("void") {
		void = r
	}
	if gap := time.Duration(void.Mono - value.Mono); gap < later {
		t.Errorf("the void is stamped %v after the value it voids, though it came %v or more later", gap, later)
	}

	// The revision as the page shows it and as tabled log writes it.
	pageRow, err := chromedp.Run(bctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#rows tr')].find((r) => r.textContent.includes('was voided')).innerText`))
	if err != nil {
		t.Fatal(err)
	}
	text := func() string {
		var o, e strings.Builder
		if code := run([]string{"log", "--dir", dir, "--type", "revision"}, &o, &e); code != 0 {
			t.Fatalf("tabled log: exit %d: %s", code, e.String())
		}
		return o.String()
	}()
	for where, s := range map[string]string{"the log page": pageRow, "tabled log": text} {
		if strings.Contains(s, "arrived late") {
			t.Errorf("%s says inputs arrived late, though none did: %q", where, s)
		}
		if d := rawDuration.FindString(s); d != "" {
			t.Errorf("%s gives a time as %q: %q", where, d, s)
		}
		if !strings.Contains(s, fmt.Sprintf("input %d was voided", value.Seq)) {
			t.Errorf("%s does not say the value was voided: %q", where, s)
		}
	}
}
