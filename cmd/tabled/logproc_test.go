package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/web"
)

// runBinary runs the built tabled with args: its exit code, stdout and
// stderr.
func runBinary(t *testing.T, bin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// TestLogAsAProcess: tabled log, the binary a referee runs, refuses a
// filter no record can pass with exit 2, naming the value and what the flag
// accepts, and prints nothing on stdout.
func TestLogAsAProcess(t *testing.T) {
	bin := buildTabled(t)
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--kind", "outcom"}, `tabled log: --kind "outcom" is not one of input, outcome, void, note`},
		{[]string{"--type", "pong"}, `tabled log: --type "pong" is not one of `},
		{[]string{"--seat", "Q"}, `tabled log: --seat "Q" is not a seat: one of E, S, W, N`},
		{[]string{"--source", "keyboard"}, `tabled log: --source "keyboard" is not one of script, gpio, serial, nfc, web, referee, terminal, club, table`},
		{[]string{"--at", "4s"}, `tabled log: --at "4s" is not a time window within the hand: FROM..TO, like 4s..6.5s`},
		{[]string{"--hand", "two"}, `tabled log: --hand "two" is not a hand number: 1, 2, ...`},
	} {
		code, out, errs := runBinary(t, bin, append([]string{"log", "--dir", golden}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.stderr) {
			t.Errorf("tabled log %s: exit %d, stdout %q, stderr %q; want 2 and %q", strings.Join(c.args, " "), code, out, errs, c.stderr)
		}
	}
}

// TestLogShowsVoidsAsAProcess: tabled log says which input a void took out
// and which outcomes a void or a revision withdrew, in the text, the JSON
// and the CSV.
func TestLogShowsVoidsAsAProcess(t *testing.T) {
	bin := buildTabled(t)
	dir := t.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = w.Append([]claimlog.Record{
		{Kind: claimlog.KindOutcome, Source: "table", Hand: 1, Type: "deal", Body: []byte(`{"type":"deal","round_wind":"E","hand":1}`)},
		{Mono: 1e9, Kind: claimlog.KindInput, Source: "gpio", Hand: 1, Seat: "E", Type: "discard", Body: []byte(`{"event":{"action":"discard","tile":"6s"}}`)},
		{Mono: 1e9, Kind: claimlog.KindInput, Source: "gpio", Hand: 1, Seat: "N", Type: "pon", Body: []byte(`{"event":{"action":"pon"}}`)},
		{Mono: 1.25e9, Kind: claimlog.KindOutcome, Source: "table", Hand: 1, Seat: "N", Type: "decision", Body: []byte(`{"type":"decision","won":[{"seat":"N","call":"pon"}],"reason":"PON North: the only claim"}`)},
		{Mono: 5e9, Kind: claimlog.KindVoid, Source: "referee", Hand: 1, Type: "void", Body: []byte(`{"void":3,"retracted":[4]}`)},
	})
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runBinary(t, bin, "log", "--dir", dir)
	if code != 0 || !strings.Contains(out, "[VOIDED by record 5] pon") || !strings.Contains(out, "[WITHDRAWN by record 5] DECISION: PON North") ||
		!strings.Contains(out, "VOID of record 3, withdrawing record 4") {
		t.Fatalf("text: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runBinary(t, bin, "log", "--dir", dir, "--format", "json", "--hand", "1")
	if code != 0 || !strings.Contains(out, `"type":"pon","body":{"event":{"action":"pon"}},"voided_by":5}`) || !strings.Contains(out, `"withdrawn_by":5}`) {
		t.Fatalf("json: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runBinary(t, bin, "log", "--dir", dir, "--format", "csv")
	if code != 0 || !strings.Contains(out, ",voided_by,withdrawn_by\n") || !strings.Contains(out, "\n3,") || !strings.Contains(out, "North calls pon,,,,5,\n") || !strings.Contains(out, "PON North wins,,,,,5\n") {
		t.Fatalf("csv: exit %d\n%s%s", code, out, errs)
	}
}

// TestClubRefusesANonMQTTBroker: tabled club, as a process, refuses an
// address that is not mqtt:// or mqtts:// at once with exit 2, naming the
// accepted forms, rather than showing a console that waits for ever.
func TestClubRefusesANonMQTTBroker(t *testing.T) {
	bin := buildTabled(t)
	for _, url := range []string{"http://broker.local:1883", "broker.local:1883"} {
		code, out, errs := runBinary(t, bin, "club", "--broker", url, "--listen", "127.0.0.1:0")
		if code != 2 || out != "" || !strings.Contains(errs, "use mqtt://host:1883, or mqtts://host:8883 for TLS") {
			t.Errorf("tabled club --broker %s: exit %d, stdout %q, stderr %q", url, code, out, errs)
		}
	}
}

// TestLogUnreadableIsSaid: a default log directory that cannot be read is
// named with the hint to join the tabled group, never passed over for the
// simulated table's log. (Run as root, nothing is unreadable: the process
// test below runs tabled log as another user.)
func TestLogUnreadableIsSaid(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory; TestLogAsAGroupMember runs tabled log as another user")
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	copyLog(t, filepath.Join(cache, "tabled", "sim-log"))
	def := filepath.Join(t.TempDir(), "log")
	copyLog(t, def)
	if err := os.Chmod(def, 0o000); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(def, 0o755)
	d, looked, err := logSourceFrom("", "", false, def)
	if err != nil || d != def || len(looked) != 1 {
		t.Fatalf("logSource: %s %v %v, want %s alone", d, looked, err, def)
	}
	var errb bytes.Buffer
	if code := checkLog(nil, d, looked, "tabled log", &errb); code != 2 || !strings.Contains(errb.String(), "cannot read the claim log in "+def+": permission denied") ||
		!strings.Contains(errb.String(), `sudo adduser $USER tabled`) {
		t.Fatalf("checkLog: %d %q", code, errb.String())
	}
}

// TestLogAsAGroupMember: run as root, the test gives a claim log to a
// group, as the package does (directory setgid 2750, files 0640), and runs
// the built tabled log as an unprivileged user (setpriv): in the group it
// reads the log; outside it, it says it cannot and how to join, exit 2.
func TestLogAsAGroupMember(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to run tabled log as another user")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv is not installed (util-linux)")
	}
	bin := buildTabled(t)
	const uid, gid = 65534, 64999 // nobody, and a group of the test's own
	dir := filepath.Join(t.TempDir(), "log")
	copyLog(t, dir)
	// The test's directories let another user reach the binary and the log.
	for _, p := range []string{filepath.Dir(bin), filepath.Dir(filepath.Dir(bin)), filepath.Dir(dir), filepath.Dir(filepath.Dir(dir))} {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := claimlog.Files(dir)
	for _, f := range append(files, dir) {
		mode := os.FileMode(0o640)
		if f == dir {
			mode = 0o750 | os.ModeSetgid
		}
		if err := os.Chown(f, 0, gid); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(f, mode); err != nil {
			t.Fatal(err)
		}
	}
	as := func(groups string, args ...string) (int, string, string) {
		return runBinary(t, setpriv, append([]string{"--reuid", strconv.Itoa(uid), "--regid", strconv.Itoa(uid), groups, bin}, args...)...)
	}
	code, out, errs := as("--groups="+strconv.Itoa(gid), "log", "--dir", dir, "--kind", "note", "--type", "session")
	if code != 0 || !strings.Contains(out, "SESSION ema2008") {
		t.Fatalf("as a member of the group: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = as("--clear-groups", "log", "--dir", dir)
	if code != 2 || out != "" || !strings.Contains(errs, "cannot read the claim log in "+dir+": permission denied") || !strings.Contains(errs, "sudo adduser $USER tabled") {
		t.Fatalf("outside the group: exit %d\n%s%s", code, out, errs)
	}
}

// TestOneTruthCLIAndPage: tabled log and the log page tell one truth of the
// same log: the page's CSV export is byte for byte tabled log's CSV for
// the same filter (a time window in a hand included), and every row's time
// in its hand on the page is the time tabled log prints.
func TestOneTruthCLIAndPage(t *testing.T) {
	tb, err := table.New(table.Config{Profile: engine.EMA2016})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.New(web.Config{Table: tb, LogDir: golden}))
	defer srv.Close()
	for _, c := range []struct{ cli, query string }{
		{"", ""},
		{"--hand 2", "hand=2"},
		{"--hand 2 --at 50ms..60ms", "hand=2&at_from=50ms&at_to=60ms"},
		{"--seat W --kind outcome", "seat=W&kind=outcome"},
		{"--at 0s..40ms --kind input", "at_from=0s&at_to=40ms&kind=input"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"log", "--dir", golden, "--format", "csv"}, strings.Fields(c.cli)...)
		if code := run(args, &out, &errb); code != 0 {
			t.Fatalf("tabled %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
		}
		resp, err := http.Get(srv.URL + "/api/export?format=csv&" + c.query)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(page) != out.String() || strings.Count(out.String(), "\n") < 2 {
			t.Errorf("%s: the page's CSV differs from tabled log's:\n%s\nwant:\n%s", c.cli, page, out.String())
		}
	}
	// The times: tabled log's text against the page's rows.
	var out, errb bytes.Buffer
	if code := run([]string{"log", "--dir", golden}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	cli := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if f := strings.Fields(line); len(f) > 1 {
			cli[f[0]] = f[1]
		}
	}
	resp, err := http.Get(srv.URL + "/api/log?limit=500")
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		Rows []struct {
			Seq      uint64 `json:"seq"`
			Hand     int    `json:"hand"`
			InHandMS *int64 `json:"in_hand_ms"`
		} `json:"rows"`
	}
	err = json.NewDecoder(resp.Body).Decode(&page)
	resp.Body.Close()
	if err != nil || len(page.Rows) != len(cli) {
		t.Fatalf("%d rows on the page, %d lines from tabled log: %v", len(page.Rows), len(cli), err)
	}
	for _, r := range page.Rows {
		want := cli[strconv.FormatUint(r.Seq, 10)]
		got := "-"
		if r.InHandMS != nil {
			got = fmt.Sprintf("%.3fs", float64(*r.InHandMS)/1000)
		}
		if got != want {
			t.Errorf("record %d (hand %d): the page says %s in the hand, tabled log %s", r.Seq, r.Hand, got, want)
		}
	}
}
