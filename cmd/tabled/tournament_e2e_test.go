package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/club/clubtest"
	"github.com/tabled/tabled/standings"
)

// e2eReferee is the simulated tables' referee token.
const e2eReferee = "e2e-referee-token-0123456789"

// e2eTables is how many simulated tables TestTournamentDayEndToEnd runs:
// TABLED_TOURNAMENT_TABLES, or 8: the 32 players of a tournament day
// (each simulated table needs little CPU).
func e2eTables(t *testing.T) int {
	if n, err := strconv.Atoi(os.Getenv("TABLED_TOURNAMENT_TABLES")); err == nil && n > 0 {
		return n
	}
	return 8
}

// TestTournamentDayEndToEnd is a tournament through the user's path: a
// real mosquitto with the shipped ACL and logins, `tabled club` and
// `tabled run --sim` tables as processes, two rounds. The console seats
// the players and each table logs its round (names by wind); the referee
// starts and ends each round's clock, each table finishes the hand in
// play by the time rule (no hand after it, as the tournament says) and
// its game_end reaches the console as the round's result for the players
// it seated; round 1 is withheld until its last table is confirmed; a
// penalty is given and withdrawn, a result corrected, a chombo given at
// a table by its referee counts 20,000 after uma; the console is
// killed with SIGKILL at rest and during round 2's confirmations and
// comes back with nothing lost; the standings and the EMA sheet equal the
// values worked out here.
func TestTournamentDayEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a broker, a console and tables")
	}
	n := e2eTables(t)
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("t%d", i+1)
	}
	b := clubtest.StartShipped(t, "../../packaging/mosquitto", append([]string{"console"}, names...)...)
	// The console first, as on the day: it follows each table from its
	// first record (the deal of its first hand says where East sits).
	players := freeAddr(t)
	c := startClub(t, freeAddr(t), []string{"TABLED_BROKER_PASSWORD=console-pw"}, "--broker", b.URL(), "--user", "console", "--dir", t.TempDir(), "--client-id", "console-e2e",
		"--public-listen", players)
	tables := map[string]*scoreTable{}
	for _, name := range names {
		dir := t.TempDir()
		s := &scoreTable{t: t, out: &syncBuffer{}, logDir: filepath.Join(dir, "log"), client: &http.Client{}}
		addr := freeAddr(t)
		s.base = "http://" + addr
		cfg := filepath.Join(dir, "tabled.toml")
		os.WriteFile(cfg, []byte(fmt.Sprintf("[table]\nname = %q\n\n[log]\ndir = %q\n\n[web]\nlisten = %q\nreferee_token = %q\n\n[club]\nbroker = %q\nusername = %q\npassword = \"%s-pw\"\n",
			name, s.logDir, addr, e2eReferee, b.URL(), name, name)), 0o644)
		s.cmd = startChild(t, cfg, s.out)
		tables[name] = s
	}
	defer func() {
		if t.Failed() {
			var ts []club.TableView
			c.get("/api/tables", &ts)
			for _, tv := range ts {
				t.Logf("console, table %s: seq %d, last %q, alerts %+v", tv.Table, tv.Seq, tv.Last, tv.Alerts)
			}
			var jl bytes.Buffer
			run([]string{"log", "--dir", tables["t1"].logDir, "--format", "json"}, &jl, &bytes.Buffer{})
			t.Logf("t1's log:\n%s", jl.String())
		}
	}()
	view := func() (v club.TournamentView) {
		t.Helper()
		if err := c.get("/api/tournament", &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	waitUntil(t, "every table seen by the console", func() bool { return len(view().Seen) == n })
	must := func(path string, body any) {
		t.Helper()
		if code, out, err := c.post(path, body); err != nil || code != 200 {
			t.Fatalf("POST %s: %d %v %s", path, code, err, out)
		}
	}
	must("/api/tournament/options", map[string]any{"by": "Head", "options": map[string]any{"name": "E2E Cup", "rounds": 2, "round_minutes": 60, "after_time": 0,
		"tables": names, "book": "ema2016", "publish_confirmed": true, "country": "FRA", "city": "Lyon"}})
	var csv strings.Builder
	csv.WriteString("name,ema,country\n")
	for i := 1; i <= 4*n; i++ {
		fmt.Fprintf(&csv, "Player%02d Test,%08d,FRA\n", i, 10000000+i)
	}
	must("/api/tournament/players/import", map[string]any{"by": "Head", "csv": csv.String()})
	must("/api/tournament/seat", map[string]any{"by": "Head", "from": 1, "seed": 11})

	// Each round: the tables log their seating, the clock starts and the
	// referee ends it; each table plays out the hand in play: the dealer
	// and the next seat discard, the seat before the dealer (North) wins
	// on South's discard, 3 han 40 fu (5,200): the game ends by the time rule.
	play := func(round int) {
		t.Helper()
		v := view()
		for _, g := range v.Rounds[round-1].Games {
			s := tables[g.Table]
			east := v.Players[g.Players[0]-1]
			want := fmt.Sprintf(`round round %d of "E2E Cup": East %s (%d)`, round, east.Name, east.Number)
			waitUntil(t, g.Table+" logging its seating", func() bool { return strings.Contains(tableLog(s), want) })
		}
		must("/api/tournament/clock", map[string]any{"by": "Head", "round": round, "action": "start"})
		must("/api/tournament/clock", map[string]any{"by": "Head", "round": round, "action": "end"})
		for _, name := range names {
			s := tables[name]
			waitUntil(t, name+"'s time signal", func() bool { return strings.Contains(tableLog(s), "club       time (0 hands after the one in play)") })
			dealer := dealerSeat(s)
			if round == 2 && name == "t1" {
				// A chombo by South ends the hand in play, and the game:
				// RCR 2016 3.4.6, 20,000 off South's result after uma.
				if code, got := s.post("/api/referee", "Bearer "+e2eReferee, fmt.Sprintf(`{"action":"chombo","seat":%d}`, (dealer+1)%4)); code != http.StatusAccepted {
					t.Fatalf("t1 chombo: %d %v", code, got)
				}
				continue
			}
			s.press(fmt.Sprintf(`{"seat":%d,"action":"discard","tile":"1z"}`, dealer))
			s.press(fmt.Sprintf(`{"seat":%d,"action":"discard","tile":"5m"}`, (dealer+1)%4))
			s.press(fmt.Sprintf(`{"seat":%d,"action":"ron"}`, (dealer+3)%4))
			waitUntil(t, name+"'s win", func() bool { st := s.state(); return st.Ended && st.Seats[(dealer+3)%4].ValueDue })
			if code, got := s.post("/api/seat", "", fmt.Sprintf(`{"action":"value","seat":%d,"value":"3 40"}`, (dealer+3)%4)); code != http.StatusAccepted {
				t.Fatalf("%s value: %d %v", name, code, got)
			}
		}
		waitUntil(t, fmt.Sprintf("every result of round %d at the console", round), func() bool {
			for _, g := range view().Rounds[round-1].Games {
				if g.Result == nil {
					return false
				}
			}
			return true
		})
	}
	// Worked out by hand under RCR 2016 (start 30,000, uma 15/5/-5/-15,
	// ties share): North +5,200 first: +20,200; East and West 30,000 tie
	// for second, sharing 5,000 and -5,000: 0; South -5,200 fourth: -20,200.
	byWind := [4]int{0, -20200, 0, 20200}
	points := [4]int{30000, 24800, 30000, 35200}
	want := map[int]int{}
	expect := func(round int) {
		t.Helper()
		for _, g := range view().Rounds[round-1].Games {
			results, pts := byWind, points
			if round == 2 && g.Table == "t1" {
				// The chombo: no points change hands, the four tie and
				// share the uma (0 each); South's result is -20,000.
				results, pts = [4]int{0, -20000, 0, 0}, [4]int{30000, 30000, 30000, 30000}
				if g.Result.Penalties != [4]int{0, 20000, 0, 0} {
					t.Errorf("round 2 t1: in-game penalties %v, want South's chombo", g.Result.Penalties)
				}
			}
			for w, p := range g.Players {
				if s := g.Result.Seats[w]; s.Player != p || s.Points != pts[w] || s.Result != results[w] {
					t.Errorf("round %d %s %s seat: %+v, want player %d, %d points, result %d", round, g.Table, [4]string{"East", "South", "West", "North"}[w], s, p, pts[w], results[w])
				}
				want[p] += results[w]
			}
		}
	}
	play(1)
	expect(1)
	standingsNow := func() (s standings.Standings) {
		t.Helper()
		var got struct{ Standings standings.Standings }
		if err := c.get("/api/tournament/standings", &got); err != nil {
			t.Fatal(err)
		}
		return got.Standings
	}
	// Round 1 is withheld until its last table is confirmed: the others
	// by the referee, the last by its four players at the table.
	for i, name := range names {
		if s := standingsNow(); len(s.Counted) != 0 || len(s.Withheld) != 1 {
			t.Fatalf("before %s is confirmed: counted %v, withheld %v", name, s.Counted, s.Withheld)
		}
		if i < n-1 {
			must("/api/tournament/confirm", map[string]any{"by": "Head", "round": 1, "table": name})
			continue
		}
		for seat := range 4 {
			if code, got := tables[name].post("/api/seat", "", fmt.Sprintf(`{"action":"confirm","seat":%d}`, seat)); code != http.StatusAccepted {
				t.Fatalf("%s seat %d confirms: %d %v", name, seat, code, got)
			}
			if seat < 3 {
				waitUntil(t, fmt.Sprintf("%s's seat %d's confirmation at the console", name, seat), func() bool {
					return len(view().Rounds[0].Games[i].ConfirmedBy) == seat+1
				})
				if s := standingsNow(); len(s.Counted) != 0 {
					t.Fatalf("%d of %s's players confirmed: counted %v", seat+1, name, s.Counted)
				}
			}
		}
		waitUntil(t, name+" confirmed by its players", func() bool { return view().Rounds[0].Games[i].Confirmed })
	}
	if s := standingsNow(); !slices.Equal(s.Counted, []int{1}) {
		t.Fatalf("every table confirmed: counted %v, withheld %v", s.Counted, s.Withheld)
	}
	// A penalty given and withdrawn; t1's result corrected: North's win
	// was 4,200 (a fu miscounted), so South 25,800 and North 34,200.
	first := view().Rounds[0].Games[0]
	must("/api/tournament/penalty", map[string]any{"by": "Head", "why": "late", "player": first.Players[2], "amount": 5000, "round": 1})
	pen := view().Penalties[0].Seq
	must("/api/tournament/withdraw", map[string]any{"by": "Head", "why": "the clock was wrong", "seq": pen})
	must("/api/tournament/correct", map[string]any{"by": "Head", "why": "40 fu was 30 fu", "round": 1, "table": "t1", "points": []int{30000, 25800, 30000, 34200}})
	want[first.Players[1]] += 1000
	want[first.Players[3]] -= 1000

	// The console killed at rest comes back with everything.
	before, _ := json.Marshal(view().State)
	c.kill()
	c.start()
	if after, _ := json.Marshal(view().State); !bytes.Equal(after, before) {
		t.Fatalf("after SIGKILL:\n%s\nwant\n%s", after, before)
	}
	waitUntil(t, "every table seen again", func() bool { return len(view().Seen) == n })

	play(2)
	expect(2)
	// The console killed with SIGKILL during the confirmations: those it
	// acknowledged are there after the restart; the referee confirms the
	// rest.
	acked := make(chan string, n)
	go func() {
		defer close(acked)
		for _, name := range names {
			if code, _, err := c.post("/api/tournament/confirm", map[string]any{"by": "Head", "round": 2, "table": name}); err != nil || code != 200 {
				return
			}
			acked <- name
		}
	}()
	<-acked // one acknowledged at least, then the kill, most likely with one in flight
	c.kill()
	confirmed := []string{names[0]}
	for name := range acked {
		confirmed = append(confirmed, name)
	}
	c.start()
	for _, g := range view().Rounds[1].Games {
		if slices.Contains(confirmed, g.Table) && !g.Confirmed {
			t.Errorf("round 2 %s: its confirmation was acknowledged before the kill, and is lost", g.Table)
		}
		if !g.Confirmed {
			must("/api/tournament/confirm", map[string]any{"by": "Head", "round": 2, "table": g.Table})
		}
	}
	s := standingsNow()
	if !slices.Equal(s.Counted, []int{1, 2}) || len(s.Rows) != 4*n {
		t.Fatalf("standings: counted %v, %d rows", s.Counted, len(s.Rows))
	}
	for i, r := range s.Rows {
		if r.Total != want[r.Player.Number] {
			t.Errorf("row %d: player %d total %d, want %d", i, r.Player.Number, r.Total, want[r.Player.Number])
		}
		if i > 0 && (r.Total > s.Rows[i-1].Total || r.Total == s.Rows[i-1].Total && r.Place != s.Rows[i-1].Place) {
			t.Errorf("row %d: place %d total %d after place %d total %d", i, r.Place, r.Total, s.Rows[i-1].Place, s.Rows[i-1].Total)
		}
	}
	// The players' listener gives the same standings, and takes no change.
	var pub struct{ Standings standings.Standings }
	pr, err := c.client.Get("http://" + players + "/api/tournament/standings")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(pr.Body).Decode(&pub)
	pr.Body.Close()
	if g, w := fmt.Sprint(pub.Standings.Rows), fmt.Sprint(s.Rows); g != w {
		t.Errorf("the players' standings:\n%s\nwant\n%s", g, w)
	}
	if pr, err := c.client.Post("http://"+players+"/api/tournament/penalty", "application/json", strings.NewReader(`{"by":"x","why":"y","player":1,"amount":1}`)); err != nil {
		t.Error(err)
	} else if pr.Body.Close(); pr.StatusCode != http.StatusNotFound {
		t.Errorf("a penalty through the players' listener: %s, want 404", pr.Status)
	}
	top := s.Rows[0]
	r, err := c.client.Get("http://" + c.addr + "/api/tournament/export/ema.csv")
	if err != nil {
		t.Fatal(err)
	}
	var sheet bytes.Buffer
	sheet.ReadFrom(r.Body)
	r.Body.Close()
	row := fmt.Sprintf("E2E Cup,%d,1,%s,%s,%s,%s,%d,1,FRA,,FRA,Lyon", 4*n, strings.Fields(top.Player.Name)[0], strings.Fields(top.Player.Name)[1], top.Player.EMA,
		strings.TrimPrefix(standings.Thousands(top.Total), "+"), top.Total)
	if !strings.Contains(sheet.String(), row) {
		t.Errorf("the EMA sheet lacks %q:\n%s", row, sheet.String())
	}
}

// tableLog is `tabled log` of a table's claim log.
func tableLog(s *scoreTable) string {
	var out, errb bytes.Buffer
	run([]string{"log", "--dir", s.logDir}, &out, &errb)
	return out.String()
}

// dealerSeat is the physical seat dealing the table's hand in play.
func dealerSeat(s *scoreTable) int {
	s.t.Helper()
	r, err := s.client.Get(s.base + "/api/state")
	if err != nil {
		s.t.Fatal(err)
	}
	defer r.Body.Close()
	var j struct {
		State struct {
			Seats []struct {
				Seat int    `json:"seat"`
				Wind string `json:"wind"`
			} `json:"seats"`
		} `json:"state"`
	}
	json.NewDecoder(r.Body).Decode(&j)
	for _, st := range j.State.Seats {
		if st.Wind == "E" {
			return st.Seat
		}
	}
	s.t.Fatalf("no seat is East at %s", s.base)
	return 0
}
