package club

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestConsoleAlerts(t *testing.T) {
	c := NewConsole()
	c.Event(Message{Table: "t1", Seq: 1, Body: json.RawMessage(`{"outcome":{"type":"decision","reason":"PON East: the only claim"}}`)})
	c.Event(Message{Table: "t1", Seq: 2, Body: json.RawMessage(`{"type":"decision","reason":"RON West overrides PON East","overrides":1}`)})
	c.Event(Message{Table: "t2", Seq: 7, Body: json.RawMessage(`{"outcome":{"type":"decision","reason":"PON West: the only claim (late)","late":true}}`)})
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
	c.Event(Message{Table: "t1", Seq: 1, Body: json.RawMessage(`{"type":"decision","reason":"RON West: the only claim"}`)})
	c.Event(Message{Table: "t1", Seq: 2, Body: json.RawMessage(`{"type":"deal","at_ms":9000,"round_wind":"E","hand":2,"honba":1,"riichi_sticks":1,"dealer_seat":1}`)})
	views, _, _ := c.Tables()
	if len(views) != 1 || views[0].Deal != "E2, 1 honba, 1 riichi sticks, seat 1 deals" || views[0].Decision != "" {
		t.Fatalf("after a deal: %+v", views)
	}
}
