package web

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// BenchmarkUpdateInALanguage is what one update costs a hub to word and
// encode (the state view and a decision's entry with a lost claim), in
// English and in French: the cost every stream would pay if each worded
// its own updates, which a hub per language pays once for all its
// streams.
func BenchmarkUpdateInALanguage(b *testing.B) {
	e, _ := engine.New(engine.EMA2016, 0)
	for i, at := range []time.Duration{0, 2 * time.Second, 5 * time.Second, 6 * time.Second} {
		if _, err := e.Apply(engine.Event{At: at, Seat: engine.Seat(i % 4), Action: engine.Discard, Dealer: engine.NoSeat}, nil); err != nil {
			b.Fatal(err)
		}
	}
	st := e.State()
	a := &engine.Args{Seat: 3, Call: engine.Pon, Lost: []engine.Called{{Seat: 1, Call: engine.Chii}}, Window: 250 * time.Millisecond}
	o := engine.Outcome{Kind: engine.KindDecision, Code: engine.CodeBeats, Claimed: engine.Claimed{Seat: 0, Tile: engine.MustTile("6s")},
		Won:  []engine.Claim{{Seat: 3, Call: engine.Pon, At: time.Second}},
		Lost: []engine.Claim{{Seat: 1, Call: engine.Chii, Code: engine.CodeCallOverChii, Why: "called within 250 ms of each other, pon beats chii", Args: a}}}
	fr, _ := catalog.Get("fr")
	for _, l := range []*catalog.Lang{catalog.English(), fr} {
		b.Run(l.Code(), func(b *testing.B) {
			w := outcome.In(l)
			for b.Loop() {
				if _, err := encodeEntry(w, table.Entry{Seq: 4, Outcome: &o}); err != nil {
					b.Fatal(err)
				}
				v := stateView(st, 4, engine.EMA2016, nil)
				reword(&v, st, l)
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
