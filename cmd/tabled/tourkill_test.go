package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/club/clubtest"
	tourn "github.com/tabled/tabled/tournament"
)

// clubProcess is `tabled club` run as a child process (the test binary,
// see TestMain), so that a test can kill it with SIGKILL.
type clubProcess struct {
	t      *testing.T
	args   []string
	env    []string // added to the test's environment
	addr   string
	out    syncBuffer
	cmd    *exec.Cmd
	client *http.Client
}

func startClub(t *testing.T, addr string, env []string, args ...string) *clubProcess {
	c := &clubProcess{t: t, addr: addr, env: env, args: append([]string{"--listen", addr}, args...), client: &http.Client{Timeout: 10 * time.Second}}
	c.start()
	return c
}

func (c *clubProcess) start() {
	c.t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), c.env...), "TABLED_TEST_CLUB="+strings.Join(c.args, " "))
	c.cmd = startLogged(c.t, cmd, &c.out)
	waitUntil(c.t, "the console's page", func() bool {
		r, err := c.client.Get("http://" + c.addr + "/api/tournament")
		if err == nil {
			r.Body.Close()
		}
		return err == nil && r.StatusCode == 200
	})
}

// kill kills the console with SIGKILL and waits for it to be gone.
func (c *clubProcess) kill() {
	c.cmd.Process.Kill()
	c.cmd.Wait()
}

// post sends a change; the error is the transport's (the console killed
// under it), the code and body the console's answer.
func (c *clubProcess) post(path string, body any) (int, []byte, error) {
	b, _ := json.Marshal(body)
	r, err := c.client.Post("http://"+c.addr+path, "application/json", bytes.NewReader(b))
	if err != nil {
		return 0, nil, err
	}
	defer r.Body.Close()
	out, err := io.ReadAll(r.Body)
	return r.StatusCode, out, err
}

func (c *clubProcess) get(path string, v any) error {
	r, err := c.client.Get("http://" + c.addr + path)
	if err != nil {
		return err
	}
	defer r.Body.Close()
	if r.StatusCode != 200 {
		return fmt.Errorf("GET %s: %s", path, r.Status)
	}
	return json.NewDecoder(r.Body).Decode(v)
}

// TestClubKillNineLosesNothingAcknowledged runs `tabled club` as a
// process, with two simulated tables on a real mosquitto, and a referee
// who registers players, sets the options, seats the rounds, runs the
// clock and gives and withdraws penalties, while the console is killed
// with SIGKILL at random moments (between requests and during them) and
// started again. Every record the console acknowledged is there after
// each restart, unchanged; at the end, a console killed at rest comes
// back with the same players, seating, clock and penalties.
func TestClubKillNineLosesNothingAcknowledged(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a console many times")
	}
	b := clubtest.Start(t)
	for _, name := range []string{"t1", "t2"} {
		startDaemonWith(t, fmt.Sprintf("[table]\nname = %q\n\n[club]\nbroker = %q\n", name, b.URL()), strings.NewReader(""), "--sim")
	}
	dir := t.TempDir()
	c := startClub(t, freeAddr(t), nil, "--broker", b.URL(), "--dir", dir, "--client-id", "console-kill")
	seen := func() {
		waitUntil(t, "both tables seen by the console", func() bool {
			var v club.TournamentView
			return c.get("/api/tournament", &v) == nil && len(v.Seen) == 2
		})
	}
	seen()

	var mu sync.Mutex
	acked := map[int]json.RawMessage{} // seq -> the record as acknowledged
	var ackedN int
	step := func(path string, body any) {
		code, out, err := c.post(path, body)
		if err != nil || code != 200 {
			if err == nil && testing.Verbose() {
				t.Logf("POST %s: %d %s", path, code, out)
			}
			return // killed under it, or refused for a state a kill left: the referee goes on
		}
		var got struct{ Records []json.RawMessage }
		if err := json.Unmarshal(out, &got); err != nil {
			t.Errorf("POST %s: %v in %s", path, err, out)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		for _, r := range got.Records {
			var h struct{ Seq int }
			json.Unmarshal(r, &h)
			acked[h.Seq] = r
			ackedN++
		}
	}
	// The referee's day, driven by what the console says is in force: one
	// change at a time, the i-th.
	act := func(i int) {
		var v club.TournamentView
		if c.get("/api/tournament", &v) != nil {
			time.Sleep(10 * time.Millisecond) // the console is down: it is being started again
			return
		}
		switch {
		case v.Options.Rounds == 0:
			step("/api/tournament/options", map[string]any{"by": "Ref", "options": tourn.Options{Name: "Kill Cup", Rounds: 2, RoundMinutes: 45, Tables: []string{"t1", "t2"}, Book: "ema2016"}})
		case len(v.Players) < 8:
			step("/api/tournament/player", map[string]any{"by": "Ref", "player": tourn.Player{Name: fmt.Sprintf("Player %d", len(v.Players)+1), Country: "FR"}})
		case len(v.Rounds) == 0:
			step("/api/tournament/seat", map[string]any{"by": "Ref", "from": 1, "seed": 5})
		case i%3 == 0:
			action := map[string]string{"waiting": "start", "running": "pause", "paused": "resume"}[v.Rounds[0].Clock.State]
			step("/api/tournament/clock", map[string]any{"by": "Ref", "round": 1, "action": action})
		case len(v.Penalties) > 0:
			step("/api/tournament/withdraw", map[string]any{"by": "Ref", "why": "given by mistake", "seq": v.Penalties[0].Seq})
		default:
			step("/api/tournament/penalty", map[string]any{"by": "Ref", "why": "late", "player": 1 + i%8, "amount": 1000})
		}
	}
	referee := func(stop <-chan struct{}) {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
				act(i)
			}
		}
	}
	check := func(when string) {
		var got struct{ Records []json.RawMessage }
		if err := c.get("/api/tournament/records", &got); err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		mu.Lock()
		defer mu.Unlock()
		for seq, want := range acked {
			if seq > len(got.Records) || !bytes.Equal(got.Records[seq-1], want) {
				t.Fatalf("%s: record %d acknowledged as %s is lost or changed (the console has %d records)", when, seq, want, len(got.Records))
			}
		}
	}

	kills := 8
	if raceEnabled {
		kills = 4
	}
	for k := range kills {
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() { defer close(done); referee(stop) }()
		// A random moment of the referee's day: after a few changes, then
		// up to 20 ms on, most often with a request in flight.
		mu.Lock()
		from := ackedN
		mu.Unlock()
		more := 1 + rand.IntN(5)
		waitUntil(t, "the referee's changes", func() bool { mu.Lock(); defer mu.Unlock(); return ackedN >= from+more })
		time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
		c.kill()
		close(stop)
		<-done
		c.start()
		check(fmt.Sprintf("after kill %d", k+1))
		seen()
	}
	mu.Lock()
	n := ackedN
	mu.Unlock()
	if n < 2*kills {
		t.Fatalf("only %d changes acknowledged over %d kills: the test did not exercise the console", n, kills)
	}

	// At rest: the same players, seating, clock and penalties after a kill.
	for i := 0; i < 100; i++ {
		act(i)
	}
	var before, after club.TournamentView
	if err := c.get("/api/tournament", &before); err != nil {
		t.Fatal(err)
	}
	c.kill()
	c.start()
	check("after the last kill")
	seen()
	if err := c.get("/api/tournament", &after); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		what      string
		got, want any
	}{
		{"players", after.Players, before.Players},
		{"seating and clocks", after.Rounds, before.Rounds},
		{"penalties", after.Penalties, before.Penalties},
		{"options", after.Options, before.Options},
	} {
		g, _ := json.Marshal(f.got)
		w, _ := json.Marshal(f.want)
		if !bytes.Equal(g, w) {
			t.Errorf("%s after the kill:\n%s\nwant\n%s", f.what, g, w)
		}
	}
	t.Logf("%d changes acknowledged over %d kills, %d players, %d rounds seated", n, kills+1, len(after.Players), len(after.Rounds))
}
