package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
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
			if ok && got != tc.want {
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
		w.Input(claimlog.InputBody{Event: ev, Dealer: dealer})
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

// TestDiscardReadersUnderRun: `tabled fwsim` with three readers drives
// `tabled run`: East lays a 3p on its discard reader (fwsim's `tile UID 1`),
// South pons it with a button, then lays the other 3p on its own reader.
// `tabled log` shows both discards with their tile from nfc and the
// swap-calling flag; its mjai export names the tiles.
func TestDiscardReadersUnderRun(t *testing.T) {
	var reg bytes.Buffer
	for _, tag := range testTags {
		fmt.Fprintf(&reg, "%X %s\n", tag.uid, tag.tile)
	}
	regFile := filepath.Join(t.TempDir(), "tiles.txt")
	if err := os.WriteFile(regFile, reg.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	cmds, cmdw := io.Pipe()
	defer cmdw.Close()
	var simOut, simErr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	simDone := make(chan int, 1)
	go func() { simDone <- runFwsim(ctx, []string{"-readers", "3"}, cmds, &simOut, &simErr) }()
	defer func() { cancel(); <-simDone }()
	var path string
	waitUntil(t, "the simulator's pty", func() bool {
		_, rest, ok := strings.Cut(simOut.String(), "fwsim: controller on ")
		path, _, _ = strings.Cut(rest, "\n")
		return ok && strings.HasSuffix(rest, "\n")
	})
	command := func(line string) {
		t.Helper()
		if _, err := io.WriteString(cmdw, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}

	d := startDaemon(t, fmt.Sprintf(`[serial]
path = %q

[nfc]
reader = "serial"
registry = %q

[[button]]
seat = 1
call = "pon"
channel = 1

[[reader]]
index = 1
role = "discard"
seat = 0

[[reader]]
index = 2
role = "discard"
seat = 1
`, path, regFile))

	command(fmt.Sprintf("tile %X 1", testTags[0].uid)) // East discards 3p
	command("tap 1")                                   // South pons it
	waitUntil(t, "South's pon", func() bool { return strings.Contains(d.stdout.String(), "DECISION") })
	command(fmt.Sprintf("tile %X 2", testTags[1].uid)) // South discards the other 3p
	waitUntil(t, "the swap-calling flag", func() bool { return strings.Contains(d.stdout.String(), "swap-calling") })
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if e := simErr.String(); e != "" {
		t.Errorf("fwsim refused a command: %s", e)
	}

	log := d.log(t)
	t.Logf("tabled log:\n%s", log)
	for _, want := range []string{"nfc     E  discard 3p", "serial  S  pon", "DECISION: PON South", "nfc     S  discard 3p", "swap-calling (kuikae): South discards 3p"} {
		if !strings.Contains(log, want) {
			t.Errorf("tabled log has no %q", want)
		}
	}
	export := d.log(t, "--format", "mjai")
	for _, want := range []string{`{"actor":0,"pai":"3p","tsumogiri":false,"type":"dahai"}`, `"pai":"3p","target":0,"type":"pon"`, `{"actor":1,"pai":"3p","tsumogiri":false,"type":"dahai"}`} {
		if !strings.Contains(export, want) {
			t.Errorf("the mjai export has no %s:\n%s", want, export)
		}
	}
}

// TestSimDiscardReaders: on the simulated table, a typed discard naming
// its tile is laid on the seat's discard reader of the simulated
// controller, so the log has it from nfc, with its tile.
func TestSimDiscardReaders(t *testing.T) {
	typed, typer := io.Pipe()
	defer typer.Close()
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "E discard 3p\nS discard 7z\n"); err != nil {
		t.Fatal(err)
	}
	var log string
	waitUntil(t, "both discards in the log", func() bool {
		log, _ = d.tryLog()
		return strings.Contains(log, "S  discard")
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	for _, want := range []string{"nfc     E  discard 3p", "nfc     S  discard 7z"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %q:\n%s", want, log)
		}
	}
}
