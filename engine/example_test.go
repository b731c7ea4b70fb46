package engine_test

import (
	"fmt"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// A discard, two claims on it a few milliseconds apart and the window
// closing: the engine decides at the claims' stamps, never at the time
// they arrive, and says why each lost (in the catalog's English, which the
// table gives every engine it makes: outcome.EnglishReason).
func ExampleEngine_Apply() {
	p, err := engine.ProfileByName("ema2016")
	if err != nil {
		panic(err)
	}
	e, err := engine.New(p, engine.Seat(0)) // seat 0 deals: it is East
	if err != nil {
		panic(err)
	}
	e.SetWords(outcome.EnglishReason)
	ms := time.Millisecond
	var out []engine.Outcome
	for _, ev := range []engine.Event{
		{At: 0, Seat: 0, Action: engine.Discard, Tile: engine.MustTile("5p"), Source: engine.SourceGPIO},
		{At: 40 * ms, Seat: 1, Action: engine.Chii, Source: engine.SourceGPIO},
		{At: 90 * ms, Seat: 3, Action: engine.Pon, Source: engine.SourceGPIO},
	} {
		if out, err = e.Apply(ev, out); err != nil {
			panic(err)
		}
	}
	out = e.Advance(2*time.Second, out)
	for _, o := range out {
		fmt.Println(o.Kind, o.Code, "-", o.Reason)
		for _, l := range o.Lost {
			fmt.Printf("  %s %s lost (%s): %s\n", l.Seat.Wind(o.Dealer), l.Call, l.Code, l.Why)
		}
	}
	fmt.Println("next to discard:", e.State().Turn.Wind(0))
	// Output:
	// decision beats - PON North beats CHII South
	//   South chii lost (call_over_chii): called within 250 ms of each other, pon beats chii
	// next to discard: North
}

// Advance closes the windows that are due: nothing is decided while a
// claim's window is open, and a claim alone wins once it is over.
func ExampleEngine_Advance() {
	e, err := engine.New(engine.EMA2016, 0)
	if err != nil {
		panic(err)
	}
	e.SetWords(outcome.EnglishReason)
	out, err := e.Apply(engine.Event{At: 0, Seat: 0, Action: engine.Discard, Tile: engine.MustTile("7z")}, nil)
	if err != nil {
		panic(err)
	}
	out, err = e.Apply(engine.Event{At: 100 * time.Millisecond, Seat: 2, Action: engine.Pon}, out)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(out), "outcomes before the window closes")
	for _, o := range e.Advance(5*time.Second, nil) {
		fmt.Println(o.Kind, o.Code, "-", o.Reason)
	}
	// Output:
	// 0 outcomes before the window closes
	// decision only_claim - PON West: the only claim
}
