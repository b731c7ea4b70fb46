package config

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

func TestExampleConfigLoads(t *testing.T) {
	c, err := Load("../tabled.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Table.Name != "table-1" || len(c.Buttons) != 3 || c.Buttons[2].Channel == nil || *c.Buttons[2].Channel != 9 || c.Serial == nil || c.Serial.Baud != 115200 || time.Duration(c.Buttons[1].Debounce) != 20*time.Millisecond {
		t.Fatalf("%+v", c)
	}
	if len(c.Readers) != 1 || c.Readers[0].Index != 0 || c.Readers[0].Role != RoleDora {
		t.Fatalf("readers %+v", c.Readers)
	}
	if p, err := c.Profile(); err != nil || p.Name != "ema2016" || p.Window != 250*time.Millisecond {
		t.Fatalf("profile %+v %v", p, err)
	}
}

// TestDisplaySection: a strip, an e-ink on the HAT's default pins, and
// the defaults kept for what is not written.
func TestDisplaySection(t *testing.T) {
	c, err := Parse([]byte("[display]\nlights = \"apa102\"\nlights_spi = \"/dev/spidev1.0\"\nclockwise = true\npanel = \"eink\"\nsleep = \"0s\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	d := c.Display
	if d.Lights != "apa102" || d.PerSeat != 8 || !d.Clockwise || d.Brightness != 255 || d.Panel != "eink" || d.PanelSPI != "/dev/spidev0.0" ||
		d.ResetPin != "GPIO17" || d.Sleep != 0 || len(d.LightChannels) != 4 {
		t.Fatalf("%+v", d)
	}
	c, err = Parse([]byte("[serial]\npath = \"/dev/x\"\n[display]\nlights = \"serial\"\nlight_channels = [4, 5, 6, 7]\n"))
	if err != nil || c.Display.LightChannels[3] != 7 || len(c.Display.LightChannels) != 4 {
		t.Fatalf("%+v %v", c.Display, err)
	}
	if c, _ := Parse(nil); c.Display.Lights != "none" || c.Display.Panel != "none" || time.Duration(c.Display.Sleep) != 10*time.Minute {
		t.Fatalf("defaults %+v", c.Display)
	}
}

func TestDefaultsNeedNoFile(t *testing.T) {
	c, err := Parse(nil)
	if err != nil || c.Table.Rules != "ema2016" || c.Web.Listen != ":8080" || time.Duration(c.Table.InputLatency) != 5*time.Millisecond || time.Duration(c.Table.WaitBound) != 500*time.Millisecond {
		t.Fatalf("%+v %v", c, err)
	}
}

func TestErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"[table]\nrules = \"ema2016\"\nwindw = \"250ms\"\n", `line 3: unknown key "table.windw"`},
		{"[tabel]\nname = \"x\"\n", `line 1: unknown key "tabel"`},
		{"[table]\nwindow = \"250 ms\"\n", `line 2: "250 ms" is not a duration`},
		{"[table]\nrules = \"wrc\"\n", `line 2: unknown rule profile "wrc"`},
		{"[table]\nwindow = \"2m\"\n", `line 2: profile ema2016: window must be`},
		{"[table]\n\ndealer = 5\n", "line 3: dealer 5 is not a seat"},
		{"[table]\nname = \"x\"\nlanguage = \"de\"\n", `line 3: language "de" is not one of the catalog's: en, fr`},
		{"[table]\nwait_bound = \"10s\"\n", "line 2: wait_bound 10s"},
		{"[[button]]\nseat = 0\ncall = \"pon\"\npin = \"GPIO17\"\n\n[[button]]\nseat = 1\ncall = \"pon\"\npin = \"GPIO17\"\n", "line 6: pin GPIO17 is already used by the button at line 1"},
		{"[[button]]\nseat = 4\ncall = \"pon\"\npin = \"GPIO1\"\n", "line 1: button seat 4 is not 0..3"},
		{"[[button]]\nseat = 1\ncall = \"pong\"\npin = \"GPIO1\"\n", `line 1: button call "pong"`},
		{"[[button]]\nseat = 1\ncall = \"pon\"\n", "line 1: button needs a pin (GPIO17, mcp0.A3) or a serial channel"},
		{"[[button]]\nseat = 1\ncall = \"pon\"\npin = \"GPIO2\"\npul = \"up\"\n", `line 5: unknown key "button.pul"`},
		{"[nfc]\nreader = \"serial\"\n", "line 2: reader serial needs a [serial] section"},
		{"[nfc]\nreader = \"pn532\"\n", `line 2: nfc reader "pn532"`},
		{"[serial]\nbaud = 9600\n", "line 1: [serial] needs a path"},
		{"[serial]\npath = \"/dev/x\"\n\ndevice_id = \"0xF1G\"\n", `line 4: device_id "0xF1G" is not 1 to 8 hex digits`},
		{"[serial]\npath = \"/dev/x\"\ndevice_id = \"123456789\"\n", `line 3: device_id "123456789" is not 1 to 8 hex digits`},
		{"[serial]\npath = \"/dev/x\"\ndevice_id = \"-1\"\n", `line 3: device_id "-1"`},
		{"[club]\nusername = \"a\"\n", "line 1: [club] needs a broker"},
		{"[web]\nlisten = \"localhost\"\n", `line 2: listen "localhost" is not an address and port: like ":8080"`},
		{"[web]\n\nlisten = \"127.0.0.1:\"\n", `line 3: listen "127.0.0.1:" is not an address and port`},
		{"[table]\nname = \n", "line 2:"},
		{"[table]\ninput_latency = \"5s\"\n", "line 2: input_latency 5s"},
		{"[serial]\npath = \"/dev/ttyACM0\"\n\n[[button]]\nseat = 0\ncall = \"pon\"\nchannel = 3\n\n[[button]]\nseat = 1\ncall = \"ron\"\nchannel = 3\n", "line 9: serial channel 3 is already used by the button at line 4"},
		{"[[button]]\nseat = 0\ncall = \"pon\"\nchannel = 3\n", "line 1: button on serial channel 3, but there is no [serial] section"},
		{"[serial]\npath = \"/dev/x\"\n[[button]]\nseat = 0\ncall = \"pon\"\nchannel = 3\npin = \"GPIO5\"\n", "line 3: button has both a pin and a serial channel"},
		{"[[button]]\nseat = 0\ncall = \"pon\"\npin = \"mcp1.A3\"\n", "line 1: pin mcp1.A3: no [[expander]] named mcp1"},
		{"[[expander]]\nname = \"mcp0\"\nint_pin = \"GPIO4\"\n[[button]]\nseat = 0\ncall = \"pon\"\npin = \"mcp0.C3\"\n", "line 4: pin mcp0.C3: expander pins are A0..A7 and B0..B7"},
		{"[[expander]]\nname = \"mcp0\"\naddress = 0x40\nint_pin = \"GPIO4\"\n", "line 1: expander address 0x40"},
		{"[[expander]]\nname = \"mcp0\"\n", "line 1: expander mcp0 needs int_pin"},
		{"[[expander]]\nname = \"mcp0\"\nint_pin = \"GPIO4\"\n[[button]]\nseat = 0\ncall = \"pon\"\npin = \"GPIO4\"\n", "line 4: pin GPIO4 is already used by expander mcp0's INT at line 1"},
		{"[display]\nlights = \"neopixel\"\n", `line 2: lights "neopixel" is not apa102, ws2812, serial or none`},
		{"[display]\nlights = \"apa102\"\n", "line 2: lights apa102 needs lights_spi"},
		{"[display]\nlights = \"ws2812\"\nlights_spi = \"/dev/spidev1.0\"\nper_seat = 4\n", "line 4: per_seat 4: the light language needs at least 6"},
		{"[display]\nlights = \"apa102\"\nlights_spi = \"/dev/spidev1.0\"\nfirst_seat = 4\n", "line 4: first_seat 4 is not a seat"},
		{"[display]\nlights = \"apa102\"\nlights_spi = \"/dev/spidev1.0\"\nbrightness = 0\n", "line 4: brightness 0 is not 1..255"},
		{"[display]\nlights = \"apa102\"\nlights_spi = \"/dev/spidev0.1\"\npanel = \"eink\"\n", "line 3: lights_spi /dev/spidev0.1 is on the same SPI bus as the e-ink's /dev/spidev0.0"},
		{"[nfc]\nreader = \"mfrc522\"\nspi = \"/dev/spidev1.1\"\n[display]\nlights = \"apa102\"\nlights_spi = \"/dev/spidev1.0\"\n", "line 6: lights_spi /dev/spidev1.0 is on the same SPI bus as the MFRC522 reader's"},
		{"[display]\nlights = \"serial\"\n", "line 2: lights serial needs a [serial] section"},
		{"[serial]\npath = \"/dev/x\"\n[display]\nlights = \"serial\"\nlight_channels = [0, 1, 2]\n", "line 5: light_channels needs 4 channels"},
		{"[serial]\npath = \"/dev/x\"\n[display]\nlights = \"serial\"\nlight_channels = [0, 1, 2, 300]\n", "line 5: light channel 300 is not 0..255"},
		{"[display]\npanel = \"epd\"\n", `line 2: panel "epd" is not eink, ssd1306 or none`},
		{"[[button]]\nseat = 0\ncall = \"pon\"\npin = \"GPIO17\"\n[display]\npanel = \"eink\"\n", "line 5: the e-ink's reset_pin GPIO17 is already used by the button at line 1"},
		{"[[button]]\nseat = 0\ncall = \"pon\"\npin = \"GPIO17\"\n[display]\npanel = \"eink\"\nreset_pin = \"GPIO5\"\nbusy_pin = \"GPIO5\"\n", "line 8: the e-ink's busy_pin GPIO5 is already used by the e-ink's reset_pin (line 7)"},
		{"[nfc]\nreader = \"mfrc522\"\nspi = \"/dev/spidev0.1\"\nreset_pin = \"GPIO25\"\n[display]\npanel = \"eink\"\n", "line 5: the e-ink's dc_pin GPIO25 is already used by the reader's reset_pin (line 4)"},
		{"[display]\nsleep = \"soon\"\n", `line 2: "soon" is not a duration`},
		{"[web]\nmax_connections = 0\n", "line 2: max_connections 0 is not 1.."},
		{"[web]\nmax_connections = 100\n\nmax_streams = 100\n", "line 4: max_streams 100 must be at least 1 and below max_connections (100)"},
		{"[web]\nmax_streams = -1\n", "line 2: max_streams -1"},
	} {
		_, err := Parse([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v\nwant %q", tc.in, err, tc.want)
		}
	}
}

func TestWebLimits(t *testing.T) {
	c, err := Parse(nil)
	if err != nil || c.Web.MaxConnections != DefaultMaxConnections || c.Web.MaxStreams != DefaultMaxStreams {
		t.Fatalf("defaults %+v %v", c.Web, err)
	}
	c, err = Parse([]byte("[web]\nmax_connections = 2000\nmax_streams = 1000\n"))
	if err != nil || c.Web.MaxConnections != 2000 || c.Web.MaxStreams != 1000 {
		t.Fatalf("%+v %v", c.Web, err)
	}
}

// TestLoadRefusesAHugeFile: a 100 MB file (sparse, so the test writes
// nothing) is refused by name and cap after reading no more than the cap.
func TestLoadRefusesAHugeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.toml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Load(path)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "larger than 1048576 bytes") {
		t.Fatalf("Load = %v, want an error naming %s and the cap", err, path)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("Load allocated %d bytes for a refused file, want at most a few times the cap", got)
	}
	// Exactly at the cap is still read (and here fails to parse, by line).
	if err := os.Truncate(path, MaxFileBytes); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || strings.Contains(err.Error(), "larger than") {
		t.Fatalf("a file of exactly the cap: %v", err)
	}
}

// FuzzParse: any bytes give a config or an error, never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte("[table]\nrules = \"ema2008\"\nwindow = \"100ms\"\n"))
	f.Add([]byte("[[button]]\nseat = 0\ncall = \"pon\"\npin = \"GPIO17\"\n"))
	f.Add([]byte("[serial]\npath = \"/dev/ttyUSB0\"\n[nfc]\nreader = \"serial\"\n"))
	f.Add([]byte("[display]\nlights = \"apa102\"\nlights_spi = \"/dev/spidev1.0\"\npanel = \"eink\"\nreset_pin = \"GPIO5\"\n"))
	f.Add([]byte("[serial]\npath = \"/dev/x\"\n[nfc]\nreader = \"serial\"\n[[reader]]\nindex = 1\nrole = \"discard\"\nseat = 2\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Parse(b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") && !strings.HasPrefix(err.Error(), "toml") {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		if _, err := c.Profile(); err != nil {
			t.Fatalf("accepted a config whose profile fails: %v", err)
		}
	})
}

func TestParseDeviceID(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint32
		ok   bool
	}{
		{"000000f1", 0xf1, true}, {"0xF1", 0xf1, true}, {"DEADBEEF", 0xdeadbeef, true},
		{"", 0, false}, {"0x", 0, false}, {"1_0", 0, false}, {"+1", 0, false}, {"0x123456789", 0, false}, {"f1 ", 0, false},
	} {
		got, err := ParseDeviceID(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseDeviceID(%q) = %#x, %v; want %#x, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestButtonsParsedOnce: a button's call and pin are typed values once the
// file is read: the engine's action, the expander and its pin number, so
// nothing downstream parses them again.
func TestButtonsParsedOnce(t *testing.T) {
	c, err := Parse([]byte("[[expander]]\nname = \"mcp0\"\nint_pin = \"GPIO4\"\n" +
		"[[button]]\nseat = 0\ncall = \"pon\"\npin = \"mcp0.B3\"\n" +
		"[[button]]\nseat = 1\ncall = \"tsumo\"\npin = \"GPIO17\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct {
		call    engine.Action
		pin, x  string
		xpin    int
		printed string
	}{{engine.Pon, "mcp0.B3", "mcp0", 11, "pon mcp0.B3"}, {engine.Tsumo, "GPIO17", "", 0, "tsumo GPIO17"}} {
		b := c.Buttons[i]
		if b.Call.Action != want.call || b.Pin.Name != want.pin || b.Pin.Expander != want.x || b.Pin.ExpanderPin != want.xpin ||
			fmt.Sprintf("%s %s", b.Call, b.Pin) != want.printed {
			t.Errorf("button %d: %+v %+v", i, b.Call, b.Pin)
		}
	}
	if got := CallOf(engine.Riichi); got.Action != engine.Riichi || got.Name != "riichi" {
		t.Errorf("CallOf: %+v", got)
	}
}

// TestSimLogDir: a simulated table's log is in the user's cache, or in
// the default directory when there is no cache.
func TestSimLogDir(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	if got, want := SimLogDir("/var/lib/tabled/log"), filepath.Join(cache, "tabled", "sim-log"); got != want {
		t.Errorf("with a cache: %s, want %s", got, want)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if got := SimLogDir("/var/lib/tabled/log"); got != "/var/lib/tabled/log" {
		t.Errorf("without a cache: %s", got)
	}
}
