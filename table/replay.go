package table

import (
	"fmt"
	"reflect"

	"github.com/tabled/tabled/engine"
)

// Replay steps a fresh table through a journaled session exactly as the
// running table stepped it (inputs in the order they arrived, decided up to
// each journaled outcome's time, voids where they stand, late inputs
// re-decided) and returns the outcomes it published, in order. The journal
// alone decides the result: no clock, no watermark. Each deal entry of the
// journal is checked against the game the replay reached at that deal.
func Replay(p engine.Profile, dealer engine.Seat, entries []Entry) ([]engine.Outcome, error) {
	return ReplaySession(p, dealer, false, entries)
}

// ReplaySession is Replay of a session whose table re-decided as
// overwriting says (Config.OverwritingRevisions).
func ReplaySession(p engine.Profile, dealer engine.Seat, overwriting bool, entries []Entry) ([]engine.Outcome, error) {
	c, err := newCore(p, dealer, 0)
	if err != nil {
		return nil, fmt.Errorf("table: replay: %w", err)
	}
	c.overwriting = overwriting
	c.dealts = map[uint64]engine.Dealt{}
	var out []engine.Outcome
	for _, e := range c.feed(entries, true) {
		if e.Outcome != nil {
			out = append(out, *e.Outcome)
		}
	}
	// A restart begins at the journal's last deal entry: each must be
	// the game the replay reached at that deal when it passed the entry
	// (checkDeal).
	if c.dealErr != nil {
		return out, c.dealErr
	}
	return out, nil
}

// Verify replays the journal and compares every outcome with the one
// journaled; it names the first that differs.
func Verify(p engine.Profile, dealer engine.Seat, entries []Entry) error {
	got, err := Replay(p, dealer, entries)
	if err != nil {
		return err
	}
	i := 0
	for _, en := range entries {
		if en.Outcome == nil {
			continue
		}
		if i >= len(got) {
			return fmt.Errorf("table: replay: entry %d (%s at %v) was not reproduced", en.Seq, en.Outcome.Kind, en.Outcome.At)
		}
		if !reflect.DeepEqual(*en.Outcome, got[i]) {
			return fmt.Errorf("table: replay: entry %d differs: journaled %s %q at %v, replayed %s %q at %v",
				en.Seq, en.Outcome.Kind, en.Outcome.Reason, en.Outcome.At, got[i].Kind, got[i].Reason, got[i].At)
		}
		i++
	}
	if i != len(got) {
		return fmt.Errorf("table: replay: %d outcomes more than the journal holds, first %s at %v", len(got)-i, got[i].Kind, got[i].At)
	}
	return nil
}
