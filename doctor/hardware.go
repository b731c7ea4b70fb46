package doctor

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/link"
	"periph.io/x/conn/v3/i2c"
)

// pinUse is a Pi GPIO the config uses, and what for.
type pinUse struct{ pin, what string }

// piPins are the host GPIOs the config names (expander pins are the
// expander's, checked with it).
func piPins(w words, cfg config.Config) []pinUse {
	var ps []pinUse
	for _, x := range cfg.Expanders {
		ps = append(ps, pinUse{x.IntPin, w.t("doctor.use.expander_int", "name", x.Name)})
	}
	for _, b := range cfg.Buttons {
		if b.Pin.Name != "" && b.Pin.Expander == "" {
			ps = append(ps, pinUse{b.Pin.Name, w.t("doctor.use.button", "seat", b.Seat, "call", b.Call)})
		}
	}
	if cfg.NFC.Reader == config.ReaderMFRC522 {
		for _, p := range []pinUse{{cfg.NFC.ResetPin, "MFRC522 reset"}, {cfg.NFC.IRQPin, "MFRC522 IRQ"}} {
			if p.pin != "" {
				ps = append(ps, p)
			}
		}
	}
	if d := cfg.Display; d.Panel == config.PanelEInk {
		ps = append(ps, pinUse{d.DCPin, "e-ink DC"}, pinUse{d.CSPin, "e-ink CS"}, pinUse{d.ResetPin, "e-ink reset"}, pinUse{d.BusyPin, "e-ink busy"})
	}
	return ps
}

// consumer is a pin that can say who holds it (periph's gpioioctl lines:
// the kernel's consumer label of a GPIO character device line).
type consumer interface{ Consumer() string }

func (m Machine) checkPins(cfg config.Config) []Result {
	var rs []Result
	w := m.words()
	for _, p := range piPins(w, cfg) {
		item := "gpio " + p.pin
		pin, err := m.Open.Pin(p.pin, p.what)
		if errors.Is(err, hostio.ErrNotFound) {
			// No example names: on a machine without the Pi's pins they
			// would be ones it just said it does not have.
			rs = append(rs, w.fail(item, w.t("doctor.pin.none_fix", "config", m.configFile()), "doctor.pin.none", "what", p.what, "pin", p.pin))
			continue
		}
		if err != nil {
			rs = append(rs, w.fail(item, w.t("doctor.on_the_pi"), "doctor.error", "error", err))
			continue
		}
		if c, isC := pin.(consumer); isC && c.Consumer() != "" {
			// The e-ink's CS is the SPI driver's own chip select: shared by design.
			if !(p.what == "e-ink CS" && strings.Contains(strings.ToLower(c.Consumer()), "spi")) {
				rs = append(rs, w.fail(item, w.t("doctor.pin.used_fix", "what", p.what), "doctor.pin.used", "what", p.what, "holder", fmt.Sprintf("%q", c.Consumer())))
				continue
			}
		}
		rs = append(rs, w.ok(item, "doctor.pin.ok", "what", p.what))
	}
	return rs
}

// bus is an SPI port or I2C bus the config names, and what hangs on it.
type bus struct{ kind, name, what string }

func buses(w words, cfg config.Config) []bus {
	var bs []bus
	if cfg.NFC.Reader == config.ReaderMFRC522 {
		bs = append(bs, bus{"spi", cfg.NFC.SPI, w.t("doctor.use.mfrc522")})
	}
	d := cfg.Display
	if d.Lights.Strip() {
		bs = append(bs, bus{"spi", d.LightsSPI, w.t("doctor.use.strip", "kind", string(d.Lights))})
	}
	if d.Panel == config.PanelEInk {
		bs = append(bs, bus{"spi", d.PanelSPI, w.t("doctor.use.eink")})
	}
	for _, x := range cfg.Expanders {
		bs = append(bs, bus{"i2c", x.Bus, w.t("doctor.item.expander", "name", x.Name)})
	}
	if d.Panel == config.PanelSSD1306 {
		bs = append(bs, bus{"i2c", d.PanelI2C, w.t("doctor.use.oled")})
	}
	return bs
}

var (
	spiNumber = regexp.MustCompile(`spidev(\d+)\.\d+$|^SPI(\d+)`)
	i2cNumber = regexp.MustCompile(`i2c-(\d+)$|^I2C(\d+)$`)
)

// enabler is the config.txt line that turns a bus on, and a prefix that
// finds it: SPI0 and I2C1 are dtparams, SPI1 and up are overlays.
func enabler(kind, name string) (line, prefix string) {
	re := spiNumber
	if kind == "i2c" {
		re = i2cNumber
	}
	n := "0"
	if kind == "i2c" {
		n = "1" // "" opens the first bus, which is I2C1 on a Pi
	}
	if m := re.FindStringSubmatch(name); m != nil {
		n = m[1] + m[2]
	}
	switch {
	case kind == "spi" && n == "0":
		return "dtparam=spi=on", "dtparam=spi=on"
	case kind == "spi":
		return "dtoverlay=spi" + n + "-1cs", "dtoverlay=spi" + n + "-"
	case n == "1":
		return "dtparam=i2c_arm=on", "dtparam=i2c_arm=on"
	default:
		return "dtoverlay=i2c" + n, "dtoverlay=i2c" + n
	}
}

// bootConfig is the first firmware config.txt that exists, and its lines.
func (m Machine) bootConfig() (path string, lines []string) {
	for _, p := range m.BootConfigs {
		b, err := os.ReadFile(p)
		if err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				lines = append(lines, strings.TrimSpace(l))
			}
			return p, lines
		}
	}
	return "", nil
}

func (m Machine) checkBuses(cfg config.Config) []Result {
	var rs []Result
	w := m.words()
	seen := map[string]bool{}
	for _, b := range buses(w, cfg) {
		if seen[b.kind+b.name] {
			continue
		}
		seen[b.kind+b.name] = true
		name := b.name
		if name == "" {
			name = w.t("doctor.bus.first")
		}
		item := b.kind + " " + name
		line, prefix := enabler(b.kind, b.name)
		cfgPath, lines := m.bootConfig()
		enabled := ""
		for _, l := range lines {
			if strings.HasPrefix(l, prefix) {
				enabled = l
			}
		}
		var err error
		if b.kind == "spi" {
			var p interface{ Close() error }
			if p, err = m.Open.SPI(b.name, b.what); err == nil {
				err = p.Close()
			}
		} else {
			var c i2c.BusCloser
			if c, err = m.Open.I2C(b.name, b.what); err == nil {
				err = c.Close()
			}
		}
		switch {
		case err == nil && enabled != "":
			rs = append(rs, w.ok(item, "doctor.bus.enabled", "what", b.what, "line", enabled, "file", cfgPath))
		case err == nil:
			rs = append(rs, w.ok(item, "doctor.bus.ok", "what", b.what))
		case enabled != "":
			rs = append(rs, w.fail(item, w.t("doctor.bus.reboot_fix", "file", cfgPath),
				"doctor.bus.missing_enabled", "what", b.what, "file", cfgPath, "line", enabled, "error", w.busError(err)))
		default:
			where := cfgPath
			if where == "" {
				where = "/boot/firmware/config.txt"
			}
			rs = append(rs, w.fail(item, w.t("doctor.bus.add_fix", "line", line, "file", where), "doctor.bus.missing", "what", b.what, "error", w.busError(err)))
		}
	}
	return rs
}

// busError is what an open's error says to an admin: a bus the opener
// does not find is one the kernel does not have.
func (w words) busError(err error) string {
	if errors.Is(err, hostio.ErrNotFound) {
		return w.t("doctor.bus.no_such")
	}
	return err.Error()
}

// The MCP23017's IODIRA register, readable on any chip that answers.
const mcpIODIRA = 0x00

func (m Machine) checkExpanders(cfg config.Config) []Result {
	var rs []Result
	w := m.words()
	for _, x := range cfg.Expanders {
		addr := x.Addr()
		item := w.t("doctor.item.expander", "name", x.Name)
		b, err := m.Open.I2C(x.Bus, item)
		if err != nil {
			continue // the bus line above says why
		}
		var r [1]byte
		err = (&i2c.Dev{Bus: b, Addr: addr}).Tx([]byte{mcpIODIRA}, r[:])
		b.Close()
		if err != nil {
			rs = append(rs, w.fail(item, w.t("doctor.expander.fix", "addr", fmt.Sprintf("%#x", addr)),
				"doctor.expander.silent", "addr", fmt.Sprintf("%#x", addr), "error", err))
			continue
		}
		rs = append(rs, w.ok(item, "doctor.expander.ok", "addr", fmt.Sprintf("%#x", addr), "iodira", fmt.Sprintf("%#02x", r[0])))
	}
	return rs
}

// checkSerial opens the serial device and asks it for a Hello; it returns
// the Hello when one came.
func (m Machine) checkSerial(cfg config.Config) (*fwproto.Hello, []Result) {
	s := cfg.Serial
	if s == nil {
		return nil, nil
	}
	w := m.words()
	item := w.t("doctor.item.serial", "path", s.Path)
	target, err := filepath.EvalSymlinks(s.Path)
	if err != nil {
		return nil, []Result{w.fail(item, w.t("doctor.serial.absent_fix"), "doctor.serial.absent", "error", err)}
	}
	port, err := link.Serial(s.Path, s.Rate())()
	if err != nil {
		return nil, []Result{w.fail(item, w.t("doctor.serial.open_fix"), "doctor.serial.no_open", "device", target, "error", err)}
	}
	defer port.Close()
	h, err := query(port, m.HelloTimeout)
	if err != nil {
		return nil, []Result{w.fail(item, w.t("doctor.serial.hello_fix"), "doctor.serial.no_hello", "device", target, "error", err)}
	}
	return h, []Result{w.ok(item, "doctor.serial.ok", "id", fmt.Sprintf("%08x", h.DeviceID),
		"firmware", fmt.Sprintf("%d.%d.%d", h.Firmware[0], h.Firmware[1], h.Firmware[2]), "protocol", h.Proto,
		"buttons", h.Buttons, "readers", h.Readers, "device", target)}
}

// query sends a Query and waits up to timeout for a Hello. Other frames
// (heartbeats, events the daemon will get once it runs) are passed over.
func query(port link.Port, timeout time.Duration) (*fwproto.Hello, error) {
	q, err := fwproto.Encode(nil, fwproto.Query{}, 0)
	if err != nil {
		return nil, fmt.Errorf("encode query: %w", err)
	}
	// A leading delimiter ends whatever half frame the device holds.
	if _, err := port.Write(append([]byte{0}, q...)); err != nil {
		return nil, fmt.Errorf("send query: %w", err)
	}
	deadline := time.Now().Add(timeout)
	// A port without a read timeout (Linux's) waits at most until then.
	if d, ok := port.(interface{ SetReadDeadline(time.Time) error }); ok {
		if err := d.SetReadDeadline(deadline); err != nil {
			return nil, fmt.Errorf("read deadline: %w", err)
		}
	}
	var dec fwproto.Decoder
	var hello *fwproto.Hello
	bad := 0
	buf := make([]byte, 256)
	for hello == nil && time.Now().Before(deadline) {
		n, err := port.Read(buf)
		dec.Feed(buf[:n], func(f fwproto.Frame, err error) {
			if err != nil {
				bad++
				return
			}
			if msg, err := fwproto.Parse(f); err == nil {
				if h, isHello := msg.(fwproto.Hello); isHello {
					hello = &h
				}
			}
		})
		if errors.Is(err, os.ErrDeadlineExceeded) {
			break
		}
		if err != nil && !errors.Is(err, io.EOF) { // EOF: the read timed out
			return nil, fmt.Errorf("read: %w", err)
		}
	}
	if hello == nil {
		return nil, fmt.Errorf("no Hello within %v (%d bad frames)", timeout, bad)
	}
	if hello.Proto != fwproto.Version {
		return hello, fmt.Errorf("device speaks protocol %d, tabled speaks %d", hello.Proto, fwproto.Version)
	}
	return hello, nil
}
