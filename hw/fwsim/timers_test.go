package fwsim_test

import (
	"context"
	"net"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
)

// arrival is a message from the device and when it reached the host.
type arrival struct {
	at time.Duration
	m  fwproto.Message
}

// servePipe serves a device (2 ms latency) on one end of a pipe, inside
// the caller's synctest bubble, until the test ends; got has every message
// it sends, with the bubble's time since start when it arrived.
func servePipe(t *testing.T) (dev *fwsim.Device, start time.Time, got <-chan arrival) {
	start = time.Now()
	dev = fwsim.New(fwsim.Config{Clock: func() time.Duration { return time.Since(start) }, Latency: 2 * time.Millisecond, BootID: 1})
	host, device := net.Pipe()
	ctx, cancel := context.WithCancel(t.Context())
	t.Cleanup(func() { cancel(); host.Close(); device.Close() })
	go dev.Serve(ctx, device)
	arrivals := make(chan arrival, 256)
	go func() {
		var dec fwproto.Decoder
		buf := make([]byte, 256)
		for {
			n, err := host.Read(buf)
			if err != nil {
				return
			}
			at := time.Since(start)
			dec.Feed(buf[:n], func(f fwproto.Frame, err error) {
				if m, perr := fwproto.Parse(f); err == nil && perr == nil {
					arrivals <- arrival{at, m}
				}
			})
		}
	}()
	return dev, start, arrivals
}

// TestDeviceKeepsItsPeriods runs a device on virtual time: idle, it sends
// its Hello and then a heartbeat every 250 ms and nothing else; a press
// not acknowledged goes out again every 100 ms, after the transport's
// latency; nothing waits on a fast tick to be sent.
func TestDeviceKeepsItsPeriods(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dev, _, got := servePipe(t)
		time.Sleep(time.Second - time.Millisecond)
		synctest.Wait()
		var beats []time.Duration
		for len(got) > 0 {
			a := <-got
			switch a.m.Type() {
			case fwproto.TypeHello:
			case fwproto.TypeHeartbeat:
				beats = append(beats, a.at)
			default:
				t.Fatalf("an idle device sent %s at %v", a.m.Type(), a.at)
			}
		}
		if len(beats) != 3 || beats[0] != 252*time.Millisecond || beats[2] != 752*time.Millisecond {
			t.Fatalf("heartbeats at %v, want 3 from 252 ms every 250 ms", beats)
		}
		pressed := dev.Press(3)
		time.Sleep(350 * time.Millisecond)
		synctest.Wait()
		var sends []time.Duration
		for len(got) > 0 {
			if a := <-got; a.m.Type() == fwproto.TypeButton {
				sends = append(sends, a.at-pressed)
			}
		}
		want := []time.Duration{2 * time.Millisecond, 102 * time.Millisecond, 202 * time.Millisecond, 302 * time.Millisecond}
		if len(sends) != len(want) {
			t.Fatalf("the unacknowledged press went out %v after it, want %v", sends, want)
		}
		for i := range want {
			if sends[i] != want[i] {
				t.Fatalf("the unacknowledged press went out %v after it, want %v", sends, want)
			}
		}
	})
}

// TestStallHoldsTheWire: a stalled device sends nothing, heartbeats
// neither, and on Resume sends what it held at once and in order; a press
// made ago is stamped that long before it was made.
func TestStallHoldsTheWire(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dev, start, got := servePipe(t)
		time.Sleep(10 * time.Millisecond) // the Hello is out
		synctest.Wait()
		for len(got) > 0 {
			<-got
		}
		dev.Stall()
		first := dev.Press(3)
		second := dev.PressAgo(4, 5*time.Millisecond)
		if want := first - 5*time.Millisecond; second != want {
			t.Fatalf("PressAgo stamped at %v, want %v", second, want)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		if len(got) > 0 {
			t.Fatalf("a stalled device sent %v", (<-got).m)
		}
		resumed := time.Since(start)
		dev.Resume()
		synctest.Wait()
		var presses []fwproto.Button
		for len(got) > 0 {
			a := <-got
			if a.at != resumed {
				t.Fatalf("%v went out at %v, not at once on Resume at %v", a.m, a.at, resumed)
			}
			if b, ok := a.m.(fwproto.Button); ok && len(presses) < 2 {
				presses = append(presses, b)
			}
		}
		if len(presses) != 2 || presses[0].Channel != 3 || presses[1].Channel != 4 {
			t.Fatalf("after Resume: %v, want the press on 3 then the one on 4", presses)
		}
		if presses[1].Time != uint64(second.Microseconds()) {
			t.Fatalf("the press made 5 ms ago is stamped %d µs, want %d", presses[1].Time, second.Microseconds())
		}
	})
}
