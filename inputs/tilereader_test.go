package inputs

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/hostio/hostiotest"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
)

// TestTileReaderRefuses: a configuration naming no reader, or one that
// cannot be opened, is an error before anything runs, saying what.
func TestTileReaderRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  func(*config.Config)
		says string
	}{
		{"no reader", func(c *config.Config) { c.NFC.Reader = config.ReaderNone }, "reads no tile"},
		{"serial without [serial]", func(c *config.Config) { c.NFC.Reader, c.Serial = config.ReaderSerial, nil }, "needs [serial]"},
		{"a bad device id", func(c *config.Config) {
			c.NFC.Reader, c.Serial = config.ReaderSerial, &config.Serial{Path: "/dev/ttyACM9", DeviceID: "not hex"}
		}, "device_id"},
		{"an MFRC522 not on the board", func(c *config.Config) {
			c.NFC.Reader, c.NFC.SPI = config.ReaderMFRC522, "/dev/spidev9.0"
		}, "/dev/spidev9.0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := config.Default()
			c.cfg(&cfg)
			read, err := TileReader(cfg, &hostiotest.Board{}, func() time.Duration { return 0 }, make(chan []byte), t.Logf, func(link.Notice) {})
			if err == nil || read != nil || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("err %v; want one saying %q", err, c.says)
			}
			if cfg.NFC.Reader == config.ReaderMFRC522 && !errors.Is(err, hostio.ErrNotFound) {
				t.Errorf("%v does not wrap hostio.ErrNotFound", err)
			}
		})
	}
}

// TestLoadRegistry: no reader or no registry, none; a registry file, its
// tiles; a missing one, an error naming it.
func TestLoadRegistry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiles.registry")
	r, _ := nfc.Parse(strings.NewReader(""))
	five, err := engine.ParseTile("5p")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Add([]byte{1, 2, 3, 4}, five); err != nil {
		t.Fatal(err)
	}
	if err := r.Save(path); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		n    config.NFC
		len  int
		err  bool
	}{
		{"no reader", config.NFC{Reader: config.ReaderNone, Registry: path}, -1, false},
		{"no registry", config.NFC{Reader: config.ReaderSerial}, -1, false},
		{"a registry", config.NFC{Reader: config.ReaderSerial, Registry: path}, 1, false},
		{"a missing registry", config.NFC{Reader: config.ReaderMFRC522, Registry: path + ".none"}, -1, true},
	} {
		reg, err := LoadRegistry(c.n)
		switch {
		case (err != nil) != c.err || c.err && !strings.Contains(err.Error(), path+".none"):
			t.Errorf("%s: %v", c.name, err)
		case c.len < 0 && reg != nil, c.len >= 0 && (reg == nil || reg.Len() != c.len):
			t.Errorf("%s: %v", c.name, reg)
		}
	}
}
