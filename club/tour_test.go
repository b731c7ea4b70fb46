package club

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/standings"
	"github.com/tabled/tabled/tournament"
	"github.com/tabled/tabled/web"
)

// tourRig is a console with a tournament kept in a temporary directory,
// its tables t1 and t2 online, the Rounds it sends kept.
type tourRig struct {
	t       testing.TB
	dir     string
	console *Console
	tour    *Tournament
	h       http.Handler
	now     time.Time
	mu      sync.Mutex
	sent    map[string][]Round
}

func newTourRig(t testing.TB, dir string) *tourRig {
	t.Helper()
	store, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	g := &tourRig{t: t, dir: dir, console: NewConsole(), now: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC), sent: map[string][]Round{}}
	for _, name := range []string{"t1", "t2"} {
		g.console.Status(Status{Table: name, Online: true})
	}
	g.tour = &Tournament{Store: store, Console: g.console, Now: func() time.Time { return g.now },
		Send: func(table string, r Round) error {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.sent[table] = append(g.sent[table], r)
			return nil
		}}
	g.h = web.Guard(g.tour.Handler(g.console.Handler()), web.NewHosts())
	return g
}

// do sends a request as a page does and returns the status and body.
func (g *tourRig) do(method, path, body string) (int, string) {
	g.t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Host = "localhost"
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	g.h.ServeHTTP(w, r)
	g.tour.Wait()
	return w.Code, w.Body.String()
}

// must posts a change the tournament takes.
func (g *tourRig) must(path, body string) {
	g.t.Helper()
	if code, out := g.do("POST", path, body); code != http.StatusOK {
		g.t.Fatalf("POST %s %s: %d %s", path, body, code, out)
	}
}

func (g *tourRig) state() tournament.State {
	st, _ := g.tour.Store.State()
	return st
}

func (g *tourRig) lastSent(table string) Round {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.sent[table]
	if len(s) == 0 {
		g.t.Fatalf("nothing sent to %s", table)
	}
	return s[len(s)-1]
}

// tableEvent is a table's claim-log record as the console gets it.
func tableEvent(table string, seq uint64, kind, typ string, body any) Message {
	b, _ := json.Marshal(body)
	rec, _ := json.Marshal(map[string]any{"seq": seq, "kind": kind, "type": typ, "source": "table", "body": json.RawMessage(b)})
	return Message{Table: table, Seq: seq, Body: rec}
}

// roundInput is the input a table logs for a Round it takes.
func roundInput(table string, seq uint64, r Round) Message {
	seating := engine.Seating{Tournament: r.Tournament, Round: r.Round, Sent: r.Sent, AfterTime: r.AfterTime, ClockState: r.Clock.State, RemainingMS: r.Clock.RemainingMS}
	for i, s := range r.Seats {
		seating.Players[i] = engine.SeatedPlayer{Player: s.Player, Name: s.Name, Cards: s.Cards}
	}
	return tableEvent(table, seq, "input", RoundInputType, map[string]any{"event": map[string]any{"seating": seating}})
}

// deal is a table's deal of a hand: the dealer's physical seat.
func deal(table string, seq uint64, hand, dealer int) Message {
	return tableEvent(table, seq, "outcome", "deal", outcome.Record{Type: outcome.TypeDeal, RoundWind: "E", Hand: hand, DealerSeat: dealer})
}

// gameEnd is a game_end of physical seats' points, places and results.
func gameEnd(sticks int, st ...outcome.Standing) outcome.Record {
	return outcome.Record{Type: outcome.TypeGameEnd, Sticks: sticks, Standings: st}
}

// TestTournamentDay: through the console's API, a day of eight players on
// two tables: options from the book, players, the seating sent to the
// tables, the clock, results from the tables' game_end for the players
// they logged, a confirmation, a correction, a penalty given and
// withdrawn; then the store reopened holds the same tournament.
func TestTournamentDay(t *testing.T) {
	dir := t.TempDir()
	g := newTourRig(t, dir)
	g.must("/api/tournament/options", `{"by":"Ref","options":{"name":"Autumn Cup","rounds":2,"round_minutes":60,"after_time":1,"tables":["t1","t2"],"book":"ema2016","publish_confirmed":true}}`)
	if o := g.state().Options; o.Start != 30000 || o.Uma != [4]int{15000, 5000, -5000, -15000} || o.Chombo != 20000 {
		t.Fatalf("options from the book: %+v", o)
	}
	for i := 1; i <= 7; i++ {
		g.must("/api/tournament/player", fmt.Sprintf(`{"by":"Ref","player":{"name":"Player %d","ema":"1000000%d","country":"FR","club":"C%d"}}`, i, i, i%3))
	}
	if v := g.tour.View(); v.Fit != "7 players: a tournament needs a multiple of four players; it takes 1 more player, or 3 of them made substitutes" {
		t.Errorf("fit: %q", v.Fit)
	}
	if code, out := g.do("POST", "/api/tournament/seat", `{"by":"Ref","from":1}`); code != http.StatusConflict || !strings.Contains(out, "it takes 1 more player,") || !strings.Contains(out, `"code":"fit"`) || !strings.Contains(out, `"seated":7`) {
		t.Errorf("seating 7 players: %d %s", code, out)
	}
	g.must("/api/tournament/players/import", `{"by":"Ref","csv":"name,ema,country,club,cards\nAna,10000008,ES,C2,04aabbcc\nSub,,FR,,\n"}`)
	g.must("/api/tournament/player", `{"by":"Ref","player":{"number":9,"name":"Sub","reserve":true}}`)
	if v := g.tour.View(); v.Fit != "" || len(v.Players) != 9 {
		t.Fatalf("fit %q with %d players", v.Fit, len(v.Players))
	}
	g.must("/api/tournament/seat", `{"by":"Ref","from":1,"seed":7}`)
	st := g.state()
	if len(st.Rounds) != 2 || len(st.Alerts) != 0 {
		t.Fatalf("seated: %d rounds, alerts %v", len(st.Rounds), st.Alerts)
	}
	for _, table := range []string{"t1", "t2"} {
		r := g.lastSent(table)
		game := st.Game(1, table)
		if r.Tournament != "Autumn Cup" || r.Round != 1 || r.Clock != (RoundClock{"waiting", 3600000}) || r.AfterTime != 1 {
			t.Errorf("%s got %+v", table, r)
		}
		for i, s := range r.Seats {
			p, _ := st.Player(game.Players[i])
			if s.Player != p.Number || s.Name != p.Name || s.EMA != p.EMA || !reflect.DeepEqual(s.Cards, p.Cards) {
				t.Errorf("%s seat %d: %+v, want player %+v", table, i, s, p)
			}
		}
	}
	g.now = g.now.Add(time.Minute)
	g.must("/api/tournament/clock", `{"by":"Ref","round":1,"action":"start"}`)
	g.now = g.now.Add(20 * time.Minute)
	g.must("/api/tournament/clock", `{"by":"Ref","round":1,"action":"pause"}`)
	if r := g.lastSent("t2"); r.Clock != (RoundClock{"paused", 40 * 60000}) {
		t.Errorf("paused after 20 minutes: %+v", r.Clock)
	}
	g.now = g.now.Add(5 * time.Minute)
	g.must("/api/tournament/clock", `{"by":"Ref","round":1,"action":"resume"}`)
	g.now = g.now.Add(10 * time.Minute)
	g.tour.Ask("t1", Ask{Table: "t1", Have: 1})
	g.tour.Wait()
	if r := g.lastSent("t1"); r.Clock != (RoundClock{"running", 30 * 60000}) {
		t.Errorf("the answer to an ask, 30 minutes run: %+v", r.Clock)
	}

	// Each table logs the Round it took, then ends its game: the result
	// is for the players it logged, by physical seat.
	var seq uint64
	for _, table := range []string{"t1", "t2"} {
		seq++
		g.tour.Event(roundInput(table, seq, g.lastSent(table)))
		seq++
		g.tour.Event(deal(table, seq, 1, 0))
	}
	t1, t2 := st.Game(1, "t1").Players, st.Game(1, "t2").Players
	seq++
	g.tour.Event(tableEvent("t1", seq, "outcome", "game_end", gameEnd(1,
		outcome.Standing{Seat: 0, Place: 1, Points: 45000, Result: 31000}, outcome.Standing{Seat: 1, Place: 2, Points: 32000, Result: 7000},
		outcome.Standing{Seat: 2, Place: 3, Points: 28000, Result: -7000}, outcome.Standing{Seat: 3, Place: 4, Points: 14000, Result: -31000})))
	seq++
	// t2: a tie for second (the uma shared) and a chombo by East of the
	// second hand (seat 1, its dealer), 20,000 off its result after uma.
	g.tour.Event(deal("t2", seq, 2, 1))
	seq++
	g.tour.Event(tableEvent("t2", seq, "outcome", "score", outcome.Record{Type: outcome.TypeScore, Result: "chombo", Chombo: "E"}))
	seq++
	g.tour.Event(tableEvent("t2", seq, "outcome", "game_end", gameEnd(0,
		outcome.Standing{Seat: 2, Place: 1, Points: 40000, Result: 25000}, outcome.Standing{Seat: 0, Place: 2, Points: 30000, Result: 0},
		outcome.Standing{Seat: 1, Place: 2, Points: 30000, Result: -20000}, outcome.Standing{Seat: 3, Place: 4, Points: 20000, Result: -25000})))
	st = g.state()
	if a := st.Alerts; len(a) != 0 {
		t.Fatalf("alerts: %v", a)
	}
	if res := st.Game(1, "t1").Result; res.Seats[0] != (tournament.Seat{Player: t1[0], Points: 45000, Place: 1, Result: 31000}) || res.Sticks != 1 {
		t.Errorf("t1's result: %+v", res)
	}
	if res := st.Game(1, "t2").Result; res.Seats[1] != (tournament.Seat{Player: t2[1], Points: 30000, Place: 2, Result: -20000}) || res.Penalties != [4]int{0, 20000, 0, 0} {
		t.Errorf("t2's result: %+v", res)
	}
	if st.Published(1) {
		t.Error("round 1 published before its tables confirm")
	}
	// The table's players confirm t1 at the table; a referee confirms t2.
	for i, p := range t1 {
		g.tour.Event(tableEvent("t1", 10+uint64(i), "outcome", ConfirmedType, map[string]any{"type": "confirmed", "player": p}))
	}
	g.must("/api/tournament/confirm", `{"by":"Ref","round":1,"table":"t2"}`)
	if st = g.state(); !st.Published(1) || !st.Game(1, "t1").Confirmed {
		t.Fatalf("confirmed: t1 %+v, published %v", st.Game(1, "t1"), st.Published(1))
	}

	// A correction, and a penalty given and withdrawn, each with a reason.
	if code, out := g.do("POST", "/api/tournament/penalty", `{"by":"Ref","player":3,"amount":2000}`); code != http.StatusConflict || !strings.Contains(out, "needs a reason") {
		t.Errorf("a penalty without a reason: %d %s", code, out)
	}
	g.mu.Lock()
	sentBefore := len(g.sent["t2"])
	g.mu.Unlock()
	g.must("/api/tournament/penalty", `{"by":"Ref","why":"late for round 2","player":3,"amount":2000}`)
	g.mu.Lock()
	if n := len(g.sent["t2"]); n != sentBefore {
		t.Errorf("a penalty sent t2 %d rounds: a table is sent its round only when it changes", n-sentBefore)
	}
	g.mu.Unlock()
	recs, _ := g.tour.Store.Records()
	g.must("/api/tournament/withdraw", fmt.Sprintf(`{"by":"Head","why":"was on time","seq":%d}`, len(recs)))
	g.must("/api/tournament/correct", `{"by":"Ref","why":"a payment was made twice","round":1,"table":"t1","points":[44000,33000,28000,14000],"sticks":1}`)
	st = g.state()
	if res := st.Game(1, "t1").Result; res.Seats[0].Result != 30000 || res.Seats[1].Result != 8000 || !st.Game(1, "t1").Corrected {
		t.Errorf("corrected: %+v", res)
	}
	if len(st.Penalties) != 0 {
		t.Errorf("penalties in force: %+v", st.Penalties)
	}

	// The standings, worked out by hand: t1 as corrected (44000 first
	// with the deposit: +14000+15000+1000), t2 with the tie for second
	// sharing 5000 and -5000 and the chombo's 20,000 off.
	code, out := g.do("GET", "/api/tournament/standings", "")
	var got struct{ Standings standings.Standings }
	if err := json.Unmarshal([]byte(out), &got); code != 200 || err != nil {
		t.Fatalf("standings: %d %v %s", code, err, out)
	}
	want := []struct{ player, place, total int }{
		{t1[0], 1, 30000}, {t2[2], 2, 25000}, {t1[1], 3, 8000}, {t2[0], 4, 0},
		{t1[2], 5, -7000}, {t2[1], 6, -20000}, {t2[3], 7, -25000}, {t1[3], 8, -31000}}
	for i, w := range want {
		if r := got.Standings.Rows[i]; r.Player.Number != w.player || r.Place != w.place || r.Total != w.total {
			t.Errorf("standings row %d: player %d place %d total %d; want %+v", i, r.Player.Number, r.Place, r.Total, w)
		}
	}
	code, out = g.do("GET", "/api/tournament/export/ema.csv", "")
	if first, _ := st.Player(t1[0]); code != 200 || !strings.Contains(out, fmt.Sprintf("Autumn Cup,8,1,Player,%d,%s,30.0,30000,1,FR", t1[0], first.EMA)) {
		t.Errorf("EMA sheet: %d %s", code, out)
	}
	for _, path := range []string{"ema.xlsx", "round.csv?round=1", "report.html"} {
		if code, out := g.do("GET", "/api/tournament/export/"+path, ""); code != 200 || len(out) < 100 {
			t.Errorf("export %s: %d %.200s", path, code, out)
		}
	}

	// Where do I sit: player t2[1] in round 1, with the result published.
	code, out = g.do("GET", fmt.Sprintf("/api/tournament/where?player=%d", t2[1]), "")
	if code != http.StatusOK || !strings.Contains(out, `"table":"t2","wind":1`) || !strings.Contains(out, `"result":-20000`) {
		t.Errorf("where: %d %s", code, out)
	}
	code, out = g.do("GET", "/api/tournament/players.csv", "")
	if code != 200 || !strings.HasPrefix(out, "number,name,ema,country,club,reserve,cards\n1,Player 1,10000001,FR,C1,,\n") || !strings.Contains(out, "8,Ana,10000008,ES,C2,,04aabbcc\n9,Sub,,,,yes,\n") {
		t.Errorf("players CSV: %d %s", code, out)
	}

	// The store opened again (as after a kill) holds the same tournament.
	wantState, _ := json.Marshal(g.state())
	g.tour.Store.Close()
	again, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	st2, _ := again.State()
	if got, _ := json.Marshal(st2); !bytes.Equal(got, wantState) {
		t.Errorf("reopened:\n%s\nwant\n%s", got, wantState)
	}
}

// TestTournamentRequests: what the tournament's API refuses, and how.
func TestTournamentRequests(t *testing.T) {
	g := newTourRig(t, t.TempDir())
	for _, tc := range []struct {
		name, method, path, ctype, body string
		code                            int
		says                            string
	}{
		{"a form is not JSON", "POST", "/api/tournament/player", "application/x-www-form-urlencoded", "name=x", 415, "application/json"},
		{"an unknown field", "POST", "/api/tournament/player", "application/json", `{"by":"R","player":{"name":"A"},"admin":true}`, 400, `unknown field "admin"`},
		{"two values", "POST", "/api/tournament/player", "application/json", `{"by":"R","player":{"name":"A"}} {}`, 400, "more than one JSON value"},
		{"too long", "POST", "/api/tournament/player", "application/json", `{"by":"R","player":{"name":"` + strings.Repeat("a", maxBody) + `"}}`, 400, "too large"},
		{"who is not said", "POST", "/api/tournament/player", "application/json", `{"player":{"name":"A"}}`, 400, "field by"},
		{"an unknown book", "POST", "/api/tournament/options", "application/json", `{"by":"R","options":{"rounds":1,"round_minutes":5,"tables":["t1"],"book":"nope"}}`, 400, `"nope" is not a rule book`},
		{"a table not seen", "POST", "/api/tournament/options", "application/json", `{"by":"R","options":{"rounds":1,"round_minutes":5,"tables":["t1","t9"],"book":"ema2016"}}`, 200, ""},
		{"a CSV with a bad column", "POST", "/api/tournament/players/import", "application/json", `{"by":"R","csv":"name,rating\nA,3\n"}`, 400, `column 2: "rating" is not one of`},
		{"a CSV with a bad EMA", "POST", "/api/tournament/players/import", "application/json", `{"by":"R","csv":"name,ema\nA,1\nB,x\n"}`, 400, "line 3: field ema"},
		{"no such player", "GET", "/api/tournament/where?player=3", "", "", 404, "no player"},
		{"a clock of no round", "POST", "/api/tournament/clock", "application/json", `{"by":"R","round":1,"action":"start"}`, 409, "round 1 is not seated"},
		// A refusal a page words in its reader's language carries its code
		// and parameters beside the English (catalog tour.refused.*).
		{"coded: who is not said", "POST", "/api/tournament/player", "application/json", `{"player":{"name":"A"}}`, 400, `"code":"need_by"`},
		{"coded: a clock of no round", "POST", "/api/tournament/clock", "application/json", `{"by":"R","round":2,"action":"start"}`, 409, `"args":{"round":2},"code":"round_unseated","error":"tournament: record`},
		{"coded: a penalty to no player", "POST", "/api/tournament/penalty", "application/json", `{"by":"R","player":9,"amount":1000,"why":"late"}`, 409, `"args":{"player":9},"code":"no_player"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
			r.Host = "localhost"
			r.Header.Set("Content-Type", tc.ctype)
			w := httptest.NewRecorder()
			g.h.ServeHTTP(w, r)
			said := w.Body.String()
			var e struct{ Error string }
			if json.Unmarshal(w.Body.Bytes(), &e) == nil && e.Error != "" && !strings.HasPrefix(tc.name, "coded") {
				said = e.Error
			}
			if w.Code != tc.code || !strings.Contains(said, tc.says) {
				t.Errorf("%d %s; want %d saying %q", w.Code, w.Body, tc.code, tc.says)
			}
		})
	}
	// Four players on tables t1 and t9: t9 is not a table the console sees.
	g.must("/api/tournament/players/import", `{"by":"R","csv":"name\nA\nB\nC\nD\nE\nF\nG\nH\n"}`)
	if code, out := g.do("POST", "/api/tournament/seat", `{"by":"R","from":1}`); code != 409 || !strings.Contains(out, `table \"t9\" is not one the console sees`) ||
		!strings.Contains(out, `"args":{"table":"t9"},"code":"seat_unseen"`) {
		t.Errorf("seating on a table not seen: %d %s", code, out)
	}
	// Another Host is refused, as on the console's other routes.
	r := httptest.NewRequest("GET", "/api/tournament", nil)
	r.Host = "evil.example"
	w := httptest.NewRecorder()
	g.h.ServeHTTP(w, r)
	if w.Code != http.StatusMisdirectedRequest {
		t.Errorf("Host evil.example: %d", w.Code)
	}
}

// TestTournamentSubstituteReseat: a player who leaves after round 1 is
// replaced by a substitute for the rounds left, and the rounds left are
// seated again: round 1 as played, the substitute in the player's place
// after, every seated player once a round, the player's round 1 result
// kept as theirs.
func TestTournamentSubstituteReseat(t *testing.T) {
	g := newTourRig(t, t.TempDir())
	g.must("/api/tournament/options", `{"by":"R","options":{"name":"S","rounds":3,"round_minutes":60,"tables":["t1","t2"],"book":"ema2016"}}`)
	g.must("/api/tournament/players/import", `{"by":"R","csv":"name,reserve,club\nA,,X\nB,,X\nC,,Y\nD,,Y\nE,,Z\nF,,Z\nG,,W\nH,,W\nSub,yes,\n"}`)
	g.must("/api/tournament/seat", `{"by":"R","from":1,"seed":2}`)
	g.must("/api/tournament/clock", `{"by":"R","round":1,"action":"start"}`)
	round1 := g.state().Rounds[0]
	g.must("/api/tournament/substitute", `{"by":"R","why":"left ill","out":3,"in":9,"from":2}`)
	if code, out := g.do("POST", "/api/tournament/seat", `{"by":"R","from":1,"seed":2}`); code != 409 || !strings.Contains(out, "round 1 has started") {
		t.Errorf("seating a round started again: %d %s", code, out)
	}
	g.must("/api/tournament/seat", `{"by":"R","why":"player 3 left","from":2,"seed":2}`)
	st := g.state()
	if !reflect.DeepEqual(st.Rounds[0], round1) {
		t.Errorf("round 1 changed:\n%+v\nwant\n%+v", st.Rounds[0], round1)
	}
	for _, r := range st.Rounds[1:] {
		seen := map[int]int{}
		for _, game := range r.Games {
			for _, p := range game.Players {
				seen[p]++
			}
		}
		if seen[3] != 0 || seen[9] != 1 || len(seen) != 8 {
			t.Errorf("round %d seats %v: want 9 in 3's place, everyone once", r.Number, seen)
		}
	}
	if len(st.Alerts) != 0 {
		t.Errorf("alerts: %v", st.Alerts)
	}
	p3, _ := st.Player(3)
	p9, _ := st.Player(9)
	if p3.ReplacedBy != 9 || p9.Replaces != 3 || p9.From != 2 {
		t.Errorf("the record of the substitution: %+v, %+v", p3, p9)
	}
}

// TestTournamentPublicHandler: the players' listener serves their pages
// and what they read, and nothing else: no change, no referee's page or
// view, no card, no result of a round not published.
func TestTournamentPublicHandler(t *testing.T) {
	g := newTourRig(t, t.TempDir())
	g.must("/api/tournament/options", `{"by":"R","options":{"name":"P","rounds":2,"round_minutes":60,"tables":["t1","t2"],"book":"ema2016","publish_confirmed":true}}`)
	g.must("/api/tournament/players/import", `{"by":"R","csv":"name,cards\nA,04aa\nB,\nC,\nD,\nE,\nF,\nG,\nH,\n"}`)
	g.must("/api/tournament/seat", `{"by":"R","from":1}`)
	g.must("/api/tournament/result", `{"by":"R","why":"paper","round":1,"table":"t1","points":[40000,30000,30000,20000]}`)
	h := web.Guard(g.tour.PublicHandler(), web.NewHosts())
	for _, tc := range []struct {
		method, path string
		code         int
		has, hasNot  string
	}{
		{"GET", "/standings.html", 200, `src="standings.js"`, ""},
		{"GET", "/me.html", 200, `src="me.js"`, ""},
		{"GET", "/wall.html", 200, `src="wall.js"`, ""},
		{"GET", "/wall.js", 200, "tour.wall.title", ""},
		{"GET", "/js/words.js", 200, "export async function load", ""},
		{"GET", "/api/messages", 200, `"tour.standings.title"`, ""},
		{"GET", "/referee.js", 404, "", ""},
		{"GET", "/", 302, "", ""},
		{"GET", "/tournament.html", 404, "", ""},
		{"GET", "/index.html", 404, "", ""},
		{"GET", "/api/tournament", 404, "", ""},
		{"GET", "/api/tournament/records", 404, "", ""},
		{"GET", "/api/tournament/players.csv", 404, "", ""},
		{"GET", "/api/tournament/export/ema.csv", 404, "", ""},
		{"POST", "/api/tournament/player", 404, "", ""},
		{"GET", "/api/tournament/public", 200, `"name":"A"`, "04aa"},
		{"GET", "/api/tournament/public", 200, `"seating"`, `"points":40000`},
		{"GET", "/api/tournament/where?player=1", 200, `"table"`, "04aa"},
		{"GET", "/api/tournament/standings", 200, `"withheld"`, ""},
	} {
		r := httptest.NewRequest(tc.method, tc.path, strings.NewReader(`{"by":"x","player":{"name":"Z"}}`))
		r.Host = "localhost"
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		body := w.Body.String()
		if w.Code != tc.code || !strings.Contains(body, tc.has) || tc.hasNot != "" && strings.Contains(body, tc.hasNot) {
			t.Errorf("%s %s: %d %.300s; want %d with %q, without %q", tc.method, tc.path, w.Code, body, tc.code, tc.has, tc.hasNot)
		}
	}
	if len(g.state().Players) != 8 {
		t.Errorf("the players' listener changed the players")
	}
}
