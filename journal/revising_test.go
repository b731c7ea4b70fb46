package journal

import (
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestAnOlderReleasesRevisionsReplayAsDecided: a session whose note has no
// revising was played by a release that wrote the outcomes a re-decision
// shows again over the list it read them from; its log replays as that
// release decided, and the same records under this release's revising
// do not.
func TestAnOlderReleasesRevisionsReplayAsDecided(t *testing.T) {
	p := engine.EMA2016
	dir, w, sess := newSessionLog(t, p)
	ms := time.Millisecond
	web := func(at time.Duration, seat engine.Seat, a engine.Action) step {
		return step{clock: at + 50*ms, ev: engine.Event{At: at, Seat: seat, Action: a, Source: engine.SourceWeb}}
	}
	steps := []step{
		web(0, 0, engine.Discard), web(200*ms, 1, engine.Chii), web(time.Second, 1, engine.Discard), web(1200*ms, 3, engine.Pon),
		web(2*time.Second, 3, engine.Discard),
		// A dora read late, before both decisions: shown again after it.
		{clock: 3 * time.Second, ev: engine.Event{At: 300 * ms, Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("3m"), Source: engine.SourceWeb}},
		// A ron late in the chii's window: what it withdraws follows from
		// what the table held.
		{clock: 4 * time.Second, ev: engine.Event{At: 250 * ms, Seat: 2, Action: engine.Ron, Source: engine.SourceSerial}},
		web(5*time.Second, 0, engine.Discard),
	}
	play(t, table.Config{Profile: p, Session: sess.FirstSeq, OverwritingRevisions: true}, w, steps)
	w.Close()
	last, recs, err := LastSession(dir)
	if err != nil {
		t.Fatal(err)
	}
	older := *last
	older.Revising = 0 // as an older release's note, which had none
	if !older.Overwriting() || last.Overwriting() {
		t.Fatalf("a note without revising reads as this release's, or this release's as an older one's")
	}
	if _, err := Replay(older, recs); err != nil {
		t.Fatalf("replay of the older release's session: %v", err)
	}
	if _, err := Replay(*last, recs); err == nil {
		t.Fatalf("the same records replayed as this release re-decides: no divergence, so the test shows nothing")
	}
}
