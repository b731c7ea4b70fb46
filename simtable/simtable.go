// Package simtable is the simulated table's hardware: a seat and reader
// controller (the firmware simulator, hw/fwsim) on a pty, which the
// daemon's serial link opens as it opens a real one; its button channels,
// reader roles and seat lights as a configuration; and a set of tagged
// tiles. Typed presses and tile reads are routed through it, so they
// travel the serial link (clock sync included) like real ones.
package simtable

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/hw/nfc"
)

// Controller is the simulated table's seat and reader controller: a
// firmware simulator on a pty, which the daemon's serial link opens like
// a real one, with a simulated set of tagged tiles.
type Controller struct {
	dev      *fwsim.Device
	master   *os.File
	path     string
	registry *nfc.Registry
}

// New makes the simulator on a new pty; Run serves it. clock is the
// table's: the simulated controller's own clock runs from it.
func New(clock func() time.Duration) (*Controller, error) {
	// The master waits in Go's poller: an idle controller holds no thread.
	master, path, err := fwsim.OpenPTY()
	if err != nil {
		return nil, fmt.Errorf("simtable: simulated controller: %w", err)
	}
	// A crystal 60 ppm fast and a USB link with a few ms of jitter: the
	// clock fit has real work to do.
	dev := fwsim.New(fwsim.Config{Clock: clock, Buttons: 4 * len(simCalls), Readers: 1 + 4, DriftPPM: 60, Start: 7_000_000,
		Latency: 2 * time.Millisecond, Jitter: time.Millisecond, BootID: uint32(time.Now().UnixNano()), DeviceID: 0x51D})
	// The link opens the slave by name (path), as it opens a serial device.
	return &Controller{dev: dev, master: master, path: path, registry: simRegistry()}, nil
}

// Path is the pty the daemon's serial link opens.
func (s *Controller) Path() string { return s.path }

// Registry is the simulated set of tiles, enrolled.
func (s *Controller) Registry() *nfc.Registry { return s.registry }

// Run serves the controller on its pty until ctx ends, then closes the
// pty. The serial link may open the other end before or after it starts.
func (s *Controller) Run(ctx context.Context) error {
	defer s.master.Close()
	if err := s.dev.Serve(ctx, s.master); err != nil && ctx.Err() == nil {
		return fmt.Errorf("simtable: simulated controller: %w", err)
	}
	return nil
}

// Close closes the pty, for a controller whose Run was never called; a
// second Close does nothing.
func (s *Controller) Close() { s.master.Close() }

// Configure makes cfg the simulated table's: its serial link is the
// controller's pty, its buttons the controller's channels (eight a seat),
// its readers reader 0 for dora indicators and one discard reader a seat,
// its seat lights the controller's; the panel is the terminal and the
// status page.
func (s *Controller) Configure(cfg *config.Config) {
	cfg.Serial = &config.Serial{Path: s.path, Baud: config.DefaultBaud}
	cfg.Buttons = append(cfg.Buttons, simButtons()...)
	cfg.NFC.Reader, cfg.Readers = config.ReaderSerial, simReaders()
	cfg.Display.Lights, cfg.Display.LightChannels, cfg.Display.Panel = config.LightsSerial, simLightChannels(), config.PanelNone
}

// Route reports whether the controller takes ev, and takes it: a press of
// a seat button, a dora read of a tile in the set on reader 0, or a
// discard naming its tile on the seat's discard reader. Inputs the
// controller cannot make (a chii naming its tiles, a referee action) go to
// the table directly.
func (s *Controller) Route(ev engine.Event) bool {
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
func (s *Controller) place(reader uint8, tile engine.Tile) bool {
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

// simChannel is the serial channel of a seat's call on the simulated
// table's controller: eight per seat.
func simChannel(seat engine.Seat, call engine.Action) (uint8, bool) {
	for i, c := range simCalls {
		if c == call {
			return uint8(int(seat)*len(simCalls) + i), true
		}
	}
	return 0, false
}

var simCalls = []engine.Action{engine.Chii, engine.Pon, engine.Kan, engine.Ron, engine.Tsumo, engine.Riichi, engine.Discard, engine.Cancel}

// simButtons is the button configuration of the simulated controller.
func simButtons() []config.Button {
	var bs []config.Button
	for seat := range engine.Seat(4) {
		for _, call := range simCalls {
			ch, _ := simChannel(seat, call)
			c := int(ch)
			bs = append(bs, config.Button{Seat: int(seat), Call: config.CallOf(call), Channel: &c})
		}
	}
	return bs
}

// simLightChannels are the simulated controller's seat lights: seat i's
// on channel i.
func simLightChannels() []int { return []int{0, 1, 2, 3} }

// simUID is the tag UID of the simulated set's i-th tile.
func simUID(i int) []byte {
	return []byte{0x04, 0x7A, 0xB1, 0xED, byte(i >> 8), byte(i), 0x80}
}

// simRegistry is the simulated set, enrolled in order.
func simRegistry() *nfc.Registry {
	var r nfc.Registry
	for i, tile := range nfc.EnrolmentOrder(true) {
		if err := r.Add(simUID(i), tile); err != nil {
			panic(err)
		}
	}
	return &r
}
