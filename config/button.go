package config

import (
	"strings"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/buttons"
)

// Call is what a button calls, parsed once as the file is read: Action is
// the engine's action, ActNone for a word that is no button's call (Parse
// refuses it, naming its line); Name is the word as written.
type Call struct {
	Action engine.Action
	Name   string
}

// buttonCalls are the actions a button may make.
var buttonCalls = []engine.Action{engine.Chii, engine.Pon, engine.Kan, engine.Ron, engine.Tsumo, engine.Riichi, engine.Discard, engine.Cancel}

// CallOf is a button's call of a.
func CallOf(a engine.Action) Call { return Call{Action: a, Name: a.String()} }

// UnmarshalText reads a call; one that is not a button's is kept as
// written, for Parse to report with its line.
func (c *Call) UnmarshalText(b []byte) error {
	c.Name, c.Action = string(b), engine.ActNone
	if a, err := engine.ParseAction(c.Name); err == nil {
		for _, ok := range buttonCalls {
			if a == ok {
				c.Action = a
			}
		}
	}
	return nil
}

// MarshalText writes the call as written.
func (c Call) MarshalText() ([]byte, error) { return []byte(c.Name), nil }

// String is the call as written ("pon").
func (c Call) String() string { return c.Name }

// callWords lists the button calls for an error message.
func callWords() string {
	w := make([]string, len(buttonCalls))
	for i, a := range buttonCalls {
		w[i] = a.String()
	}
	return strings.Join(w, ", ")
}

// Pin is where a button is wired, parsed once as the file is read: a host
// GPIO by the board's name ("GPIO17"), or a pin of an [[expander]]
// ("mcp0.A3": Expander "mcp0", ExpanderPin 3).
type Pin struct {
	// Name is the pin as written; "" for a button on the serial link.
	Name string
	// Expander names the expander of an expander pin, "" for a host GPIO;
	// ExpanderPin is its pin, 0..15 for A0..B7.
	Expander    string
	ExpanderPin int
	// bad is why an expander pin does not parse (Parse reports it).
	bad error
}

// UnmarshalText reads a pin name; an expander pin that is not A0..B7 is
// kept as written, for Parse to report with its line.
func (p *Pin) UnmarshalText(b []byte) error {
	*p = Pin{Name: string(b)}
	if name, pin, ok := strings.Cut(p.Name, "."); ok {
		p.Expander = name
		p.ExpanderPin, p.bad = buttons.ParsePinName(pin)
	}
	return nil
}

// MarshalText writes the pin as written.
func (p Pin) MarshalText() ([]byte, error) { return []byte(p.Name), nil }

// String is the pin as written.
func (p Pin) String() string { return p.Name }
