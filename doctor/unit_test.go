package doctor

import (
	"bufio"
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// configs name every device the configuration accepts, one form each.
var configs = []struct{ name, toml string }{
	{"gpio button", "[[button]]\nseat = 0\ncall = \"pon\"\npin = \"GPIO5\"\n"},
	{"expander", "[[expander]]\nname = \"mcp0\"\nint_pin = \"GPIO4\"\n"},
	{"expander on bus 3", "[[expander]]\nname = \"mcp0\"\nbus = \"/dev/i2c-3\"\nint_pin = \"GPIO4\"\n"},
	{"mfrc522", "[nfc]\nreader = \"mfrc522\"\nspi = \"/dev/spidev0.0\"\nreset_pin = \"GPIO25\"\n"},
	{"apa102 strip", "[display]\nlights = \"apa102\"\nlights_spi = \"/dev/spidev1.0\"\n"},
	{"ws2812 strip", "[display]\nlights = \"ws2812\"\nlights_spi = \"SPI1.0\"\n"},
	{"e-ink", "[display]\npanel = \"eink\"\n"},
	{"oled", "[display]\npanel = \"ssd1306\"\n"},
	{"oled on I2C3", "[display]\npanel = \"ssd1306\"\npanel_i2c = \"I2C3\"\n"},
	{"serial by-id", "[serial]\npath = \"/dev/serial/by-id/usb-tabled_seats-if00\"\n"},
	{"serial by-path", "[serial]\npath = \"/dev/serial/by-path/platform-xhci-usb-0:1.2:1.0\"\n"},
	{"serial0", "[serial]\npath = \"/dev/serial0\"\n"},
	{"ttyS0", "[serial]\npath = \"/dev/ttyS0\"\n"},
	{"ttyAMA0", "[serial]\npath = \"/dev/ttyAMA0\"\n"},
	{"ttyAMA10 (Pi 5)", "[serial]\npath = \"/dev/ttyAMA10\"\n"},
	{"ttyUSB0", "[serial]\npath = \"/dev/ttyUSB0\"\n"},
	{"ttyACM0", "[serial]\npath = \"/dev/ttyACM0\"\n"},
}

// TestUnitLetsThroughEveryConfigurableDevice parses systemd/tabled.service
// and fails when a device kind the configuration accepts is not let
// through, or its group is missing.
func TestUnitLetsThroughEveryConfigurableDevice(t *testing.T) {
	u, err := LoadUnit("../systemd/tabled.service")
	if err != nil {
		t.Fatal(err)
	}
	if u.DevicePolicy != "closed" {
		t.Errorf("DevicePolicy=%s, want closed", u.DevicePolicy)
	}
	seen := map[string]bool{}
	for _, c := range configs {
		ds := Devices(parse(t, c.toml))
		if len(ds) == 0 {
			t.Errorf("%s: no device", c.name)
		}
		for _, d := range ds {
			if len(d.Kinds) == 0 {
				t.Errorf("%s: %s is of no known kind", c.name, d.Path)
			}
			for _, name := range d.Kinds {
				seen[name] = true
				k, _ := kind(name)
				if err := u.Allows(k); err != nil {
					t.Errorf("%s: %s: %v", c.name, d.Path, err)
				}
			}
		}
	}
	for _, k := range Kinds {
		if !seen[k.Name] {
			t.Errorf("no config in the test names a %s device", k.Name)
		}
	}
}

// TestUnitCheckBites: a unit without I2C, or without the i2c group, fails
// the check for a config with an OLED.
func TestUnitCheckBites(t *testing.T) {
	b, err := os.ReadFile("../systemd/tabled.service")
	if err != nil {
		t.Fatal(err)
	}
	oled := parse(t, "[display]\npanel = \"ssd1306\"\n")
	for _, c := range []struct{ name, from, to, want string }{
		{"no I2C", "DeviceAllow=char-i2c rw\n", "", "DeviceAllow=char-i2c rw"},
		{"read only", "DeviceAllow=char-i2c rw\n", "DeviceAllow=char-i2c r\n", "not let through"},
		{"no i2c group", "spi i2c dialout", "spi dialout", "group i2c"},
	} {
		m := testMachine(t)
		os.WriteFile(m.Units[0], []byte(strings.Replace(string(b), c.from, c.to, 1)), 0o644)
		expect(t, m.checkUnit(oled), "unit", false, c.want)
	}
	m := testMachine(t)
	os.WriteFile(m.Units[0], b, 0o644)
	if rs := m.checkUnit(oled); !slices.ContainsFunc(rs, func(r Result) bool { return r.OK }) {
		t.Errorf("the repository's unit: %v", rs)
	}
	m.GroupExists = func(g string) bool { return g != "i2c" }
	expect(t, m.checkUnit(oled), "unit", false, "group i2c in SupplementaryGroups does not exist")
	m.Units = []string{filepath.Join(t.TempDir(), "nowhere.service")}
	expect(t, m.checkUnit(oled), "unit", false, "not installed")
}

// TestUnitDropInsAndResets: a drop-in adds to the lists; an empty
// DeviceAllow= clears them, as in systemd.
func TestUnitDropInsAndResets(t *testing.T) {
	dir := t.TempDir()
	unit := filepath.Join(dir, "tabled.service")
	os.WriteFile(unit, []byte("[Service]\nDevicePolicy=closed\nDeviceAllow=char-ttyS rw\nSupplementaryGroups=dialout\n"), 0o644)
	os.Mkdir(unit+".d", 0o755)
	os.WriteFile(filepath.Join(unit+".d", "10-pts.conf"), []byte("[Service]\nDeviceAllow=char-pts rw\n"), 0o644)
	u, err := LoadUnit(unit)
	if err != nil {
		t.Fatal(err)
	}
	if u.DeviceAllow["char-pts"] != "rw" || u.DeviceAllow["char-ttyS"] != "rw" {
		t.Errorf("drop-in not applied: %v", u.DeviceAllow)
	}
	os.WriteFile(filepath.Join(unit+".d", "20-reset.conf"), []byte("[Service]\nDeviceAllow=\n"), 0o644)
	if u, _ = LoadUnit(unit); len(u.DeviceAllow) != 0 {
		t.Errorf("DeviceAllow= did not reset: %v", u.DeviceAllow)
	}
}

// unitText writes u's [Service] device settings as a unit file: what
// parse reads back to the same Unit.
func unitText(u Unit) string {
	var b strings.Builder
	b.WriteString("[Service]\nDevicePolicy=" + u.DevicePolicy + "\n")
	specs := slices.Sorted(maps.Keys(u.DeviceAllow))
	for _, spec := range specs {
		b.WriteString("DeviceAllow=" + spec + " " + u.DeviceAllow[spec] + "\n")
	}
	if len(u.Groups) > 0 {
		b.WriteString("SupplementaryGroups=" + strings.Join(u.Groups, " ") + "\n")
	}
	return b.String()
}

// FuzzUnit: doctor reads any bytes as a unit file without panicking,
// failing only with the line that is not key=value; what it read, written
// again as a unit file, reads the same; and Allows answers for every kind
// of device without panicking.
func FuzzUnit(f *testing.F) {
	if b, err := os.ReadFile("../systemd/tabled.service"); err == nil {
		f.Add(b)
	}
	for _, seed := range []string{
		"[Service]\nDevicePolicy=closed\nDeviceAllow=char-gpiochip rw\nDeviceAllow=/dev/spidev0.0\nSupplementaryGroups=gpio spi\n",
		"[Service]\nDeviceAllow=\nSupplementaryGroups=\n",
		"[Unit]\nDeviceAllow=x\n[Service]\n  DevicePolicy = strict \r\n; comment\n# comment\n",
		"[Service]\nnot a setting\n",
		"[Service\nDeviceAllow==rw\n",
		"\x00\xff=\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		u := Unit{DevicePolicy: "auto", DeviceAllow: map[string]string{}}
		if err := u.parse(bytes.NewReader(data)); err != nil {
			if !strings.HasPrefix(err.Error(), "line ") && !errors.Is(err, bufio.ErrTooLong) {
				t.Fatalf("an error without its line: %v", err)
			}
			return
		}
		for _, k := range Kinds {
			u.Allows(k)
		}
		text := unitText(u)
		again := Unit{DevicePolicy: "auto", DeviceAllow: map[string]string{}}
		if err := again.parse(strings.NewReader(text)); err != nil {
			t.Fatalf("%q, written as %q: %v", data, text, err)
		}
		if again.DevicePolicy != u.DevicePolicy || !maps.Equal(again.DeviceAllow, u.DeviceAllow) || !slices.Equal(again.Groups, u.Groups) {
			t.Fatalf("%q read as %+v; written as %q it reads %+v", data, u, text, again)
		}
	})
}
