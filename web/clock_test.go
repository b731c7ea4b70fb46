package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestClockOf: the round's clock as the page shows it, its warning
// colours at ten and five minutes and at the end.
func TestClockOf(t *testing.T) {
	for _, tc := range []struct {
		left  time.Duration
		state string
		ok    bool
		want  ClockView
	}{
		{0, "", false, ClockView{}},
		{11 * time.Minute, "running", true, ClockView{Round: true, State: "running", RemainingMS: 660000}},
		{10 * time.Minute, "running", true, ClockView{Round: true, State: "running", RemainingMS: 600000, Warn: "warn"}},
		{5 * time.Minute, "paused", true, ClockView{Round: true, State: "paused", RemainingMS: 300000, Warn: "late"}},
		{0, "over", true, ClockView{Round: true, State: "over", Warn: "over"}},
	} {
		if got := ClockOf(tc.left, tc.state, tc.ok); got != tc.want {
			t.Errorf("%v %s %v: %+v, want %+v", tc.left, tc.state, tc.ok, got, tc.want)
		}
	}
}

// TestClockEndpoint: GET /api/clock serves the table's clock; a table in
// no tournament answers no round.
func TestClockEndpoint(t *testing.T) {
	for _, tc := range []struct {
		clock func() (time.Duration, string, bool)
		want  ClockView
	}{
		{nil, ClockView{}},
		{func() (time.Duration, string, bool) { return 4 * time.Minute, "running", true }, ClockView{Round: true, State: "running", RemainingMS: 240000, Warn: "late"}},
	} {
		s := &Server{cfg: Config{Clock: tc.clock}}
		rec := httptest.NewRecorder()
		s.handleClock(rec, httptest.NewRequest("GET", "/api/clock", nil))
		var got ClockView
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got != tc.want {
			t.Errorf("GET /api/clock: %d %s, want %+v", rec.Code, rec.Body, tc.want)
		}
	}
}
