package inputs

import (
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/link"
)

// TestCardRead: a tag no tile is, read on a seat's discard reader or the
// table's, is a player's card on that seat's reader or the table's.
func TestCardRead(t *testing.T) {
	s := 2
	m := eventMap{discards: map[uint8]engine.Seat{3: engine.Seat(s)}}
	for _, tc := range []struct {
		hw   link.Event
		seat engine.Seat
		card string
		ok   bool
	}{
		{link.Event{Kind: link.TileRead, Reader: 3, UID: []byte{0x04, 0xA1, 0xB2, 0xC3}}, 2, "04a1b2c3", true},
		{link.Event{Kind: link.TileRead, Reader: 0, UID: []byte{0x0A}}, engine.NoSeat, "0a", true},
		{link.Event{Kind: link.TileRead, Reader: 0}, 0, "", false},
		{link.Event{Kind: link.Press, Channel: 1}, 0, "", false},
	} {
		ev, ok := m.card(tc.hw)
		if ok != tc.ok || ok && (ev.Action != engine.Card || ev.Seat != tc.seat || ev.Card != tc.card || ev.Source != engine.SourceNFC || ev.Validate() != nil) {
			t.Errorf("%+v: %+v %v", tc.hw, ev, ok)
		}
	}
}
