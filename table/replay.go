package table

import (
	"fmt"
	"reflect"
	"time"

	"github.com/tabled/tabled/engine"
)

// Replay applies journaled inputs, as the table applied them (stamps as
// adjusted, in sequence order), to a fresh engine and returns the outcomes.
// Time runs on to until, the time of the last journaled item, so decisions
// made after the last input are reproduced too.
func Replay(p engine.Profile, dealer engine.Seat, entries []Entry) ([]engine.Outcome, error) {
	e, err := engine.New(p, dealer)
	if err != nil {
		return nil, err
	}
	var (
		out    []engine.Outcome
		until  time.Duration
		inputs []Entry
		voided = map[uint64]bool{}
	)
	for _, en := range entries {
		until = max(until, en.At)
		switch {
		case en.Void != 0:
			// As the table did: decide what is due, then rebuild without the
			// voided input; the rebuild's own outcomes were not journaled.
			out = e.Advance(en.At, out)
			if en.Note != "" {
				continue // the table refused it
			}
			voided[en.Void] = true
			if e, err = rebuild(p, dealer, inputs, voided, en.At); err != nil {
				return out, fmt.Errorf("table: replay: void %d: %w", en.Void, err)
			}
		case en.Input != nil:
			inputs = append(inputs, en)
			if out, err = e.Apply(*en.Input, out); err != nil && en.Note == "" {
				return out, fmt.Errorf("table: replay: input %d: %w", en.Seq, err)
			}
		}
	}
	return e.Advance(until, out), nil
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
