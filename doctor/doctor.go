// Package doctor checks a table's configuration against the machine it
// runs on: every pin, bus, device, file, port and permission the config
// needs, one result per item, each failure with how to fix it. `tabled
// doctor` prints the results; the unit-file checks are also what the
// repository's test of systemd/tabled.service runs.
package doctor

import (
	"io"
	"net"
	"os/user"
	"strings"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/outcome"
)

// Result is the outcome of one check.
type Result struct {
	// Item names what was checked ("gpio GPIO5", "serial", "log dir").
	Item string
	// OK: all is well with it.
	OK bool
	// Detail says what was found: the good news, or what is wrong.
	Detail string
	// Fix says how to put it right, when it is not OK.
	Fix string
}

// String is the result as one line in English: "ok    item: detail" or
// "FAIL  item: detail; fix: ...".
func (r Result) String() string { return r.Line(nil) }

// Machine is where the checks look. The zero value is not useful: start
// from System and replace what a test fakes.
type Machine struct {
	// Open opens GPIO pins, SPI ports and I2C buses by name: the board's
	// (hostio.Host, periph's registries, which accept fakes) or a test's.
	Open hostio.Opener
	// BootConfigs are the Raspberry Pi firmware's config.txt files, the
	// first that exists wins: where dtparam and dtoverlay lines enable buses.
	BootConfigs []string
	// Units are the places of tabled.service, in systemd's order of
	// precedence; drop-ins in UNIT.d/*.conf are read too.
	Units []string
	// ProcDevices is the kernel's list of character device classes.
	ProcDevices string
	// ClockSynced reports whether the kernel's clock is synchronised.
	ClockSynced func() (bool, error)
	// Listen opens the web port, to see that it is free.
	Listen func(network, addr string) (net.Listener, error)
	// HelloTimeout bounds the wait for the serial device's Hello.
	HelloTimeout time.Duration
	// MinFree is the free space below which the log directory fails.
	MinFree uint64
	// GroupExists reports whether a group exists on this machine.
	GroupExists func(name string) bool
	// ConfigFile is the configuration checked, named in the fixes; ""
	// is the installed /etc/tabled/tabled.toml.
	ConfigFile string
	// Lang is the language of the details and fixes; nil is English.
	Lang *catalog.Lang
}

// configFile is the configuration the fixes name.
func (m Machine) configFile() string {
	if m.ConfigFile == "" {
		return "/etc/tabled/tabled.toml"
	}
	return m.ConfigFile
}

// System is the real machine.
func System() Machine {
	return Machine{
		Open:         &hostio.Host{},
		BootConfigs:  []string{"/boot/firmware/config.txt", "/boot/config.txt"},
		Units:        []string{"/etc/systemd/system/tabled.service", "/usr/lib/systemd/system/tabled.service", "/lib/systemd/system/tabled.service"},
		ProcDevices:  "/proc/devices",
		ClockSynced:  clockSynced,
		Listen:       net.Listen,
		HelloTimeout: 2 * time.Second,
		MinFree:      100 << 20,
		GroupExists:  func(name string) bool { _, err := user.LookupGroup(name); return err == nil },
	}
}

// Check runs every check the configuration calls for, in the order an
// admin fixes things: pins and buses, then what hangs on them, then the
// files, the network, the clock, the unit and the HTTPS certificate.
func (m Machine) Check(cfg config.Config) []Result {
	rs := []Result{m.checkRules(cfg)}
	rs = append(rs, m.checkPins(cfg)...)
	rs = append(rs, m.checkBuses(cfg)...)
	rs = append(rs, m.checkExpanders(cfg)...)
	hello, serial := m.checkSerial(cfg)
	rs = append(rs, serial...)
	rs = append(rs, m.checkTiles(cfg, hello)...)
	rs = append(rs, m.checkPanel(cfg)...)
	rs = append(rs, m.checkLogDir(cfg.Log.Dir)...)
	rs = append(rs, m.checkPort(cfg.Web.Listen))
	rs = append(rs, m.checkClock())
	rs = append(rs, m.checkUnit(cfg)...)
	if cfg.Web.HTTPSListen != "" {
		rs = append(rs, HTTPSIn(m.Lang, cfg))
	}
	return rs
}

// checkRules says which book the configured rule profile follows, so an
// admin sees what "ema2016" means on this version (the RCR 2016; the WRC
// 2015 rules are wrc2015).
func (m Machine) checkRules(cfg config.Config) Result {
	w := m.words()
	item := w.t("doctor.item.rules")
	p, err := cfg.Profile()
	if err != nil {
		return w.fail(item, w.t("doctor.rules.fix", "names", strings.Join(engine.ProfileNames(), ", ")), "doctor.error", "error", err)
	}
	return w.ok(item, "doctor.rules.ok", "book", outcome.Follows(w.l, p), "window", w.l.Duration(p.Window), "deadline", w.l.Duration(p.CallDeadline))
}

// Print writes one line per result in English and reports whether all
// are OK.
func Print(w io.Writer, rs []Result) (allOK bool) { return PrintIn(w, nil, rs) }
