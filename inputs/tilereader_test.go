package inputs

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/hostio/hostiotest"
	"github.com/tabled/tabled/hw/link"
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
