package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"

	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/club/clubtest"
	"github.com/tabled/tabled/web/webtest"
)

// consoleClient is the test's console: a plain MQTT connection logged in
// as the console, reading every table's ask.
func consoleClient(t *testing.T, ctx context.Context, brokerURL string) (*autopaho.ConnectionManager, chan club.Ask) {
	t.Helper()
	u, _ := url.Parse(brokerURL)
	asks := make(chan club.Ask, 8)
	cm, err := autopaho.NewConnection(ctx, autopaho.ClientConfig{ServerUrls: []*url.URL{u}, KeepAlive: 10,
		ConnectUsername: "console", ConnectPassword: []byte("console-pw"), CleanStartOnInitialConnection: true,
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			go cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: "tabled/+/ask", QoS: 1}}})
		},
		ClientConfig: paho.ClientConfig{ClientID: "test-console", OnPublishReceived: []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
			var a club.Ask
			if json.Unmarshal(pr.Packet.Payload, &a) == nil {
				asks <- a
			}
			return true, nil
		}}}})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := cm.AwaitConnection(wctx); err != nil {
		t.Fatalf("the console cannot log in: %v", err)
	}
	return cm, asks
}

func waitAsk(t *testing.T, asks chan club.Ask, have uint64) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case a := <-asks:
			if a.Table == "t7" && a.Have == have {
				return
			}
		case <-deadline:
			t.Fatalf("no ask from t7 holding round %d", have)
		}
	}
}

// TestTournamentRoundAtTheTable is the round through the user's path:
// `tabled run --sim` as a process, logged in as its table at a real
// mosquitto with the shipped ACL; the console's login sends it a round.
// The table asks for its round at connect; the names appear on the status
// page (chromium) and in the claim log; the players lay their virtual
// cards, one at the wrong seat, flagged; the time left shows on the page
// and the panel; the round's clock (made short)
// runs out, the time signal is logged, the hand in play is finished and
// the game ends by the time rule (WRC 2015's none after it, as the round
// says), "reason":"time"; two players confirm the result on the page,
// each a confirmed record; the restarted table asks again, holding the
// round its log has; `tabled replay` decides it all again the same.
func TestTournamentRoundAtTheTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon, a broker and a browser")
	}
	b := clubtest.StartShipped(t, "../../packaging/mosquitto", "console", "t7")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	console, asks := consoleClient(t, ctx, b.URL())
	browser := webtest.Browser(t)

	dir := t.TempDir()
	s := &scoreTable{t: t, out: &syncBuffer{}, logDir: filepath.Join(dir, "log"), client: &http.Client{}}
	addr := freeAddr(t)
	s.base = "http://" + addr
	cfg := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("[table]\nname = \"t7\"\n\n[log]\ndir = %q\n\n[web]\nlisten = %q\n\n[club]\nbroker = %q\nusername = \"t7\"\npassword = \"t7-pw\"\n",
		s.logDir, addr, b.URL())), 0o644)
	start := func() {
		s.cmd = startChild(t, cfg, s.out)
		waitUntil(t, "the status page", func() bool {
			r, err := s.client.Get(s.base + "/healthz")
			if err == nil {
				r.Body.Close()
			}
			return err == nil && r.StatusCode == http.StatusOK
		})
	}
	start()
	waitAsk(t, asks, 0)

	send := func(r club.Round) {
		t.Helper()
		p, _ := json.Marshal(r)
		if _, err := console.Publish(ctx, &paho.Publish{Topic: "tabled/t7/round", QoS: 1, Payload: p}); err != nil {
			t.Fatalf("the console cannot send t7 its round: %v", err)
		}
	}
	// The round is seated with its clock paused; the players lay their
	// cards; then the console starts the clock (short).
	r := club.Round{Tournament: "Spring Open", Round: 1, Sent: 1, AfterTime: 0, Clock: club.RoundClock{State: "paused", RemainingMS: 5000},
		Seats: [4]club.RoundSeat{{Player: 7, Name: "Ana", Cards: []string{"04a1b2c3"}}, {Player: 12, Name: "Bo", Cards: []string{"04d4e5f6"}}, {Player: 3, Name: "Cy"}, {Player: 30, Name: "Di"}}}
	send(r)
	send(r) // sent again: logged once
	card := func(player string, seat string) string {
		return fmt.Sprintf(`[...document.querySelectorAll('#cardlist li')].find((li) => li.textContent.startsWith(%q)).querySelector('button[data-seat="%s"]').click()`, player+"'s card", seat)
	}
	err := chromedp.Do(browser,
		chromedp.EmulateViewport(1024, 768),
		chromedp.Navigate(s.base),
		chromedp.Poll[chromedp.Void](`document.getElementById('conn').textContent === 'live'`),
		chromedp.Poll[chromedp.Void](`['Ana','Bo','Cy','Di'].every((n, i) => document.getElementById('seat-' + i).textContent.includes(n))`),
		chromedp.Poll[chromedp.Void](`!document.getElementById('clock').hidden && document.getElementById('clock').textContent === '0:05 (paused)'`),
		// Ana's card on the table's reader says where she sits; Bo's on
		// West's reader (seat 2) flags him at the wrong seat.
		chromedp.Poll[chromedp.Void](`!document.getElementById('cards').hidden && document.querySelectorAll('#cardlist li').length === 2`),
		chromedp.Evaluate[chromedp.Void](card("Ana", "table")),
		chromedp.Poll[chromedp.Void](`document.getElementById('log').textContent.includes('SEATED   Ana sits East')`),
		// Her seat shows where she sits as its light does: green, with
		// her name.
		chromedp.Poll[chromedp.Void](`document.getElementById('seat-0').classList.contains('won')`),
		chromedp.Evaluate[chromedp.Void](card("Bo", "2")),
		chromedp.Poll[chromedp.Void](`document.getElementById('log').textContent.includes("Bo's card is on West's reader: Bo sits South")`),
		// West's seat has the referee's signal, South's (his) is green.
		chromedp.Poll[chromedp.Void](`document.getElementById('seat-2').classList.contains('referee') && document.getElementById('seat-1').classList.contains('won')`),
	)
	if err != nil {
		t.Fatalf("the status page: %v\n%s", err, pageText(browser))
	}
	r.Sent, r.Clock = 2, club.RoundClock{State: "running", RemainingMS: 4000}
	send(r)
	err = chromedp.Do(browser,
		chromedp.Poll[chromedp.Void](`document.getElementById('clock').textContent === 'time is up' && document.getElementById('clock').className === 'over'`),
	)
	if err != nil {
		t.Fatalf("the status page: %v\n%s", err, pageText(browser))
	}
	waitUntil(t, "the time left, then its end, on the panel", func() bool {
		out := s.out.String()
		return strings.Contains(out, "| ! time 0:0") && strings.Contains(out, "| TIME UP")
	})
	// The time is up with the first hand in play: it is finished, and the
	// game ends after it.
	s.press(`{"seat":0,"action":"discard","tile":"1z"}`)
	s.press(`{"seat":1,"action":"discard","tile":"5m"}`)
	s.press(`{"seat":3,"action":"ron"}`)
	waitUntil(t, "North's win", func() bool { st := s.state(); return st.Ended && st.Seats[3].ValueDue })
	if code, got := s.post("/api/seat", "", `{"action":"value","seat":3,"value":"3 40"}`); code != http.StatusAccepted {
		t.Fatalf("value: %d %v", code, got)
	}
	var log string
	waitUntil(t, "the game's end in the claim log", func() bool {
		var out, errb bytes.Buffer
		run([]string{"log", "--dir", s.logDir}, &out, &errb)
		log = out.String()
		return strings.Contains(log, "GAME END")
	})
	// Two players confirm the result on the page.
	err = chromedp.Do(browser,
		chromedp.Poll[chromedp.Void](`!document.getElementById('standings').hidden && document.querySelectorAll('#standrows button[data-confirm]').length === 4`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#standrows button[data-confirm="3"]').click()`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#standrows button[data-confirm]').length === 3`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#standrows button[data-confirm="0"]').click()`),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#standrows button[data-confirm]').length === 2`),
	)
	if err != nil {
		t.Fatalf("the confirmations: %v\n%s", err, pageText(browser))
	}
	waitUntil(t, "the confirmations in the claim log", func() bool {
		var out, errb bytes.Buffer
		run([]string{"log", "--dir", s.logDir}, &out, &errb)
		log = out.String()
		return strings.Count(log, "confirms the game's result") == 2
	})
	for _, want := range []string{
		`club       round round 1 of "Spring Open": East Ana (7), South Bo (12), West Cy (3), North Di (30); clock paused, 5s left`,
		`club       round round 1 of "Spring Open": East Ana (7), South Bo (12), West Cy (3), North Di (30); clock running, 4s left`,
		"web     W  card 04d4e5f6",
		"FLAG: Bo's card is on West's reader: Bo sits South",
		"CONFIRMED: Di (North) confirms the game's result",
		"CONFIRMED: Ana (East) confirms the game's result",
		"club       time (0 hands after the one in play)",
		"(the round's time was up and the hands after the signal were played)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("tabled log lacks %q:\n%s", want, log)
		}
	}
	if n := strings.Count(log, "round round 1"); n != 2 {
		t.Errorf("the round is logged %d times, want once for each of its two messages:\n%s", n, log)
	}
	var jl bytes.Buffer
	run([]string{"log", "--dir", s.logDir, "--format", "json"}, &jl, &bytes.Buffer{})
	for _, want := range []string{`"reason":"time"`, `"type":"confirmed"`, `"physical_seat":3,"player":30,"name":"Di"`} {
		if !strings.Contains(jl.String(), want) {
			t.Errorf("the log's records lack %s:\n%s", want, jl.String())
		}
	}

	// Restarted, the table asks again, holding the round its log has.
	s.cmd.Process.Signal(syscall.SIGTERM)
	s.cmd.Wait()
	start()
	waitAsk(t, asks, 2)
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", s.logDir}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d:\n%s%s", code, out.String(), errb.String())
	}
}
