package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
)

// TestScoresSurviveKillAndResume plays a whole hanchan through `tabled run
// --sim` as a process, over HTTP as a tablet and the referee would: eight
// hands each won by the seat after the dealer, values entered by the
// referee, a player named. The daemon is killed with SIGKILL after the
// third hand and resumes: the fourth hand's score goes on from the third's.
// A wrong value is corrected (voided and replaced), every later score
// follows. The game ends after South 4; `tabled log --format results`
// gives one row per player with the name, and `tabled replay` exits 0.
func TestScoresSurviveKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the daemon as a process")
	}
	dir := t.TempDir()
	logDir := filepath.Join(dir, "log")
	addr := freeAddr(t)
	cfgFile := filepath.Join(dir, "tabled.toml")
	cfg := fmt.Sprintf("[log]\ndir = %q\n\n[web]\nlisten = %q\nreferee_token = \"score-test-referee-token\"\n", logDir, addr)
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	var childOut syncBuffer
	daemon := func() *exec.Cmd {
		cmd := startChild(t, cfgFile, &childOut)
		client := &http.Client{Timeout: time.Second}
		waitUntilFor(t, "the daemon to come up", 30*time.Second, func() bool {
			resp, err := client.Get("http://" + addr + "/api/state")
			if err != nil {
				return false
			}
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		})
		return cmd
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the last daemon said:\n%s", childOut.String())
		}
	})
	client := &http.Client{Timeout: 5 * time.Second}
	send := func(path, body string) uint64 {
		t.Helper()
		req, _ := http.NewRequest("POST", "http://"+addr+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer score-test-referee-token")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", path, body, err)
		}
		defer resp.Body.Close()
		var ack struct{ Seq uint64 }
		json.NewDecoder(resp.Body).Decode(&ack)
		if resp.StatusCode != http.StatusAccepted {
			t.Fatalf("%s %s: %d", path, body, resp.StatusCode)
		}
		return ack.Seq
	}
	// outcomes are the logged outcomes of a type still standing (not
	// withdrawn by a revision), in order.
	outcomes := func(typ string) []outcome.Record {
		var (
			got       []outcome.Record
			seqs      []uint64
			retracted = map[uint64]bool{}
		)
		claimlog.Read(logDir, claimlog.Filter{}, func(r claimlog.Record) error {
			switch {
			case r.Kind == claimlog.KindOutcome && r.Type == typ:
				b, err := journal.Outcome(r)
				if err == nil {
					got, seqs = append(got, b), append(seqs, r.Seq)
				}
			case r.Type == journal.TypeRevision:
				if rev, err := journal.Revision(r); err == nil {
					for _, s := range rev.Retracted {
						retracted[s] = true
					}
				}
			}
			return nil
		})
		var out []outcome.Record
		for i, b := range got {
			if !retracted[seqs[i]] {
				out = append(out, b)
			}
		}
		return out
	}
	waitFor := func(typ string, n int) []outcome.Record {
		t.Helper()
		var got []outcome.Record
		waitUntil(t, fmt.Sprintf("%d %s outcomes", n, typ), func() bool {
			got = outcomes(typ)
			return len(got) >= n
		})
		return got
	}
	values := []string{"2 30", "3 40", "1 30", "mangan", "1 30", "2 40", "3 30", "1 50"}
	worth := []int{2000, 5200, 1000, 8000, 1000, 2600, 3900, 1600}
	var (
		scores = [4]int{30000, 30000, 30000, 30000}
		cmd    = daemon()
	)
	for i := range 8 {
		dealer, winner := i%4, (i+1)%4
		send("/api/press", fmt.Sprintf(`{"seat":%d,"action":"discard","tile":"1z"}`, dealer))
		send("/api/press", fmt.Sprintf(`{"seat":%d,"action":"ron"}`, winner))
		waitFor("hand_end", i+1)
		if i == 0 {
			send("/api/referee", `{"action":"name","seat":1,"name":"Ana Lopes"}`)
		}
		value := values[i]
		if i == 4 {
			value = "3 40" // a mistake, corrected below
		}
		seq := send("/api/referee", fmt.Sprintf(`{"action":"value","seat":%d,"value":%q}`, winner, value))
		got := waitFor("score", i+1)
		if i == 4 {
			send("/api/referee", fmt.Sprintf(`{"action":"value","seat":%d,"value":%q,"replaces":%d}`, winner, values[i], seq))
			waitUntil(t, "the corrected score", func() bool {
				got = outcomes("score")
				return len(got) == i+1 && got[i].Wins[0].Points == worth[i]
			})
		}
		scores[dealer] -= worth[i]
		scores[winner] += worth[i]
		sc := got[i]
		for seat := range 4 {
			if sc.Scores.Seat(engine.Seat(seat), engine.Seat(dealer)) != scores[seat] {
				t.Fatalf("hand %d: scores %v, want by seat %v", i+1, sc.Scores, scores)
			}
		}
		if i == 2 {
			// Killed with the third hand settled, the fourth not dealt.
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			cmd = daemon()
		}
		if i < 7 {
			send("/api/referee", `{"action":"newhand"}`)
		}
	}
	end := waitFor("game_end", 1)
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the daemon: %v", err)
	}
	if len(end) != 1 || len(end[0].Standings) != 4 {
		t.Fatalf("game ends: %+v", end)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"log", "--dir", logDir, "--format", "results"}, &out, &errb); code != 0 {
		t.Fatalf("log --format results: exit %d: %s", code, errb.String())
	}
	rows := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(rows) != 5 || rows[0] != strings.Join(journal.ResultsHeader, ",") {
		t.Fatalf("results:\n%s", out.String())
	}
	for _, st := range end[0].Standings {
		want := fmt.Sprintf(",%d,%s,", st.Seat, st.Wind)
		name := ""
		if st.Seat == 1 {
			name = "Ana Lopes"
		}
		want += fmt.Sprintf("%s,%d,%d,%d", name, scores[st.Seat], st.Place, st.Result)
		if !strings.Contains(out.String(), want) {
			t.Errorf("results lack %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"replay", "--dir", logDir}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d:\n%s\n%s", code, out.String(), errb.String())
	}
}

// TestSimTerminalRefusesAValueNoHandReaches: "s value 35" typed at the
// simulated table's terminal (a typo for "3 5"... or for 35 fu) is
// refused with the reason, not paid as a sanbaiman; the right value
// after it is paid.
func TestSimTerminalRefusesAValueNoHandReaches(t *testing.T) {
	typer, typed := simTerminal(t)
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "e discard 3p\ns tsumo\n"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the tsumo", func() bool { return strings.Contains(d.stdout.String(), "TSUMO") })
	if _, err := io.WriteString(typer, "s value 35\n"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the value refused", func() bool {
		return strings.Contains(d.stdout.String(), "35 han: more than 13 han is entered by its limit's name")
	})
	if _, err := io.WriteString(typer, "s value 3 40\n"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the right value paid", func() bool { return strings.Contains(d.stdout.String(), "3 han 40 fu") })
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if strings.Contains(d.stdout.String(), "SCORE    tsumo: South sanbaiman") {
		t.Fatalf("the typo was paid:\n%s", d.stdout.String())
	}
}

// TestSimTerminalChomboSaysWhoAndWhat: a chombo typed at the simulated
// table's terminal names the offender in the panel's headline, its score
// line says the penalty to come off the result after uma, and the reason
// says the next deal deals the hand again.
func TestSimTerminalChomboSaysWhoAndWhat(t *testing.T) {
	typer, typed := simTerminal(t)
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "s name Ana\ns chombo\n"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"CHOMBO - Ana",
		"South loses 20000 from the result after uma at the game's end",
		"the next deal (newhand) deals it again",
	} {
		waitUntil(t, want, func() bool { return strings.Contains(d.stdout.String(), want) })
	}
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
}
