package eink

import (
	"bytes"
	"image"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"
	"periph.io/x/devices/v3/waveshare2in13v4"

	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/display/render"
	"periph.io/x/conn/v3"
)

// einkPins are fake lines for the e-ink: the busy line stays low (ready).
func einkPins() (dc, cs, rst *gpiotest.Pin, busy *gpiotest.Pin) {
	return &gpiotest.Pin{N: "DC"}, &gpiotest.Pin{N: "CS"}, &gpiotest.Pin{N: "RST"}, &gpiotest.Pin{N: "BUSY", EdgesChan: make(chan gpio.Level)}
}

// ramAfter is the frame sent after command cmd: the next transfers, up to
// a whole RAM bank of n bytes (the driver sends it a row at a time).
func ramAfter(ops []conntest.IO, cmd byte, n int) []byte {
	for i := 0; i+1 < len(ops); i++ {
		if bytes.Equal(ops[i].W, []byte{cmd}) {
			var ram []byte
			for _, op := range ops[i+1:] {
				if len(ram) >= n {
					break
				}
				ram = append(ram, op.W...)
			}
			return ram
		}
	}
	return nil
}

// TestRAMMatchesDriver: RAM lays a frame out in the controller's
// RAM exactly as periph's waveshare2in13v4 driver does, for both
// landscape origins, so full and partial refreshes agree.
func TestRAMMatchesDriver(t *testing.T) {
	frame := render.Render(displaytest.Named(t, "head_bump").View(t), render.EInkSize)
	for _, origin := range []waveshare2in13v4.Corner{waveshare2in13v4.TopRight, waveshare2in13v4.BottomLeft} {
		opts := waveshare2in13v4.EPD2in13v4
		opts.Origin = origin
		rec := &spitest.Record{}
		dc, cs, rst, busy := einkPins()
		dev, err := waveshare2in13v4.New(rec, dc, cs, rst, busy, &opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := dev.Draw(dev.Bounds(), frame, image.Point{}); err != nil {
			t.Fatal(err)
		}
		want := ramAfter(rec.Ops, epdWriteBW, 16*250)
		got := RAM(nil, frame, opts)
		if len(got) != 16*250 || !bytes.Equal(got, want) {
			t.Errorf("origin %d: RAM differs from the driver's (%d and %d bytes)", origin, len(got), len(want))
		}
	}
	// Independently: with TopRight, the frame's top-left pixel is the
	// controller's row 0, column 121 (byte 15, bit 1).
	one := image.NewGray(image.Rectangle{Max: render.EInkSize})
	for i := range one.Pix {
		one.Pix[i] = 0xff
	}
	one.Pix[0] = 0
	ram := RAM(nil, one, waveshare2in13v4.Opts{Width: 122, Height: 250, Origin: waveshare2in13v4.TopRight})
	if ram[15] != 0xbf || ram[14] != 0xff || ram[16+15] != 0xff {
		t.Errorf("top-left pixel: row 0 bytes 14,15 = %x %x, row 1 byte 15 = %x", ram[14], ram[15], ram[16+15])
	}
}

func TestRefreshes(t *testing.T) {
	rec := &spitest.Record{}
	dc, cs, rst, busy := einkPins()
	e, err := New(rec, dc, cs, rst, busy, waveshare2in13v4.TopRight)
	if err != nil {
		t.Fatal(err)
	}
	if e.Bounds().Size() != render.EInkSize {
		t.Fatalf("e-ink size %v", e.Bounds().Size())
	}
	opts := waveshare2in13v4.Opts{Width: 122, Height: 250, Origin: waveshare2in13v4.TopRight}
	open := render.Render(displaytest.Named(t, "discard_open").View(t), render.EInkSize)
	pon := render.Render(displaytest.Named(t, "decision_pon").View(t), render.EInkSize)
	cmd := func(c byte, data ...byte) []conntest.IO {
		ops := []conntest.IO{{W: []byte{c}}}
		if len(data) > 0 {
			ops = append(ops, conntest.IO{W: data})
		}
		return ops
	}
	cat := func(parts ...[]conntest.IO) (all []conntest.IO) {
		for _, p := range parts {
			all = append(all, p...)
		}
		return all
	}
	full := func(frame *image.Gray) []conntest.IO {
		ram := RAM(nil, frame, opts)
		return cat(cmd(0x4e, 0), cmd(0x4f, 0, 0), cmd(0x24, ram...), cmd(0x4e, 0), cmd(0x4f, 0, 0), cmd(0x26, ram...),
			cmd(0x22, 0xf7), cmd(0x20))
	}
	partial := func(frame *image.Gray) []conntest.IO {
		return cat(cmd(0x3c, 0x80), cmd(0x01, 0xf9, 0, 0), cmd(0x11, 0x03), cmd(0x44, 0, 0x0f), cmd(0x45, 0, 0, 0xf9, 0),
			cmd(0x4e, 0), cmd(0x4f, 0, 0), cmd(0x24, RAM(nil, frame, opts)...), cmd(0x22, 0xff), cmd(0x20))
	}
	isInit := func(ops []conntest.IO) bool { return len(ops) > 0 && bytes.Equal(ops[0].W, []byte{0x12}) } // SW reset

	e.MaxPartial = 2
	for i, step := range []struct {
		frame *image.Gray
		full  bool
		want  []conntest.IO
		init  bool
	}{
		{open, false, full(open), true}, // the first draw is full
		{pon, false, partial(pon), false},
		{open, false, partial(open), false},
		{pon, false, full(pon), true}, // MaxPartial partial ones made
		{open, true, full(open), true},
	} {
		rec.Ops = nil
		if err := e.Draw(step.frame, step.full); err != nil {
			t.Fatal(err)
		}
		ops := rec.Ops
		if step.init {
			if !isInit(ops) {
				t.Fatalf("draw %d: no controller reset first: %x", i, ops[:1])
			}
			ops = ops[len(ops)-len(step.want):]
		}
		if len(ops) != len(step.want) {
			t.Fatalf("draw %d: %d transfers, want %d", i, len(ops), len(step.want))
		}
		for j := range ops {
			if !bytes.Equal(ops[j].W, step.want[j].W) {
				t.Fatalf("draw %d, transfer %d: %x, want %x", i, j, ops[j].W[:min(8, len(ops[j].W))], step.want[j].W[:min(8, len(step.want[j].W))])
			}
		}
	}
	if _, err := New(rec, dc, cs, rst, busy, waveshare2in13v4.TopLeft); err == nil {
		t.Error("a portrait origin was accepted")
	}
}

// einkHardware is the e-ink's SPI side as the panel behaves: after a
// software reset (0x12) or an update (0x20) command it holds BUSY high
// for refresh, then drops it; a negative refresh holds it for ever (a hung
// panel).
type einkHardware struct {
	discardPort
	dc, busy *gpiotest.Pin
	refresh  time.Duration
}

func (h *einkHardware) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return h, nil }

func (h *einkHardware) Tx(w, r []byte) error {
	if h.dc.Read() == gpio.Low && len(w) == 1 && (w[0] == 0x12 || w[0] == 0x20) {
		h.busy.Out(gpio.High)
		if h.refresh >= 0 {
			time.AfterFunc(h.refresh, func() { h.busy.EdgesChan <- gpio.Low })
		}
	}
	return nil
}

// TestWaitsForRefresh: Draw returns only once the panel has dropped
// BUSY, for a full refresh and a partial one (on a synctest bubble's
// clock, so the refresh's time is not the machine's).
func TestWaitsForRefresh(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dc, cs, rst, busy := einkPins()
		hw := &einkHardware{dc: dc, busy: busy, refresh: 20 * time.Millisecond}
		e, err := New(&spitest.Record{Port: hw}, dc, cs, rst, busy, waveshare2in13v4.TopRight)
		if err != nil {
			t.Fatal(err)
		}
		frame := render.Render(displaytest.Named(t, "decision_pon").View(t), render.EInkSize)
		for _, full := range []bool{true, false} {
			if err := e.Draw(frame, full); err != nil {
				t.Fatalf("full=%v: %v", full, err)
			}
			if busy.Read() != gpio.Low {
				t.Fatalf("full=%v: Draw returned while the panel was still refreshing", full)
			}
		}
	})
}

// TestHungPanel: a panel whose BUSY stays high fails the Draw after
// BusyTimeout instead of hanging it, and once it recovers the next Draw
// starts again with a full refresh.
func TestHungPanel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dc, cs, rst, busy := einkPins()
		hw := &einkHardware{dc: dc, busy: busy, refresh: 5 * time.Millisecond}
		rec := &spitest.Record{Port: hw}
		e, err := New(rec, dc, cs, rst, busy, waveshare2in13v4.TopRight)
		if err != nil {
			t.Fatal(err)
		}
		e.BusyTimeout = 30 * time.Millisecond
		frame := render.Render(displaytest.Named(t, "decision_pon").View(t), render.EInkSize)
		if err := e.Draw(frame, true); err != nil {
			t.Fatal(err)
		}
		busy.Out(gpio.High) // hung
		hw.refresh = -1
		for _, full := range []bool{false, true} {
			if err := e.Draw(frame, full); err == nil || !strings.Contains(err.Error(), "busy for more than 30ms") {
				t.Fatalf("full=%v on a hung panel: %v", full, err)
			}
		}
		busy.Out(gpio.Low) // power-cycled
		hw.refresh = 5 * time.Millisecond
		rec.Ops = nil
		if err := e.Draw(frame, false); err != nil {
			t.Fatal(err)
		}
		if len(rec.Ops) == 0 || !bytes.Equal(rec.Ops[0].W, []byte{0x12}) {
			t.Errorf("the draw after a failure did not start with the controller's reset")
		}
	})
}

// discardPort is an SPI port whose transfers go nowhere.
type discardPort struct{}

func (discardPort) String() string                                              { return "discard" }
func (discardPort) Close() error                                                { return nil }
func (discardPort) LimitSpeed(physic.Frequency) error                           { return nil }
func (discardPort) Tx(w, r []byte) error                                        { return nil }
func (discardPort) TxPackets([]spi.Packet) error                                { return nil }
func (discardPort) Duplex() conn.Duplex                                         { return conn.Full }
func (p discardPort) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return p, nil }
