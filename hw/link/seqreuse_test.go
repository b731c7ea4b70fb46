package link

import (
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
)

// TestAckNeverAnswersANewerFrame: the host reads slower than the device
// presses (one fsync that takes seconds, or every fsync slower than the
// press period, as on a loaded virtual machine), more than the device's
// 32-deep queue holds and more than its 255 seqs: the wire then carries,
// behind the host, frames whose seqs the device has since given to newer
// frames. Every press the device saw acknowledged must be one the host
// took (journaled): an Ack the host sends for an old frame must not
// acknowledge the newer one of the same seq. Before the link checked how
// far behind the wire was, "every fsync 15 ms" lost 16 acknowledged
// presses.
func TestAckNeverAnswersANewerFrame(t *testing.T) {
	const ms = time.Millisecond
	for _, tc := range []struct {
		name string
		// stall is how long one OnEvent blocks; fsync how long each
		// blocks; every is the press period.
		stall, fsync, every time.Duration
		literal             bool
	}{
		{"slow fsync 1.5 s, a press every 5 ms", 1500 * ms, 0, 5 * ms, false},
		{"slow fsync 1.9 s, a press every 5 ms, literal device", 1900 * ms, 0, 5 * ms, true},
		{"every fsync 15 ms, a press every 5 ms", 0, 15 * ms, 5 * ms, false},
		{"every fsync 8 ms, a press every 5 ms, literal device", 0, 8 * ms, 5 * ms, true},
		{"every fsync 12 ms, a press every 10 ms", 0, 12 * ms, 10 * ms, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start := time.Now()
				clock := func() time.Duration { return time.Since(start) }
				dev := fwsim.New(fwsim.Config{Clock: clock, Latency: ms, BootID: 1, DeviceID: 7, Start: 1000, Literal: tc.literal})
				var (
					mu        sync.Mutex
					journaled = map[string]bool{}
					stalled   bool
				)
				onEvent := func(ev Event) error {
					mu.Lock()
					stall := !stalled && clock() > 500*ms
					stalled = stalled || stall
					mu.Unlock()
					if stall {
						time.Sleep(tc.stall)
					}
					time.Sleep(tc.fsync)
					mu.Lock()
					journaled[fmt.Sprint(ev.Kind, ev.Channel, ev.Device)] = true
					mu.Unlock()
					return nil
				}
				l, _ := runOverPipe(t, dev, Config{Clock: clock, MaxBackoff: 200 * ms, OnEvent: onEvent, Logf: t.Logf})
				time.Sleep(300 * ms)
				for i := range int(4 * time.Second / tc.every) {
					dev.Press(uint8(1 + i%2))
					time.Sleep(tc.every)
				}
				time.Sleep(30 * time.Second)
				synctest.Wait()

				mu.Lock()
				defer mu.Unlock()
				// The hazard is there: the seqs wrapped, and the queue
				// overflowed.
				if len(journaled) <= 255 || l.Health().EventsLost == 0 {
					t.Fatalf("%d presses taken, health %+v: want the seqs wrapped and the queue overflowed", len(journaled), l.Health())
				}
				missing := 0
				for _, m := range dev.Acked() {
					b, ok := m.(fwproto.Button)
					if !ok {
						continue
					}
					if !journaled[fmt.Sprint(Press, b.Channel, b.Time)] {
						missing++
						if missing <= 5 {
							t.Errorf("press on %d stamped %d µs acknowledged, never taken", b.Channel, b.Time)
						}
					}
				}
				if missing > 0 {
					t.Errorf("%d acknowledged presses never taken (%d taken, %d acknowledged); health %+v", missing, len(journaled), len(dev.Acked()), l.Health())
				}
			})
		})
	}
}
