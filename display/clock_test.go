package display

import (
	"testing"
	"time"
)

// TestClockWords: the round's time left as the panels say it, the warning
// within the last ten minutes.
func TestClockWords(t *testing.T) {
	for _, tc := range []struct {
		left  time.Duration
		state string
		want  string
	}{
		{90 * time.Minute, "running", "time 90 min"},
		{10*time.Minute + time.Second, "running", "time 10 min"},
		{10 * time.Minute, "running", "! time 10 min"},
		{119 * time.Second, "running", "! time 1:59"},
		{42 * time.Second, "paused", "! time 0:42 (paused)"},
		{60 * time.Minute, "waiting", "time 60 min (waiting)"},
		{0, "running", "TIME UP"},
		{5 * time.Minute, "over", "TIME UP"},
	} {
		if got := ClockWords(nil, tc.left, tc.state); got != tc.want {
			t.Errorf("%v %s: %q, want %q", tc.left, tc.state, got, tc.want)
		}
	}
}
