package script

import (
	"errors"
	"reflect"
	"testing"
)

// TestParseCommandAnyCase: the simulated table's terminal takes commands in
// any case, and "help".
func TestParseCommandAnyCase(t *testing.T) {
	for _, c := range []struct {
		line, same string
		err        error
	}{
		{"e pon", "E pon", nil},
		{"S DISCARD 3P", "S discard 3p", nil},
		{"w Chii 46P", "W chii 46p", nil},
		{"Dora 4M", "dora 4m", nil},
		{"NewHand Dealer 1", "newhand dealer 1", nil},
		{"east ron", "E ron", nil},
		{"W VALUE 3 40", "W value 3 40", nil},
		{"w value MANGAN", "W value mangan", nil},
		{"w value Yakuman PAO n", "W value yakuman pao N", nil},
		{"S NAME Ana Lopes", "S name Ana Lopes", nil},
		{"help", "", ErrHelp},
		{"  HELP ", "", ErrHelp},
		{"?", "", ErrHelp},
	} {
		got, err := ParseCommand(c.line)
		if !errors.Is(err, c.err) {
			t.Errorf("%q: error %v, want %v", c.line, err, c.err)
			continue
		}
		if c.err != nil {
			continue
		}
		want, err := ParseCommand(c.same)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q reads %+v, want %+v (%v)", c.line, got, want, err)
		}
	}
	// A name keeps its case.
	if st, err := ParseCommand("s name Ana de la Peña"); err != nil || st.Name != "Ana de la Peña" {
		t.Errorf("a name: %+v %v", st, err)
	}
	if _, err := ParseCommand("x pon"); err == nil || errors.Is(err, ErrHelp) {
		t.Errorf("x pon: %v", err)
	}
}
