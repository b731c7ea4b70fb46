package script

import (
	"errors"
	"reflect"
	"strings"
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
	if _, err := ParseCommand("x pon"); err == nil || errors.Is(err, ErrHelp) {
		t.Errorf("x pon: %v", err)
	}
	if !strings.Contains(CommandHelp, "newhand") || !strings.Contains(CommandHelp, seatActions) {
		t.Errorf("help lists not every command:\n%s", CommandHelp)
	}
}
