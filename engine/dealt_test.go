package engine

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/tabled/tabled/tile"
)

// TestResumeAtADeal: at every deal of a game, the engine made from its
// Dealt, as the log keeps it (JSON), is the engine that dealt (every field,
// the hand's own empty), and decides everything after the deal as it does.
func TestResumeAtADeal(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	random := func(n int) []Event {
		b := make([]byte, 3*n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return eventsFromBytes(b)
	}
	streams := map[string][]Event{"busy game": gameEvents(900), "random": random(1500), "random 2": random(1500)}
	for i, evs := range edgeSeeds() {
		streams[string(rune('a'+i))+" edge"] = evs
	}
	for _, p := range []Profile{EMA2016, WRC2015, EMA2008} {
		for name, evs := range streams {
			t.Run(p.Name+"/"+name, func(t *testing.T) {
				e, err := New(p, 2)
				if err != nil {
					t.Fatal(err)
				}
				deals, hands := 0, 0
				for i, ev := range evs {
					if d, ok := e.Dealt(); ok {
						deals++
						if d.Last != nil && len(d.Last.Wins) > 0 && d.Last.Wins[0].Hand != nil {
							hands++
						}
						checkResumed(t, e, d, evs[i:min(len(evs), i+150)])
					}
					e.Apply(ev, nil)
				}
				if deals == 0 {
					t.Fatal("no deal in the stream: nothing was checked")
				}
				t.Logf("%d deals, %d after a hand scored from its tiles", deals, hands)
			})
		}
	}
}

// checkResumed makes an engine from d through JSON and checks it is e and
// goes on as e does through rest.
func checkResumed(t *testing.T, e *Engine, d Dealt, rest []Event) {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back Dealt
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	got, err := Resume(e.Profile(), back)
	if err != nil {
		t.Fatalf("resume at %s: %v", b, err)
	}
	if !reflect.DeepEqual(got, e) {
		t.Fatalf("the engine resumed from %s is not the one that dealt:\n got  %+v\n want %+v", b, *got, *e)
	}
	c := e.Clone()
	var want, have []Outcome
	for _, ev := range rest {
		want, _ = c.Apply(ev, want)
		have, _ = got.Apply(ev, have)
	}
	if !reflect.DeepEqual(have, want) {
		t.Fatalf("the engine resumed at %v decided otherwise", d.Now)
	}
}

// TestResumeAtADealRefusesWhatCannotBe: a snapshot that cannot be a game's
// is an error that says what is wrong, not an engine.
func TestResumeAtADealRefusesWhatCannotBe(t *testing.T) {
	e, _ := New(EMA2016, 0)
	good, ok := e.Dealt()
	if !ok {
		t.Fatal("a new game is not at a deal")
	}
	for name, change := range map[string]func(*Dealt){
		"dealer":      func(d *Dealt) { d.Dealer = 7 },
		"hand number": func(d *Dealt) { d.HandNumber = 5 },
		"round wind":  func(d *Dealt) { d.RoundWind = 9 },
		"honba":       func(d *Dealt) { d.Honba = -1 },
		"total":       func(d *Dealt) { d.Scores[0] += 1000 },
	} {
		d := good
		change(&d)
		if _, err := Resume(EMA2016, d); err == nil {
			t.Errorf("%s: resumed from %+v", name, d)
		}
	}
	e.Apply(Event{At: 1, Action: Discard, Seat: 0, Tile: 1}, nil)
	if _, ok := e.Dealt(); ok {
		t.Error("Dealt after a discard: the hand's own state would be lost")
	}
}

// TestResumeAtADealAfterAHandScoredFromItsTiles: the last hand's score, a
// hand scored from its tiles (the scorer's yaku and fu, the ura read), is
// part of the game at the next deal, as the log keeps it.
func TestResumeAtADealAfterAHandScoredFromItsTiles(t *testing.T) {
	e := play(t, "dora 1s", "E discard 1z", "S discard 2z", "W discard 1m", "N discard 9m", "E discard 3z",
		"S riichi", "S discard 9p", "W discard 1m", "N discard 9m", "E discard 2z", "S tsumo")
	apply(t, e, Event{At: 60 * time.Second, Seat: NoSeat, Action: Dora, Tile: MustTile("3p"), Source: SourceNFC, Dealer: NoSeat})
	ts, _ := tile.ParseHand("234m 456p 789s 123s 55z")
	apply(t, e, Event{At: 62 * time.Second, Seat: 1, Action: Hand, Hand: ts, Tile: MustTile("1s"), Dealer: NoSeat})
	apply(t, e, Event{At: 63 * time.Second, Seat: NoSeat, Action: NewHand, Dealer: NoSeat})
	d, ok := e.Dealt()
	if !ok || d.Last == nil || len(d.Last.Wins) != 1 || d.Last.Wins[0].Hand == nil {
		t.Fatalf("the deal after a hand scored from its tiles: %+v, %v", d.Last, ok)
	}
	checkResumed(t, e, d, []Event{{At: 64 * time.Second, Seat: 1, Action: Discard, Tile: MustTile("5p"), Dealer: NoSeat}})
}
