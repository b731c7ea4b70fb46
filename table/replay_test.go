package table

import (
	"math/rand"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

// randomGame makes a busy stream of presses with arrival jitter: some
// arrive after later-stamped ones, some later than the latency allows.
func randomGame(r *rand.Rand, n int) (stamps []engine.Event, arrivals []time.Duration) {
	at := time.Duration(0)
	actions := []engine.Action{engine.Discard, engine.Discard, engine.Chii, engine.Pon, engine.Kan, engine.Ron, engine.Tsumo, engine.Riichi, engine.Cancel, engine.Dora, engine.NewHand}
	for i := 0; i < n; i++ {
		at += time.Duration(r.Intn(2000)) * time.Millisecond
		a := actions[r.Intn(len(actions))]
		ev := engine.Event{At: at, Seat: engine.Seat(r.Intn(4)), Action: a, Tile: engine.Tile(1 + r.Intn(34)), Dealer: engine.NoSeat}
		if a == engine.Dora || a == engine.NewHand {
			ev.Seat = engine.NoSeat
		}
		stamps = append(stamps, ev)
		arrivals = append(arrivals, at+time.Duration(r.Intn(60))*time.Millisecond)
	}
	return stamps, arrivals
}

// TestReplayReproducesEveryDecision: whatever order inputs arrive in, and
// whatever presses the referee voids, the journal of a table replays to
// exactly the outcomes it journaled.
func TestReplayReproducesEveryDecision(t *testing.T) {
	for seed := int64(1); seed <= 200; seed++ {
		r := rand.New(rand.NewSource(seed))
		evs, arrivals := randomGame(r, 300)
		j := &memJournal{}
		c, err := newCore(engine.EMA2016, 0, 30*time.Millisecond, j, 0)
		if err != nil {
			t.Fatal(err)
		}
		// Deliver in arrival order, stepping the clock as a running table would.
		next := 0
		for now := time.Duration(0); next < len(evs) || now < evs[len(evs)-1].At+10*time.Second; now += 10 * time.Millisecond {
			for next < len(evs) && arrivals[next] <= now {
				c.submit(evs[next])
				next++
			}
			if r.Intn(200) == 0 && len(c.inputs) > 0 {
				// The referee voids a press, sometimes one already void.
				c.voids = append(c.voids, c.inputs[r.Intn(len(c.inputs))].Seq)
			}
			if _, err := c.step(now); err != nil {
				t.Fatal(err)
			}
		}
		if err := Verify(engine.EMA2016, 0, j.entries); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// A tampered journal is caught.
		for i := range j.entries {
			if o := j.entries[i].Outcome; o != nil && o.Kind == engine.KindDecision {
				o.Reason += " (edited)"
				if Verify(engine.EMA2016, 0, j.entries) == nil {
					t.Fatalf("seed %d: an edited decision passed verification", seed)
				}
				break
			}
		}
	}
}
