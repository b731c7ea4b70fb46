package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/table"
)

// dealRefereeToken is the referee token of the tables these tests run.
const dealRefereeToken = "Bearer deal-run-referee-token"

// dealRun is `tabled run --sim` as a process on a log directory that
// outlives it (a scoreTable, restarted by kill), with a tablet to read
// its settled state.
type dealRun struct {
	*scoreTable
	cfg string
	tab *tablet
}

// startDealRun writes a configuration with a referee token and extra (more
// TOML) and starts the daemon on it.
func startDealRun(t *testing.T, extra string) *dealRun {
	t.Helper()
	dir := t.TempDir()
	addr := freeAddr(t)
	r := &dealRun{scoreTable: &scoreTable{t: t, base: "http://" + addr, out: &syncBuffer{}, logDir: filepath.Join(dir, "log"), client: &http.Client{Timeout: 10 * time.Second}},
		cfg: filepath.Join(dir, "tabled.toml"), tab: newTablet(addr)}
	toml := fmt.Sprintf("[log]\ndir = %q\n\n[web]\nlisten = %q\nreferee_token = %q\n%s", r.logDir, addr, strings.TrimPrefix(dealRefereeToken, "Bearer "), extra)
	if err := os.WriteFile(r.cfg, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			var log bytes.Buffer
			run([]string{"log", "--dir", r.logDir}, &log, &log)
			t.Logf("the last daemon said:\n%s\ntabled log:\n%s", r.out.String(), log.String())
		}
	})
	r.start()
	return r
}

// start runs the daemon on the configuration and waits for its status page.
func (r *dealRun) start() {
	r.t.Helper()
	r.cmd = startChild(r.t, r.cfg, r.out)
	waitUntil(r.t, "the status page", r.tab.up)
}

// send posts body to path (a press, or a referee's action) and answers the
// sequence number of the input the table acknowledged.
func (r *dealRun) send(path, body string) uint64 {
	r.t.Helper()
	code, got := r.post(path, dealRefereeToken, body)
	seq, ok := got["seq"].(float64)
	if code != http.StatusAccepted || !ok {
		r.t.Fatalf("%s %s: %d %v", path, body, code, got)
	}
	return uint64(seq)
}

// firstHand plays the session's first hand to its end (four go-rounds of
// discards and more, North wins on South's last and the referee enters
// its value), deals the next (a tablet's new hand), names the players and
// plays the second hand's first turns, West's riichi among them. It
// answers the new hand's sequence number.
func (r *dealRun) firstHand() (deal uint64) {
	t := r.t
	t.Helper()
	r.send("/api/press", `{"action":"dora","tile":"3p"}`)
	// A hand longer than what the test plays after the deal, so that a
	// restart that stepped through the session from its start would show
	// in the count.
	for i, tile := range strings.Fields("1z 9p 2s 4m 5z 1s 9m 3z 6p 2z 7m 8p 4z 1m 9s 6s 7p 5m") {
		r.send("/api/press", fmt.Sprintf(`{"seat":%d,"action":"discard","tile":%q}`, i%4, tile))
	}
	r.send("/api/press", `{"seat":3,"action":"ron"}`)
	waitUntil(t, "North's win", func() bool { st := r.state(); return st.Ended && st.Seats[3].ValueDue })
	r.send("/api/referee", `{"action":"value","seat":3,"value":"3 30"}`)
	waitUntil(t, "North's value scored", func() bool { return !r.state().Seats[3].ValueDue })
	deal = r.send("/api/press", `{"action":"newhand"}`)
	for seat, name := range []string{"Ana", "Bo", "Chen", "Dara"} {
		r.send("/api/referee", fmt.Sprintf(`{"action":"name","seat":%d,"name":%q}`, seat, name))
	}
	// Seat 1 deals the second hand (North's win moved the deal on).
	r.send("/api/press", `{"seat":1,"action":"discard","tile":"9m"}`)
	r.send("/api/press", `{"seat":2,"action":"discard","tile":"1p"}`)
	r.send("/api/press", `{"seat":3,"action":"riichi"}`)
	r.send("/api/press", `{"seat":3,"action":"discard","tile":"7s"}`)
	r.send("/api/press", `{"seat":0,"action":"discard","tile":"2z"}`)
	return deal
}

// melds are the seats' melds as the status page shows them.
func (r *dealRun) melds() [][]json.RawMessage {
	var st struct {
		Seats []struct {
			Melds []json.RawMessage `json:"melds"`
		} `json:"seats"`
	}
	r.stateInto(&st)
	m := make([][]json.RawMessage, len(st.Seats))
	for i, s := range st.Seats {
		m[i] = s.Melds
	}
	return m
}

// dealNote is the deal note of the deal new-hand input seq dealt, nil
// while there is none.
func (r *dealRun) dealNote(seq uint64) *table.Entry {
	var notes []claimlog.Record
	claimlog.Read(r.logDir, claimlog.Filter{Kind: claimlog.KindNote}, func(rec claimlog.Record) error {
		if rec.Type == table.NoteDeal {
			notes = append(notes, rec)
		}
		return nil
	})
	es, err := journal.Entries(notes)
	if err != nil {
		r.t.Fatal(err)
	}
	for i := range es {
		if es[i].Deal != nil && es[i].Deal.Input == seq {
			return &es[i]
		}
	}
	return nil
}

// records are the claim log's records, oldest first.
func (r *dealRun) records() []claimlog.Record {
	var recs []claimlog.Record
	if err := claimlog.Read(r.logDir, claimlog.Filter{}, func(rec claimlog.Record) error { recs = append(recs, rec); return nil }); err != nil {
		r.t.Fatal(err)
	}
	return recs
}

// resumedLine is what `tabled run` says a restart cost; fromDealLine
// which deal note it began at.
var (
	resumedLine  = regexp.MustCompile(`tabled: resumed (\d+) entries in `)
	fromDealLine = regexp.MustCompile(`from the deal of record (\d+) `)
)

// killAndRestart takes the settled state, kills the daemon with SIGKILL,
// starts it again on the same log and checks that it shows the same
// state; it answers the state, the log's records at the kill and how many
// entries the restart said it stepped through.
func (r *dealRun) killAndRestart() (before map[string]json.RawMessage, recs []claimlog.Record, resumed int) {
	t := r.t
	t.Helper()
	before = settledState(t, r.tab)
	recs = r.records()
	r.cmd.Process.Signal(syscall.SIGKILL)
	r.cmd.Wait()
	r.start()
	// The status page may answer before the line is written.
	var m []string
	waitUntil(t, "the restart to say what it resumed", func() bool {
		m = resumedLine.FindStringSubmatch(r.out.String())
		return m != nil
	})
	resumed, _ = strconv.Atoi(m[1])
	after := settledState(t, r.tab)
	if d := stateDiff(before, after); d != "" || !maps.EqualFunc(before, after, func(b, a json.RawMessage) bool { return bytes.Equal(b, a) }) {
		b, _ := json.Marshal(before)
		a, _ := json.Marshal(after)
		t.Errorf("the restarted table shows another state: %s\nbefore: %s\nafter:  %s", d, b, a)
	}
	return before, recs, resumed
}

// checkResumedFrom checks that a restart that stepped through resumed
// entries of recs began at deal: `tabled run` names its note, and it
// stepped through the note, every input after it, and nothing from before
// its new hand, fewer entries than the session held up to that.
func (r *dealRun) checkResumedFrom(recs []claimlog.Record, deal *table.Entry, resumed int) {
	t := r.t
	t.Helper()
	if deal == nil {
		t.Fatal("no deal note to begin at")
	}
	if m := fromDealLine.FindStringSubmatch(r.out.String()); m == nil || m[1] != strconv.FormatUint(deal.Seq, 10) {
		t.Errorf("the restart did not begin at the deal note of record %d:\n%s", deal.Seq, r.out.String())
	}
	before, since, inputsAfter := 0, 0, 0
	for _, rec := range recs {
		switch {
		case rec.Seq <= deal.Deal.Input:
			before++
		default:
			since++
			if rec.Seq > deal.Seq && rec.Kind == claimlog.KindInput {
				inputsAfter++
			}
		}
	}
	if resumed < 1+inputsAfter || resumed > since || resumed >= before {
		t.Errorf("the restart stepped through %d entries; from the deal of input %d (note %d) it takes the note and the %d inputs after it, at most the %d records after its new hand, and fewer than the %d up to it",
			resumed, deal.Deal.Input, deal.Seq, inputsAfter, since, before)
	}
	t.Logf("the restart stepped through %d entries: %d inputs after the deal's note, %d records after its new hand, %d up to it", resumed, inputsAfter, since, before)
}

// checkLog stops the daemon and checks the log as a referee reads it:
// `tabled replay` exits 0 (it checks each deal note against the game it
// reaches), and `tabled log` prints every record but the deal notes.
func (r *dealRun) checkLog() {
	t := r.t
	t.Helper()
	r.cmd.Process.Signal(syscall.SIGTERM)
	if err := r.cmd.Wait(); err != nil {
		t.Fatalf("the daemon stopped with %v", err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", r.logDir}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d:\n%s\n%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run([]string{"log", "--dir", r.logDir}, &out, &errb); code != 0 {
		t.Fatalf("log exit %d: %s", code, errb.String())
	}
	shown := map[string]bool{}
	for _, s := range strings.Fields(seqsOf(out.String())) {
		shown[s] = true
	}
	for _, rec := range r.records() {
		seq := strconv.FormatUint(rec.Seq, 10)
		if isDeal := rec.Kind == claimlog.KindNote && rec.Type == table.NoteDeal; shown[seq] == isDeal {
			t.Errorf("tabled log shows record %d (%s %s): %v, want %v:\n%s", rec.Seq, rec.Kind, rec.Type, shown[seq], !isDeal, out.String())
		}
	}
}

// TestRestartBeginsAtTheLastDeal, through `tabled run --sim` as a club
// runs it: a first hand won and scored, the next dealt, the players named,
// a few discards and a riichi; the table, idle, journals the deal once it
// has stood its 20 s; a few more presses (a discard, a pon, a discard);
// the daemon is killed with SIGKILL and started again on the same log.
// The restarted table shows the state it showed (scores, round, counters,
// sticks, the hand's discards and melds, names, dealer), it stepped
// through only the entries after the deal, `tabled replay` exits 0 and
// `tabled log` shows no deal note.
func TestRestartBeginsAtTheLastDeal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the daemon as a process, 20 s a deal")
	}
	r := startDealRun(t, "")
	deal := r.firstHand()
	// The table is idle now: the deal is journaled once it has stood 20 s
	// of the table's time (table/deal.go) all the same.
	var note *table.Entry
	waitUntil(t, "the second deal's note", func() bool { note = r.dealNote(deal); return note != nil })
	r.send("/api/press", `{"seat":1,"action":"discard","tile":"6z"}`)
	r.send("/api/press", `{"seat":2,"action":"pon"}`)
	waitUntil(t, "South's pon decided", func() bool { return len(r.melds()[2]) == 1 })
	r.send("/api/press", `{"seat":2,"action":"discard","tile":"8s"}`)
	before, recs, resumed := r.killAndRestart()
	var st struct {
		Sticks int `json:"riichi_sticks"`
		Seats  []struct {
			Player   string            `json:"player"`
			Wind     string            `json:"wind"`
			Points   int               `json:"points"`
			Riichi   bool              `json:"riichi"`
			Discards []json.RawMessage `json:"discards"`
			Melds    []json.RawMessage `json:"melds"`
		} `json:"seats"`
	}
	b, _ := json.Marshal(before)
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	// The state compared is the one the presses made, not an empty one.
	if len(st.Seats) != 4 || st.Seats[0].Player != "Ana" || st.Seats[1].Wind != "E" || !st.Seats[3].Riichi || st.Sticks != 1 ||
		len(st.Seats[2].Melds) != 1 || len(st.Seats[1].Discards) != 2 || st.Seats[3].Points == st.Seats[0].Points {
		t.Errorf("the state before the kill is not the one played: %s", b)
	}
	r.checkResumedFrom(recs, note, resumed)
	r.checkLog()
}

// TestRestartSkipsADealALateInputUndid, through `tabled run --sim` with a
// seat controller on a pty: after the second deal, South's pon on the
// controller is held on its wire (fwsim Stall) and a tablet deals the
// third hand; once that deal has stood its 20 s and its note is written,
// the wire lets the pon through. Stamped before the third deal, it is
// decided in its place, South taking North's tile in the second hand (a
// revision re-decides across the deal); the daemon is killed with SIGKILL
// and started again. The restart does not begin at the third deal, which
// the pon undid, but at the second, and shows the state shown before the
// kill; `tabled replay` exits 0 and `tabled log` shows no deal note.
func TestRestartSkipsADealALateInputUndid(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the daemon as a process, 20 s a deal")
	}
	dev := fwsim.New(fwsim.Config{Clock: sinceStart(), Latency: time.Millisecond, BootID: 11})
	port := plugController(t, dev)
	r := startDealRun(t, fmt.Sprintf("\n[serial]\npath = %q\n\n[[button]]\nseat = 2\ncall = \"pon\"\nchannel = 2\n", port))
	waitClockFit(t, dev, 7)
	second := r.firstHand()

	// North's 2z is open: South's pon of it is held on the wire, and the
	// third hand dealt once the pon's claim window has passed, so that the
	// pon, decided at its stamp, takes the tile.
	var open struct {
		Open struct {
			Seat     int    `json:"seat"`
			Tile     string `json:"tile"`
			WindowMS int64  `json:"window_ms"`
		} `json:"open"`
	}
	waitUntil(t, "North's 2z open", func() bool {
		r.stateInto(&open)
		return open.Open.Seat == 0 && open.Open.Tile == "2z"
	})
	dev.Stall()
	dev.Press(2)
	pressed := time.Now()
	waitUntil(t, "the pon's claim window to pass", func() bool {
		return time.Since(pressed) > time.Duration(open.Open.WindowMS)*time.Millisecond
	})
	third := r.send("/api/press", `{"action":"newhand"}`)
	var note *table.Entry
	waitUntil(t, "the third deal's note", func() bool { note = r.dealNote(third); return note != nil })
	dev.Resume()
	waitUntil(t, "the pon taken and decided in its place", func() bool {
		var pon, revision, decided bool
		for _, rec := range r.records() {
			after := rec.Seq > note.Seq
			pon = pon || after && rec.Kind == claimlog.KindInput && rec.Type == "pon" && rec.Source == "serial"
			revision = revision || after && rec.Type == journal.TypeRevision
			decided = decided || after && revision && rec.Type == "decision" && bytes.Contains(rec.Body, []byte(`"won":[{"seat":"S","call":"pon"}]`))
		}
		return pon && revision && decided
	})

	_, recs, resumed := r.killAndRestart()
	r.checkResumedFrom(recs, r.dealNote(second), resumed)
	r.checkLog()
}
