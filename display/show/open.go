package show

import (
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/display/eink"
	"github.com/tabled/tabled/display/oled"
	"github.com/tabled/tabled/display/seatlights"
	"github.com/tabled/tabled/display/strip"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/link"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/devices/v3/waveshare2in13v4"
)

// Open sets d.Lights and d.Panel to the lights and the panel dc names,
// opened through op as tabled run opens them (lights on the seat
// controllers go over lk, the serial link), and returns what turns the
// lights off and closes their port when the daemon stops (its error goes
// to d.Logf). On an error nothing is left open.
func (d *Driver) Open(dc config.Display, op hostio.Opener, lk *link.Link) (off func(), err error) {
	off = func() {}
	switch dc.Lights {
	case config.LightsAPA102, config.LightsWS2812:
		port, err := op.SPI(dc.LightsSPI, "display: lights")
		if err != nil {
			return nil, err
		}
		l := strip.Layout{PerSeat: dc.PerSeat, First: engine.Seat(dc.FirstSeat), Clockwise: dc.Clockwise}
		open := strip.NewAPA102
		if dc.Lights == config.LightsWS2812 {
			open = strip.NewWS2812
		}
		lights, err := open(port, l)
		if err != nil {
			port.Close()
			return nil, err
		}
		lights.Brightness = uint8(dc.Brightness)
		d.Lights = lights
		off = func() {
			if err := lights.Off(); err != nil {
				d.logf("tabled: %v", err)
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
	if err := d.openPanel(dc, op); err != nil {
		off()
		d.Lights = nil
		return nil, err
	}
	return off, nil
}

// openPanel sets d.Panel to the panel dc names.
func (d *Driver) openPanel(dc config.Display, op hostio.Opener) error {
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
