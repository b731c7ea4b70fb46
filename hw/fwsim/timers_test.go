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

// TestDeviceKeepsItsPeriods runs a device on virtual time: idle, it sends
// its Hello and then a heartbeat every 250 ms and nothing else; a press
// not acknowledged goes out again every 100 ms, after the transport's
// latency; nothing waits on a fast tick to be sent.
func TestDeviceKeepsItsPeriods(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		dev := fwsim.New(fwsim.Config{Clock: func() time.Duration { return time.Since(start) }, Latency: 2 * time.Millisecond, BootID: 1})
		host, device := net.Pipe()
		defer device.Close()
		defer host.Close()
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go dev.Serve(ctx, device)
		type arrival struct {
			at  time.Duration
			typ fwproto.Type
		}
		got := make(chan arrival, 256)
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
					if err == nil {
						got <- arrival{at, f.Type}
					}
				})
			}
		}()
		time.Sleep(time.Second - time.Millisecond)
		synctest.Wait()
		var beats []time.Duration
		for len(got) > 0 {
			a := <-got
			switch a.typ {
			case fwproto.TypeHello:
			case fwproto.TypeHeartbeat:
				beats = append(beats, a.at)
			default:
				t.Fatalf("an idle device sent %s at %v", a.typ, a.at)
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
			if a := <-got; a.typ == fwproto.TypeButton {
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
