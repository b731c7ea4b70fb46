package inputs

import (
	"bytes"
	"github.com/tabled/tabled/outcome"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/mjai"
)

// testReaderConfig has South's pon on serial channel 1, reader 0 for dora
// indicators, reader 1 East's discard reader and reader 2 South's; reader
// 3 is not listed, so it reads dora indicators.
const testReaderConfig = `[serial]
path = "/dev/x"
[nfc]
reader = "serial"
[[button]]
seat = 1
call = "pon"
channel = 1
[[reader]]
index = 0
[[reader]]
index = 1
role = "discard"
seat = 0
[[reader]]
index = 2
role = "discard"
seat = 1
`

// testTags are enrolled tags: two 3p and a 5z.
var testTags = []struct {
	uid  []byte
	tile string
}{
	{[]byte{0x04, 0x03, 0x01, 0x00}, "3p"},
	{[]byte{0x04, 0x03, 0x02, 0x00}, "3p"},
	{[]byte{0x04, 0x35, 0x01, 0x00}, "5z"},
}

func testRegistry(t *testing.T) *nfc.Registry {
	t.Helper()
	var r nfc.Registry
	for _, tag := range testTags {
		if err := r.Add(tag.uid, engine.MustTile(tag.tile)); err != nil {
			t.Fatal(err)
		}
	}
	return &r
}

func testEventMap(t *testing.T, registry *nfc.Registry) eventMap {
	t.Helper()
	cfg, err := config.Parse([]byte(testReaderConfig))
	if err != nil {
		t.Fatal(err)
	}
	return newEventMap(cfg, registry)
}

// TestEventMap: what each serial and NFC event stands for. A tile read on
// a seat's discard reader is that seat's discard with the tile; on a dora
// reader (listed or not) a dora read.
func TestEventMap(t *testing.T) {
	m := testEventMap(t, testRegistry(t))
	const at, unc = 1500 * time.Millisecond, 40 * time.Microsecond
	read := func(reader uint8, tag int) link.Event {
		return link.Event{Kind: link.TileRead, Reader: reader, UID: testTags[tag].uid, At: at, Uncertainty: unc}
	}
	for _, tc := range []struct {
		name string
		hw   link.Event
		want engine.Event
		ok   bool
		err  string
	}{
		{"button", link.Event{Kind: link.Press, Channel: 1, At: at, Uncertainty: unc},
			engine.Event{At: at, Seat: 1, Action: engine.Pon, Source: engine.SourceSerial, Uncertainty: unc}, true, ""},
		{"button released", link.Event{Kind: link.Release, Channel: 1, At: at}, engine.Event{}, false, ""},
		{"button without a config", link.Event{Kind: link.Press, Channel: 7, At: at}, engine.Event{}, false, "serial button channel 7 pressed, but no [[button]] has channel = 7"},
		{"East's discard reader", read(1, 0),
			engine.Event{At: at, Seat: 0, Action: engine.Discard, Tile: engine.MustTile("3p"), Source: engine.SourceNFC, Uncertainty: unc}, true, ""},
		{"South's discard reader", read(2, 2),
			engine.Event{At: at, Seat: 1, Action: engine.Discard, Tile: engine.MustTile("5z"), Source: engine.SourceNFC, Uncertainty: unc}, true, ""},
		{"dora reader", read(0, 2),
			engine.Event{At: at, Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("5z"), Source: engine.SourceNFC, Uncertainty: unc}, true, ""},
		{"reader without a role", read(3, 1),
			engine.Event{At: at, Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("3p"), Source: engine.SourceNFC, Uncertainty: unc}, true, ""},
		{"tile taken off", link.Event{Kind: link.TileGone, Reader: 1, UID: testTags[0].uid, At: at}, engine.Event{}, false, ""},
		{"tag not enrolled", link.Event{Kind: link.TileRead, Reader: 1, UID: []byte{1, 2, 3, 4}, At: at}, engine.Event{}, false, "reader 1: tag 01020304 is not in the tile registry"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok, err := m.event(tc.hw)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || ok {
					t.Fatalf("ok %v, err %v; want the error %q", ok, err, tc.err)
				}
				return
			}
			if err != nil || ok != tc.ok {
				t.Fatalf("ok %v, err %v; want ok %v", ok, err, tc.ok)
			}
			if ok && !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("%+v\nwant %+v", got, tc.want)
			}
			if ok {
				if err := got.Validate(); err != nil {
					t.Fatalf("the table would refuse it: %v", err)
				}
			}
		})
	}

	if _, ok, err := testEventMap(t, nil).event(read(1, 0)); ok || err == nil || !strings.Contains(err.Error(), "no tile registry") {
		t.Errorf("a read with no registry: ok %v, err %v", ok, err)
	}
}

// TestDiscardReadersCarryTheTile: East's 3p read on its discard reader,
// South's pon, then South lays the other 3p on its own reader: the engine
// flags swap-calling, which it can only do with the real tiles, and the
// mjai export names them.
func TestDiscardReadersCarryTheTile(t *testing.T) {
	m := testEventMap(t, testRegistry(t))
	e, err := engine.New(engine.EMA2016, 0)
	if err != nil {
		t.Fatal(err)
	}
	e.SetWords(outcome.EnglishReason) // as the table does
	var b bytes.Buffer
	w := mjai.NewWriter(&b)
	var flags []string
	for _, hw := range []link.Event{
		{Kind: link.TileRead, Reader: 1, UID: testTags[0].uid, At: time.Second},
		{Kind: link.Press, Channel: 1, At: time.Second + 100*time.Millisecond},
		{Kind: link.TileRead, Reader: 2, UID: testTags[1].uid, At: 3 * time.Second},
	} {
		ev, ok, err := m.event(hw)
		if err != nil || !ok {
			t.Fatalf("%+v: ok %v, %v", hw, ok, err)
		}
		dealer := e.State().Dealer
		out, err := e.Apply(ev, nil)
		if err != nil {
			t.Fatal(err)
		}
		w.Input(journal.InputBody{Event: ev, Dealer: dealer})
		for _, o := range out {
			if o.Kind == engine.KindFlag {
				flags = append(flags, o.Reason)
			}
		}
	}
	if len(flags) != 1 || !strings.Contains(flags[0], "swap-calling") || !strings.Contains(flags[0], "3p") {
		t.Errorf("flags %q, want swap-calling on South's 3p", flags)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{"actor":0,"pai":"3p","tsumogiri":false,"type":"dahai"}`, `{"actor":1,"pai":"3p","tsumogiri":false,"type":"dahai"}`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the mjai export has no %s:\n%s", want, b.String())
		}
	}
}
