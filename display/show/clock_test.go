package show

import (
	"context"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/display"
)

// TestShowClock: the round's time left is on the panels from the start
// and follows the round's clock each second; no round, no clock.
func TestShowClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		en := catalog.English()
		d := &Driver{Lang: en}
		start := time.Now()
		var over atomic.Bool // the round ended
		clock := func() (time.Duration, string, bool) {
			return 3*time.Minute - time.Since(start), "running", !over.Load()
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { d.ShowClock(ctx, clock); close(done) }()
		shown := func() string {
			d.mu.Lock()
			defer d.mu.Unlock()
			return d.roundClock
		}
		synctest.Wait()
		if got, want := shown(), display.ClockWords(en, 3*time.Minute, "running"); got != want || got == "" {
			t.Errorf("at the start %q, want %q", got, want)
		}
		time.Sleep(100*time.Second + time.Millisecond)
		synctest.Wait()
		if got, want := shown(), display.ClockWords(en, 80*time.Second, "running"); got != want {
			t.Errorf("100 s in %q, want %q", got, want)
		}
		over.Store(true)
		time.Sleep(time.Second)
		synctest.Wait()
		if got := shown(); got != "" {
			t.Errorf("no round: %q", got)
		}
		cancel()
		<-done
	})
}
