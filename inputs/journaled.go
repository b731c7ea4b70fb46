package inputs

import (
	"sync"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// journaledFrames remembers the latest controller inputs that reached the
// claim log, by the controller's own stamp, so that a frame journaled just
// before a crash but never acknowledged, which the controller therefore
// sends again to the next run, is acknowledged without becoming a second
// input. It is seeded from the session the daemon resumes.
type journaledFrames struct {
	mu   sync.Mutex
	keys map[frameKey]bool
	ring []frameKey
	next int
}

// frameKey is what tells one controller input from another: its stamp on
// the controller's clock (microseconds since its boot) and what it was.
type frameKey struct {
	device uint64
	seat   engine.Seat
	action engine.Action
	tile   engine.Tile
}

// journaledMemory is how many controller inputs are remembered: far more
// than a controller holds unacknowledged (fwproto.MaxInFlight).
const journaledMemory = 256

func keyOf(ev engine.Event) (frameKey, bool) {
	return frameKey{ev.Device, ev.Seat, ev.Action, ev.Tile}, ev.Device != 0
}

func newJournaledFrames(resumed []table.Entry) *journaledFrames {
	j := &journaledFrames{keys: map[frameKey]bool{}, ring: make([]frameKey, journaledMemory)}
	for _, e := range resumed {
		if e.Input != nil {
			j.add(*e.Input)
		}
	}
	return j
}

// has reports whether ev is a controller input already journaled.
func (j *journaledFrames) has(ev engine.Event) bool {
	k, ok := keyOf(ev)
	if !ok {
		return false
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.keys[k]
}

// add remembers a journaled controller input, forgetting the oldest.
func (j *journaledFrames) add(ev engine.Event) {
	k, ok := keyOf(ev)
	if !ok {
		return
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.keys[k] {
		return
	}
	delete(j.keys, j.ring[j.next])
	j.ring[j.next] = k
	j.keys[k] = true
	j.next = (j.next + 1) % len(j.ring)
}
