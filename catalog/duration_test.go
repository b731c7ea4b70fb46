package catalog

import (
	"testing"
	"time"
)

// TestDuration: English writes a duration as Go does (what logs and
// reasons have always said), French in its own form.
func TestDuration(t *testing.T) {
	fr, _ := Get("fr")
	for _, c := range []struct {
		d  time.Duration
		fr string
	}{
		{0, "0 s"},
		{250 * time.Millisecond, "250 ms"},
		{1500 * time.Microsecond, "1,5 ms"},
		{1500 * time.Millisecond, "1,5 s"},
		{3 * time.Second, "3 s"},
		{90 * time.Second, "1 min 30 s"},
		{90 * time.Minute, "1 h 30 min"}, {45 * time.Minute, "45 min"},
		{2*time.Hour + 30*time.Minute + 15*time.Second, "2 h 30 min 15 s"},
		{2 * time.Hour, "2 h 0 min"},
		{time.Minute + 500*time.Millisecond, "1 min 0,5 s"},
		{750 * time.Microsecond, "750µs"},
	} {
		if got := English().Duration(c.d); got != c.d.String() {
			t.Errorf("English %v: %q, want Go's %q", c.d, got, c.d.String())
		}
		if got := fr.Duration(c.d); got != c.fr {
			t.Errorf("French %v: %q, want %q", c.d, got, c.fr)
		}
	}
}
