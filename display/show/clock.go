package show

import (
	"context"
	"time"

	"github.com/tabled/tabled/display"
)

// ShowClock shows a round's time left on the panels, in d.Lang, each
// second until ctx ends. clock is the round's (a club table's round:
// left, its state, and ok false when there is none, which shows no
// clock). The words change once a minute until the last two, and
// SetClock redraws only on a change.
func (d *Driver) ShowClock(ctx context.Context, clock func() (left time.Duration, state string, ok bool)) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		words := ""
		if left, state, ok := clock(); ok {
			words = display.ClockWords(d.Lang, left, state)
		}
		d.SetClock(words)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
