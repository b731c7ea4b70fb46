package inputs

import (
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestJournaledFramesTakeAFrameOnce: a controller input journaled by a
// run that died before acknowledging it, and sent again to the next run,
// is known from the resumed session; inputs with no controller stamp
// (tablets, GPIO) are never taken for repeats; the memory is bounded.
func TestJournaledFramesTakeAFrameOnce(t *testing.T) {
	press := func(device uint64, seat engine.Seat, a engine.Action) engine.Event {
		return engine.Event{Device: device, Seat: seat, Action: a, Source: engine.SourceSerial}
	}
	resumed := []table.Entry{{Seq: 4, Input: &engine.Event{Device: 1000, Seat: 1, Action: engine.Chii}}}
	j := newJournaledFrames(resumed)
	for _, tc := range []struct {
		name string
		ev   engine.Event
		want bool
	}{
		{"the resumed session's press sent again", press(1000, 1, engine.Chii), true},
		{"another press at the same stamp", press(1000, 2, engine.Pon), false},
		{"a later press", press(1001, 1, engine.Chii), false},
		{"a tablet's press (no controller stamp)", engine.Event{Seat: 1, Action: engine.Chii}, false},
	} {
		if got := j.has(tc.ev); got != tc.want {
			t.Errorf("%s: has %v, want %v", tc.name, got, tc.want)
		}
	}
	j.add(engine.Event{Seat: 1, Action: engine.Chii}) // no controller stamp: not remembered
	if j.has(engine.Event{Seat: 1, Action: engine.Chii}) {
		t.Error("a press with no controller stamp was remembered")
	}
	for i := range uint64(journaledMemory) {
		j.add(press(2000+i, 0, engine.Pon))
	}
	if j.has(press(1000, 1, engine.Chii)) || !j.has(press(2000+journaledMemory-1, 0, engine.Pon)) || len(j.keys) != journaledMemory {
		t.Errorf("the memory is not bounded to the latest %d: %d keys", journaledMemory, len(j.keys))
	}
}
