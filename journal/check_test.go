package journal

import (
	"errors"
	"slices"
	"testing"

	"github.com/tabled/tabled/claimlog"
)

// TestFilterCheck: a filter value no record can have is a *FilterError
// naming the field, the value and what it accepts; every kind, type,
// source and seat of the golden log passes.
func TestFilterCheck(t *testing.T) {
	for _, c := range []struct {
		f     claimlog.Filter
		field string
	}{
		{claimlog.Filter{}, ""},
		{claimlog.Filter{Kind: "outcome", Type: "pon", Seat: "S", Source: "serial", Hand: 2}, ""},
		{claimlog.Filter{Type: "reboot"}, ""},
		{claimlog.Filter{Type: "link-back"}, ""},
		{claimlog.Filter{Type: "hand_end"}, ""},
		{claimlog.Filter{Kind: "outcom"}, "kind"},
		{claimlog.Filter{Type: "pong"}, "type"},
		{claimlog.Filter{Seat: "s"}, "seat"},
		{claimlog.Filter{Source: "keyboard"}, "source"},
		{claimlog.Filter{Hand: -1}, "hand"},
	} {
		err := CheckFilter(c.f)
		var fe *FilterError
		if c.field == "" && err != nil || c.field != "" && (!errors.As(err, &fe) || fe.Field != c.field || fe.Accepts == "") {
			t.Errorf("%+v: %v, want an error on %q", c.f, err, c.field)
		}
	}
	err := claimlog.Read("../claimlog/testdata/golden", claimlog.Filter{}, func(r claimlog.Record) error {
		if !slices.Contains(Kinds, r.Kind) || !slices.Contains(Types, r.Type) || !slices.Contains(Sources, r.Source) || r.Seat != "" && !slices.Contains(Seats, r.Seat) {
			t.Errorf("record %d (%s %s from %s, seat %q) would not pass a filter on its own values", r.Seq, r.Kind, r.Type, r.Source, r.Seat)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
