package hostio

import (
	"errors"
	"strings"
	"testing"

	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/conn/v3/spi/spitest"
)

// TestHostOpensByName: what periph's registries have opens; what they do
// not is an error naming its use and the name, wrapping ErrNotFound.
func TestHostOpensByName(t *testing.T) {
	pin := &gpiotest.Pin{N: "HOSTIO_GPIO5", Num: -1}
	if err := gpioreg.Register(pin); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gpioreg.Unregister(pin.Name()) })
	if err := spireg.Register("/dev/spidev8.0", nil, -1, func() (spi.PortCloser, error) { return &spitest.Playback{}, nil }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { spireg.Unregister("/dev/spidev8.0") })
	if err := i2creg.Register("/dev/i2c-8", nil, -1, func() (i2c.BusCloser, error) { return &i2ctest.Playback{}, nil }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i2creg.Unregister("/dev/i2c-8") })

	var h Host
	open := map[string]func(name string) error{
		"pin": func(name string) error { _, err := h.Pin(name, "[[button]] seat 0 pon pin"); return err },
		"spi": func(name string) error { _, err := h.SPI(name, "[nfc] spi"); return err },
		"i2c": func(name string) error { _, err := h.I2C(name, "[[expander]] mcp0 bus"); return err },
	}
	for _, tc := range []struct {
		kind, name string
		want       string // "": opens
	}{
		{"pin", "HOSTIO_GPIO5", ""},
		{"pin", "HOSTIO_GPIO6", `[[button]] seat 0 pon pin: GPIO "HOSTIO_GPIO6": not on this board`},
		{"spi", "/dev/spidev8.0", ""},
		{"spi", "/dev/spidev9.0", `[nfc] spi: SPI port "/dev/spidev9.0": not on this board`},
		{"i2c", "/dev/i2c-8", ""},
		{"i2c", "/dev/i2c-9", `[[expander]] mcp0 bus: I2C bus "/dev/i2c-9": not on this board`},
	} {
		t.Run(tc.kind+" "+tc.name, func(t *testing.T) {
			err := open[tc.kind](tc.name)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("does not open: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrNotFound)):
				t.Fatalf("err %v; want %q wrapping ErrNotFound", err, tc.want)
			}
		})
	}
}
