package journal

import (
	"errors"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
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
		{"", "O", "", claimlog.Filter{Seat: "W"}, ""},
		{"", "ouest", "", claimlog.Filter{Seat: "W"}, ""},
		{"", "Est", "", claimlog.Filter{Seat: "E"}, ""},
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

// TestFilterErrorInEveryLanguage: a filter no record passes reads in
// English as it always did (Error) and in French (In).
func TestFilterErrorInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	var f claimlog.Filter
	f.Kind = "inptu"
	kindErr := CheckFilter(f)
	_, seatErr := ParseSeat("X")
	_, handErr := ParseHand("two")
	_, _, atErr := ParseWindow("4s")
	for _, c := range []struct {
		err    error
		en, fr string
	}{
		{kindErr, `kind "inptu" is not one of input, outcome, void, note`, "kind « inptu » n'est pas l'un de : input, outcome, void, note"},
		{seatErr, `seat "X" is not a seat: one of E, S, W, N (or East, South, West, North)`, "seat « X » n'est pas un siège : E, S, O ou N (ou Est, Sud, Ouest, Nord)"},
		{handErr, `hand "two" is not a hand number: 1, 2, ...`, "hand « two » n'est pas un numéro de main : 1, 2, ..."},
		{atErr, `at "4s" is not a time window within the hand: FROM..TO, like 4s..6.5s or 0s..1.5s`, "at « 4s » n'est pas une période de la main : DE..À, comme 4s..6.5s ou 0s..1.5s"},
	} {
		var fe *FilterError
		if !errors.As(c.err, &fe) {
			t.Fatalf("%v: not a FilterError", c.err)
		}
		if got := fe.Error(); got != c.en || fe.In(catalog.English()) != c.en {
			t.Errorf("English: %q (In %q), want %q", got, fe.In(catalog.English()), c.en)
		}
		if got := fe.In(fr); got != c.fr {
			t.Errorf("French: %q, want %q", got, c.fr)
		}
	}
}
