package display

import (
	"bytes"
	"image"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/display/displaytest"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"
	"periph.io/x/devices/v3/waveshare2in13v4"
)

// oledPages is what an SSD1306 must be sent for frame, page by page: a
// command setting the page and column 0, then the page's 128 columns,
// each byte 8 pixels down, lit (1) where the frame is black.
func oledPages(frame *image.Gray) []i2ctest.IO {
	var ops []i2ctest.IO
	for page := range 8 {
		ops = append(ops, i2ctest.IO{Addr: 0x3c, W: []byte{0x00, 0xb0 | byte(page), 0x00, 0x10}})
		data := []byte{0x40}
		for x := range 128 {
			var b byte
			for bit := range 8 {
				if frame.GrayAt(x, 8*page+bit).Y == 0 {
					b |= 1 << bit
				}
			}
			data = append(data, b)
		}
		ops = append(ops, i2ctest.IO{Addr: 0x3c, W: data})
	}
	return ops
}

func TestOLEDDecision(t *testing.T) {
	frame := Render(decisionView(t), OLEDSize)
	rec := &i2ctest.Record{}
	o, err := NewOLED(rec, false)
	if err != nil {
		t.Fatal(err)
	}
	if o.Bounds().Size() != OLEDSize {
		t.Fatalf("OLED size %v", o.Bounds().Size())
	}
	if len(rec.Ops) != 1 || rec.Ops[0].Addr != 0x3c || rec.Ops[0].W[0] != 0x00 {
		t.Fatalf("init: %x", rec.Ops)
	}
	initOp := rec.Ops[0]

	// Played back: the init command, then the frame's 8 pages exactly.
	pb := &i2ctest.Playback{Ops: append([]i2ctest.IO{initOp}, oledPages(frame)...), DontPanic: true}
	o, err = NewOLED(pb, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Draw(frame, true); err != nil {
		t.Fatal(err)
	}
	if err := pb.Close(); err != nil {
		t.Fatal(err)
	}
	// An unchanged frame sends nothing (the driver diffs pages).
	if err := o.Draw(frame, false); err != nil {
		t.Fatalf("unchanged frame: %v", err)
	}

	// Flipped, the controller scans rows and columns the other way.
	flipped := &i2ctest.Record{}
	if _, err := NewOLED(flipped, true); err != nil {
		t.Fatal(err)
	}
	a, b := initOp.W, flipped.Ops[0].W
	if len(a) != len(b) || !bytes.Contains(a, []byte{0xa1}) || !bytes.Contains(b, []byte{0xa0}) || !bytes.Contains(a, []byte{0xc8}) || !bytes.Contains(b, []byte{0xc0}) {
		t.Errorf("flipped init %x, unflipped %x: want the segment remap (a1/a0) and COM scan (c8/c0) swapped", b, a)
	}
}

func TestDrawerPanel(t *testing.T) {
	frame := Render(decisionView(t), EInkSize)
	for _, invert := range []bool{false, true} {
		d := &displaytest.Drawer{Img: image.NewNRGBA(image.Rectangle{Max: EInkSize})}
		p := &DrawerPanel{D: d, Invert: invert}
		if err := p.Draw(frame, false); err != nil {
			t.Fatal(err)
		}
		for i, g := range frame.Pix {
			want := g
			if invert {
				want = 0xff - g
			}
			if got := d.Img.Pix[4*i]; got != want {
				t.Fatalf("invert=%v: pixel %d is %d, want %d", invert, i, got, want)
			}
		}
	}
}

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

// TestEInkRAMMatchesDriver: EInkRAM lays a frame out in the controller's
// RAM exactly as periph's waveshare2in13v4 driver does, for both
// landscape origins, so full and partial refreshes agree.
func TestEInkRAMMatchesDriver(t *testing.T) {
	frame := Render(sceneNamed(t, "head_bump").view(t), EInkSize)
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
		got := EInkRAM(nil, frame, opts)
		if len(got) != 16*250 || !bytes.Equal(got, want) {
			t.Errorf("origin %d: RAM differs from the driver's (%d and %d bytes)", origin, len(got), len(want))
		}
	}
	// Independently: with TopRight, the frame's top-left pixel is the
	// controller's row 0, column 121 (byte 15, bit 1).
	one := image.NewGray(image.Rectangle{Max: EInkSize})
	for i := range one.Pix {
		one.Pix[i] = 0xff
	}
	one.Pix[0] = 0
	ram := EInkRAM(nil, one, waveshare2in13v4.Opts{Width: 122, Height: 250, Origin: waveshare2in13v4.TopRight})
	if ram[15] != 0xbf || ram[14] != 0xff || ram[16+15] != 0xff {
		t.Errorf("top-left pixel: row 0 bytes 14,15 = %x %x, row 1 byte 15 = %x", ram[14], ram[15], ram[16+15])
	}
}

func TestEInkRefreshes(t *testing.T) {
	rec := &spitest.Record{}
	dc, cs, rst, busy := einkPins()
	e, err := NewEInk(rec, dc, cs, rst, busy, waveshare2in13v4.TopRight)
	if err != nil {
		t.Fatal(err)
	}
	if e.Bounds().Size() != EInkSize {
		t.Fatalf("e-ink size %v", e.Bounds().Size())
	}
	opts := waveshare2in13v4.Opts{Width: 122, Height: 250, Origin: waveshare2in13v4.TopRight}
	open := Render(sceneNamed(t, "discard_open").view(t), EInkSize)
	pon := Render(decisionView(t), EInkSize)
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
		ram := EInkRAM(nil, frame, opts)
		return cat(cmd(0x4e, 0), cmd(0x4f, 0, 0), cmd(0x24, ram...), cmd(0x4e, 0), cmd(0x4f, 0, 0), cmd(0x26, ram...),
			cmd(0x22, 0xf7), cmd(0x20))
	}
	partial := func(frame *image.Gray) []conntest.IO {
		return cat(cmd(0x3c, 0x80), cmd(0x01, 0xf9, 0, 0), cmd(0x11, 0x03), cmd(0x44, 0, 0x0f), cmd(0x45, 0, 0, 0xf9, 0),
			cmd(0x4e, 0), cmd(0x4f, 0, 0), cmd(0x24, EInkRAM(nil, frame, opts)...), cmd(0x22, 0xff), cmd(0x20))
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
	if _, err := NewEInk(rec, dc, cs, rst, busy, waveshare2in13v4.TopLeft); err == nil {
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

// TestEInkWaitsForRefresh: Draw returns only once the panel has dropped
// BUSY, for a full refresh and a partial one.
func TestEInkWaitsForRefresh(t *testing.T) {
	dc, cs, rst, busy := einkPins()
	hw := &einkHardware{dc: dc, busy: busy, refresh: 20 * time.Millisecond}
	e, err := NewEInk(&spitest.Record{Port: hw}, dc, cs, rst, busy, waveshare2in13v4.TopRight)
	if err != nil {
		t.Fatal(err)
	}
	frame := Render(decisionView(t), EInkSize)
	for _, full := range []bool{true, false} {
		if err := e.Draw(frame, full); err != nil {
			t.Fatalf("full=%v: %v", full, err)
		}
		if busy.Read() != gpio.Low {
			t.Fatalf("full=%v: Draw returned while the panel was still refreshing", full)
		}
	}
}

// TestEInkHungPanel: a panel whose BUSY stays high fails the Draw after
// BusyTimeout instead of hanging it, and once it recovers the next Draw
// starts again with a full refresh.
func TestEInkHungPanel(t *testing.T) {
	dc, cs, rst, busy := einkPins()
	hw := &einkHardware{dc: dc, busy: busy, refresh: 5 * time.Millisecond}
	rec := &spitest.Record{Port: hw}
	e, err := NewEInk(rec, dc, cs, rst, busy, waveshare2in13v4.TopRight)
	if err != nil {
		t.Fatal(err)
	}
	e.BusyTimeout = 30 * time.Millisecond
	frame := Render(decisionView(t), EInkSize)
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
}
