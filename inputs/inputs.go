// Package inputs turns the hardware a configuration names into engine
// events on a table: GPIO buttons, buttons on MCP23017 expanders, the
// serial link's seat buttons and tile readers, and a direct MFRC522 tile
// reader. Config in, engine events out: New opens every device through a
// hostio.Opener (so tests hand it a hostiotest.Board), Run reads them all
// until its context ends and returns once every reader has stopped.
//
// Every input is stamped on the table's clock (or the controller's, mapped
// to it), submitted, and acknowledged only once the table has it in the
// claim log.
package inputs

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/buttons"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
	"github.com/tabled/tabled/table"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
)

// Table is what the inputs need of the running table (*table.Table is one).
type Table interface {
	// Submit hands an input to the table and returns once it is journaled.
	Submit(ctx context.Context, ev engine.Event) (uint64, error)
	// NewSource registers an input source and its watermark.
	NewSource(cfg table.SourceConfig) *table.Source
	// Now is the table's clock, which stamps every input.
	Now() time.Duration
	// Note journals a note (a controller's reboot, a reader fault).
	Note(kind, text string) error
	// State is the engine's state (for the dealer, to name seats).
	State() engine.State
}

// Config is what New needs.
type Config struct {
	// Config is the table's configuration: its buttons, expanders, serial
	// link, tile reader and reader roles.
	Config config.Config
	// Open opens the pins, ports and buses the config names.
	Open hostio.Opener
	// Table takes the inputs.
	Table Table
	// Registry maps tags to tiles; nil: tile reads are reported, not used.
	Registry *nfc.Registry
	// Resumed is the session the table resumes: the controller inputs in
	// it are not taken a second time when a controller sends them again.
	Resumed []table.Entry
	// Logf reports what goes wrong with an input; Debugf the serial
	// link's own workings (nil: nothing).
	Logf, Debugf func(string, ...any)
}

// Inputs are a config's inputs, opened.
type Inputs struct {
	// ctx is Run's: the hardware's callbacks submit with it.
	ctx    context.Context
	t      Table
	logf   func(string, ...any)
	debugf func(string, ...any)
	link   *link.Link
	// events turns serial and NFC events into the engine's.
	events eventMap
	// journaled are the controller inputs already in the claim log.
	journaled *journaledFrames
	// readers each read one input until their context ends.
	readers []func(ctx context.Context)
	// closers release what New opened (buses, the MFRC522's port).
	closers   []func()
	closeOnce sync.Once
}

type seatCall struct {
	seat engine.Seat
	call engine.Action
}

// GPIOSlack is how late, beyond the debouncer's confirmation, a GPIO press
// may reach the table (scheduling on a loaded Pi).
const GPIOSlack = 5 * time.Millisecond

// New opens every input of c.Config. A pin that does not exist or a bus
// that does not open is an error naming it, and nothing stays open.
func New(c Config) (*Inputs, error) {
	in := &Inputs{t: c.Table, logf: c.Logf, debugf: c.Debugf, events: newEventMap(c.Config, c.Registry), journaled: newJournaledFrames(c.Resumed)}
	if in.logf == nil {
		in.logf = func(string, ...any) {}
	}
	err := in.open(c)
	if err != nil {
		in.Close()
		return nil, err
	}
	return in, nil
}

func (in *Inputs) open(c Config) error {
	cfg := c.Config
	expanders, err := in.openExpanders(cfg.Expanders, c.Open)
	if err != nil {
		return err
	}
	for _, b := range cfg.Buttons {
		if b.Channel != nil {
			continue // a serial button: the event map has it
		}
		sc := seatCall{seat: engine.Seat(b.Seat), call: b.Call.Action}
		if name := b.Pin.Expander; name != "" {
			n := b.Pin.ExpanderPin
			xb := expanders[name]
			xb.x.Mask |= 1 << n
			xb.pins[n] = sc
			xb.x.Debounce, xb.x.MinPress = time.Duration(b.Debounce), time.Duration(b.MinPress)
			continue
		}
		pin, err := c.Open.Pin(b.Pin.Name, fmt.Sprintf("[[button]] seat %d %s pin", b.Seat, b.Call))
		if err != nil {
			return err
		}
		in.addButton(b, pin, sc)
	}
	for name, xb := range expanders {
		in.addExpander(name, xb)
	}
	if s := cfg.Serial; s != nil {
		if err := in.addLink(*s, cfg.Log.Dir); err != nil {
			return err
		}
	}
	if cfg.NFC.Reader == config.ReaderMFRC522 {
		r, err := OpenMFRC522(c.Open, cfg.NFC)
		if err != nil {
			return err
		}
		in.closers = append(in.closers, r.Close)
		in.readers = append(in.readers, func(ctx context.Context) {
			r.Run(ctx, in.t.Now, in.hardware, in.logf)
		})
	}
	return nil
}

// addButton reads a button on a host GPIO.
func (in *Inputs) addButton(b config.Button, pin gpio.PinIO, sc seatCall) {
	p := buttons.Pin{In: pin, Pull: pull(b.Pull, b.ActiveHigh), ActiveHigh: b.ActiveHigh,
		Debounce: time.Duration(b.Debounce), MinPress: time.Duration(b.MinPress)}
	// A press reaches the table once the debouncer has confirmed it: the
	// table holds decisions that long behind its clock for it.
	src := in.t.NewSource(table.SourceConfig{Name: "gpio " + b.Pin.Name, Lag: p.MinPress + GPIOSlack})
	in.readers = append(in.readers, func(ctx context.Context) {
		defer src.Close()
		err := buttons.Watch(ctx, p, in.t.Now, func(e buttons.Edge) {
			if e.Pressed {
				in.press(ctx, sc, e.At, 0, engine.SourceGPIO)
			}
		})
		if err != nil && ctx.Err() == nil {
			in.logf("tabled: %v", err)
		}
	})
}

type expanderButtons struct {
	x    *buttons.Expander
	pins [16]seatCall
}

// openExpanders opens each expander's bus and INT line.
func (in *Inputs) openExpanders(xs []config.Expander, op hostio.Opener) (map[string]*expanderButtons, error) {
	expanders := map[string]*expanderButtons{}
	for _, x := range xs {
		bus, err := op.I2C(x.Bus, "[[expander]] "+x.Name+" bus")
		if err != nil {
			return nil, err
		}
		in.closers = append(in.closers, func() { bus.Close() })
		intPin, err := op.Pin(x.IntPin, "[[expander]] "+x.Name+" int_pin")
		if err != nil {
			return nil, err
		}
		expanders[x.Name] = &expanderButtons{x: &buttons.Expander{Dev: &i2c.Dev{Bus: bus, Addr: x.Addr()}, Int: intPin, Logf: in.logf}}
	}
	return expanders, nil
}

// addExpander reads an expander's buttons.
func (in *Inputs) addExpander(name string, xb *expanderButtons) {
	// Read over I2C after its INT line fires: a little slower than a pin.
	src := in.t.NewSource(table.SourceConfig{Name: "expander " + name, Lag: xb.x.MinPress + 2*GPIOSlack})
	in.readers = append(in.readers, func(ctx context.Context) {
		defer src.Close()
		err := xb.x.Watch(ctx, in.t.Now, func(n int, e buttons.Edge) {
			if e.Pressed {
				in.press(ctx, xb.pins[n], e.At, 0, engine.SourceGPIO)
			}
		})
		if err != nil && ctx.Err() == nil {
			in.logf("tabled: expander %s: %v", name, err)
		}
	})
}

// addLink reads the serial link to the seat and reader controllers.
func (in *Inputs) addLink(s config.Serial, logDir string) error {
	// The controller says up to which stamp it has delivered everything;
	// a decision waiting for it asks for a fresh watermark.
	src := in.t.NewSource(table.SourceConfig{Name: "serial " + s.Path, Explicit: true, Need: func(at time.Duration) { in.link.ProbeAt(at) }})
	lc, err := LinkConfig(s, in.t.Now, in.hardware, in.logf)
	lc.Debugf = in.debugf
	if err != nil {
		src.Close()
		return err
	}
	lc.OnWatermark = src.Advance
	// The host's command seqs outlive a restart (firmware-protocol.md).
	lc.StateFile = filepath.Join(logDir, "serial-seq")
	// A reboot, lost events, a reader fault: a note in the claim log.
	lc.OnNotice = func(n link.Notice) {
		in.logf("tabled: %s at %v: %s", n.Kind, n.At, n.Text)
		if err := in.t.Note(n.Kind.String(), n.Text); err != nil {
			in.logf("tabled: note %q not journaled: %v", n.Text, err)
		}
	}
	in.link = link.New(lc)
	in.readers = append(in.readers, func(ctx context.Context) {
		defer src.Close()
		in.link.Run(ctx)
	})
	linkMetrics(in.link)
	return nil
}

// LinkConfig is the serial link to the controller on s, at s's rate
// (config.DefaultBaud unless set), pinned to its device id when s names
// one: what run and enroll both open. onEvent gets every event.
func LinkConfig(s config.Serial, clock func() time.Duration, onEvent func(link.Event) error, logf func(string, ...any)) (link.Config, error) {
	lc := link.Config{Open: link.Serial(s.Path, s.Rate()), Name: s.Path, Clock: clock, OnEvent: onEvent, Logf: logf}
	if s.DeviceID != "" {
		id, err := config.ParseDeviceID(s.DeviceID)
		if err != nil {
			return lc, fmt.Errorf("[serial] device_id: %w", err)
		}
		lc.DeviceID = &id
	}
	return lc, nil
}

// Link is the serial link, for the seat lights on its controllers; nil
// without [serial].
func (in *Inputs) Link() *link.Link { return in.link }

// Run reads every input until ctx ends and returns once each has stopped
// (the serial link has written its seq file), having released what New
// opened. It returns nil.
func (in *Inputs) Run(ctx context.Context) error {
	defer in.Close()
	in.ctx = ctx
	var running sync.WaitGroup
	for _, r := range in.readers {
		running.Go(func() { r(ctx) })
	}
	running.Wait()
	return nil
}

// Close releases what New opened; Run does it when it returns. Call it
// when Run will not be called (the daemon failed to start).
func (in *Inputs) Close() {
	in.closeOnce.Do(func() {
		for _, c := range in.closers {
			c()
		}
	})
}

func pull(p config.Pull, activeHigh bool) gpio.Pull {
	switch p {
	case config.PullUp:
		return gpio.PullUp
	case config.PullDown:
		return gpio.PullDown
	case config.PullNone:
		return gpio.Float
	}
	if activeHigh {
		return gpio.PullDown
	}
	return gpio.PullUp
}

// press hands a button press to the table and returns once it is durable
// in the claim log.
func (in *Inputs) press(ctx context.Context, sc seatCall, at, uncertainty time.Duration, src engine.Source) {
	ev := engine.Event{At: at, Seat: sc.seat, Action: sc.call, Source: src, Uncertainty: uncertainty}
	if _, err := in.t.Submit(ctx, ev); err != nil {
		in.logf("tabled: %s %s press at %v not taken: %v", sc.seat.Wind(in.t.State().Dealer), sc.call, at, err)
	}
}
