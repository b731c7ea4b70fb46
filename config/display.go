package config

import (
	"fmt"
	"regexp"
	"time"

	"github.com/BurntSushi/toml"
)

// Display is the seat lights and the table panel.
type Display struct {
	// Lights is where the seat lights are: apa102 or ws2812 (an LED strip
	// round the table on an SPI port), serial (a light on each seat
	// controller, over the [serial] link) or none.
	Lights LightsKind `toml:"lights"`
	// LightsSPI is the strip's SPI port ("/dev/spidev1.0"). A strip has no
	// chip select, so it needs a bus of its own.
	LightsSPI string `toml:"lights_spi"`
	// PerSeat is the number of pixels of a seat's segment of the strip
	// (default 8, at least 6).
	PerSeat int `toml:"per_seat"`
	// FirstSeat is the seat whose segment starts the strip; Clockwise: the
	// strip runs clockwise round the table (default: counter-clockwise,
	// in turn order).
	FirstSeat int  `toml:"first_seat"`
	Clockwise bool `toml:"clockwise"`
	// Brightness scales the strip's colours, 1..255 (default 255).
	Brightness int `toml:"brightness"`
	// LightChannels are the seat controllers' light channels of seats
	// 0..3, for lights = "serial" (default [0, 1, 2, 3]).
	LightChannels []int `toml:"light_channels"`

	// Panel is the table panel: eink (Waveshare 2.13" V4 e-ink), ssd1306
	// (128x64 OLED on I²C) or none.
	Panel PanelKind `toml:"panel"`
	// PanelSPI is the e-ink's SPI port (default /dev/spidev0.0).
	PanelSPI string `toml:"panel_spi"`
	// PanelI2C is the OLED's I²C bus (default: the first).
	PanelI2C string `toml:"panel_i2c"`
	// The e-ink's lines; the defaults are the Waveshare HAT's.
	DCPin    string `toml:"dc_pin"`
	CSPin    string `toml:"cs_pin"`
	ResetPin string `toml:"reset_pin"`
	BusyPin  string `toml:"busy_pin"`
	// Flip turns the panel's picture upside down, for a panel mounted the
	// other way up.
	Flip bool `toml:"flip"`
	// Sleep puts the e-ink to sleep after this long without a change; "0s"
	// never (default 10m).
	Sleep Duration `toml:"sleep"`
}

// defaultDisplay is the [display] section when none is written: no lights
// and no panel, the Waveshare HAT's pins when a panel is named.
func defaultDisplay() Display {
	return Display{
		Lights: LightsNone, PerSeat: 8, Brightness: 255, LightChannels: []int{0, 1, 2, 3},
		Panel: PanelNone, PanelSPI: "/dev/spidev0.0",
		DCPin: "GPIO25", CSPin: "GPIO8", ResetPin: "GPIO17", BusyPin: "GPIO24",
		Sleep: Duration(10 * time.Minute),
	}
}

// spiBus is the bus number of a spidev path: the 1 of /dev/spidev1.0.
var spiBus = regexp.MustCompile(`spidev(\d+)\.\d+$`)

// validate checks the section; pins holds the pins already used, and gets
// the e-ink's.
func (d Display) validate(c Config, l lines, pins map[string]string) error {
	at := func(key string) int { return l.keyLine(toml.Key{"display", key}) }
	switch d.Lights {
	case LightsNone:
	case LightsAPA102, LightsWS2812:
		if d.LightsSPI == "" {
			return fmt.Errorf("line %d: lights %s needs lights_spi, the strip's SPI port (like /dev/spidev1.0)", at("lights"), d.Lights)
		}
		if d.PerSeat < 6 {
			return fmt.Errorf("line %d: per_seat %d: the light language needs at least 6 pixels a seat", at("per_seat"), d.PerSeat)
		}
		if d.FirstSeat < 0 || d.FirstSeat > 3 {
			return fmt.Errorf("line %d: first_seat %d is not a seat 0..3", at("first_seat"), d.FirstSeat)
		}
		if d.Brightness < 1 || d.Brightness > 255 {
			return fmt.Errorf("line %d: brightness %d is not 1..255", at("brightness"), d.Brightness)
		}
		// A strip clocks in whatever crosses its bus: it cannot share one.
		for _, other := range []struct{ port, what, key string }{
			{d.PanelSPI, "the e-ink's", "panel_spi"}, {c.NFC.SPI, "the MFRC522 reader's", "spi"},
		} {
			if other.port == "" || (other.what == "the e-ink's" && d.Panel != PanelEInk) || (other.key == "spi" && c.NFC.Reader != ReaderMFRC522) {
				continue
			}
			if a, b := spiBus.FindStringSubmatch(d.LightsSPI), spiBus.FindStringSubmatch(other.port); d.LightsSPI == other.port || (a != nil && b != nil && a[1] == b[1]) {
				return fmt.Errorf("line %d: lights_spi %s is on the same SPI bus as %s %s: a strip has no chip select and would take the other device's bytes as colours; give it a bus of its own (like /dev/spidev1.0)",
					at("lights_spi"), d.LightsSPI, other.what, other.port)
			}
		}
	case LightsSerial:
		if c.Serial == nil {
			return fmt.Errorf("line %d: lights serial needs a [serial] section", at("lights"))
		}
		if len(d.LightChannels) != 4 {
			return fmt.Errorf("line %d: light_channels needs 4 channels, one for each seat 0..3", at("light_channels"))
		}
		for _, ch := range d.LightChannels {
			if ch < 0 || ch > 255 {
				return fmt.Errorf("line %d: light channel %d is not 0..255", at("light_channels"), ch)
			}
		}
	default:
		return fmt.Errorf("line %d: lights %q is not apa102, ws2812, serial or none", at("lights"), d.Lights)
	}

	switch d.Panel {
	case PanelNone, PanelSSD1306:
	case PanelEInk:
		if d.PanelSPI == "" {
			return fmt.Errorf("line %d: panel eink needs panel_spi (like /dev/spidev0.0)", at("panel_spi"))
		}
		for _, p := range []struct{ pin, key string }{{d.DCPin, "dc_pin"}, {d.CSPin, "cs_pin"}, {d.ResetPin, "reset_pin"}, {d.BusyPin, "busy_pin"}} {
			line := at(p.key)
			if line == 0 {
				line = l.header("display")
			}
			if p.pin == "" {
				return fmt.Errorf("line %d: panel eink needs %s", line, p.key)
			}
			if first, ok := pins[p.pin]; ok {
				return fmt.Errorf("line %d: the e-ink's %s %s is already used by %s", line, p.key, p.pin, first)
			}
			pins[p.pin] = fmt.Sprintf("the e-ink's %s (line %d)", p.key, line)
		}
	default:
		return fmt.Errorf("line %d: panel %q is not eink, ssd1306 or none", at("panel"), d.Panel)
	}
	return nil
}
