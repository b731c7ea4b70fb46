package doctor

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/nfc"
	"periph.io/x/conn/v3/i2c"
)

// checkTiles checks the tile registry (present, a whole set) and that a
// reader can read it; hello is the serial device's, nil without one.
func (m Machine) checkTiles(cfg config.Config, hello *fwproto.Hello) []Result {
	n := cfg.NFC
	if n.Reader == config.ReaderNone && n.Registry == "" {
		return nil
	}
	var rs []Result
	const item = "tiles"
	fix := "tabled enroll --config " + m.configFile() + " (it goes on where it stopped)"
	switch {
	case n.Registry == "":
		rs = append(rs, fail(item, "set [nfc] registry = \"/etc/tabled/tiles.txt\" and run "+fix, "reader %s but no [nfc] registry: no tile can be told", n.Reader))
	default:
		r, err := nfc.Load(n.Registry)
		if err != nil {
			rs = append(rs, fail(item, fix, "%v", err))
			break
		}
		rs = append(rs, registryResult(item, n.Registry, r, fix))
	}
	switch n.Reader {
	case config.ReaderNone:
		rs = append(rs, fail("reader", "set [nfc] reader to serial or mfrc522", "the registry is there but [nfc] reader = none: no tile is read"))
	case config.ReaderSerial:
		switch {
		case hello == nil:
			rs = append(rs, fail("reader", "fix the serial line above", "the serial controller did not answer, so its reader is unknown"))
		case hello.Readers == 0 || hello.Kind&fwproto.KindReader == 0:
			rs = append(rs, fail("reader", "flash reader firmware on the controller, or set [nfc] reader = \"mfrc522\" for a reader on the Pi",
				"the serial controller %08x has no tile reader", hello.DeviceID))
		default:
			rs = append(rs, ok("reader", "the serial controller has %d tile reader(s)", hello.Readers))
		}
	case config.ReaderMFRC522:
		p, err := m.Open.SPI(n.SPI, "MFRC522 reader")
		if err != nil {
			rs = append(rs, fail("reader", "see the spi line above", "MFRC522 on %s: %v", n.SPI, err))
			break
		}
		p.Close()
		rs = append(rs, ok("reader", "MFRC522 on %s", n.SPI))
	}
	return rs
}

// registryResult says whether r is a whole set, with or without red fives
// (a registry holding any red five is taken for a set with them).
func registryResult(item, path string, r *nfc.Registry, fix string) Result {
	red := false
	have := map[engine.Tile]int{}
	for _, e := range r.Entries() {
		have[e.Tile]++
		red = red || e.Tile.Red()
	}
	want := map[engine.Tile]int{}
	for _, t := range nfc.EnrolmentOrder(red) {
		want[t]++
	}
	var missing []string
	for _, t := range slices.SortedFunc(maps.Keys(want), func(a, b engine.Tile) int { return int(a) - int(b) }) {
		if d := want[t] - have[t]; d > 0 {
			missing = append(missing, fmt.Sprintf("%s x%d", t, d))
		}
	}
	set := "without red fives"
	if red {
		set = "with red fives"
	}
	if len(missing) > 0 {
		return fail(item, fix, "%s: %d of %d tiles (%s); missing %s", path, r.Len(), len(nfc.EnrolmentOrder(red)), set, strings.Join(missing, ", "))
	}
	return ok(item, "%s: all %d tiles, %s", path, r.Len(), set)
}

// The SSD1306's I²C address, and a command byte stream holding one NOP:
// harmless to send to a panel that is showing a picture.
const (
	oledAddr = 0x3C
	oledNOP  = 0xE3
)

func (m Machine) checkPanel(cfg config.Config) []Result {
	d := cfg.Display
	switch d.Panel {
	case config.PanelSSD1306:
		b, err := m.Open.I2C(d.PanelI2C, "OLED panel")
		if err != nil {
			return nil // the bus line says why
		}
		defer b.Close()
		if err := (&i2c.Dev{Bus: b, Addr: oledAddr}).Tx([]byte{0x00, oledNOP}, nil); err != nil {
			return []Result{fail("panel", "check the OLED's power and SDA/SCL wiring (`i2cdetect -y 1` should show 3c)",
				"SSD1306 does not answer at I2C address %#x: %v", oledAddr, err)}
		}
		return []Result{ok("panel", "SSD1306 answers at I2C address %#x", oledAddr)}
	case config.PanelEInk:
		p, err := m.Open.SPI(d.PanelSPI, "e-ink panel")
		if err != nil {
			return nil // the bus line says why
		}
		p.Close()
		// The e-ink cannot be read back over SPI; its BUSY line is the one
		// sign of life (low when idle on the V4).
		return []Result{ok("panel", "e-ink on %s, BUSY on %s (the picture itself shows at tabled run)", d.PanelSPI, d.BusyPin)}
	}
	return nil
}
