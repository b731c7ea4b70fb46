package main

import (
	"testing"

	"github.com/tabled/tabled/display/show"
)

// TestPairingCode: a real table has a code, shown on its panels from the
// start; a simulated one has none unless --pair. (Its renewal at a game's
// end is web.PairingRenewal's, tested there.)
func TestPairingCode(t *testing.T) {
	for _, tt := range []struct {
		o    runOptions
		code bool
	}{{runOptions{}, true}, {runOptions{sim: true}, false}, {runOptions{sim: true, pair: true}, true}} {
		pc, err := pairingCode(tt.o, &show.Driver{})
		if err != nil {
			t.Fatal(err)
		}
		if (pc != nil) != tt.code {
			t.Fatalf("%+v: code %v, want %v", tt.o, pc != nil, tt.code)
		}
	}
}
