package simtable

import (
	"testing"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/nfc"
)

// TestConfigureMatchesRoute: the configuration the simulated table gives
// the daemon reads back what Route makes the controller do. Every seat's
// call pressed on its channel is that seat's call; a tile laid on a seat's
// discard reader is that seat's discard; reader 0 reads dora indicators;
// every tile of the set is enrolled under the UID Route lays.
func TestConfigureMatchesRoute(t *testing.T) {
	c, err := New(func() time.Duration { return 0 })
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cfg := config.Default()
	c.Configure(&cfg)
	if cfg.Serial == nil || cfg.Serial.Path != c.Path() {
		t.Fatalf("serial %+v, want the controller's pty %s", cfg.Serial, c.Path())
	}
	byChannel := map[int]config.Button{}
	for _, b := range cfg.Buttons {
		if b.Channel == nil {
			t.Fatalf("button %+v has no channel: the simulated table's buttons are the controller's", b)
		}
		if _, dup := byChannel[*b.Channel]; dup {
			t.Fatalf("channel %d configured twice", *b.Channel)
		}
		byChannel[*b.Channel] = b
	}
	for seat := range engine.Seat(4) {
		for _, call := range simCalls {
			ch, ok := simChannel(seat, call)
			if !ok {
				t.Fatalf("no channel for %v %v", seat, call)
			}
			b, found := byChannel[int(ch)]
			if !found || b.Seat != int(seat) || b.Call.Action != call {
				t.Errorf("channel %d is configured as %+v, Route presses it for seat %d %v", ch, b, seat, call)
			}
		}
	}
	roles := map[int]config.Reader{}
	for _, r := range cfg.Readers {
		roles[r.Index] = r
	}
	if r := roles[0]; r.Role != config.RoleDora {
		t.Errorf("reader 0 is %+v, want the dora reader", r)
	}
	for seat := range engine.Seat(4) {
		r, found := roles[int(simDiscardReader(seat))]
		if !found || r.Role != config.RoleDiscard || r.Seat == nil || *r.Seat != int(seat) {
			t.Errorf("reader %d is %+v, want seat %d's discard reader", simDiscardReader(seat), r, seat)
		}
	}
	for i, tile := range nfc.EnrolmentOrder(true) {
		if got, ok := c.Registry().Tile(simUID(i)); !ok || got != tile {
			t.Errorf("tag %X reads %v (%v), want %v", simUID(i), got, ok, tile)
		}
	}
	if cfg.Display.Lights != config.LightsSerial || len(cfg.Display.LightChannels) != 4 {
		t.Errorf("lights %q on %v, want the controller's four seat lights", cfg.Display.Lights, cfg.Display.LightChannels)
	}
}
