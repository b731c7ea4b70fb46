package show

import (
	"errors"
	"testing"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/hostio/hostiotest"
	"periph.io/x/conn/v3/spi/spitest"
)

// TestOpen: the lights and the panel a configuration names, opened on a
// board; a device the board does not have is an error naming it, and
// leaves no lights behind.
func TestOpen(t *testing.T) {
	strip := config.Display{Lights: config.LightsAPA102, LightsSPI: "/dev/spidev0.0", PerSeat: 6}
	for _, c := range []struct {
		name       string
		dc         config.Display
		lights     bool
		notOnBoard bool
	}{
		{"nothing", config.Display{}, false, false},
		{"a strip", strip, true, false},
		{"a strip and a missing OLED", func() config.Display {
			dc := strip
			dc.Panel, dc.PanelI2C = config.PanelSSD1306, "/dev/i2c-9"
			return dc
		}(), false, true},
		{"a missing strip", config.Display{Lights: config.LightsWS2812, LightsSPI: "/dev/spidev9.9", PerSeat: 6}, false, true},
		{"an e-ink without its pins", config.Display{Panel: config.PanelEInk, PanelSPI: "/dev/spidev0.1", DCPin: "GPIO99"}, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var board hostiotest.Board
			port := &spitest.Record{}
			board.AddSPI("/dev/spidev0.0", port)
			board.AddSPI("/dev/spidev0.1", &spitest.Record{})
			var d Driver
			off, err := d.Open(c.dc, &board, nil)
			if c.notOnBoard {
				if !errors.Is(err, hostio.ErrNotFound) || off != nil || d.Lights != nil {
					t.Fatalf("err %v, lights %v; want hostio.ErrNotFound and nothing open", err, d.Lights)
				}
				return
			}
			if err != nil || (d.Lights != nil) != c.lights || d.Panel != nil {
				t.Fatalf("err %v, lights %v, panel %v", err, d.Lights, d.Panel)
			}
			before := len(port.Ops)
			off()
			if c.lights && len(port.Ops) == before {
				t.Error("off wrote nothing to the strip")
			}
		})
	}
}
