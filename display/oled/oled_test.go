package oled

import (
	"bytes"
	"image"
	"testing"

	periphtest "periph.io/x/conn/v3/display/displaytest"
	"periph.io/x/conn/v3/i2c/i2ctest"

	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/display/render"
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
	frame := render.Render(displaytest.Named(t, "decision_pon").View(t), render.OLEDSize)
	rec := &i2ctest.Record{}
	o, err := New(rec, false)
	if err != nil {
		t.Fatal(err)
	}
	if o.Bounds().Size() != render.OLEDSize {
		t.Fatalf("OLED size %v", o.Bounds().Size())
	}
	if len(rec.Ops) != 1 || rec.Ops[0].Addr != 0x3c || rec.Ops[0].W[0] != 0x00 {
		t.Fatalf("init: %x", rec.Ops)
	}
	initOp := rec.Ops[0]

	// Played back: the init command, then the frame's 8 pages exactly.
	pb := &i2ctest.Playback{Ops: append([]i2ctest.IO{initOp}, oledPages(frame)...), DontPanic: true}
	o, err = New(pb, false)
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
	if _, err := New(flipped, true); err != nil {
		t.Fatal(err)
	}
	a, b := initOp.W, flipped.Ops[0].W
	if len(a) != len(b) || !bytes.Contains(a, []byte{0xa1}) || !bytes.Contains(b, []byte{0xa0}) || !bytes.Contains(a, []byte{0xc8}) || !bytes.Contains(b, []byte{0xc0}) {
		t.Errorf("flipped init %x, unflipped %x: want the segment remap (a1/a0) and COM scan (c8/c0) swapped", b, a)
	}
}

func TestDrawerPanel(t *testing.T) {
	frame := render.Render(displaytest.Named(t, "decision_pon").View(t), render.EInkSize)
	for _, invert := range []bool{false, true} {
		d := &periphtest.Drawer{Img: image.NewNRGBA(image.Rectangle{Max: render.EInkSize})}
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
