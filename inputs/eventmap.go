package inputs

import (
	"encoding/hex"
	"fmt"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
)

// hardware hands the input a serial or NFC event stands for to the table
// and returns once it is durable in the claim log. An event that stands
// for no input (an unknown tag) is reported and dropped (nil): sending it
// again will not help.
func (in *Inputs) hardware(hw link.Event) error {
	ev, ok, err := in.events.event(hw)
	if err != nil && in.t.State().Seating != nil {
		// In a tournament round a tag no tile is may be a player's card:
		// the engine says whose, or that it is nobody's.
		if card, isCard := in.events.card(hw); isCard {
			ev, ok, err = card, true, nil
		}
	}
	if err != nil {
		in.logf("tabled: %v", err)
	}
	if !ok {
		return nil
	}
	if ev.At < 0 {
		// Stamped before this run's clock began: held by the controller
		// while the daemon was down. It is decided at the clock's start.
		in.logf("tabled: %s was stamped before this run began (held while the daemon was down): decided at the start of its clock", describeInput(ev, in.t.State().Dealer))
		ev.At = 0
	}
	if in.journaled.has(ev) {
		// Journaled by a run that died before acknowledging it: the
		// controller sent it again. Acknowledged, not taken twice.
		in.logf("tabled: %s is already in the claim log (sent again after a restart): acknowledged once more, not taken twice", describeInput(ev, in.t.State().Dealer))
		return nil
	}
	if _, err := in.t.Submit(in.ctx, ev); err != nil {
		in.logf("tabled: %s not taken: %v", describeInput(ev, in.t.State().Dealer), err)
		return err
	}
	in.journaled.add(ev)
	return nil
}

// describeInput names an input for a log line: "South discard 3p (nfc) at 4.2s".
func describeInput(ev engine.Event, dealer engine.Seat) string {
	what := ev.Action.String()
	if ev.Tile.Known() {
		what += " " + ev.Tile.String()
	}
	if ev.Seat.Valid() {
		what = ev.Seat.Wind(dealer).String() + " " + what
	}
	return fmt.Sprintf("%s (%s) at %v", what, ev.Source, ev.At)
}

// eventMap turns the hardware's serial and NFC events into the engine
// events they stand for: the one place that knows what a button channel
// or a tile reader means.
type eventMap struct {
	// channels maps a serial button channel to its seat and call.
	channels map[uint8]seatCall
	// discards maps a discard reader's index to its seat; any other
	// reader reads dora indicators.
	discards map[uint8]engine.Seat
	// registry maps tags to tiles; nil: tile reads are logged, not used.
	registry *nfc.Registry
}

// newEventMap is the event map of cfg's serial buttons and reader roles.
func newEventMap(cfg config.Config, registry *nfc.Registry) eventMap {
	m := eventMap{channels: map[uint8]seatCall{}, discards: map[uint8]engine.Seat{}, registry: registry}
	for _, b := range cfg.Buttons {
		if b.Channel != nil {
			m.channels[uint8(*b.Channel)] = seatCall{seat: engine.Seat(b.Seat), call: b.Call.Action}
		}
	}
	for _, r := range cfg.Readers {
		if r.Role == config.RoleDiscard && r.Seat != nil {
			m.discards[uint8(r.Index)] = engine.Seat(*r.Seat)
		}
	}
	return m
}

// card is a tile read of a tag no tile is as a player's card laid on the
// reader: a seat's discard reader is that seat's, any other the table's.
func (m eventMap) card(hw link.Event) (engine.Event, bool) {
	if hw.Kind != link.TileRead || len(hw.UID) == 0 || len(hw.UID) > 10 {
		return engine.Event{}, false
	}
	ev := engine.Event{At: hw.At, Uncertainty: hw.Uncertainty, Device: hw.Device, Seat: engine.NoSeat, Action: engine.Card,
		Card: hex.EncodeToString(hw.UID), Source: engine.SourceNFC}
	if seat, discard := m.discards[hw.Reader]; discard {
		ev.Seat = seat
	}
	return ev, true
}

// event is the engine event a hardware event stands for: a serial button
// press is its seat's call (source serial); a tile read is a dora
// indicator, or on a seat's discard reader that seat's discard with its
// tile (source nfc). ok is false for an event that stands for no input (a
// release, a tile taken off a reader) and for one that cannot be used,
// which err then explains (a channel with no button, a tag not enrolled).
func (m eventMap) event(hw link.Event) (ev engine.Event, ok bool, err error) {
	ev = engine.Event{At: hw.At, Uncertainty: hw.Uncertainty, Device: hw.Device, Seat: engine.NoSeat}
	switch hw.Kind {
	case link.Press:
		sc, found := m.channels[hw.Channel]
		if !found {
			return ev, false, fmt.Errorf("serial button channel %d pressed, but no [[button]] has channel = %d", hw.Channel, hw.Channel)
		}
		ev.Seat, ev.Action, ev.Source = sc.seat, sc.call, engine.SourceSerial
		return ev, true, nil
	case link.TileRead:
		if m.registry == nil {
			return ev, false, fmt.Errorf("reader %d: tag %X read, but there is no tile registry (nfc.registry; tabled enroll)", hw.Reader, hw.UID)
		}
		tile, found := m.registry.Tile(hw.UID)
		if !found {
			return ev, false, fmt.Errorf("reader %d: tag %X is not in the tile registry (enrol it with tabled enroll)", hw.Reader, hw.UID)
		}
		ev.Action, ev.Tile, ev.Source = engine.Dora, tile, engine.SourceNFC
		if seat, discard := m.discards[hw.Reader]; discard {
			ev.Seat, ev.Action = seat, engine.Discard
		}
		return ev, true, nil
	}
	return ev, false, nil
}
