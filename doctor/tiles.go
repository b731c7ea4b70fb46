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
	w := m.words()
	item, reader := w.t("doctor.item.tiles"), w.t("doctor.item.reader")
	fix := w.t("doctor.tiles.enroll_fix", "config", m.configFile())
	switch {
	case n.Registry == "":
		rs = append(rs, w.fail(item, w.t("doctor.tiles.registry_fix", "enroll", fix), "doctor.tiles.no_registry", "reader", n.Reader))
	default:
		r, err := nfc.Load(n.Registry)
		if err != nil {
			rs = append(rs, w.fail(item, fix, "doctor.error", "error", err))
			break
		}
		rs = append(rs, w.registryResult(item, n.Registry, r, fix))
	}
	switch n.Reader {
	case config.ReaderNone:
		rs = append(rs, w.fail(reader, w.t("doctor.reader.none_fix"), "doctor.reader.none"))
	case config.ReaderSerial:
		switch {
		case hello == nil:
			rs = append(rs, w.fail(reader, w.t("doctor.reader.serial_fix"), "doctor.reader.serial_silent"))
		case hello.Readers == 0 || hello.Kind&fwproto.KindReader == 0:
			rs = append(rs, w.fail(reader, w.t("doctor.reader.firmware_fix"), "doctor.reader.no_reader", "id", fmt.Sprintf("%08x", hello.DeviceID)))
		default:
			rs = append(rs, w.ok(reader, "doctor.reader.serial_ok", "n", hello.Readers))
		}
	case config.ReaderMFRC522:
		p, err := m.Open.SPI(n.SPI, "MFRC522 reader")
		if err != nil {
			rs = append(rs, w.fail(reader, w.t("doctor.reader.spi_fix"), "doctor.reader.mfrc522_error", "spi", n.SPI, "error", err))
			break
		}
		p.Close()
		rs = append(rs, w.ok(reader, "doctor.reader.mfrc522_ok", "spi", n.SPI))
	}
	return rs
}

// registryResult says whether r is a whole set, with or without red fives
// (a registry holding any red five is taken for a set with them).
func (w words) registryResult(item, path string, r *nfc.Registry, fix string) Result {
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
	set := w.t("doctor.tiles.no_red")
	if red {
		set = w.t("doctor.tiles.red")
	}
	if len(missing) > 0 {
		return w.fail(item, fix, "doctor.tiles.missing", "path", path, "n", r.Len(), "of", len(nfc.EnrolmentOrder(red)), "set", set, "missing", strings.Join(missing, ", "))
	}
	return w.ok(item, "doctor.tiles.ok", "path", path, "n", r.Len(), "set", set)
}

// The SSD1306's I²C address, and a command byte stream holding one NOP:
// harmless to send to a panel that is showing a picture.
const (
	oledAddr = 0x3C
	oledNOP  = 0xE3
)

func (m Machine) checkPanel(cfg config.Config) []Result {
	d := cfg.Display
	w := m.words()
	item := w.t("doctor.item.panel")
	switch d.Panel {
	case config.PanelSSD1306:
		b, err := m.Open.I2C(d.PanelI2C, "OLED panel")
		if err != nil {
			return nil // the bus line says why
		}
		defer b.Close()
		if err := (&i2c.Dev{Bus: b, Addr: oledAddr}).Tx([]byte{0x00, oledNOP}, nil); err != nil {
			return []Result{w.fail(item, w.t("doctor.panel.oled_fix"), "doctor.panel.oled_silent", "addr", fmt.Sprintf("%#x", oledAddr), "error", err)}
		}
		return []Result{w.ok(item, "doctor.panel.oled_ok", "addr", fmt.Sprintf("%#x", oledAddr))}
	case config.PanelEInk:
		p, err := m.Open.SPI(d.PanelSPI, "e-ink panel")
		if err != nil {
			return nil // the bus line says why
		}
		p.Close()
		// The e-ink cannot be read back over SPI; its BUSY line is the one
		// sign of life (low when idle on the V4).
		return []Result{w.ok(item, "doctor.panel.eink_ok", "spi", d.PanelSPI, "busy", d.BusyPin)}
	}
	return nil
}
