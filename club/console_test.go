package club

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

func TestConsoleAlerts(t *testing.T) {
	c := NewConsole()
	c.Event(Message{Table: "t1", Seq: 1, Body: json.RawMessage(`{"seq":1,"kind":"outcome","type":"decision","body":{"type":"decision","reason":"PON East: the only claim"}}`)})
	c.Event(Message{Table: "t1", Seq: 2, Body: json.RawMessage(`{"seq":2,"kind":"outcome","type":"decision","body":{"type":"decision","reason":"RON West overrides PON East","overrides":1}}`)})
	c.Event(Message{Table: "t2", Seq: 7, Body: json.RawMessage(`{"seq":7,"kind":"outcome","type":"decision","body":{"type":"decision","reason":"PON West: the only claim (late)","late":true}}`)})
	c.Event(Message{Table: "t2", Seq: 8, Body: json.RawMessage(`not json`)})
	c.Event(Message{Table: "t4", Seq: 3, Body: json.RawMessage(`{"seq":3,"kind":"outcome","type":"decision","body":{"type":"decision","reason":"KAN East: the only claim"}}`)})
	c.Event(Message{Table: "t4", Seq: 4, Body: json.RawMessage(`{"seq":4,"kind":"input","type":"discard","body":{"event":{}}}`)})
	c.Status(Status{Table: "t3", Online: false, URL: "http://t3.local:8080/"})
	ts, _, _ := c.Tables()
	if len(ts) != 4 || ts[3].Decision != "KAN East: the only claim" || ts[0].Decision != "RON West overrides PON East" || len(ts[0].Alerts) != 1 || ts[0].Alerts[0].Kind != "override" {
		t.Fatalf("t1: %+v", ts[0])
	}
	if ts[1].Seq != 8 || len(ts[1].Alerts) != 1 || ts[1].Alerts[0].Kind != "late" {
		t.Fatalf("t2: %+v", ts[1])
	}
	if ts[2].Online || ts[2].URL != "http://t3.local:8080/" {
		t.Fatalf("t3 should be offline: %+v", ts[2])
	}
	srv := httptest.NewServer(c.Handler())
	defer srv.Close()
	r, err := http.Get(srv.URL + "/api/tables")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var got []TableView
	if err := json.NewDecoder(r.Body).Decode(&got); err != nil || len(got) != 4 {
		t.Fatalf("%v %+v", err, got)
	}
	r2, _ := http.Get(srv.URL + "/")
	if r2.StatusCode != 200 {
		t.Fatal(r2.Status)
	}
	r2.Body.Close()
}

// TestConsoleDeal: a deal line shows which hand a table plays, and clears
// the previous hand's decision.
func TestConsoleDeal(t *testing.T) {
	c := NewConsole()
	c.Event(Message{Table: "t1", Seq: 1, Body: json.RawMessage(`{"seq":1,"kind":"outcome","type":"decision","body":{"type":"decision","reason":"RON West: the only claim"}}`)})
	c.Event(Message{Table: "t1", Seq: 2, Body: json.RawMessage(`{"seq":2,"kind":"outcome","type":"deal","body":{"type":"deal","at_ms":9000,"round_wind":"E","hand":2,"honba":1,"riichi_sticks":1,"dealer_seat":1}}`)})
	views, _, _ := c.Tables()
	if len(views) != 1 || views[0].Deal != "East 2, 1 honba, 1 riichi sticks; seat 1 deals" || views[0].Decision != "" {
		t.Fatalf("after a deal: %+v", views)
	}
}

// TestConsoleAlertsAckAndAge: alert notes, referee actions and voids are
// listed with the table's time of them until acknowledged (over HTTP); the
// discards of the hand are counted; the age of the last event grows while
// a table is silent.
func TestConsoleAlertsAckAndAge(t *testing.T) {
	now := time.Date(2025, 5, 3, 14, 0, 0, 0, time.UTC)
	c := NewConsole()
	c.Now = func() time.Time { return now }
	wall := "2025-05-03T13:59:58Z"
	for i, body := range []string{
		`{"seq":1,"kind":"input","type":"discard","source":"gpio","hand":1,"seat":"E","wall":"` + wall + `","body":{"event":{"tile":"3p"}}}`,
		`{"seq":2,"kind":"note","type":"reboot","source":"table","hand":1,"wall":"` + wall + `","body":{"note":"seat controller 1 rebooted"}}`,
		`{"seq":3,"kind":"input","type":"deadhand","source":"referee","hand":1,"seat":"S","wall":"` + wall + `","body":{"event":{}}}`,
		`{"seq":4,"kind":"void","type":"void","source":"referee","hand":1,"wall":"` + wall + `","body":{"void":1}}`,
		`{"seq":5,"kind":"note","type":"session","source":"table","wall":"` + wall + `","body":{"note":"not an alert"}}`,
		`{"seq":6,"kind":"input","type":"discard","source":"gpio","hand":1,"seat":"S","wall":"` + wall + `","body":{"event":{"tile":"4p"}}}`,
	} {
		c.Event(Message{Table: "t1", Seq: uint64(i + 1), Body: json.RawMessage(body)})
	}
	now = now.Add(90 * time.Second)
	ts, _, _ := c.Tables()
	v := ts[0]
	var got []string
	for _, a := range v.Alerts {
		got = append(got, fmt.Sprintf("%d %s %s %s", a.Seq, a.Kind, a.Wall.Format("15:04:05"), a.Text))
	}
	want := []string{"2 reboot 13:59:58 REBOOT: seat controller 1 rebooted", "3 referee 13:59:58 referee: dead hand for South", "4 referee 13:59:58 referee voided input #1"}
	if !slices.Equal(got, want) || v.Discards != 2 || v.Hand != 1 || v.AgeSeconds != 90 || v.Last != "South discarded" {
		t.Fatalf("view %+v\nalerts %q", v, got)
	}
	srv := httptest.NewServer(c.Handler())
	defer srv.Close()
	for _, tc := range []struct {
		body string
		code int
	}{{`{"table":"t1","seq":2}`, http.StatusNoContent}, {`{"table":"t1","seq":2}`, http.StatusNotFound}, {`{"table":"t1"}`, http.StatusBadRequest}} {
		r, err := http.Post(srv.URL+"/api/ack", "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != tc.code {
			t.Errorf("ack %s: %s, want %d", tc.body, r.Status, tc.code)
		}
	}
	if ts, _, _ := c.Tables(); len(ts[0].Alerts) != 2 || ts[0].Alerts[0].Seq != 3 {
		t.Fatalf("after the ack: %+v", ts[0].Alerts)
	}
}

// streamRecorder is a ResponseWriter for an event stream that a test reads
// while the handler writes: it counts the views sent.
type streamRecorder struct {
	mu     sync.Mutex
	header http.Header
	body   strings.Builder
}

func (s *streamRecorder) Header() http.Header { return s.header }
func (s *streamRecorder) WriteHeader(int)     {}
func (s *streamRecorder) Flush()              {}

func (s *streamRecorder) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.body.Write(b)
}

func (s *streamRecorder) views() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Count(s.body.String(), "\ndata: ")
}

// TestConsoleStreamCoalescesAndEndsAtOnce: in a synctest bubble, a burst of
// changes reaches a console as at most ten views a second, and a console
// that leaves during the pause between views ends its stream at once.
func TestConsoleStreamCoalescesAndEndsAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := NewConsole()
		ctx, leave := context.WithCancel(t.Context())
		w := &streamRecorder{header: http.Header{}}
		ended := make(chan time.Time)
		go func() {
			c.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/api/stream", nil).WithContext(ctx))
			ended <- time.Now()
		}()
		synctest.Wait()
		if n := w.views(); n != 1 {
			t.Fatalf("%d views on connecting, want 1", n)
		}
		for i := range 100 { // a change every 10 ms for a second
			c.Status(Status{Table: "t1", Online: i%2 == 0})
			time.Sleep(10 * time.Millisecond)
		}
		synctest.Wait()
		if n := w.views(); n < 2 || n > 1+11 {
			t.Fatalf("%d views for a second of changes, want at most ten a second", n)
		}
		c.Status(Status{Table: "t1", Online: true})
		synctest.Wait() // the view is sent; the stream pauses before the next
		left := time.Now()
		leave()
		if at := <-ended; at != left {
			t.Fatalf("the stream ended %v after the console left", at.Sub(left))
		}
	})
}
