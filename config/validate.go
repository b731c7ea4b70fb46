package config

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// validate checks what Parse read, a part at a time, and names the line of
// what is wrong. pins gathers every host pin in use (pin -> what uses it,
// and where), for each part to refuse one used twice.
func (c Config) validate(l lines) error {
	pins := map[string]string{}
	for _, check := range []func() error{
		func() error { return c.validateTable(l) },
		func() error { return c.validateWeb(l) },
		func() error { return c.validateButtons(l, pins) },
		func() error { return c.validateNFC(l, pins) },
		func() error { return c.validateReaders(l) },
		func() error { return c.validateSerial(l) },
		func() error { return c.Display.validate(c, l, pins) },
	} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// validateTable checks [table]: the rules, the language, the dealer, the
// latency and the wait bound.
func (c Config) validateTable(l lines) error {
	at := func(key ...string) int { return l.keyLine(toml.Key(key)) }
	if _, err := c.Profile(); err != nil {
		line := at("table", "rules")
		if c.Table.Window > 0 && !errors.Is(err, engine.ErrUnknownProfile) {
			line = at("table", "window")
		}
		return fmt.Errorf("line %d: %s", line, strings.TrimPrefix(err.Error(), "engine: "))
	}
	if _, ok := catalog.Get(c.Table.Language); !ok {
		return fmt.Errorf("line %d: language %q is not one of the catalog's: %s", at("table", "language"), c.Table.Language, strings.Join(catalog.Codes(), ", "))
	}
	if c.Table.Dealer < 0 || c.Table.Dealer > 3 {
		return fmt.Errorf("line %d: dealer %d is not a seat 0..3", at("table", "dealer"), c.Table.Dealer)
	}
	if time.Duration(c.Table.InputLatency) > time.Second {
		return fmt.Errorf("line %d: input_latency %v would delay every decision by as much; at most 1s", at("table", "input_latency"), time.Duration(c.Table.InputLatency))
	}
	if wb := time.Duration(c.Table.WaitBound); wb <= 0 || wb > 5*time.Second {
		return fmt.Errorf("line %d: wait_bound %v: a decision must wait for a lagging source more than 0 and at most 5s", at("table", "wait_bound"), wb)
	}
	return nil
}

// validateWeb checks [web]'s connection limits.
func (c Config) validateWeb(l lines) error {
	at := func(key ...string) int { return l.keyLine(toml.Key(key)) }
	switch w := c.Web; {
	case !listenAddress(w.Listen):
		return fmt.Errorf("line %d: listen %q is not an address and port: like \":8080\" (every interface) or \"127.0.0.1:8080\"", at("web", "listen"), w.Listen)
	case w.MaxConnections < 1 || w.MaxConnections > 1<<20:
		return fmt.Errorf("line %d: max_connections %d is not 1..%d", at("web", "max_connections"), w.MaxConnections, 1<<20)
	case w.MaxStreams < 1 || w.MaxStreams >= w.MaxConnections:
		return fmt.Errorf("line %d: max_streams %d must be at least 1 and below max_connections (%d), so pages and actions still get through",
			at("web", "max_streams"), w.MaxStreams, w.MaxConnections)
	}
	if h := c.Web.HTTPSListen; h != "" {
		if _, _, err := net.SplitHostPort(h); err != nil {
			return fmt.Errorf("line %d: https_listen %q is not host:port (like \":8443\")", at("web", "https_listen"), h)
		}
	}
	if (c.Web.CertFile == "") != (c.Web.KeyFile == "") {
		line := at("web", "cert_file")
		if c.Web.CertFile == "" {
			line = at("web", "key_file")
		}
		return fmt.Errorf("line %d: cert_file and key_file go together (or neither: the table makes its own certificate)", line)
	}
	if c.Web.RefereeToken != "" {
		if err := CheckToken(c.Web.RefereeToken); err != nil {
			return fmt.Errorf("line %d: referee_token: %w", at("web", "referee_token"), err)
		}
	}
	return nil
}

// validateExpanders checks the [[expander]]s and returns their names.
func (c Config) validateExpanders(l lines, pins map[string]string) (map[string]bool, error) {
	expanders := map[string]bool{}
	for i, x := range c.Expanders {
		line := l.arrayLine("expander", i)
		switch {
		case x.Name == "" || strings.ContainsAny(x.Name, ". "):
			return nil, fmt.Errorf("line %d: expander needs a name without dots or spaces (like mcp0)", line)
		case expanders[x.Name]:
			return nil, fmt.Errorf("line %d: a second expander named %s", line, x.Name)
		case x.Address != 0 && (x.Address < 0x20 || x.Address > 0x27):
			return nil, fmt.Errorf("line %d: expander address %#x is not an MCP23017's 0x20..0x27", line, x.Address)
		case x.IntPin == "":
			return nil, fmt.Errorf("line %d: expander %s needs int_pin, the GPIO its INT is wired to", line, x.Name)
		}
		if first, ok := pins[x.IntPin]; ok {
			return nil, fmt.Errorf("line %d: pin %s is already used by %s", line, x.IntPin, first)
		}
		expanders[x.Name] = true
		pins[x.IntPin] = fmt.Sprintf("expander %s's INT at line %d", x.Name, line)
	}
	return expanders, nil
}

// validateButtons checks the [[button]]s: on host pins, on the pins of an
// [[expander]] and on serial channels.
func (c Config) validateButtons(l lines, pins map[string]string) error {
	expanders, err := c.validateExpanders(l, pins)
	if err != nil {
		return err
	}
	channels := map[int]int{} // serial channel -> line
	for i, b := range c.Buttons {
		line := l.arrayLine("button", i)
		switch {
		case b.Seat < 0 || b.Seat > 3:
			return fmt.Errorf("line %d: button seat %d is not 0..3", line, b.Seat)
		case b.Call.Action == engine.ActNone:
			return fmt.Errorf("line %d: button call %q is not one of %s", line, b.Call.Name, callWords())
		case b.Pin.Name == "" && b.Channel == nil:
			return fmt.Errorf("line %d: button needs a pin (GPIO17, mcp0.A3) or a serial channel", line)
		case b.Pin.Name != "" && b.Channel != nil:
			return fmt.Errorf("line %d: button has both a pin and a serial channel; which is it?", line)
		case b.Pull != PullDefault && b.Pull != PullUp && b.Pull != PullDown && b.Pull != PullNone:
			return fmt.Errorf("line %d: button pull %q is not up, down or none", line, b.Pull)
		}
		if b.Channel != nil {
			ch := *b.Channel
			if ch < 0 || ch > 255 {
				return fmt.Errorf("line %d: serial channel %d is not 0..255", line, ch)
			}
			if c.Serial == nil {
				return fmt.Errorf("line %d: button on serial channel %d, but there is no [serial] section", line, ch)
			}
			if first, ok := channels[ch]; ok {
				return fmt.Errorf("line %d: serial channel %d is already used by the button at line %d", line, ch, first)
			}
			channels[ch] = line
			continue
		}
		if x := b.Pin.Expander; x != "" {
			if !expanders[x] {
				return fmt.Errorf("line %d: pin %s: no [[expander]] named %s", line, b.Pin, x)
			}
			if b.Pin.bad != nil {
				return fmt.Errorf("line %d: pin %s: expander pins are A0..A7 and B0..B7", line, b.Pin)
			}
		}
		if first, ok := pins[b.Pin.Name]; ok {
			return fmt.Errorf("line %d: pin %s is already used by %s", line, b.Pin, first)
		}
		pins[b.Pin.Name] = fmt.Sprintf("the button at line %d", line)
	}
	return nil
}

// validateNFC checks [nfc]: the reader and its pins.
func (c Config) validateNFC(l lines, pins map[string]string) error {
	at := func(key ...string) int { return l.keyLine(toml.Key(key)) }
	for _, p := range []struct{ pin, key string }{{c.NFC.ResetPin, "reset_pin"}, {c.NFC.IRQPin, "irq_pin"}} {
		if p.pin == "" || c.NFC.Reader != ReaderMFRC522 {
			continue
		}
		if first, ok := pins[p.pin]; ok {
			return fmt.Errorf("line %d: pin %s is already used by %s", at("nfc", p.key), p.pin, first)
		}
		pins[p.pin] = fmt.Sprintf("the reader's %s (line %d)", p.key, at("nfc", p.key))
	}
	switch c.NFC.Reader {
	case ReaderNone, ReaderSerial:
	case ReaderMFRC522:
		if c.NFC.SPI == "" {
			return fmt.Errorf("line %d: reader mfrc522 needs spi (like /dev/spidev0.0)", at("nfc", "reader"))
		}
	default:
		return fmt.Errorf("line %d: nfc reader %q is not none, serial or mfrc522", at("nfc", "reader"), c.NFC.Reader)
	}
	if c.NFC.Reader == ReaderSerial && c.Serial == nil {
		return fmt.Errorf("line %d: reader serial needs a [serial] section", at("nfc", "reader"))
	}
	return nil
}

// validateSerial checks [serial] and [club].
func (c Config) validateSerial(l lines) error {
	at := func(key ...string) int { return l.keyLine(toml.Key(key)) }
	if s := c.Serial; s != nil {
		if s.Path == "" {
			return fmt.Errorf("line %d: [serial] needs a path", l.header("serial"))
		}
		if s.Baud < 0 {
			return fmt.Errorf("line %d: baud %d is negative", at("serial", "baud"), s.Baud)
		}
		if s.DeviceID != "" {
			if _, err := ParseDeviceID(s.DeviceID); err != nil {
				return fmt.Errorf("line %d: %w", at("serial", "device_id"), err)
			}
		}
	}
	if cl := c.Club; cl != nil && cl.Broker == "" {
		return fmt.Errorf("line %d: [club] needs a broker (like mqtt://broker.local:1883)", l.header("club"))
	}
	return nil
}

func (c Config) validateReaders(l lines) error {
	at := func(i int, key string) int { return l.elemKeyLine("reader", i, key) }
	indexes := map[int]int{} // index -> line
	for i, r := range c.Readers {
		line := at(i, "index")
		switch {
		case c.NFC.Reader == ReaderNone:
			return fmt.Errorf("line %d: [[reader]] roles need a tile reader: set [nfc] reader to serial or mfrc522", l.arrayLine("reader", i))
		case r.Index < 0 || r.Index > 255:
			return fmt.Errorf("line %d: reader index %d is not 0..255", line, r.Index)
		case c.NFC.Reader == ReaderMFRC522 && r.Index != 0:
			return fmt.Errorf("line %d: reader index %d: a direct MFRC522 is reader 0", line, r.Index)
		}
		if first, ok := indexes[r.Index]; ok {
			return fmt.Errorf("line %d: reader %d already has a role, at line %d", l.arrayLine("reader", i), r.Index, first)
		}
		indexes[r.Index] = l.arrayLine("reader", i)
		switch r.Role {
		case "", RoleDora:
			if r.Seat != nil {
				return fmt.Errorf("line %d: reader %d reads dora indicators, which belong to no seat; seat is for role = \"discard\"", at(i, "seat"), r.Index)
			}
		case RoleDiscard:
			if r.Seat == nil {
				return fmt.Errorf("line %d: reader %d: role discard needs the seat (0..3) whose discards it reads", l.arrayLine("reader", i), r.Index)
			}
			if *r.Seat < 0 || *r.Seat > 3 {
				return fmt.Errorf("line %d: reader %d: seat %d is not 0..3", at(i, "seat"), r.Index, *r.Seat)
			}
		default:
			return fmt.Errorf("line %d: reader %d: role %q is not dora or discard", at(i, "role"), r.Index, r.Role)
		}
	}
	return nil
}

// listenAddress reports whether s is what a TCP listener takes: a host
// (or none) and a port, by number or service name ("localhost" alone is
// not, and only failed when the daemon started).
func listenAddress(s string) bool {
	_, port, err := net.SplitHostPort(s)
	return err == nil && port != ""
}
