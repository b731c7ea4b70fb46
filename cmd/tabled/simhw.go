package main

import (
	"context"
	"fmt"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/hw/nfc"
)

// simController is the simulated table's seat and reader controller: a
// firmware simulator on a pty, which the daemon's serial link opens like
// a real one, with a simulated set of tagged tiles.
type simController struct {
	dev      *fwsim.Device
	path     string
	registry *nfc.Registry
}

// startSimController starts the simulator on a new pty until ctx ends.
func startSimController(ctx context.Context, clock func() time.Duration) (*simController, error) {
	master, path, err := fwsim.OpenPTY()
	if err != nil {
		return nil, fmt.Errorf("simulated controller: %w", err)
	}
	// A crystal 60 ppm fast and a USB link with a few ms of jitter: the
	// clock fit has real work to do.
	dev := fwsim.New(fwsim.Config{Clock: clock, Buttons: 4 * len(simCalls), Readers: 1 + 4, DriftPPM: 60, Start: 7_000_000,
		Latency: 2 * time.Millisecond, Jitter: time.Millisecond, BootID: uint32(time.Now().UnixNano()), DeviceID: 0x51D})
	// The link opens the slave by name (path), as it opens a serial device.
	go func() {
		<-ctx.Done()
		master.Close()
	}()
	go dev.Serve(ctx, master)
	return &simController{dev: dev, path: path, registry: simRegistry()}, nil
}

// routes reports whether the controller takes ev, and takes it: a press of
// a seat button, a dora read of a tile in the set on reader 0, or a
// discard naming its tile on the seat's discard reader. Inputs the
// controller cannot make (a chii naming its tiles, a referee action) go to
// the table directly.
func (s *simController) routes(ev engine.Event) bool {
	switch {
	case ev.Action == engine.Dora:
		return s.place(0, ev.Tile)
	case ev.Action == engine.Discard && ev.Tile.Known() && ev.Seat.Valid():
		return s.place(simDiscardReader(ev.Seat), ev.Tile)
	case ev.Tile.Known() || ev.Shown != [2]engine.Tile{} || !ev.Seat.Valid():
		return false
	}
	ch, ok := simChannel(ev.Seat, ev.Action)
	if !ok {
		return false
	}
	s.dev.Press(ch)
	time.AfterFunc(80*time.Millisecond, func() { s.dev.Release(ch) })
	return true
}

// place lays a tag of tile on reader and takes it off half a second later;
// false when the set has no such tile.
func (s *simController) place(reader uint8, tile engine.Tile) bool {
	for i, e := range s.registry.Entries() {
		if e.Tile == tile {
			uid := simUID(i)
			s.dev.PlaceTile(reader, uid)
			time.AfterFunc(500*time.Millisecond, func() { s.dev.RemoveTile(reader, uid) })
			return true
		}
	}
	return false
}

// simDiscardReader is the simulated controller's discard reader of a seat:
// reader 0 reads dora indicators, seat i's discards are on reader 1+i.
func simDiscardReader(seat engine.Seat) uint8 { return 1 + uint8(seat) }

// simReaders are the simulated controller's reader roles.
func simReaders() []config.Reader {
	rs := []config.Reader{{Index: 0, Role: config.RoleDora}}
	for seat := range engine.Seat(4) {
		s := int(seat)
		rs = append(rs, config.Reader{Index: int(simDiscardReader(seat)), Role: config.RoleDiscard, Seat: &s})
	}
	return rs
}
