package inputs

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/hostio/hostiotest"
	"github.com/tabled/tabled/table"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c/i2ctest"
)

// fakeTable takes the inputs' submissions. Its sources are a real table's
// (never run: nothing is decided), its clock is the wall's monotonic one.
type fakeTable struct {
	*table.Table
	start     time.Time
	submitted chan engine.Event
}

func newFakeTable(t *testing.T) *fakeTable {
	t.Helper()
	tt, err := table.New(table.Config{Profile: engine.EMA2016})
	if err != nil {
		t.Fatal(err)
	}
	return &fakeTable{Table: tt, start: time.Now(), submitted: make(chan engine.Event, 16)}
}

func (f *fakeTable) Submit(ctx context.Context, ev engine.Event) (uint64, error) {
	select {
	case f.submitted <- ev:
		return 1, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}
func (f *fakeTable) Now() time.Duration           { return time.Since(f.start) }
func (f *fakeTable) Note(kind, text string) error { return nil }
func (f *fakeTable) State() engine.State          { return engine.State{} }

func parse(t *testing.T, text string) config.Config {
	t.Helper()
	cfg, err := config.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestGPIOPressBecomesAnInput: a press on a button's pin (gpiotest pins on
// the opener's double) is submitted as that button's seat and call, from
// gpio, stamped at its first edge; an active-high button presses high.
// Each pin is looked up once.
func TestGPIOPressBecomesAnInput(t *testing.T) {
	cfg := parse(t, `[[button]]
seat = 0
call = "discard"
pin = "GPIO17"
min_press = "2ms"

[[button]]
seat = 3
call = "pon"
pin = "GPIO27"
active_high = true
min_press = "2ms"
`)
	var board hostiotest.Board
	discard, pon := board.Button("GPIO17"), board.Button("GPIO27")
	ft := newFakeTable(t)
	in, err := New(Config{Config: cfg, Open: &board, Table: ft, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- in.Run(ctx) }()
	for _, tc := range []struct {
		name         string
		pin          *hostiotest.Button
		press, letGo gpio.Level
		seat         engine.Seat
		call         engine.Action
	}{
		{"East's discard, active low", discard, gpio.Low, gpio.High, 0, engine.Discard},
		{"North's pon, active high", pon, gpio.High, gpio.Low, 3, engine.Pon},
	} {
		t.Run(tc.name, func(t *testing.T) {
			<-tc.pin.Armed() // set up by Watch: an edge now is not flushed
			before := ft.Now()
			tc.pin.EdgesChan <- tc.press // blocks until Watch takes the edge, then stamps it
			ev := <-ft.submitted
			tc.pin.EdgesChan <- tc.letGo
			after := ft.Now()
			if ev.Seat != tc.seat || ev.Action != tc.call || ev.Source != engine.SourceGPIO {
				t.Errorf("submitted %+v, want seat %v %v from gpio", ev, tc.seat, tc.call)
			}
			if ev.At < before || ev.At > after {
				t.Errorf("stamped %v, not between the edge's %v and %v", ev.At, before, after)
			}
		})
	}
	cancel()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"GPIO17", "GPIO27"} {
		if n := board.Opened(name); n != 1 {
			t.Errorf("%s looked up %d times, want once", name, n)
		}
	}
}

// TestMissingHardwareNamed: a pin, bus or port the board does not have is
// an error at New naming the config key it is for and the name, wrapping
// hostio.ErrNotFound.
func TestMissingHardwareNamed(t *testing.T) {
	for _, tc := range []struct {
		name, cfg string
		want      string
	}{
		{"button pin", "[[button]]\nseat = 1\ncall = \"pon\"\npin = \"GPIO99\"\n", `[[button]] seat 1 pon pin: GPIO "GPIO99"`},
		{"expander bus", "[[expander]]\nname = \"mcp0\"\nbus = \"/dev/i2c-9\"\nint_pin = \"GPIO4\"\n", `[[expander]] mcp0 bus: I2C bus "/dev/i2c-9"`},
		{"expander INT", "[[expander]]\nname = \"mcp0\"\nbus = \"/dev/i2c-1\"\nint_pin = \"GPIO98\"\n", `[[expander]] mcp0 int_pin: GPIO "GPIO98"`},
		{"MFRC522 port", "[nfc]\nreader = \"mfrc522\"\nspi = \"/dev/spidev9.0\"\nreset_pin = \"GPIO25\"\nirq_pin = \"GPIO24\"\n", `[nfc] spi (MFRC522): SPI port "/dev/spidev9.0"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var board hostiotest.Board
			board.AddI2C("/dev/i2c-1", &i2ctest.Playback{})
			_, err := New(Config{Config: parse(t, tc.cfg), Open: &board, Table: newFakeTable(t)})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, hostio.ErrNotFound) {
				t.Fatalf("err %v; want one with %q wrapping hostio.ErrNotFound", err, tc.want)
			}
		})
	}
}
