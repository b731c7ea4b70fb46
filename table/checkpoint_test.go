package table

import (
	"cmp"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

// TestCheckpointsDecideAsTheWholeSession: a table that re-decides late
// inputs and voids from checkpoints journals exactly what one that
// rebuilds from the session's first input journals, entry for entry, and
// its journal replays (from checkpoints too) to the same outcomes. The
// games are long, with many late presses and voids, and a checkpoint is
// left every few inputs and few are kept, so that many are made, used,
// dropped and thinned.
func TestCheckpointsDecideAsTheWholeSession(t *testing.T) {
	defer func(n, m int) { checkpointEvery, maxCheckpoints = n, m }(checkpointEvery, maxCheckpoints)
	noScore := engine.EMA2016
	noScore.Score = nil
	n := 4
	switch {
	case raceEnabled:
		n = 1 // finds nothing more there at ten times the cost (seeds)
	case testing.Short():
		n = 2
	}
	for _, p := range []engine.Profile{engine.EMA2016, noScore} {
		for seed := int64(1); seed <= int64(n); seed++ {
			// Few kept, so that they are thinned again and again.
			checkpointEvery, maxCheckpoints = int(seed), 2+2*int(seed)
			with, made := playLate(t, p, seed, false)
			without, _ := playLate(t, p, seed, true)
			if made == 0 {
				t.Fatalf("seed %d: no checkpoint was used", seed)
			}
			revisions := 0
			for i := range with {
				if with[i].Revision != nil {
					revisions++
				}
			}
			if revisions < 10 {
				t.Fatalf("seed %d: %d revisions, the game is not the one meant", seed, revisions)
			}
			if len(with) != len(without) {
				t.Fatalf("seed %d: %d entries from checkpoints, %d from the first input", seed, len(with), len(without))
			}
			for i := range with {
				if !reflect.DeepEqual(with[i], without[i]) {
					t.Fatalf("seed %d: entry %d differs:\n from checkpoints %+v\n from the start   %+v", seed, i, with[i], without[i])
				}
			}
			if err := Verify(p, 0, with); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			// A replay leaves checkpoints as it applies inputs in turn,
			// and its re-decisions start from them: it decides as one
			// that leaves none.
			fed := func(none bool) (*core, []Entry) {
				c, err := newCore(p, 0, 0)
				if err != nil {
					t.Fatal(err)
				}
				c.noCheckpoints = none
				return c, c.feed(with, true)
			}
			c, got := fed(false)
			_, want := fed(true)
			if c.fed == 0 || c.fromCheckpoint == 0 {
				t.Fatalf("seed %d: the replay applied %d inputs in turn and started %d re-decisions from a checkpoint", seed, c.fed, c.fromCheckpoint)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: a replay from checkpoints decided otherwise than one from the session's first input", seed)
			}
		}
	}
}

// playLate plays a long random game in which about one input in ten
// arrives after the table decided past its stamp and the referee now and
// then voids a press, and returns what the table journaled and how many
// rebuilds started from a checkpoint.
func playLate(t *testing.T, p engine.Profile, seed int64, noCheckpoints bool) ([]Entry, int) {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	evs, arrivals := randomGame(r, 400)
	for i := range arrivals {
		if r.Intn(10) == 0 {
			arrivals[i] = evs[i].At + time.Duration(500+r.Intn(2500))*time.Millisecond
		}
	}
	order := make([]int, len(evs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(arrivals[a], arrivals[b]) })
	c, err := newCore(p, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	c.noCheckpoints = noCheckpoints
	var journal []Entry
	next := 0
	last := arrivals[order[len(order)-1]]
	for now := time.Duration(0); next < len(evs) || now < last+10*time.Second; now += 100 * time.Millisecond {
		for next < len(order) && arrivals[order[next]] <= now {
			journal = append(journal, c.receive(evs[order[next]]))
			next++
		}
		if r.Intn(100) == 0 && len(c.inputs) > 0 {
			journal = c.voidEntries(c.inputs[r.Intn(len(c.inputs))].Seq, journal)
		}
		journal = append(journal, c.process(now-30*time.Millisecond)...)
	}
	return journal, c.fromCheckpoint
}
