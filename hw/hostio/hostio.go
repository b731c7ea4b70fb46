// Package hostio opens the Pi's hardware by name, the one place that does:
// periph's host drivers are loaded once (host.Init), then GPIO pins,
// SPI ports and I2C buses are looked up in periph's registries (gpioreg,
// spireg, i2creg). Hardware packages take the conn interfaces it returns
// (gpio.PinIO, spi.Port, i2c.Bus), as periph's own drivers do, so they
// never look a name up themselves and tests hand them fakes
// (hostiotest.Board).
//
// Every error names what the device is for, as the caller says it (the
// config key: "[nfc] reset_pin"), and one that is not on this board wraps
// ErrNotFound.
package hostio

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"
)

// ErrNotFound is wrapped by an error for a pin, port or bus this board
// does not have (the kernel has no such device, or the name is wrong).
// periph's registries say so only in words; this says it to errors.Is.
var ErrNotFound = errors.New("not on this board")

// Opener opens hardware by name. what says what it is for, for the error
// ("[[button]] seat 1 pon pin"); an empty SPI or I2C name is the first.
type Opener interface {
	// Pin is the GPIO named name.
	Pin(name, what string) (gpio.PinIO, error)
	// SPI opens the SPI port named name; the caller closes it.
	SPI(name, what string) (spi.PortCloser, error)
	// I2C opens the I2C bus named name; the caller closes it.
	I2C(name, what string) (i2c.BusCloser, error)
}

// Host is the Opener of this machine's hardware. The zero value is ready;
// periph's drivers are loaded on the first open, once.
type Host struct {
	once sync.Once
	err  error
}

// Init loads periph's host drivers, once; every later call returns the
// first one's error. Opening calls it; doctor calls it to report it.
func (h *Host) Init() error {
	h.once.Do(func() {
		if _, err := host.Init(); err != nil {
			h.err = fmt.Errorf("hostio: periph host: %w", err)
		}
	})
	return h.err
}

// Pin is the GPIO named name.
func (h *Host) Pin(name, what string) (gpio.PinIO, error) {
	if err := h.Init(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if p := gpioreg.ByName(name); p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("%s: GPIO %q: %w", what, name, ErrNotFound)
}

// SPI opens the SPI port named name.
func (h *Host) SPI(name, what string) (spi.PortCloser, error) {
	if err := h.Init(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	p, err := spireg.Open(name)
	if err != nil {
		if !spiKnown(name) {
			err = ErrNotFound
		}
		return nil, fmt.Errorf("%s: SPI port %q: %w", what, name, err)
	}
	return p, nil
}

// I2C opens the I2C bus named name.
func (h *Host) I2C(name, what string) (i2c.BusCloser, error) {
	if err := h.Init(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	b, err := i2creg.Open(name)
	if err != nil {
		if !i2cKnown(name) {
			err = ErrNotFound
		}
		return nil, fmt.Errorf("%s: I2C bus %q: %w", what, name, err)
	}
	return b, nil
}

// spiKnown reports whether spireg has a port by that name, alias or
// number ("": any): an Open of a known port that fails is another error.
func spiKnown(name string) bool {
	for _, r := range spireg.All() {
		if name == "" || named(name, r.Name, r.Aliases, r.Number) {
			return true
		}
	}
	return false
}

func i2cKnown(name string) bool {
	for _, r := range i2creg.All() {
		if name == "" || named(name, r.Name, r.Aliases, r.Number) {
			return true
		}
	}
	return false
}

func named(name, n string, aliases []string, number int) bool {
	if name == n || (number >= 0 && name == strconv.Itoa(number)) {
		return true
	}
	for _, a := range aliases {
		if name == a {
			return true
		}
	}
	return false
}
