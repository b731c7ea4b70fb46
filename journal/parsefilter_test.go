package journal

import (
	"errors"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
)

// TestParseFilter: a seat in any case, by letter or name; a window ending
// at least a nanosecond in (HandTo 0 is no bound); each value no record
// can have is a *FilterError naming its field.
func TestParseFilter(t *testing.T) {
	for _, c := range []struct {
		hand, seat, at string
		want           claimlog.Filter
		field          string // the field in error; "" none
	}{
		{"", "", "", claimlog.Filter{}, ""},
		{"2", "e", "", claimlog.Filter{Hand: 2, Seat: "E"}, ""},
		{"", "S", "", claimlog.Filter{Seat: "S"}, ""},
		{"", "West", "4s..6.5s", claimlog.Filter{Seat: "W", HandFrom: 4 * time.Second, HandTo: 6500 * time.Millisecond}, ""},
		{"", "north", "0s..0s", claimlog.Filter{Seat: "N", HandTo: 1}, ""},
		{"0", "", "", claimlog.Filter{}, "hand"},
		{"two", "", "", claimlog.Filter{}, "hand"},
		{"", "X", "", claimlog.Filter{}, "seat"},
		{"", "", "6s..4s", claimlog.Filter{}, "at"},
		{"", "", "4s", claimlog.Filter{}, "at"},
		{"", "", "-1s..2s", claimlog.Filter{}, "at"},
	} {
		f := claimlog.Filter{Seat: c.seat}
		err := ParseFilter(&f, c.hand, c.at)
		var fe *FilterError
		switch {
		case c.field == "" && (err != nil || f != c.want):
			t.Errorf("hand %q seat %q at %q: %+v %v, want %+v", c.hand, c.seat, c.at, f, err, c.want)
		case c.field != "" && (!errors.As(err, &fe) || fe.Field != c.field):
			t.Errorf("hand %q seat %q at %q: %v, want an error in %s", c.hand, c.seat, c.at, err, c.field)
		}
	}
}
