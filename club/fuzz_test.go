package club

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/paho"
)

// FuzzReplayAsked: a table takes any payload on any topic as a watcher's
// replay ask without panicking, and takes it exactly when it is a Replay
// from a record (From > 0) on its replay topic; the ask taken is the one
// the payload says, and a Replay written again reads the same.
func FuzzReplayAsked(f *testing.F) {
	for _, seed := range []struct {
		topic   string
		payload string
	}{
		{"tabled/t1/replay", `{"from":1,"by":"tabled-console-1"}`},
		{"tabled/t1/replay", `{"from":18446744073709551615}`},
		{"tabled/t1/replay", `{"from":0,"by":"x"}`},
		{"tabled/t1/replay", `{"from":-1}`},
		{"tabled/t1/replay", `{"from":"7"}`},
		{"tabled/t1/replay", `{"from":3,"by":"` + strings.Repeat("é", 100) + `"}`},
		{"tabled/t1/events", `{"from":3}`},
		{"tabled//replay", `{"from":3}`},
		{"tabled/t1/replay", `null`},
		{"tabled/t1/replay", ``},
	} {
		f.Add(seed.topic, []byte(seed.payload))
	}
	at := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, topic string, payload []byte) {
		p := &Publisher{wake: make(chan struct{}, 1), replay: newReplayer(func() time.Time { return at })}
		ok, err := p.replayAsked(paho.PublishReceived{Packet: &paho.Publish{Topic: topic, Payload: payload}})
		if err != nil {
			t.Fatalf("replayAsked: %v", err)
		}
		var r Replay
		_, kind, topicOK := tableOf(topic)
		want := topicOK && kind == "replay" && json.Unmarshal(payload, &r) == nil && r.From != 0
		if ok != want {
			t.Fatalf("topic %q payload %q: taken %v, want %v", topic, payload, ok, want)
		}
		if !ok {
			return
		}
		if p.replay.want != r.From || len(p.replay.asked) != 1 {
			t.Fatalf("ask from %d by %q: the replay wants %d, %d requesters", r.From, r.By, p.replay.want, len(p.replay.asked))
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var again Replay
		if err := json.Unmarshal(b, &again); err != nil || again.From != r.From {
			t.Fatalf("%+v written as %s reads %+v, %v", r, b, again, err)
		}
	})
}

// FuzzConsolePost: the console's POST bodies (/api/ack, /api/name) never
// make it panic or answer 500: a body that is not the request is a 400
// saying what is wanted; a well-formed one is taken (an ack of an alert
// it has) or refused for what it names (no such alert or table, a table
// without an address), and sends nothing anywhere.
func FuzzConsolePost(f *testing.F) {
	for _, seed := range []string{
		`{"table":"t1","seq":1}`,
		fmt.Sprintf(`{"table":"t1","seq":%d}`, warnSeq+1),
		`{"table":"","seq":1}`,
		`{"table":"t1","seq":-1}`,
		`{"table":"t1","seat":2,"name":"Ana"}`,
		`{"table":"t1","seat":9,"name":"Ana"}`,
		`{"table":"t9","seat":0,"name":""}`,
		`{"table":"t1","seat":0,"name":"Ana","extra":1}`,
		`{"table":"t1","seat":1.5}`,
		`[]`, `null`, ``, `{`, strings.Repeat(`{"a":`, 300),
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		c := NewConsole()
		c.Status(Status{Table: "t1", Online: true}) // no status page: a name cannot go on
		c.Warn("t1", "test", "an alert to acknowledge")
		h := c.Handler()
		for _, path := range []string{"/api/ack", "/api/name"} {
			req := httptest.NewRequest("POST", path, strings.NewReader(string(body)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer tok")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			switch rec.Code {
			case http.StatusNoContent, http.StatusBadRequest, http.StatusNotFound, http.StatusServiceUnavailable:
			default:
				t.Fatalf("POST %s %q: %d %s", path, body, rec.Code, rec.Body)
			}
			if rec.Code == http.StatusBadRequest && !strings.Contains(rec.Body.String(), `table`) && !strings.Contains(rec.Body.String(), `seat`) {
				t.Errorf("POST %s %q: a 400 that does not say what is wanted: %s", path, body, rec.Body)
			}
			var name NameBody
			dec := json.NewDecoder(strings.NewReader(string(body)))
			dec.DisallowUnknownFields()
			if path == "/api/name" && dec.Decode(&name) == nil && name.Seat >= 0 && name.Seat <= 3 && len(body) <= 1024 && rec.Code == http.StatusBadRequest {
				t.Errorf("POST /api/name %q, a name for seat %d, refused: %s", body, name.Seat, rec.Body)
			}
		}
	})
}
