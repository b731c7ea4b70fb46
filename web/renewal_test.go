package web

import (
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/pairing"
	"github.com/tabled/tabled/table"
)

// TestPairingRenewal: a deal keeps the pairing code; a game's end draws a
// new one (the next game's players pair afresh), which the code's
// watchers (the panels) are told of.
func TestPairingRenewal(t *testing.T) {
	pc, err := pairing.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	pc.Watch(func(code string) { shown = append(shown, code) })
	r := PairingRenewal{Code: pc, Logf: t.Logf}
	first := pc.Current()
	for _, tc := range []struct {
		kind    engine.Kind
		renewed bool
	}{{engine.KindDeal, false}, {engine.KindGameEnd, true}, {engine.KindDeal, false}} {
		before := pc.Current()
		seq := uint64(len(shown) + 10)
		if last := r.take(seq-1, []table.Entry{{Seq: seq, Outcome: &engine.Outcome{Kind: tc.kind}}}); last != seq {
			t.Errorf("%v: last seen %d, want %d", tc.kind, last, seq)
		}
		if renewed := pc.Current() != before; renewed != tc.renewed {
			t.Errorf("%v: renewed %v, want %v", tc.kind, renewed, tc.renewed)
		}
	}
	if len(shown) != 1 || shown[0] == first || shown[0] != pc.Current() {
		t.Errorf("watchers were shown %q, want the one new code %s", shown, pc.Current())
	}
}
