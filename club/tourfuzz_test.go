package club

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// tourRoutes are the tournament's routes that take a body.
var tourRoutes = []string{"options", "player", "players/import", "substitute", "seat", "clock",
	"result", "correct", "confirm", "swap", "penalty", "withdraw"}

// FuzzTournamentBodies: any body on any of the tournament's routes is
// taken or refused with a 4xx saying why; never a panic or a 5xx.
func FuzzTournamentBodies(f *testing.F) {
	g := newTourRig(f, f.TempDir())
	g.must("/api/tournament/options", `{"by":"R","options":{"name":"F","rounds":2,"round_minutes":5,"tables":["t1","t2"],"book":"ema2016"}}`)
	g.must("/api/tournament/players/import", `{"by":"R","csv":"name\nA\nB\nC\nD\nE\nF\nG\nH\n"}`)
	g.must("/api/tournament/seat", `{"by":"R","from":1}`)
	for i, body := range []string{
		`{"by":"R","options":{"rounds":2,"round_minutes":5,"tables":["t1","t2"],"book":"ema2016","hide_last":1}}`,
		`{"by":"R","player":{"number":2,"name":"Bea","ema":"123","cards":["04ab"]}}`,
		`{"by":"R","csv":"number,name\n1,Al\n"}`,
		`{"by":"R","why":"ill","out":1,"in":9,"from":2}`,
		`{"by":"R","from":2,"seed":3}`,
		`{"by":"R","round":1,"action":"start"}`,
		`{"by":"R","why":"broken","round":1,"table":"t1","points":[40000,30000,30000,20000],"sticks":0}`,
		`{"by":"R","why":"x","round":1,"table":"t1","points":[40000,30000,30000,20000]}`,
		`{"by":"R","round":1,"table":"t1","player":0}`,
		`{"by":"R","why":"seats","round":1,"a":1,"b":2}`,
		`{"by":"R","why":"late","player":1,"amount":1000,"round":1}`,
		`{"by":"R","why":"mistake","seq":14}`,
	} {
		f.Add(uint8(i), []byte(body))
	}
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		path := "/api/tournament/" + tourRoutes[int(route)%len(tourRoutes)]
		r := httptest.NewRequest("POST", path, strings.NewReader(string(body)))
		r.Host = "localhost"
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		g.h.ServeHTTP(w, r)
		g.tour.Wait()
		if w.Code >= 500 || w.Code != 200 && !strings.Contains(w.Body.String(), `"error"`) {
			t.Fatalf("POST %s %q: %d %s", path, body, w.Code, w.Body)
		}
	})
}

// FuzzReadPlayers: any CSV is read as players or refused with an error
// naming its line; what is read is a player the tournament takes.
func FuzzReadPlayers(f *testing.F) {
	f.Add("number,name,ema,country,club,reserve,cards\n1,Ana,10000001,ES,Club,,04aa 04bb\n,Sub,,,,yes,\n")
	f.Add("\ufeffName;EMA\n\"a,b\",1\n")
	f.Fuzz(func(t *testing.T, s string) {
		players, err := ReadPlayers(strings.NewReader(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "players CSV: line ") {
				t.Fatalf("error %q does not say the line", err)
			}
			return
		}
		for _, p := range players {
			if strings.TrimSpace(p.Name) == "" {
				t.Fatalf("a player without a name: %+v", p)
			}
		}
	})
}
