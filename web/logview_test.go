package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

func logServer(t *testing.T) *httptest.Server {
	t.Helper()
	dir := t.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		w.Append([]claimlog.Record{{Kind: claimlog.KindInput, Source: "gpio", Hand: 1 + i/3, Seat: "E", Type: "discard"}})
	}
	w.Close()
	tb, _ := table.New(table.Config{Profile: engine.EMA2016})
	srv := httptest.NewServer(New(Config{Hosts: testHosts, Table: tb, LogDir: dir}))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, u string) (int, string) {
	t.Helper()
	r, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
}

func TestLogAPIPagesAndFilters(t *testing.T) {
	srv := logServer(t)
	code, body := get(t, srv.URL+"/api/log?limit=2")
	var page struct {
		Records []claimlog.Record `json:"records"`
		Next    uint64            `json:"next"`
	}
	if json.Unmarshal([]byte(body), &page); code != 200 || len(page.Records) != 2 || page.Next != 3 {
		t.Fatalf("page 1: %d %s", code, body)
	}
	if _, body = get(t, srv.URL+"/api/log?hand=2"); !strings.Contains(body, `"seq":4`) || strings.Contains(body, `"seq":3`) {
		t.Fatalf("hand 2: %s", body)
	}
	if code, body = get(t, srv.URL+"/api/export?format=csv&hand=1"); code != 200 || strings.Count(body, "\n") != 4 {
		t.Fatalf("csv: %d %q", code, body)
	}
	for q, want := range map[string]string{"hand=x": "parameter hand", "seat=Q": "parameter seat", "from=-1": "parameter from", "at_from=soon": "parameter at_from", "limit=-3": "parameter limit",
		"hand=0": `parameter hand \"0\" is not a hand number`, "kind=outcom": `parameter kind \"outcom\" is not one of input, outcome, void, note`,
		"type=pong": `parameter type \"pong\" is not one of `, "source=keyboard": `parameter source \"keyboard\" is not one of script, gpio`} {
		if code, body := get(t, srv.URL+"/api/log?"+q); code != 400 || !strings.Contains(body, want) {
			t.Errorf("%s: %d %s", q, code, body)
		}
	}
}

// FuzzLogFilter: any query gives a filter and a page size in range, or an
// error naming the parameter.
func FuzzLogFilter(f *testing.F) {
	f.Add("hand=2&seat=S&kind=outcome&from=10&limit=50&at_from=4s&at_to=6.5s")
	f.Add("limit=100000")
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		_, limit, err := logFilter(q)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "parameter ") {
				t.Fatalf("error without the parameter: %v", err)
			}
			return
		}
		if limit < 1 || limit > maxPage {
			t.Fatalf("page size %d", limit)
		}
	})
}

// FuzzSeatConcerned: the log page reads any record's body for a seat
// filter without panicking, and never shows a seat (a wind letter) a
// record the log's own reading (claimlog.Record.Concerns) says is not
// about it.
func FuzzSeatConcerned(f *testing.F) {
	for _, seed := range []struct{ kind, typ, seat, body, want string }{
		{"outcome", "decision", "N", `{"type":"decision","won":[{"seat":"N","call":"pon"}],"lost":[{"seat":"S","call":"chii"}]}`, "S"},
		{"outcome", "decision", "N", `{"lost":[{"seat":"W"},{"seat":"E"}]}`, "E"},
		{"outcome", "decision", "", `{"lost":{"seat":"W"}}`, "W"},
		{"outcome", "hand_end", "", `{"type":"hand_end","result":"ron","winners":["W"]}`, "W"},
		{"input", "pon", "S", `{"event":{"seat":1,"action":"pon"}}`, "S"},
		{"outcome", "decision", "", `[1,2]`, "E"},
		{"outcome", "decision", "", ``, "x"},
	} {
		f.Add(seed.kind, seed.typ, seed.seat, []byte(seed.body), seed.want)
	}
	f.Fuzz(func(t *testing.T, kind, typ, recSeat string, body []byte, seat string) {
		r := claimlog.Record{Seq: 1, Kind: kind, Type: typ, Seat: recSeat, Body: body}
		got := seatConcerned(r, seat)
		if recSeat == seat && !got {
			t.Fatalf("a record of seat %q is not its", seat)
		}
		wind := len(seat) == 1 && strings.Contains("ESWN", seat) // the log names seats by wind letters
		if got && wind && !r.Concerns(seat) {
			t.Fatalf("%s %s %q: shown for seat %q, which the log says it does not concern", kind, typ, body, seat)
		}
	})
}
