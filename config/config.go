// Package config reads tabled's TOML configuration strictly: an unknown or
// misspelt key, a bad duration, a pin used twice or a seat out of range is
// an error that names the line. Every setting has a default, so a simulated
// table needs no file at all.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// Config is the whole configuration.
type Config struct {
	Table   Table    `toml:"table"`
	Log     Log      `toml:"log"`
	Web     Web      `toml:"web"`
	Buttons []Button `toml:"button"`
	// Expanders are MCP23017 chips carrying buttons ("mcp0.A3" pins).
	Expanders []Expander `toml:"expander"`
	Serial    *Serial    `toml:"serial"`
	NFC       NFC        `toml:"nfc"`
	// Readers give tile readers a role by their index; a reader not listed
	// reads dora indicators.
	Readers []Reader `toml:"reader"`
	Display Display  `toml:"display"`
	Club    *Club    `toml:"club"`
}

// Table is the table and its rules.
type Table struct {
	// Name identifies the table in logs, on the LAN and at the club broker.
	Name string `toml:"name"`
	// Rules is the rule profile: ema2016 (the RCR 2016, default), wrc2015 or
	// ema2008 (the RCR 2008/2012).
	Rules string `toml:"rules"`
	// Window and CallDeadline override the profile's when set.
	Window       Duration `toml:"window"`
	CallDeadline Duration `toml:"call_deadline"`
	// Dealer is the physical seat (0..3) of East in the first hand.
	Dealer int `toml:"dealer"`
	// InputLatency is how far behind the table's clock the inputs it
	// stamps itself on arrival (tablets, the terminal, the referee) may
	// still arrive. Buttons and controllers have watermarks of their own.
	InputLatency Duration `toml:"input_latency"`
	// WaitBound is the longest a decision waits for a source that has not
	// caught up (a controller retransmitting a spoilt frame); an input
	// later than that is still decided at its stamp, by a revision.
	WaitBound Duration `toml:"wait_bound"`
	// Language is the language of the table's words for people (the
	// terminal, the text panel, the log's text): a language of the
	// catalog, "en" or "fr". Every JSON API, the claim log and the
	// scenario contract keep their codes and English reasons whatever it is.
	Language string `toml:"language"`
}

// Log is where the claim log lives.
type Log struct {
	Dir string `toml:"dir"`
}

// Web is the LAN server.
type Web struct {
	Listen string `toml:"listen"`
	// URL is the status page as tablets reach it ("http://table-7.local:8080/"),
	// shown on the club console.
	URL string `toml:"url"`
	// Hosts are the names and addresses tablets may use for the table
	// besides its own (its addresses, its host name and .local name,
	// localhost, and URL's host): a request naming another host is
	// refused (421), which keeps DNS-rebinding pages out.
	Hosts []string `toml:"hosts"`
	// RefereeToken enables referee actions for whoever presents it: at
	// least MinTokenLen characters, not the example's. RefereeTokenFile
	// names a file holding it instead (its first line); the environment's
	// TABLED_REFEREE_TOKEN comes before both.
	RefereeToken     string `toml:"referee_token"`
	RefereeTokenFile string `toml:"referee_token_file"`
	// HTTPSListen serves the page over HTTPS as well ("host:port"), and
	// referee actions then only there: the token no longer crosses the
	// network in clear. CertFile and KeyFile are the club's certificate;
	// without them the table makes its own (kept in the log directory)
	// and shows its fingerprint (the start of it on its panel).
	HTTPSListen string `toml:"https_listen"`
	CertFile    string `toml:"cert_file"`
	KeyFile     string `toml:"key_file"`
	// MaxConnections caps the open connections (default 512): beyond it a
	// new one is closed at once, so a flood cannot use up the descriptors
	// and the page keeps answering the tablets already connected.
	MaxConnections int `toml:"max_connections"`
	// MaxStreams caps the live event streams (default 256); one more is
	// answered 503.
	MaxStreams int `toml:"max_streams"`
}

// The [web] defaults.
const (
	DefaultMaxConnections = 512
	DefaultMaxStreams     = 256
)

// Button is one call button: on a GPIO pin, an expander pin, or a channel
// of the seat controller on the serial link.
type Button struct {
	Seat int `toml:"seat"`
	// Call is the button's action: chii, pon, kan, ron, tsumo, riichi,
	// discard, cancel.
	Call Call `toml:"call"`
	// Pin is the GPIO name as the board knows it ("GPIO17"), or an
	// expander's name and pin ("mcp0.A3").
	Pin Pin `toml:"pin"`
	// Channel is the seat controller's button channel, for a button on the
	// serial link instead of a pin.
	Channel *int `toml:"channel"`
	// Pull is up (default), down or none.
	Pull Pull `toml:"pull"`
	// ActiveHigh: the press drives the pin high (default: active low, to ground).
	ActiveHigh bool `toml:"active_high"`
	// Debounce and MinPress override the defaults (20 ms, 5 ms).
	Debounce Duration `toml:"debounce"`
	MinPress Duration `toml:"min_press"`
}

// Expander is an MCP23017 I/O expander for more buttons than free pins.
type Expander struct {
	// Name is how button pins refer to it ("mcp0" in "mcp0.A3").
	Name string `toml:"name"`
	// Bus is the I2C bus ("/dev/i2c-1"; empty: the first).
	Bus string `toml:"bus"`
	// Address is the chip's I2C address, 0x20..0x27 (default 0x20).
	Address int `toml:"address"`
	// IntPin is the host GPIO its INT output is wired to.
	IntPin string `toml:"int_pin"`
}

// Serial is the link to seat and reader controllers.
type Serial struct {
	// Path is the device, best a /dev/serial/by-id/ name that survives replugs.
	Path string `toml:"path"`
	Baud int    `toml:"baud"`
	// DeviceID pins the controller expected on Path: its Hello's device id
	// in hex ("000000f1" or "0xF1", as tabled logs it). Another device on
	// the path (a reused pty, a swapped adapter) is refused. Empty: any.
	DeviceID string `toml:"device_id"`
}

// ParseDeviceID reads a device id as the config and the logs write it:
// one to eight hex digits, with or without 0x.
func ParseDeviceID(s string) (uint32, error) {
	h := strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if h == "" || len(h) > 8 {
		return 0, fmt.Errorf("device_id %q is not 1 to 8 hex digits (like 000000f1)", s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("device_id %q is not 1 to 8 hex digits (like 000000f1)", s)
	}
	return uint32(v), nil
}

// NFC is the tile reader.
type NFC struct {
	// Registry is the file mapping tag UIDs to tiles (written by tabled enroll).
	Registry string `toml:"registry"`
	// Reader is serial (a reader controller on the serial link), mfrc522
	// (SPI, directly on the Pi) or none.
	Reader ReaderKind `toml:"reader"`
	// SPI is the SPI port for mfrc522 ("/dev/spidev0.0"); ResetPin and IRQPin its GPIOs.
	SPI      string `toml:"spi"`
	ResetPin string `toml:"reset_pin"`
	IRQPin   string `toml:"irq_pin"`
}

// The roles of a tile reader, Reader.Role.
const (
	// RoleDora: a tile read is a dora indicator (the default).
	RoleDora Role = "dora"
	// RoleDiscard: a tile read is the discard, with its tile, of the
	// reader's seat: a reader at a seat instead of a discard button.
	RoleDiscard Role = "discard"
)

// Reader gives one tile reader its role. Index is the reader's number: on
// a seat or reader controller, the reader field of its TileRead
// (firmware-protocol.md); a direct MFRC522 is reader 0.
type Reader struct {
	Index int `toml:"index"`
	// Role is dora (default) or discard.
	Role Role `toml:"role"`
	// Seat is the seat (0..3) whose discards a discard reader reads.
	Seat *int `toml:"seat"`
}

// Club is the club's MQTT broker.
type Club struct {
	Broker   string `toml:"broker"`
	Username string `toml:"username"`
	// Password is the broker login's; PasswordFile names a file holding it
	// instead (its first line); the environment's TABLED_BROKER_PASSWORD
	// comes before both.
	Password     string `toml:"password"`
	PasswordFile string `toml:"password_file"`
	CAFile       string `toml:"ca_file"`
}

// Duration is a time.Duration written as a Go duration string ("250ms").
type Duration time.Duration

// UnmarshalText parses a Go duration.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a duration like 250ms or 3s", b)
	}
	if v < 0 {
		return fmt.Errorf("%q: a duration must not be negative", b)
	}
	*d = Duration(v)
	return nil
}

// MarshalText prints the duration.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// Default is the configuration when no file is given.
func Default() Config {
	return Config{
		Table:   Table{Name: "table", Rules: engine.DefaultProfile, Language: catalog.Default, InputLatency: Duration(5 * time.Millisecond), WaitBound: Duration(500 * time.Millisecond)},
		Log:     Log{Dir: "/var/lib/tabled/log"},
		Web:     Web{Listen: ":8080", MaxConnections: DefaultMaxConnections, MaxStreams: DefaultMaxStreams},
		NFC:     NFC{Reader: ReaderNone},
		Display: defaultDisplay(),
	}
}

// SimLogDir is the claim-log directory of a simulated table run without
// a configuration (tabled run --sim): the user's cache (a laptop, not
// /var/lib), else def.
func SimLogDir(def string) string {
	cache, err := os.UserCacheDir()
	if err != nil {
		return def
	}
	return filepath.Join(cache, "tabled", "sim-log")
}

// MaxFileBytes caps a configuration file: a real one is a few kilobytes,
// and a huge file (a mistaken path, a log named by accident) must be
// refused without being read into memory whole.
const MaxFileBytes = 1 << 20

// Load reads a configuration file over the defaults.
func Load(path string) (Config, error) {
	b, err := readCapped(path, MaxFileBytes)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	c, err := Parse(b)
	if err != nil {
		return Config{}, fmt.Errorf("config: %s: %w", path, err)
	}
	if err := c.loadSecrets(os.Getenv); err != nil {
		return Config{}, fmt.Errorf("config: %s: %w", path, err)
	}
	return c, nil
}

// readCapped reads a whole file of at most max bytes; a longer one is an
// error naming the file and the cap, found after reading max+1 bytes.
func readCapped(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s is larger than %d bytes (%d KiB), the cap for a configuration file", path, max, max>>10)
	}
	return b, nil
}

// Parse reads configuration text over the defaults.
func Parse(b []byte) (Config, error) {
	c := Default()
	md, err := toml.NewDecoder(bytes.NewReader(b)).Decode(&c)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return Config{}, fmt.Errorf("line %d: %s", pe.Position.Line, pe.Message)
		}
		return Config{}, err
	}
	lines := scan(b)
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return Config{}, fmt.Errorf("line %d: unknown key %q (misspelt? see the example configuration)", lines.keyLine(k), k.String())
	}
	for i := range c.Readers {
		if c.Readers[i].Role == "" {
			c.Readers[i].Role = RoleDora
		}
	}
	if err := c.validate(lines); err != nil {
		return Config{}, err
	}
	return c, nil
}

// Profile is the rule profile with the configured overrides.
func (c Config) Profile() (engine.Profile, error) {
	p, err := engine.ProfileByName(c.Table.Rules)
	if err != nil {
		return p, err
	}
	if c.Table.Window > 0 {
		p.Window = time.Duration(c.Table.Window)
	}
	if c.Table.CallDeadline > 0 {
		p.CallDeadline = time.Duration(c.Table.CallDeadline)
	}
	return p, p.Validate()
}
