package main

import (
	"testing"

	"github.com/tabled/tabled/display/show"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestPairingCode: a real table has a code, shown on its panels from the
// start; a simulated one has none unless --pair; a game's end draws a new
// code (the next game's players pair afresh), after the outcome lines the
// Driver's Each printed before.
func TestPairingCode(t *testing.T) {
	for _, tt := range []struct {
		o    runOptions
		code bool
	}{{runOptions{}, true}, {runOptions{sim: true}, false}, {runOptions{sim: true, pair: true}, true}} {
		var printed int
		d := &show.Driver{Each: func(table.Update) { printed++ }}
		pc, err := pairingCode(tt.o, d, t.Logf)
		if err != nil {
			t.Fatal(err)
		}
		if (pc != nil) != tt.code {
			t.Fatalf("%+v: code %v, want %v", tt.o, pc != nil, tt.code)
		}
		if pc == nil {
			continue
		}
		first := pc.Current()
		d.Each(table.Update{Entries: []table.Entry{{Outcome: &engine.Outcome{Kind: engine.KindDeal}}}})
		if pc.Current() != first || printed != 1 {
			t.Fatalf("a deal changed the code (%s, %s) or was not printed (%d)", first, pc.Current(), printed)
		}
		d.Each(table.Update{Entries: []table.Entry{{Outcome: &engine.Outcome{Kind: engine.KindGameEnd}}}})
		if pc.Current() == first || printed != 2 {
			t.Fatalf("the game's end kept the code %s (printed %d)", first, printed)
		}
	}
}
