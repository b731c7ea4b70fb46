package doctor

import (
	"context"
	"errors"
	"fmt"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/hw/nfc"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/conn/v3/spi/spitest"
)

// fakeBus is an I²C bus where chips answer at their addresses with one
// byte; any other address does not acknowledge.
type fakeBus struct{ chips map[uint16]byte }

func (b *fakeBus) Tx(addr uint16, w, r []byte) error {
	v, ok := b.chips[addr]
	if !ok {
		return errors.New("remote I/O error")
	}
	for i := range r {
		r[i] = v
	}
	return nil
}
func (b *fakeBus) SetSpeed(physic.Frequency) error { return nil }
func (b *fakeBus) String() string                  { return "fake i2c" }
func (b *fakeBus) Close() error                    { return nil }

// busyPin is a GPIO line someone else holds.
type busyPin struct{ gpiotest.Pin }

func (p *busyPin) Consumer() string { return "w1-gpio" }

// fakeBoard registers the pins and buses of what cannot exist here with
// periph's registries: GPIO5 free, GPIO6 held, I²C bus 7 with an MCP23017
// at 0x20 and an SSD1306 at 0x3c, SPI port 7.0.
func fakeBoard(t *testing.T) {
	t.Helper()
	for _, p := range []gpio.PinIO{&gpiotest.Pin{N: "DOC5", Num: -1}, &busyPin{gpiotest.Pin{N: "DOC6", Num: -1}}} {
		if err := gpioreg.Register(p); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { gpioreg.Unregister(p.Name()) })
	}
	if err := i2creg.Register("/dev/i2c-7", nil, -1, func() (i2c.BusCloser, error) {
		return &fakeBus{chips: map[uint16]byte{0x20: 0xFF, 0x3c: 0}}, nil
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i2creg.Unregister("/dev/i2c-7") })
	if err := spireg.Register("/dev/spidev7.0", nil, -1, func() (spi.PortCloser, error) { return &spitest.Playback{}, nil }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { spireg.Unregister("/dev/spidev7.0") })
}

// testMachine is a machine whose files are in a temporary directory.
func testMachine(t *testing.T) Machine {
	m := System()
	dir := t.TempDir()
	m.BootConfigs = []string{filepath.Join(dir, "config.txt")}
	m.Units = []string{filepath.Join(dir, "tabled.service")}
	m.ClockSynced = func() (bool, error) { return true, nil }
	m.HelloTimeout = 2 * time.Second
	m.MinFree = 1
	// The device groups exist on a Pi; a fresh CI machine has none yet.
	m.GroupExists = func(string) bool { return true }
	return m
}

func parse(t *testing.T, toml string) config.Config {
	t.Helper()
	c, err := config.Parse([]byte(toml))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// expect runs fn and checks there is a result for item with ok and a
// detail (or fix) holding want.
func expect(t *testing.T, rs []Result, item string, wantOK bool, want string) {
	t.Helper()
	for _, r := range rs {
		if r.Item == item {
			if r.OK != wantOK || !strings.Contains(r.String(), want) {
				t.Errorf("%s: got %q, want ok=%v with %q", item, r, wantOK, want)
			}
			return
		}
	}
	t.Errorf("no result for %s in %v", item, rs)
}

func TestDoctorPins(t *testing.T) {
	fakeBoard(t)
	m := testMachine(t)
	cfg := parse(t, `
[[button]]
seat = 0
call = "pon"
pin = "DOC5"
[[button]]
seat = 1
call = "ron"
pin = "DOC6"
[[button]]
seat = 2
call = "chii"
pin = "GPIO99"
`)
	rs := m.checkPins(cfg)
	expect(t, rs, "gpio DOC5", true, "present and free")
	expect(t, rs, "gpio DOC6", false, `in use by "w1-gpio"`)
	expect(t, rs, "gpio GPIO99", false, "no pin named GPIO99")
	// The fix names the configuration checked, and no example pin the
	// board was just said not to have.
	m.ConfigFile = "/home/ref/table.toml"
	rs = m.checkPins(cfg)
	expect(t, rs, "gpio GPIO99", false, "in /home/ref/table.toml")
	for _, r := range rs {
		if r.Item == "gpio GPIO99" && strings.Contains(r.Fix, "GPIO17") {
			t.Errorf("the fix names a pin as an example: %q", r.Fix)
		}
	}
}

func TestDoctorBusesAndOverlays(t *testing.T) {
	fakeBoard(t)
	m := testMachine(t)
	os.WriteFile(m.BootConfigs[0], []byte("dtparam=spi=on\n"), 0o644)
	cfg := parse(t, `
[nfc]
reader = "mfrc522"
spi = "/dev/spidev7.0"
[display]
lights = "apa102"
lights_spi = "/dev/spidev1.0"
panel = "ssd1306"
panel_i2c = "/dev/i2c-7"
`)
	rs := m.checkBuses(cfg)
	expect(t, rs, "spi /dev/spidev7.0", true, "present")
	expect(t, rs, "spi /dev/spidev1.0", false, "add dtoverlay=spi1-1cs to "+m.BootConfigs[0])
	expect(t, rs, "i2c /dev/i2c-7", true, "OLED panel: present")

	cfg = parse(t, "[nfc]\nreader = \"mfrc522\"\nspi = \"/dev/spidev0.0\"\n")
	expect(t, m.checkBuses(cfg), "spi /dev/spidev0.0", false, "although "+m.BootConfigs[0]+" has dtparam=spi=on")
}

func TestDoctorExpander(t *testing.T) {
	fakeBoard(t)
	m := testMachine(t)
	cfg := parse(t, `
[[expander]]
name = "mcp0"
bus = "/dev/i2c-7"
int_pin = "DOC5"
[[expander]]
name = "mcp1"
bus = "/dev/i2c-7"
address = 0x21
int_pin = "DOC6"
`)
	rs := m.checkExpanders(cfg)
	expect(t, rs, "expander mcp0", true, "answers at I2C address 0x20")
	expect(t, rs, "expander mcp1", false, "no answer at I2C address 0x21")
}

// serialDevice is a simulated controller on a real pty, reached through a
// by-id style link; it returns the link's path.
func serialDevice(t *testing.T, dev *fwsim.Device) string {
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "usb-tabled_seats-if00")
	if err := os.Symlink(slave.Name(), path); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	if dev != nil {
		go func() { dev.Serve(ctx, master); close(done) }()
	} else {
		close(done)
	}
	t.Cleanup(func() { cancel(); <-done; master.Close() })
	return path
}

func TestDoctorSerialHello(t *testing.T) {
	m := testMachine(t)
	path := serialDevice(t, fwsim.New(fwsim.Config{DeviceID: 0xC0FFEE, Readers: 2}))
	hello, rs := m.checkSerial(parse(t, "[serial]\npath = \""+path+"\"\n"))
	expect(t, rs, "serial "+path, true, "device 00c0ffee, firmware 1.0.0, protocol 1, 24 buttons, 2 readers")
	if hello == nil || hello.Readers != 2 {
		t.Fatalf("hello %+v", hello)
	}

	m.HelloTimeout = 300 * time.Millisecond
	mute := serialDevice(t, nil)
	_, rs = m.checkSerial(parse(t, "[serial]\npath = \""+mute+"\"\n"))
	expect(t, rs, "serial "+mute, false, "gave no Hello")

	gone := filepath.Join(t.TempDir(), "usb-unplugged")
	_, rs = m.checkSerial(parse(t, "[serial]\npath = \""+gone+"\"\n"))
	expect(t, rs, "serial "+gone, false, "device not present")
}

func TestDoctorTiles(t *testing.T) {
	m := testMachine(t)
	dir := t.TempDir()
	full, part := filepath.Join(dir, "full.txt"), filepath.Join(dir, "part.txt")
	var r nfc.Registry
	for i, tile := range nfc.EnrolmentOrder(true) {
		if i == 135 { // the last red dragon is not enrolled yet
			if err := r.Save(part); err != nil {
				t.Fatal(err)
			}
		}
		r.Add([]byte{4, byte(i >> 8), byte(i), 1}, tile)
	}
	if err := r.Save(full); err != nil {
		t.Fatal(err)
	}
	hello, _ := m.checkSerial(parse(t, "[serial]\npath = \""+serialDevice(t, fwsim.New(fwsim.Config{}))+"\"\n"))
	serialCfg := func(reg string) config.Config {
		return parse(t, "[serial]\npath = \"/dev/ttyUSB0\"\n[nfc]\nreader = \"serial\"\nregistry = \""+reg+"\"\n")
	}
	rs := m.checkTiles(serialCfg(full), hello)
	expect(t, rs, "tiles", true, "all 136 tiles, with red fives")
	expect(t, rs, "reader", true, "1 tile reader")
	expect(t, m.checkTiles(serialCfg(part), hello), "tiles", false, "135 of 136 tiles (with red fives); missing 7z x1")
	expect(t, m.checkTiles(serialCfg(filepath.Join(dir, "none.txt")), hello), "tiles", false, "tabled enroll")
	expect(t, m.checkTiles(serialCfg(full), nil), "reader", false, "did not answer")
	expect(t, m.checkTiles(parse(t, "[nfc]\nregistry = \""+full+"\"\n"), nil), "reader", false, "reader = none")
}

func TestDoctorPanel(t *testing.T) {
	fakeBoard(t)
	m := testMachine(t)
	expect(t, m.checkPanel(parse(t, "[display]\npanel = \"ssd1306\"\npanel_i2c = \"/dev/i2c-7\"\n")), "panel", true, "SSD1306 answers at I2C address 0x3c")
	if err := i2creg.Register("/dev/i2c-8", nil, -1, func() (i2c.BusCloser, error) { return &fakeBus{}, nil }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i2creg.Unregister("/dev/i2c-8") })
	expect(t, m.checkPanel(parse(t, "[display]\npanel = \"ssd1306\"\npanel_i2c = \"/dev/i2c-8\"\n")), "panel", false, "does not answer")
	expect(t, m.checkPanel(parse(t, "[display]\npanel = \"eink\"\npanel_spi = \"/dev/spidev7.0\"\n")), "panel", true, "e-ink on /dev/spidev7.0")
}

func TestDoctorLogDir(t *testing.T) {
	m := testMachine(t)
	dir := t.TempDir()
	expect(t, m.checkLogDir(dir), "log dir "+dir, true, "writable")
	missing := filepath.Join(dir, "missing")
	// A missing directory is made at start: well when its parent is writable.
	expect(t, m.checkLogDir(missing), "log dir "+missing, true, "does not exist yet: tabled makes it at start")
	if os.Geteuid() != 0 { // root writes anywhere
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o555)
		expect(t, m.checkLogDir(filepath.Join(ro, "log")), "log dir "+filepath.Join(ro, "log"), false, "tabled cannot make it at start: "+ro+" is not writable")
	}
	m.MinFree = 1 << 62
	expect(t, m.checkLogDir(dir), "log dir "+dir, false, "free")
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the check left %d files behind", len(entries))
	}
	m.MinFree = 0
	expect(t, m.checkLogDir(dir), "claim log lock "+dir, true, "free")
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	expect(t, m.checkLogDir(dir), "claim log lock "+dir, false, fmt.Sprintf("in use by pid %d", os.Getpid()))
}

func TestDoctorWebPort(t *testing.T) {
	m := testMachine(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	r := m.checkPort(addr)
	expect(t, []Result{r}, "web "+addr, false, "is tabled already running")
	l.Close()
	expect(t, []Result{m.checkPort(addr)}, "web "+addr, true, "port free")
}

func TestDoctorClock(t *testing.T) {
	m := testMachine(t)
	expect(t, []Result{m.checkClock()}, "clock", true, "synchronised")
	m.ClockSynced = func() (bool, error) { return false, nil }
	expect(t, []Result{m.checkClock()}, "clock", false, "no real-time clock")
	if _, err := clockSynced(); err != nil {
		t.Errorf("the kernel's clock status: %v", err)
	}
}

func TestDoctorPrintExitsOKOnlyWhenAllWell(t *testing.T) {
	var b strings.Builder
	fine, broken := Result{Item: "a", OK: true, Detail: "fine"}, Result{Item: "b", Detail: "broken", Fix: "mend it"}
	if !Print(&b, []Result{fine}) || Print(&b, []Result{fine, broken}) {
		t.Error("Print's verdict is wrong")
	}
	want := "ok    a: fine\nok    a: fine\nFAIL  b: broken; fix: mend it\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	fr, _ := catalog.Get("fr")
	b.Reset()
	if PrintIn(&b, fr, []Result{fine, broken}) {
		t.Error("PrintIn's verdict is wrong")
	}
	want = "ok    a : fine\nÉCHEC b : broken ; correction : mend it\n"
	if b.String() != want {
		t.Errorf("in French got\n%s\nwant\n%s", b.String(), want)
	}
}
