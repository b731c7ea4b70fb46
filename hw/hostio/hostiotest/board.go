// Package hostiotest is a hostio.Opener for tests: a board with the pins,
// SPI ports and I2C buses a test gives it, built on periph's fakes
// (gpiotest.Pin, spitest.Playback and Record, i2ctest.Playback and
// Record). A name it does not have is an error wrapping
// hostio.ErrNotFound, as on a real board.
package hostiotest

import (
	"fmt"
	"sync"

	"github.com/tabled/tabled/hw/hostio"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/spi"
)

// Board is a fake board. The zero value has nothing on it; Add* put
// things on it, and a test may also fill the maps before first use.
type Board struct {
	mu   sync.Mutex
	pins map[string]gpio.PinIO
	spis map[string]spi.PortCloser
	i2cs map[string]i2c.BusCloser
	// opened counts the opens by name, for tests that check each name is
	// looked up once.
	opened map[string]int
}

var _ hostio.Opener = (*Board)(nil)

// AddPin puts p on the board under its name.
func (b *Board) AddPin(p gpio.PinIO) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pins == nil {
		b.pins = map[string]gpio.PinIO{}
	}
	b.pins[p.Name()] = p
}

// Button is a pin whose level a test drives through its EdgesChan
// (gpiotest.Pin: WaitForEdge returns each level sent). gpiotest's In
// flushes the edges pending, so a test waits for Armed before sending.
type Button struct {
	*gpiotest.Pin
	armed chan struct{}
	once  sync.Once
}

// In sets the pin up as gpiotest's does, then arms it.
func (p *Button) In(pull gpio.Pull, edge gpio.Edge) error {
	err := p.Pin.In(pull, edge)
	p.once.Do(func() { close(p.armed) })
	return err
}

// Armed is closed once the pin has been set up as an input: an edge sent
// from then on reaches its reader.
func (p *Button) Armed() <-chan struct{} { return p.armed }

// Button puts a pin named name on the board, idle high like an
// active-low button's, and returns it.
func (b *Board) Button(name string) *Button {
	p := &Button{Pin: &gpiotest.Pin{N: name, Num: -1, L: gpio.High, EdgesChan: make(chan gpio.Level)}, armed: make(chan struct{})}
	b.AddPin(p)
	return p
}

// AddSPI puts an SPI port on the board under name ("" is also the first
// port when it is the only one).
func (b *Board) AddSPI(name string, p spi.PortCloser) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.spis == nil {
		b.spis = map[string]spi.PortCloser{}
	}
	b.spis[name] = p
}

// AddI2C puts an I2C bus on the board under name.
func (b *Board) AddI2C(name string, bus i2c.BusCloser) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.i2cs == nil {
		b.i2cs = map[string]i2c.BusCloser{}
	}
	b.i2cs[name] = bus
}

// Opened is how many times name was opened (a pin, port or bus).
func (b *Board) Opened(name string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.opened[name]
}

func (b *Board) count(name string) {
	if b.opened == nil {
		b.opened = map[string]int{}
	}
	b.opened[name]++
}

// Pin is the pin named name.
func (b *Board) Pin(name, what string) (gpio.PinIO, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.count(name)
	if p, ok := b.pins[name]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("%s: GPIO %q: %w", what, name, hostio.ErrNotFound)
}

// SPI is the port named name.
func (b *Board) SPI(name, what string) (spi.PortCloser, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.count(name)
	if p, ok := b.spis[name]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("%s: SPI port %q: %w", what, name, hostio.ErrNotFound)
}

// I2C is the bus named name.
func (b *Board) I2C(name, what string) (i2c.BusCloser, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.count(name)
	if bus, ok := b.i2cs[name]; ok {
		return bus, nil
	}
	return nil, fmt.Errorf("%s: I2C bus %q: %w", what, name, hostio.ErrNotFound)
}
