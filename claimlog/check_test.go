package claimlog

import (
	"errors"
	"slices"
	"testing"
)

// TestFilterCheck: a filter value no record can have is a *FilterError
// naming the field, the value and what it accepts; every kind, type,
// source and seat of the golden log passes.
func TestFilterCheck(t *testing.T) {
	for _, c := range []struct {
		f     Filter
		field string
	}{
		{Filter{}, ""},
		{Filter{Kind: "outcome", Type: "pon", Seat: "S", Source: "serial", Hand: 2}, ""},
		{Filter{Type: "reboot"}, ""},
		{Filter{Type: "link-back"}, ""},
		{Filter{Type: "hand_end"}, ""},
		{Filter{Kind: "outcom"}, "kind"},
		{Filter{Type: "pong"}, "type"},
		{Filter{Seat: "s"}, "seat"},
		{Filter{Source: "keyboard"}, "source"},
		{Filter{Hand: -1}, "hand"},
	} {
		err := c.f.Check()
		var fe *FilterError
		if c.field == "" && err != nil || c.field != "" && (!errors.As(err, &fe) || fe.Field != c.field || fe.Accepts == "") {
			t.Errorf("%+v: %v, want an error on %q", c.f, err, c.field)
		}
	}
	err := Read("testdata/golden", Filter{}, func(r Record) error {
		if !slices.Contains(Kinds, r.Kind) || !slices.Contains(Types, r.Type) || !slices.Contains(Sources, r.Source) || r.Seat != "" && !slices.Contains(Seats, r.Seat) {
			t.Errorf("record %d (%s %s from %s, seat %q) would not pass a filter on its own values", r.Seq, r.Kind, r.Type, r.Source, r.Seat)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
