package table

import (
	"cmp"
	"math/rand"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

// randomGame makes a busy stream of presses with arrival jitter: some
// arrive after later-stamped ones, some after the table has decided past
// their stamps.
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
		delay := time.Duration(r.Intn(60)) * time.Millisecond
		if r.Intn(20) == 0 {
			delay = time.Duration(r.Intn(3000)) * time.Millisecond // an outage, a retransmission past the bound
		}
		arrivals = append(arrivals, at+delay)
	}
	return stamps, arrivals
}

// TestReplayReproducesEveryDecision: whatever order inputs arrive in, and
// whatever presses the referee voids, the journal of a table replays to
// exactly the outcomes it journaled; and once everything has arrived, the
// table stands exactly where the inputs in stamp order put it: every input
// is decided at its stamp, however late it came.
//
// It is played with the score kept (a void re-decides and withdraws what
// the voided input decided) and without (a log from before the score).
func TestReplayReproducesEveryDecision(t *testing.T) {
	noScore := engine.EMA2016
	noScore.Score = nil
	for _, p := range []engine.Profile{engine.EMA2016, noScore} {
		replayReproducesEveryDecision(t, p)
	}
}

func replayReproducesEveryDecision(t *testing.T, p engine.Profile) {
	for seed := int64(1); seed <= seeds(); seed++ {
		c, j := playWithVoids(t, p, seed)
		if err := Verify(p, 0, j.entries); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// Event time: the same state as the inputs applied in stamp order.
		want, _, _, _ := c.rebuild(c.eng.Now(), noOutcomes)
		if got := c.eng.State(); !reflect.DeepEqual(got, want.State()) {
			t.Fatalf("seed %d: the table's state differs from the inputs in stamp order:\n got %+v\nwant %+v", seed, got, want.State())
		}
		// A tampered journal is caught.
		for i := range j.entries {
			if o := j.entries[i].Outcome; o != nil && o.Kind == engine.KindDecision {
				o.Reason += " (edited)"
				if Verify(p, 0, j.entries) == nil {
					t.Fatalf("seed %d: an edited decision passed verification", seed)
				}
				break
			}
		}
	}
}

// playWithVoids plays seed's random game of 300 inputs through a core:
// delivered in arrival order, the clock stepped as a running table steps
// it, with the horizon 30 ms behind, and now and then the referee voids a
// press, sometimes one already void. It returns the core and its journal.
func playWithVoids(t testing.TB, p engine.Profile, seed int64) (*core, *memJournal) {
	r := rand.New(rand.NewSource(seed))
	evs, arrivals := randomGame(r, 300)
	order := make([]int, len(evs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(arrivals[a], arrivals[b]) })
	j := &memJournal{}
	c, err := newCore(p, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	last := arrivals[order[len(order)-1]]
	for now := time.Duration(0); next < len(evs) || now < last+10*time.Second; now += 10 * time.Millisecond {
		var es []Entry
		for next < len(order) && arrivals[order[next]] <= now {
			es = append(es, c.receive(evs[order[next]]))
			next++
		}
		if r.Intn(200) == 0 && len(c.inputs) > 0 {
			es = c.voidEntries(c.inputs[r.Intn(len(c.inputs))].Seq, es)
		}
		es = append(es, c.process(now-30*time.Millisecond)...)
		j.Append(es)
	}
	return c, j
}

// seeds is how many random games the property test plays: 200 (20 with
// -short, 2 under the race detector), or TABLED_REPLAY_SEEDS. Under the
// race detector a game costs ten times as much and finds nothing more:
// 20 games there took over two minutes of the package's ten on an idle
// CI machine, and past ten on a busy one. .ci/run plays 50 without it.
func seeds() int64 {
	if n, err := strconv.ParseInt(os.Getenv("TABLED_REPLAY_SEEDS"), 10, 64); err == nil && n > 0 {
		return n
	}
	switch {
	case raceEnabled:
		return 2
	case testing.Short():
		return 20
	}
	return 200
}
