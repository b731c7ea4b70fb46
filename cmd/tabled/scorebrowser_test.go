package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/club/clubtest"
	"github.com/tabled/tabled/web/webtest"
)

// scoreTable is a daemon under test: `tabled run --sim --pair` as a child
// process, its status page and what it printed.
type scoreTable struct {
	t      *testing.T
	base   string // the status page
	out    *syncBuffer
	cmd    *exec.Cmd
	logDir string
	client *http.Client
}

// post sends a JSON body to the table with the Authorization header auth
// ("" for none) and answers the status and the decoded answer.
func (s *scoreTable) post(path, auth, body string) (int, map[string]any) {
	s.t.Helper()
	req, _ := http.NewRequest("POST", s.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	r, err := s.client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer r.Body.Close()
	var got map[string]any
	json.NewDecoder(r.Body).Decode(&got)
	return r.StatusCode, got
}

// press presses a virtual button of the simulated table.
func (s *scoreTable) press(body string) {
	s.t.Helper()
	if code, got := s.post("/api/press", "", body); code != http.StatusAccepted {
		s.t.Fatalf("press %s: %d %v", body, code, got)
	}
}

// state is the table's state as the page reads it.
func (s *scoreTable) state() (st struct {
	Ended bool `json:"ended"`
	Seats []struct {
		Points   int  `json:"points"`
		ValueDue bool `json:"value_due"`
	} `json:"seats"`
}) {
	s.t.Helper()
	s.stateInto(&st)
	return st
}

// stateInto decodes the state /api/state serves into v, the fields a
// test reads.
func (s *scoreTable) stateInto(v any) {
	s.t.Helper()
	r, err := s.client.Get(s.base + "/api/state")
	if err != nil {
		s.t.Fatal(err)
	}
	defer r.Body.Close()
	var j struct {
		State json.RawMessage `json:"state"`
	}
	if err := json.NewDecoder(r.Body).Decode(&j); err != nil {
		s.t.Fatal(err)
	}
	if err := json.Unmarshal(j.State, v); err != nil {
		s.t.Fatal(err)
	}
}

// watchingConsole is a club console watching the broker at url from the
// start, as clientID, and its page served; both stop with the test (the
// page's streams are cut first, as a browser may hold one open).
func watchingConsole(t *testing.T, url, clientID string) (*club.Console, *httptest.Server) {
	t.Helper()
	console := club.NewConsole()
	w, err := club.NewWatcher(club.WatcherConfig{Broker: club.Broker{URL: url}, ClientID: clientID, FromStart: true,
		OnEvent: console.Event, OnStatus: console.Status})
	if err != nil {
		t.Fatal(err)
	}
	wctx, stopWatch := context.WithCancel(context.Background())
	watched := make(chan error, 1)
	go func() { watched <- w.Run(wctx) }()
	srv := httptest.NewServer(console.Handler())
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close(); stopWatch(); <-watched })
	return console, srv
}

// log is the claim log as the referee's page reads it.
func (s *scoreTable) log() []struct {
	Seq    uint64 `json:"seq"`
	Kind   string `json:"kind"`
	Type   string `json:"type"`
	Source string `json:"source"`
} {
	s.t.Helper()
	r, err := s.client.Get(s.base + "/api/log")
	if err != nil {
		s.t.Fatal(err)
	}
	defer r.Body.Close()
	var j struct {
		Records []struct {
			Seq    uint64 `json:"seq"`
			Kind   string `json:"kind"`
			Type   string `json:"type"`
			Source string `json:"source"`
		} `json:"records"`
	}
	if err := json.NewDecoder(r.Body).Decode(&j); err != nil {
		s.t.Fatal(err)
	}
	return j.Records
}

// panel is the panel frame the status page serves.
func (s *scoreTable) panel() []byte {
	s.t.Helper()
	r, err := s.client.Get(s.base + "/api/panel.png")
	if err != nil {
		s.t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return b
}

// startScoreTable runs the daemon with a referee token, publishing to the
// broker at brokerURL as table t7 (to none for "").
func startScoreTable(t *testing.T, brokerURL string) *scoreTable {
	dir := t.TempDir()
	s := &scoreTable{t: t, out: &syncBuffer{}, logDir: filepath.Join(dir, "log"), client: &http.Client{}}
	addr := freeAddr(t)
	s.base = "http://" + addr
	cfg := filepath.Join(dir, "tabled.toml")
	toml := fmt.Sprintf("[table]\nname = \"t7\"\n\n[log]\ndir = %q\n\n[web]\nlisten = %q\nreferee_token = \"referee-token-t7-0123\"\n", s.logDir, addr)
	if brokerURL != "" {
		toml += fmt.Sprintf("\n[club]\nbroker = %q\n", brokerURL)
	}
	os.WriteFile(cfg, []byte(toml), 0o644)
	s.cmd = startChild(t, cfg, s.out, "--pair")
	waitUntil(t, "the status page", func() bool {
		r, err := s.client.Get(s.base + "/healthz")
		if err == nil {
			r.Body.Close()
		}
		return err == nil && r.StatusCode == http.StatusOK
	})
	return s
}

// pairingCodeShown is the code the text panel (the panel's words) shows.
var pairingCodeShown = regexp.MustCompile(`\| pairing code ([A-Z0-9]{3} [A-Z0-9]{3})`)

// pairingCode waits for the first pairing code the text panel shows.
func (s *scoreTable) pairingCode() string {
	s.t.Helper()
	var code string
	waitUntil(s.t, "the pairing code on the panel", func() bool {
		m := pairingCodeShown.FindStringSubmatch(s.out.String())
		if m != nil {
			code = m[1]
		}
		return m != nil
	})
	return code
}

// TestScoreAtTheTable is the score through the user's path: `tabled run
// --sim --pair` as a process, publishing to a real mosquitto, a club
// console watching it, and a phone-size chromium. North wins a ron; the
// phone pairs with the code the panel shows and enters a wrong value; the
// scores change on the page, in the panel image and on the console; the
// referee voids the value, the phone enters the right one and every score
// follows; the next hand keeps them; `tabled replay` of the claim log
// exits 0. With TABLED_DOCS=dir it writes the docs' screenshots there.
func TestScoreAtTheTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon, a broker and a browser")
	}
	broker := clubtest.Start(t)
	ctx := webtest.Browser(t)
	s := startScoreTable(t, broker.URL())

	console, consoleSrv := watchingConsole(t, broker.URL(), "score-console")
	consoleScores := func() string {
		ts, _, _ := console.Tables()
		for _, tv := range ts {
			if tv.Table == "t7" {
				var parts []string
				for _, sc := range tv.Scores {
					parts = append(parts, strings.Join(strings.Fields(fmt.Sprintf("%s %s %d", sc.Wind, sc.Name, sc.Points)), " "))
				}
				return strings.Join(parts, " ")
			}
		}
		return ""
	}

	code := s.pairingCode()
	if strings.Contains(string(s.panel()), strings.ReplaceAll(code, " ", "")) {
		t.Fatal("the panel image the status page serves carries the code")
	}

	// A hand: East and South discard, North wins on South's 5m.
	s.press(`{"action":"dora","tile":"3p"}`)
	s.press(`{"seat":0,"action":"discard","tile":"1z"}`)
	s.press(`{"seat":1,"action":"discard","tile":"5m"}`)
	s.press(`{"seat":3,"action":"ron"}`)
	waitUntil(t, "North's win", func() bool { st := s.state(); return st.Ended && st.Seats[3].ValueDue })
	before := s.panel()

	// An unpaired phone may not enter a value; the server says why.
	if code, got := s.post("/api/seat", "", `{"action":"value","seat":3,"value":"3 40"}`); code != http.StatusUnauthorized || !strings.Contains(fmt.Sprint(got["error"]), "pairing code") {
		t.Fatalf("a value without the code: %d %v", code, got)
	}

	points := func(seat int, want string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelector('#seat-%d .points') && document.querySelector('#seat-%d .points').textContent === %q`, seat, seat, want))
	}
	picker := `document.querySelector('.valuepick[data-seat="3"]')`
	enter := func(han, fu string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const p = %s; p.querySelector('.han').value = %q; p.querySelector('.han').dispatchEvent(new Event('change')); p.querySelector('.fu').value = %q; p.querySelector('button[data-value]').click(); })()`, picker, han, fu))
	}
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](`!document.getElementById('pairbox').hidden`),
		chromedp.Poll[chromedp.Void](picker+`.hidden`), // no picker before pairing
		chromedp.SendKeys(chromedp.ID("paircode"), strings.ToLower(code)),
		chromedp.Click(chromedp.ID("pairgo")),
		chromedp.Poll[chromedp.Void](`document.getElementById('pairbox').hidden`),
		chromedp.Poll[chromedp.Void](`!`+picker+`.hidden`),
		// North's player gives a name: the page shows it with the wind.
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#seat-3 .nameedit').open = true`),
		chromedp.SendKeys(chromedp.CSS(`#seat-3 .nameedit input`), "Ana"),
		chromedp.Click(chromedp.CSS(`#seat-3 .nameedit button`)),
		chromedp.Poll[chromedp.Void](`document.querySelector('#seat-3 .wind').textContent === 'Ana' && document.querySelector('#seat-3 .head').textContent.includes('North')`),
		// A value the rules cannot produce comes back with the engine's reason.
		enter("3", "20"),
		chromedp.Poll[chromedp.Void](picker+`.querySelector('.msg').textContent.includes('refused')`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	docShot(t, ctx, "score-picker.png")
	err = chromedp.Do(ctx,
		// The wrong value: 2 han 40 fu, 2600 from South.
		enter("2", "40"),
		points(3, "32,600"),
		points(1, "27,400"),
		chromedp.Poll[chromedp.Void](`document.querySelector('#seat-3 .delta').textContent === '+2,600'`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	waitUntil(t, "the console's scores", func() bool { return consoleScores() == "E 30000 S 27400 W 30000 N Ana 32600" })
	if bytes.Equal(s.panel(), before) {
		t.Fatal("the panel image did not change with the score")
	}

	// The referee voids the wrong value from its row on the claim log
	// page: the hand is back to its value due.
	var valueSeq uint64
	for _, rec := range s.log() {
		if rec.Kind == "input" && rec.Type == "value" {
			valueSeq = rec.Seq // the latest: the accepted one
		}
	}
	row := fmt.Sprintf(`#rows tr[data-seq="%d"]`, valueSeq)
	// The referee's own tab: the token it holds is not the phone's.
	rctx, cancelR := chromedp.NewContext(ctx)
	defer cancelR()
	err = chromedp.Do(rctx,
		chromedp.Navigate(s.base+"/log.html"),
		chromedp.Poll[chromedp.Void](`document.querySelector('`+row+` button[data-void]') !== null`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('referee').open = true`),
		chromedp.SendKeys(chromedp.ID("token"), "referee-token-t7-0123"),
		chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		chromedp.Click(chromedp.CSS(row+` button[data-void]`)),
		chromedp.Poll[chromedp.Void](`document.getElementById('result').textContent.startsWith('done: void #`+fmt.Sprint(valueSeq)+`')`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(rctx))
	}
	err = chromedp.Do(ctx,
		points(3, "30,000"),
		chromedp.Poll[chromedp.Void](`!`+picker+`.hidden`),
		enter("3", "40"),
		points(3, "35,200"),
		points(1, "24,800"),
		// The wrong value's score line is struck out where the page lists it.
		chromedp.Poll[chromedp.Void](`[...document.querySelectorAll('#log li.withdrawn')].some((li) => li.textContent.includes('2600'))`),
		chromedp.Poll[chromedp.Void](`document.querySelector('#seat-1 .delta').textContent === '-5,200'`),
		chromedp.Poll[chromedp.Void](`document.documentElement.scrollWidth <= window.innerWidth`),
		// The re-decision after the void gives its time as people read it.
		chromedp.Poll[chromedp.Void](`[...document.querySelectorAll('#log li')].some((li) => li.textContent.includes('REVISED')) && !/\d\.\d{4,}s/.test(document.getElementById('log').textContent)`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	waitUntil(t, "the console's corrected scores", func() bool { return consoleScores() == "E 30000 S 24800 W 30000 N Ana 35200" })
	waitUntil(t, "the text panel's scores", func() bool {
		return strings.Contains(s.out.String(), "| scores: seat 0 (E) 30000  seat 1 (S) 24800  seat 2 (W) 30000  Ana (N) 35200")
	})
	// The head referee names West on the club console; the console sends
	// it on to the table with the token, and the phone shows it.
	cctx, cancelC := chromedp.NewContext(ctx)
	defer cancelC()
	err = chromedp.Do(cctx,
		chromedp.Navigate(consoleSrv.URL),
		chromedp.Poll[chromedp.Void](`document.querySelector('#ntable option[value="t7"]') !== null`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('names').open = true`),
		chromedp.SetValue(chromedp.ID("ntable"), "t7"),
		chromedp.SetValue(chromedp.ID("nseat"), "2"),
		chromedp.SendKeys(chromedp.ID("nname"), "Bo"),
		chromedp.SendKeys(chromedp.ID("ntoken"), "referee-token-t7-0123"),
		chromedp.Click(chromedp.CSS(`#nameform button`)),
		chromedp.Poll[chromedp.Void](`document.getElementById('nresult').textContent === 'done'`),
		chromedp.Poll[chromedp.Void](`document.querySelector('#table-t7 .scores') && document.querySelector('#table-t7 .scores').innerText.includes('Bo') && document.querySelector('#table-t7 .scores').innerText.includes('35,200')`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(cctx))
	}
	docShot(t, cctx, "score-console.png")
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelector('#seat-2 .wind').textContent === 'Bo'`)); err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	docShot(t, ctx, "score-phone.png")
	if dir := os.Getenv("TABLED_DOCS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "score-panel.png"), s.panel(), 0o644)
	}

	// The referee draws a new pairing code: the panel shows it, and the
	// phone, paired with the old one, is asked for it at its next entry.
	err = chromedp.Do(rctx,
		chromedp.Click(chromedp.CSS(`button[data-pair="renew"]`)),
		chromedp.Poll[chromedp.Void](`document.getElementById('result').textContent.startsWith('done: the panel shows the new code')`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(rctx))
	}
	var code2 string
	waitUntil(t, "the new pairing code on the panel", func() bool {
		m := pairingCodeShown.FindAllStringSubmatch(s.out.String(), -1)
		if len(m) > 0 && m[len(m)-1][1] != code {
			code2 = m[len(m)-1][1]
		}
		return code2 != ""
	})
	name := func(n string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const d = document.querySelector('#seat-0 .nameedit'); d.open = true; d.querySelector('input').value = %q; d.querySelector('button').click(); })()`, n))
	}
	err = chromedp.Do(ctx,
		name("Cy"),
		chromedp.Poll[chromedp.Void](`!document.getElementById('pairbox').hidden && document.getElementById('pairmsg').textContent.includes('new pairing code')`),
		chromedp.SendKeys(chromedp.ID("paircode"), code2),
		chromedp.Click(chromedp.ID("pairgo")),
		chromedp.Poll[chromedp.Void](`document.getElementById('pairbox').hidden`),
		name("Cy"),
		chromedp.Poll[chromedp.Void](`document.querySelector('#seat-0 .wind').textContent === 'Cy'`),
	)
	if err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}
	for _, rec := range s.log() {
		if rec.Kind == "input" && (rec.Type == "value" || rec.Type == "name") && rec.Source == "" {
			t.Errorf("input #%d (%s) logged without its source", rec.Seq, rec.Type)
		}
	}

	// The next hand keeps the scores.
	s.press(`{"action":"newhand"}`)
	if err := chromedp.Do(ctx, points(3, "35,200"), chromedp.Poll[chromedp.Void](picker+`.hidden`)); err != nil {
		t.Fatalf("%v\n%s", err, pageText(ctx))
	}

	s.cmd.Process.Signal(os.Interrupt)
	s.cmd.Wait()
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", s.logDir}, &out, &errb); code != 0 {
		t.Fatalf("tabled replay: exit %d\n%s%s", code, out.String(), errb.String())
	}
}

// docShot writes the page as a PNG to $TABLED_DOCS/name, for the docs;
// nothing without TABLED_DOCS.
func docShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TABLED_DOCS")
	if dir == "" {
		return
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // quality 100: a PNG
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// pageText is the page's text, to say what it showed when a step failed.
func pageText(ctx context.Context) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	return s
}
