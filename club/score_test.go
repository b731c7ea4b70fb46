package club

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tabled/tabled/outcome"
)

// TestConsoleScores: names from name inputs, the points and changes of a
// score line put to the winds of the hand that ended (its dealer from the
// inputs), and the final standings at a game's end, in the claim-log
// record shapes the publisher sends.
func TestConsoleScores(t *testing.T) {
	c := NewConsole()
	recs := []string{
		`{"seq":1,"kind":"input","type":"name","source":"web","hand":1,"seat":"S","body":{"event":{"seat":2,"action":"name","name":"Ana"},"dealer":1}}`,
		`{"seq":2,"kind":"input","type":"name","source":"referee","hand":1,"seat":"E","body":{"event":{"seat":1,"action":"name","name":"Bo"},"dealer":1}}`,
		`{"seq":3,"kind":"input","type":"value","source":"web","hand":1,"seat":"N","body":{"event":{"seat":0,"action":"value","value":{"han":3,"fu":40}},"dealer":1}}`,
		`{"seq":4,"kind":"outcome","type":"score","source":"table","hand":1,"body":{"type":"score","result":"ron","deltas":{"E":0,"S":-5200,"W":0,"N":5200},"scores":{"E":30000,"S":24800,"W":30000,"N":35200},"honba":0,"sticks":0}}`,
	}
	for i, r := range recs {
		c.Event(Message{Table: "t1", Seq: uint64(i + 1), Body: json.RawMessage(r)})
	}
	views, _, _ := c.Tables()
	want := []SeatScore{{1, "E", "Bo", 30000, 0}, {2, "S", "Ana", 24800, -5200}, {3, "W", "", 30000, 0}, {0, "N", "", 35200, 5200}}
	if got := views[0].Scores; len(got) != 4 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Fatalf("scores %+v, want %+v", got, want)
	}
	if v := views[0]; v.Scored != nil || v.ScoredHand != 1 {
		t.Errorf("no deal seen: scored %+v, scored hand %d, want the session's hand 1", v.Scored, v.ScoredHand)
	}
	c.Event(Message{Table: "t1", Seq: 5, Body: json.RawMessage(`{"seq":5,"kind":"outcome","type":"game_end","source":"table","hand":1,"body":{"type":"game_end","scores":{"E":30000,"S":24800,"W":30000,"N":35200},"sticks":0,` +
		`"standings":[{"seat":0,"wind":"N","place":1,"points":35200,"result":20200},{"seat":1,"wind":"E","place":2,"points":30000,"result":5000},{"seat":2,"wind":"S","place":4,"points":24800,"result":-20200},{"seat":3,"wind":"W","place":3,"points":30000,"result":-5000}]}}`)})
	views, _, _ = c.Tables()
	st := views[0].Standings
	if len(st) != 4 || st[0] != (Place{outcome.Standing{Seat: 0, Wind: "N", Place: 1, Points: 35200, Result: 20200}, ""}) ||
		st[1] != (Place{outcome.Standing{Seat: 1, Wind: "E", Place: 2, Points: 30000, Result: 5000}, "Bo"}) ||
		st[3] != (Place{outcome.Standing{Seat: 2, Wind: "S", Place: 4, Points: 24800, Result: -20200}, "Ana"}) {
		t.Fatalf("standings %+v", st)
	}
}

// TestConsoleScoresKeepTheirHand: after the next deal, a table's score
// rows keep the winds and physical seats of the hand they scored, and say
// which deal that was, while the seats the names form offers take the new
// hand's winds.
func TestConsoleScoresKeepTheirHand(t *testing.T) {
	c := NewConsole()
	for i, r := range []string{
		`{"seq":1,"kind":"outcome","type":"deal","source":"table","hand":1,"body":{"type":"deal","round_wind":"E","hand":2,"honba":0,"riichi_sticks":0,"dealer_seat":1}}`,
		`{"seq":2,"kind":"input","type":"name","source":"web","hand":1,"seat":"S","body":{"event":{"seat":2,"action":"name","name":"Ana"},"dealer":1}}`,
		`{"seq":3,"kind":"input","type":"value","source":"web","hand":1,"seat":"N","body":{"event":{"seat":0,"action":"value","value":{"han":3,"fu":40}},"dealer":1}}`,
		`{"seq":4,"kind":"outcome","type":"score","source":"table","hand":1,"body":{"type":"score","result":"ron","deltas":{"E":0,"S":-5200,"W":0,"N":5200},"scores":{"E":30000,"S":24800,"W":30000,"N":35200},"honba":0,"sticks":0}}`,
		`{"seq":5,"kind":"input","type":"newhand","source":"referee","hand":1,"body":{"event":{"seat":-1,"action":"newhand"},"dealer":1}}`,
		`{"seq":6,"kind":"outcome","type":"deal","source":"table","hand":2,"body":{"type":"deal","round_wind":"E","hand":3,"honba":0,"riichi_sticks":0,"dealer_seat":2}}`,
	} {
		c.Event(Message{Table: "t1", Seq: uint64(i + 1), Body: json.RawMessage(r)})
	}
	v, _, _ := c.Tables()
	want := []SeatScore{{1, "E", "", 30000, 0}, {2, "S", "Ana", 24800, -5200}, {3, "W", "", 30000, 0}, {0, "N", "", 35200, 5200}}
	if got := v[0].Scores; len(got) != 4 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("scores after the next deal %+v, want %+v", got, want)
	}
	if s := v[0].Scored; s == nil || *s != (DealView{Wind: "E", Hand: 2, Dealer: 1}) {
		t.Errorf("scored %+v, want East 2 dealt by seat 1", s)
	}
	if r := v[0].Round; r == nil || *r != (DealView{Wind: "E", Hand: 3, Dealer: 2}) {
		t.Errorf("round %+v, want East 3 dealt by seat 2", r)
	}
	seats := []SeatNow{{0, "W", ""}, {1, "N", ""}, {2, "E", "Ana"}, {3, "S", ""}}
	if got := v[0].Seats; len(got) != 4 || got[0] != seats[0] || got[1] != seats[1] || got[2] != seats[2] || got[3] != seats[3] {
		t.Errorf("seats %+v, want %+v", got, seats)
	}
}

// TestConsoleSetsNames: a name set on the console goes on to the table's
// referee action with the token the head referee gave; the table's answer
// comes back; a table without an address, an unknown table, a form post
// and a missing token are refused at the console.
func TestConsoleSetsNames(t *testing.T) {
	var got struct {
		auth, ctype string
		body        map[string]any
	}
	tableSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/referee" {
			http.NotFound(w, r)
			return
		}
		got.auth, got.ctype = r.Header.Get("Authorization"), r.Header.Get("Content-Type")
		json.NewDecoder(r.Body).Decode(&got.body)
		if got.auth != "Bearer tok" {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":"referee token missing or wrong"}`)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		io.WriteString(w, `{"seq":12}`)
	}))
	defer tableSrv.Close()
	c := NewConsole()
	c.Status(Status{Table: "t1", Online: true, URL: tableSrv.URL + "/"})
	c.Status(Status{Table: "t2", Online: true})
	srv := httptest.NewServer(c.Handler())
	defer srv.Close()
	post := func(auth, ctype, body string) (int, string) {
		req, _ := http.NewRequest("POST", srv.URL+"/api/name", strings.NewReader(body))
		req.Header.Set("Content-Type", ctype)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, string(b)
	}
	tests := []struct {
		what, auth, ctype, body string
		status                  int
		says                    string
	}{
		{"the name", "Bearer tok", "application/json", `{"table":"t1","seat":2,"name":"Ana"}`, http.StatusAccepted, `"seq":12`},
		{"a wrong token", "Bearer nope", "application/json", `{"table":"t1","seat":2,"name":"Ana"}`, http.StatusUnauthorized, "referee token"},
		{"no token", "", "application/json", `{"table":"t1","seat":2,"name":"Ana"}`, http.StatusUnauthorized, "referee token is needed"},
		{"a form post", "Bearer tok", "application/x-www-form-urlencoded", `{"table":"t1","seat":2,"name":"Ana"}`, http.StatusUnsupportedMediaType, "application/json"},
		{"a bad seat", "Bearer tok", "application/json", `{"table":"t1","seat":5,"name":"Ana"}`, http.StatusBadRequest, "field seat"},
		{"an unknown table", "Bearer tok", "application/json", `{"table":"t9","seat":2,"name":"Ana"}`, http.StatusNotFound, "no table"},
		{"a table without an address", "Bearer tok", "application/json", `{"table":"t2","seat":2,"name":"Ana"}`, http.StatusServiceUnavailable, "status page"},
	}
	for _, tt := range tests {
		status, body := post(tt.auth, tt.ctype, tt.body)
		if status != tt.status || !strings.Contains(body, tt.says) {
			t.Errorf("%s: %d %s, want %d saying %q", tt.what, status, body, tt.status, tt.says)
		}
		if tt.what == "the name" && (got.ctype != "application/json" || got.body["action"] != "name" || got.body["seat"] != 2.0 || got.body["name"] != "Ana") {
			t.Errorf("the table got %+v", got)
		}
	}
}

// TestConsoleUndoesAVoidedName: a name the referee voided is taken back
// (the name before it stands again), as on the results sheet (both read
// journal.Players); a refused void takes nothing back.
func TestConsoleUndoesAVoidedName(t *testing.T) {
	c := NewConsole()
	for i, r := range []string{
		`{"seq":1,"kind":"input","type":"name","source":"referee","hand":1,"seat":"S","body":{"event":{"seat":2,"action":"name","name":"Ana"},"dealer":1}}`,
		`{"seq":2,"kind":"input","type":"name","source":"referee","hand":1,"seat":"S","body":{"event":{"seat":2,"action":"name","name":"Cy"},"dealer":1}}`,
		`{"seq":3,"kind":"input","type":"name","source":"referee","hand":1,"seat":"E","body":{"event":{"seat":1,"action":"name","name":"Bo"},"dealer":1}}`,
		`{"seq":4,"kind":"void","type":"void","source":"referee","hand":1,"body":{"void":2}}`,
		`{"seq":5,"kind":"void","type":"void","source":"referee","hand":1,"body":{"void":3,"note":"input 3 is not in this hand"}}`,
		`{"seq":6,"kind":"outcome","type":"score","source":"table","hand":1,"body":{"type":"score","result":"ron","deltas":{"E":0,"S":-5200,"W":0,"N":5200},"scores":{"E":30000,"S":24800,"W":30000,"N":35200},"honba":0,"sticks":0}}`,
	} {
		c.Event(Message{Table: "t1", Seq: uint64(i + 1), Body: json.RawMessage(r)})
	}
	views, _, _ := c.Tables()
	if got := views[0].Scores; len(got) != 4 || got[0].Name != "Bo" || got[1].Name != "Ana" {
		t.Fatalf("scores %+v: want East Bo (the refused void took nothing back) and South Ana (Cy voided)", got)
	}
}
