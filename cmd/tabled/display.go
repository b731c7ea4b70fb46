package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/eink"
	"github.com/tabled/tabled/display/oled"
	"github.com/tabled/tabled/display/seatlights"
	"github.com/tabled/tabled/display/show"
	"github.com/tabled/tabled/display/strip"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/web"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/devices/v3/waveshare2in13v4"
)

// newDisplays makes the Driver of the lights and the panel cfg names, and
// the cleanup that turns the lights off when the daemon stops. lk is the
// serial link, for lights on the seat controllers. Every outcome line
// goes to out as it is shown; text, when set, gets the text panel.
func newDisplays(cfg config.Config, op hostio.Opener, lk *link.Link, out, text io.Writer, logf func(string, ...any)) (*show.Driver, func(), error) {
	dc := cfg.Display
	d := &show.Driver{Text: text, Lang: cfgLang(cfg), URL: web.StatusURL(cfg.Web.URL, cfg.Web.Listen), Sleep: time.Duration(dc.Sleep), Logf: logf,
		Each: func(u table.Update) { printOutcomes(out, outcome.In(cfgLang(cfg)), u) }}
	off := func() {}
	switch dc.Lights {
	case config.LightsAPA102, config.LightsWS2812:
		port, err := op.SPI(dc.LightsSPI, "display: lights")
		if err != nil {
			return nil, nil, err
		}
		l := strip.Layout{PerSeat: dc.PerSeat, First: engine.Seat(dc.FirstSeat), Clockwise: dc.Clockwise}
		open := strip.NewAPA102
		if dc.Lights == config.LightsWS2812 {
			open = strip.NewWS2812
		}
		lights, err := open(port, l)
		if err != nil {
			port.Close()
			return nil, nil, err
		}
		lights.Brightness = uint8(dc.Brightness)
		d.Lights = lights
		off = func() {
			if err := lights.Off(); err != nil {
				logf("tabled: %v", err)
			}
			port.Close()
		}
	case config.LightsSerial:
		var ch [4]uint8
		for i, c := range dc.LightChannels {
			ch[i] = uint8(c)
		}
		lights := seatlights.New(lk, ch)
		lights.Boot = func() uint32 {
			if h := lk.Health(); h.Device != nil {
				return h.Device.BootID
			}
			return 0
		}
		d.Lights = lights
	}
	if err := openPanel(d, dc, op); err != nil {
		off()
		return nil, nil, err
	}
	return d, off, nil
}

// openPanel sets d.Panel to the panel dc names.
func openPanel(d *show.Driver, dc config.Display, op hostio.Opener) error {
	switch dc.Panel {
	case config.PanelEInk:
		port, err := op.SPI(dc.PanelSPI, "display: e-ink")
		if err != nil {
			return err
		}
		pins, err := einkPins(dc, op)
		if err != nil {
			port.Close()
			return err
		}
		origin := waveshare2in13v4.TopRight
		if dc.Flip {
			origin = waveshare2in13v4.BottomLeft
		}
		if d.Panel, err = eink.New(port, pins[0], pins[1], pins[2], pins[3], origin); err != nil {
			port.Close()
			return err
		}
	case config.PanelSSD1306:
		bus, err := op.I2C(dc.PanelI2C, "display: OLED")
		if err != nil {
			return err
		}
		if d.Panel, err = oled.New(bus, dc.Flip); err != nil {
			bus.Close()
			return err
		}
	}
	return nil
}

// einkPins are the e-ink's DC, CS, reset and busy lines.
func einkPins(dc config.Display, op hostio.Opener) ([4]gpio.PinIO, error) {
	var pins [4]gpio.PinIO
	for i, p := range []struct{ name, key string }{{dc.DCPin, "dc_pin"}, {dc.CSPin, "cs_pin"}, {dc.ResetPin, "reset_pin"}, {dc.BusyPin, "busy_pin"}} {
		var err error
		if pins[i], err = op.Pin(p.name, "display: e-ink "+p.key); err != nil {
			return pins, err
		}
	}
	return pins, nil
}

// printOutcomes writes the update's outcomes, a line each, in words.
func printOutcomes(w io.Writer, words outcome.Words, u table.Update) {
	for _, e := range u.Entries {
		if e.Outcome != nil {
			fmt.Fprintf(w, "%9.3fs  %s\n", e.At.Seconds(), words.Line(outcome.Of(*e.Outcome)))
		}
	}
}

// runDisplays runs d on the table until ctx ends, then turns the lights off.
// The lights run on the table's clock: a won, lost or rejected light ends
// when its Hold has passed on that clock, not at the next update.
func runDisplays(d *show.Driver, t *table.Table, off func()) func(context.Context) error {
	d.Clock = t.Now
	return func(ctx context.Context) error {
		defer off()
		return d.Run(ctx, t)
	}
}

// panelClock shows the round's time left (tr) on the panels (set) in lang, each second
// (the words change once a minute until the last two, and set redraws
// only on a change).
func panelClock(tr *club.TableRound, lang *catalog.Lang, set func(string)) func(context.Context) error {
	return func(ctx context.Context) error {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			words := ""
			if left, state, ok := tr.Clock(); ok {
				words = display.ClockWords(lang, left, state)
			}
			set(words)
			select {
			case <-ctx.Done():
				return nil
			case <-tick.C:
			}
		}
	}
}
