package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
)

// TestFirmwareHeldThroughReset: the firmware in the harness, its wire read
// by the test (no daemon). A pin-change button and a 74HC165 button are
// pressed and still held when the board is reset (a power cycle, or the
// watchdog's reset); the new boot reports neither pressed nor released,
// only the presses made on it. The old boot reported the held presses: a
// new boot that took a closed contact for a press (the chain's levels
// started as all open) added a second press of a button nobody pressed
// again, and TestSeatController saw North discard twice.
func TestFirmwareHeldThroughReset(t *testing.T) {
	h := newHarnessDevice(t).(*harnessDevice)
	w := openDeviceWire(t, h.Port())

	held := []int{chEast, chNorth} // a pin, the chain
	fresh := []int{chSouth, chNorth + 1}
	// The held buttons are held long enough, in the firmware's time, for
	// the test to see their presses acknowledged and reset the board
	// before they are released, however slowly this machine runs the
	// simulation beside other work (1 s was outrun under a busy CI).
	const hold = 5 * time.Second
	// A button closed when the firmware starts is held, not pressed: the
	// presses wait for the boot's Hello (its buttons are read by then).
	w.waitHello(t, 1)
	for _, ch := range held {
		h.Press(t, ch, hold)
	}
	waitUntil(t, "the held buttons' presses reported and acknowledged", func() bool {
		return len(w.buttons(0)) == len(held) && h.Unacked(t) == 0
	})
	old := w.mark()
	// The reset comes a few ms into the presses (the holds are in the
	// firmware's time): the old boot reports no release (checked below).
	h.Reboot(t)
	w.waitHello(t, 2)
	// Pressed after the held ones, held a second longer: their releases
	// come after the held ones' releases, on the new boot.
	for _, ch := range fresh {
		h.Press(t, ch, hold+time.Second)
	}
	waitUntil(t, "the new boot's presses released", func() bool {
		released := 0
		for _, b := range w.buttons(old) {
			if !b.Pressed && slices.Contains(fresh, int(b.Channel)) {
				released++
			}
		}
		return released == len(fresh)
	})

	for _, c := range []struct {
		boot     string
		from, to int
		want     []string
	}{
		{"the old boot", 0, old, []string{"press 0", "press 9"}},
		{"the new boot", old, -1, []string{"press 1", "press 10", "release 1", "release 10"}},
	} {
		var got []string
		for _, b := range w.buttonsIn(c.from, c.to) {
			got = append(got, fmt.Sprintf("%s %d", map[bool]string{true: "press", false: "release"}[b.Pressed], b.Channel))
		}
		slices.Sort(got)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s reported %q, want %q", c.boot, got, want)
		}
	}
}

// deviceWire is the device's end of the harness's pty as a host would read
// it: the frames, each sequenced one acknowledged as it comes.
type deviceWire struct {
	f  *os.File
	mu sync.Mutex
	// frames are the device's sequenced frames, once each: a frame byte
	// for byte like one before it is its retransmission.
	frames []fwproto.Frame
	boot   uint32 // the latest Hello's boot id
}

// waitHello asks the device for its Hello until one says boot.
func (w *deviceWire) waitHello(t *testing.T, boot uint32) {
	t.Helper()
	query, _ := fwproto.Encode([]byte{0}, fwproto.Query{}, 0)
	polls := 0
	waitUntil(t, fmt.Sprintf("the Hello of boot %d", boot), func() bool {
		w.mu.Lock()
		got := w.boot
		w.mu.Unlock()
		// A Query that reached the firmware before its UART was on is
		// lost: asked again every 20 looks.
		if got != boot && polls%20 == 0 {
			if _, err := w.f.Write(query); err != nil {
				t.Fatal(err)
			}
		}
		polls++
		return got == boot
	})
}

func openDeviceWire(t *testing.T, path string) *deviceWire {
	f, err := os.OpenFile(path, os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := &deviceWire{f: f}
	done := make(chan struct{})
	go func() {
		defer close(done)
		var dec fwproto.Decoder
		buf := make([]byte, 512)
		for {
			n, err := f.Read(buf)
			dec.Feed(buf[:n], func(fr fwproto.Frame, ferr error) {
				if ferr != nil {
					return // a frame the reset cut short
				}
				if fr.Type == fwproto.TypeHello {
					if m, err := fwproto.Parse(fr); err == nil {
						w.mu.Lock()
						w.boot = m.(fwproto.Hello).BootID
						w.mu.Unlock()
					}
				}
				if !fr.Type.Sequenced() {
					return
				}
				fr.Payload = bytes.Clone(fr.Payload)
				ack, _ := fwproto.Encode(nil, fwproto.Ack{Status: fwproto.AckOK}, fr.Seq)
				f.Write(ack)
				w.mu.Lock()
				defer w.mu.Unlock()
				if !slices.ContainsFunc(w.frames, func(g fwproto.Frame) bool {
					return g.Type == fr.Type && g.Seq == fr.Seq && bytes.Equal(g.Payload, fr.Payload)
				}) {
					w.frames = append(w.frames, fr)
				}
			})
			if err != nil {
				if !errors.Is(err, os.ErrClosed) {
					t.Logf("the device's wire: %v", err)
				}
				return
			}
		}
	}()
	t.Cleanup(func() {
		f.Close()
		<-done
	})
	return w
}

// mark is where the frames to come begin.
func (w *deviceWire) mark() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.frames)
}

// buttons are the Button events from the from'th frame on.
func (w *deviceWire) buttons(from int) []fwproto.Button { return w.buttonsIn(from, -1) }

// buttonsIn are the Button events of frames from..to (-1: the last).
func (w *deviceWire) buttonsIn(from, to int) []fwproto.Button {
	w.mu.Lock()
	defer w.mu.Unlock()
	if to < 0 {
		to = len(w.frames)
	}
	var bs []fwproto.Button
	for _, f := range w.frames[from:to] {
		if m, err := fwproto.Parse(f); err == nil {
			if b, ok := m.(fwproto.Button); ok {
				bs = append(bs, b)
			}
		}
	}
	return bs
}
