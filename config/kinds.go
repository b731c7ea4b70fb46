package config

// The kinds of hardware a configuration names, as typed constants: the
// config, the daemon, enroll and doctor compare against these, never
// against bare strings, so a misspelt kind is a compile error.

// ReaderKind is where tiles are read ([nfc] reader).
type ReaderKind string

// The tile readers.
const (
	// ReaderNone: no tile reader.
	ReaderNone ReaderKind = "none"
	// ReaderSerial: readers on a controller over the [serial] link.
	ReaderSerial ReaderKind = "serial"
	// ReaderMFRC522: an MFRC522 on the Pi's SPI bus.
	ReaderMFRC522 ReaderKind = "mfrc522"
)

// LightsKind is where the seat lights are ([display] lights).
type LightsKind string

// The seat lights.
const (
	// LightsNone: no seat lights.
	LightsNone LightsKind = "none"
	// LightsAPA102: an APA102 strip round the table on an SPI port.
	LightsAPA102 LightsKind = "apa102"
	// LightsWS2812: a WS2812 strip round the table on an SPI port.
	LightsWS2812 LightsKind = "ws2812"
	// LightsSerial: a light on each seat controller, over the [serial] link.
	LightsSerial LightsKind = "serial"
)

// Strip reports whether the lights are an LED strip on an SPI port.
func (k LightsKind) Strip() bool { return k == LightsAPA102 || k == LightsWS2812 }

// PanelKind is the table panel ([display] panel).
type PanelKind string

// The table panels.
const (
	// PanelNone: no panel.
	PanelNone PanelKind = "none"
	// PanelEInk: a Waveshare 2.13" V4 e-ink on SPI.
	PanelEInk PanelKind = "eink"
	// PanelSSD1306: a 128x64 SSD1306 OLED on I²C.
	PanelSSD1306 PanelKind = "ssd1306"
)

// Pull is a button pin's pull resistor ([[button]] pull).
type Pull string

// The pulls; PullDefault is the one the button's level calls for.
const (
	// PullDefault: up for an active-low button, down for an active-high one.
	PullDefault Pull = ""
	PullUp      Pull = "up"
	PullDown    Pull = "down"
	// PullNone: the pin floats (an external resistor).
	PullNone Pull = "none"
)

// Role is a tile reader's role ([[reader]] role).
type Role string

// DefaultBaud is the serial link's rate when [serial] baud is not set:
// the seat controllers' rate (firmware-protocol.md). Run, enroll and doctor
// all open the link at it.
const DefaultBaud = 115200

// Rate is the link's baud rate: Baud, or DefaultBaud when unset.
func (s Serial) Rate() int {
	if s.Baud == 0 {
		return DefaultBaud
	}
	return s.Baud
}

// DefaultExpanderAddress is an MCP23017's I2C address with A0-A2 low.
const DefaultExpanderAddress = 0x20

// Addr is the expander's I2C address: Address, or the default when unset.
func (x Expander) Addr() uint16 {
	if x.Address == 0 {
		return DefaultExpanderAddress
	}
	return uint16(x.Address)
}
