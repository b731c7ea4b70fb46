package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/VictoriaMetrics/metrics"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/buttons"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
	"github.com/tabled/tabled/table"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/host/v3"
)

// inputs feeds a table from the hardware a config names: GPIO and
// expander buttons, the serial link's buttons and tile readers, and a
// direct MFRC522. Every press is stamped on the table's clock.
type inputs struct {
	ctx  context.Context
	t    *table.Table
	logf func(string, ...any)
	link *link.Link
	// events turns serial and NFC events into the engine's.
	events eventMap
	// journaled are the controller inputs already in the claim log.
	journaled *journaledFrames
	// running are the inputs' goroutines, which end with the context.
	running sync.WaitGroup
}

type seatCall struct {
	seat engine.Seat
	call engine.Action
}

// startInputs sets up every input of cfg and starts a goroutine for each;
// they stop when ctx ends. A pin that does not exist or a bus that does
// not open is an error, before anything starts.
func startInputs(ctx context.Context, cfg config.Config, t *table.Table, registry *nfc.Registry, journaled *journaledFrames, logf func(string, ...any)) (*inputs, error) {
	in := &inputs{ctx: ctx, t: t, logf: logf, events: newEventMap(cfg, registry), journaled: journaled}
	var starts []func()
	needHost := cfg.NFC.Reader == "mfrc522" || len(cfg.Expanders) > 0
	for _, b := range cfg.Buttons {
		needHost = needHost || b.Pin != ""
	}
	if needHost {
		if _, err := host.Init(); err != nil {
			return nil, fmt.Errorf("periph host: %w", err)
		}
	}
	expanders := map[string]*expanderButtons{}
	for _, x := range cfg.Expanders {
		bus, err := i2creg.Open(x.Bus)
		if err != nil {
			return nil, fmt.Errorf("expander %s: I2C bus %q: %w", x.Name, x.Bus, err)
		}
		intPin := gpioreg.ByName(x.IntPin)
		if intPin == nil {
			bus.Close()
			return nil, fmt.Errorf("expander %s: no GPIO named %q on this board", x.Name, x.IntPin)
		}
		addr := uint16(x.Address)
		if addr == 0 {
			addr = 0x20
		}
		expanders[x.Name] = &expanderButtons{x: &buttons.Expander{Dev: &i2c.Dev{Bus: bus, Addr: addr}, Int: intPin, Logf: logf}}
	}
	for _, b := range cfg.Buttons {
		if b.Channel != nil {
			continue // a serial button: the event map has it
		}
		sc := seatCall{seat: engine.Seat(b.Seat), call: mustAction(b.Call)}
		if name, pinName, ok := strings.Cut(b.Pin, "."); ok {
			n, err := buttons.ParsePinName(pinName)
			if err != nil {
				return nil, err
			}
			xb := expanders[name]
			xb.x.Mask |= 1 << n
			xb.pins[n] = sc
			xb.x.Debounce, xb.x.MinPress = time.Duration(b.Debounce), time.Duration(b.MinPress)
			continue
		}
		pin := gpioreg.ByName(b.Pin)
		if pin == nil {
			return nil, fmt.Errorf("button seat %d %s: no GPIO named %q on this board", b.Seat, b.Call, b.Pin)
		}
		p := buttons.Pin{In: pin, Pull: pull(b.Pull, b.ActiveHigh), ActiveHigh: b.ActiveHigh,
			Debounce: time.Duration(b.Debounce), MinPress: time.Duration(b.MinPress)}
		// A press reaches the table once the debouncer has confirmed it:
		// the table holds decisions that long behind its clock for it.
		src := t.NewSource(table.SourceConfig{Name: "gpio " + b.Pin, Lag: p.MinPress + gpioSlack})
		starts = append(starts, func() {
			defer src.Close()
			err := buttons.Watch(ctx, p, t.Now, func(e buttons.Edge) {
				if e.Pressed {
					in.press(sc, e.At, 0, engine.SourceGPIO)
				}
			})
			if err != nil && ctx.Err() == nil {
				logf("tabled: %v", err)
			}
		})
	}
	for name, xb := range expanders {
		// Read over I2C after its INT line fires: a little slower than a pin.
		src := t.NewSource(table.SourceConfig{Name: "expander " + name, Lag: xb.x.MinPress + 2*gpioSlack})
		starts = append(starts, func() {
			defer src.Close()
			err := xb.x.Watch(ctx, t.Now, func(n int, e buttons.Edge) {
				if e.Pressed {
					in.press(xb.pins[n], e.At, 0, engine.SourceGPIO)
				}
			})
			if err != nil && ctx.Err() == nil {
				logf("tabled: expander %s: %v", name, err)
			}
		})
	}
	if s := cfg.Serial; s != nil {
		baud := s.Baud
		if baud == 0 {
			baud = 115200
		}
		// The controller says up to which stamp it has delivered everything;
		// a decision waiting for it asks for a fresh watermark.
		src := t.NewSource(table.SourceConfig{Name: "serial " + s.Path, Explicit: true, Need: func(at time.Duration) { in.link.ProbeAt(at) }})
		lc := link.Config{Open: link.Serial(s.Path, baud), Name: s.Path, Clock: t.Now, OnEvent: in.serialEvent, Logf: logf,
			OnWatermark: src.Advance,
			// The host's command seqs outlive a restart (firmware-protocol.md).
			StateFile: filepath.Join(cfg.Log.Dir, "serial-seq"),
			// A reboot, lost events, a reader fault: a note in the claim log.
			OnNotice: func(n link.Notice) {
				logf("tabled: %s at %v: %s", n.Kind, n.At, n.Text)
				if err := t.Note(n.Kind.String(), n.Text); err != nil {
					logf("tabled: note %q not journaled: %v", n.Text, err)
				}
			}}
		if s.DeviceID != "" {
			id, err := config.ParseDeviceID(s.DeviceID)
			if err != nil {
				return nil, err
			}
			lc.DeviceID = &id
		}
		in.link = link.New(lc)
		starts = append(starts, func() {
			defer src.Close()
			in.link.Run(ctx)
		})
		in.linkMetrics()
	}
	if cfg.NFC.Reader == "mfrc522" {
		dev, err := nfc.OpenMFRC522(cfg.NFC.SPI, cfg.NFC.ResetPin, cfg.NFC.IRQPin)
		if err != nil {
			return nil, err
		}
		starts = append(starts, func() {
			defer dev.Halt()
			nfc.Poll(ctx, dev, 0, t.Now, func(r nfc.Read) {
				kind := link.TileRead
				if r.Gone {
					kind = link.TileGone
				}
				in.hardware(link.Event{Kind: kind, Reader: uint8(r.Reader), UID: r.UID, At: r.At})
			}, logf)
		})
	}
	for _, start := range starts {
		in.running.Go(start)
	}
	return in, nil
}

type expanderButtons struct {
	x    *buttons.Expander
	pins [16]seatCall
}

func mustAction(call string) engine.Action {
	a, err := engine.ParseAction(call)
	if err != nil {
		panic(err) // config.validate admits only known calls
	}
	return a
}

func pull(p string, activeHigh bool) gpio.Pull {
	switch p {
	case "up":
		return gpio.PullUp
	case "down":
		return gpio.PullDown
	case "none":
		return gpio.Float
	}
	if activeHigh {
		return gpio.PullDown
	}
	return gpio.PullUp
}

// gpioSlack is how late, beyond the debouncer's confirmation, a GPIO press
// may reach the table (scheduling on a loaded Pi).
const gpioSlack = 5 * time.Millisecond

// press hands a button press to the table and returns once it is durable
// in the claim log.
func (in *inputs) press(sc seatCall, at, uncertainty time.Duration, src engine.Source) error {
	ev := engine.Event{At: at, Seat: sc.seat, Action: sc.call, Source: src, Uncertainty: uncertainty}
	if _, err := in.t.Submit(in.ctx, ev); err != nil {
		in.logf("tabled: %s %s press at %v not taken: %v", sc.seat.Wind(in.t.State().Dealer), sc.call, at, err)
		return err
	}
	return nil
}

// wait returns once every input's goroutine has ended (its context is done):
// nothing of an input runs after the daemon has returned.
func (in *inputs) wait() { in.running.Wait() }

// serialEvent takes an event from the serial link.
func (in *inputs) serialEvent(ev link.Event) error { return in.hardware(ev) }

// hardware hands the input a serial or NFC event stands for to the table
// and returns once it is durable in the claim log. An event that stands
// for no input (an unknown tag) is reported and dropped (nil): sending it
// again will not help.
func (in *inputs) hardware(hw link.Event) error {
	ev, ok, err := in.events.event(hw)
	if err != nil {
		in.logf("tabled: %v", err)
	}
	if !ok {
		return nil
	}
	if ev.At < 0 {
		// Stamped before this run's clock began: held by the controller
		// while the daemon was down. It is decided at the clock's start.
		in.logf("tabled: %s was stamped before this run began (held while the daemon was down): decided at the start of its clock", describeInput(ev, in.t.State().Dealer))
		ev.At = 0
	}
	if in.journaled.has(ev) {
		// Journaled by a run that died before acknowledging it: the
		// controller sent it again. Acknowledged, not taken twice.
		in.logf("tabled: %s is already in the claim log (sent again after a restart): acknowledged once more, not taken twice", describeInput(ev, in.t.State().Dealer))
		return nil
	}
	if _, err := in.t.Submit(in.ctx, ev); err != nil {
		in.logf("tabled: %s not taken: %v", describeInput(ev, in.t.State().Dealer), err)
		return err
	}
	in.journaled.add(ev)
	return nil
}

// describeInput names an input for a log line: "South discard 3p (nfc) at 4.2s".
func describeInput(ev engine.Event, dealer engine.Seat) string {
	what := ev.Action.String()
	if ev.Tile.Known() {
		what += " " + ev.Tile.String()
	}
	if ev.Seat.Valid() {
		what = ev.Seat.Wind(dealer).String() + " " + what
	}
	return fmt.Sprintf("%s (%s) at %v", what, ev.Source, ev.At)
}

// eventMap turns the hardware's serial and NFC events into the engine
// events they stand for: the one place that knows what a button channel
// or a tile reader means.
type eventMap struct {
	// channels maps a serial button channel to its seat and call.
	channels map[uint8]seatCall
	// discards maps a discard reader's index to its seat; any other
	// reader reads dora indicators.
	discards map[uint8]engine.Seat
	// registry maps tags to tiles; nil: tile reads are logged, not used.
	registry *nfc.Registry
}

// newEventMap is the event map of cfg's serial buttons and reader roles.
func newEventMap(cfg config.Config, registry *nfc.Registry) eventMap {
	m := eventMap{channels: map[uint8]seatCall{}, discards: map[uint8]engine.Seat{}, registry: registry}
	for _, b := range cfg.Buttons {
		if b.Channel != nil {
			m.channels[uint8(*b.Channel)] = seatCall{seat: engine.Seat(b.Seat), call: mustAction(b.Call)}
		}
	}
	for _, r := range cfg.Readers {
		if r.Role == config.RoleDiscard && r.Seat != nil {
			m.discards[uint8(r.Index)] = engine.Seat(*r.Seat)
		}
	}
	return m
}

// event is the engine event a hardware event stands for: a serial button
// press is its seat's call (source serial); a tile read is a dora
// indicator, or on a seat's discard reader that seat's discard with its
// tile (source nfc). ok is false for an event that stands for no input (a
// release, a tile taken off a reader) and for one that cannot be used,
// which err then explains (a channel with no button, a tag not enrolled).
func (m eventMap) event(hw link.Event) (ev engine.Event, ok bool, err error) {
	ev = engine.Event{At: hw.At, Uncertainty: hw.Uncertainty, Device: hw.Device, Seat: engine.NoSeat}
	switch hw.Kind {
	case link.Press:
		sc, found := m.channels[hw.Channel]
		if !found {
			return ev, false, fmt.Errorf("serial button channel %d pressed, but no [[button]] has channel = %d", hw.Channel, hw.Channel)
		}
		ev.Seat, ev.Action, ev.Source = sc.seat, sc.call, engine.SourceSerial
		return ev, true, nil
	case link.TileRead:
		if m.registry == nil {
			return ev, false, fmt.Errorf("reader %d: tag %X read, but there is no tile registry (nfc.registry; tabled enroll)", hw.Reader, hw.UID)
		}
		tile, found := m.registry.Tile(hw.UID)
		if !found {
			return ev, false, fmt.Errorf("reader %d: tag %X is not in the tile registry (enrol it with tabled enroll)", hw.Reader, hw.UID)
		}
		ev.Action, ev.Tile, ev.Source = engine.Dora, tile, engine.SourceNFC
		if seat, discard := m.discards[hw.Reader]; discard {
			ev.Seat, ev.Action = seat, engine.Discard
		}
		return ev, true, nil
	}
	return ev, false, nil
}

// linkMetrics exports the serial link's health on /metrics.
func (in *inputs) linkMetrics() {
	gauge := func(name string, f func(h link.Health) float64) {
		metrics.GetOrCreateGauge(name, func() float64 { return f(in.link.Health()) })
	}
	b := func(v bool) float64 {
		if v {
			return 1
		}
		return 0
	}
	gauge(`tabled_serial_connected`, func(h link.Health) float64 { return b(h.Connected) })
	gauge(`tabled_serial_up`, func(h link.Health) float64 { return b(h.Up) })
	gauge(`tabled_serial_queries_total`, func(h link.Health) float64 { return float64(h.Queries) })
	gauge(`tabled_serial_not_durable_total`, func(h link.Health) float64 { return float64(h.NotDurable) })
	gauge(`tabled_serial_reboots_total`, func(h link.Health) float64 { return float64(h.Reboots) })
	gauge(`tabled_serial_events_lost_total`, func(h link.Health) float64 { return float64(h.EventsLost) })
	gauge(`tabled_serial_reader_faults_total`, func(h link.Health) float64 { return float64(h.ReaderFaults) })
	gauge(`tabled_serial_device_changes_total`, func(h link.Health) float64 { return float64(h.DeviceChanges) })
	gauge(`tabled_serial_refused_total`, func(h link.Health) float64 { return float64(h.Refused) })
	gauge(`tabled_serial_watermark_seconds`, func(h link.Health) float64 { return h.Watermark.Seconds() })
	gauge(`tabled_serial_losses_total`, func(h link.Health) float64 { return float64(h.Losses) })
	gauge(`tabled_serial_bad_frames_total`, func(h link.Health) float64 { return float64(h.BadFrames) })
	gauge(`tabled_serial_duplicates_total`, func(h link.Health) float64 { return float64(h.Duplicates) })
	gauge(`tabled_serial_retransmits_total`, func(h link.Health) float64 { return float64(h.Retransmits) })
	gauge(`tabled_serial_events_total`, func(h link.Health) float64 { return float64(h.Events) })
	gauge(`tabled_serial_clock_drift_ppm`, func(h link.Health) float64 { return h.DriftPPM })
	gauge(`tabled_serial_min_rtt_seconds`, func(h link.Health) float64 { return h.MinRTT.Seconds() })
	gauge(`tabled_serial_sync_samples`, func(h link.Health) float64 { return float64(h.SyncSamples) })
}

// simChannel is the serial channel of a seat's call on the simulated
// table's controller: eight per seat.
func simChannel(seat engine.Seat, call engine.Action) (uint8, bool) {
	for i, c := range simCalls {
		if c == call {
			return uint8(int(seat)*len(simCalls) + i), true
		}
	}
	return 0, false
}

var simCalls = []engine.Action{engine.Chii, engine.Pon, engine.Kan, engine.Ron, engine.Tsumo, engine.Riichi, engine.Discard, engine.Cancel}

// simButtons is the button configuration of the simulated controller.
func simButtons() []config.Button {
	var bs []config.Button
	for seat := range engine.Seat(4) {
		for _, call := range simCalls {
			ch, _ := simChannel(seat, call)
			c := int(ch)
			bs = append(bs, config.Button{Seat: int(seat), Call: call.String(), Channel: &c})
		}
	}
	return bs
}

// simLightChannels are the simulated controller's seat lights: seat i's
// on channel i.
func simLightChannels() []int { return []int{0, 1, 2, 3} }

// simUID is the tag UID of the simulated set's i-th tile.
func simUID(i int) []byte {
	return []byte{0x04, 0x7A, 0xB1, 0xED, byte(i >> 8), byte(i), 0x80}
}

// simRegistry is the simulated set, enrolled in order.
func simRegistry() *nfc.Registry {
	var r nfc.Registry
	for i, tile := range nfc.EnrolmentOrder(true) {
		if err := r.Add(simUID(i), tile); err != nil {
			panic(err)
		}
	}
	return &r
}
