package display

import (
	"image"
	"io"
	"testing"
	"time"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// discardPort is an SPI port whose transfers go nowhere, for benchmarks.
type discardPort struct{}

func (discardPort) String() string                                              { return "discard" }
func (discardPort) Close() error                                                { return nil }
func (discardPort) LimitSpeed(physic.Frequency) error                           { return nil }
func (discardPort) Tx(w, r []byte) error                                        { return nil }
func (discardPort) TxPackets([]spi.Packet) error                                { return nil }
func (discardPort) Duplex() conn.Duplex                                         { return conn.Full }
func (p discardPort) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return p, nil }

// benchRender draws the scene's panel frame at size, again and again.
func benchRender(b *testing.B, scene string, size image.Point) {
	v := sceneNamed(b, scene).view(b)
	img := image.NewGray(image.Rectangle{Max: size})
	b.ReportAllocs()
	for b.Loop() {
		RenderTo(img, v)
	}
}

func BenchmarkRenderEInk(b *testing.B)   { benchRender(b, "late_ron_overrides_pon", EInkSize) }
func BenchmarkRenderOLED(b *testing.B)   { benchRender(b, "late_ron_overrides_pon", OLEDSize) }
func BenchmarkRenderIdleQR(b *testing.B) { benchRender(b, "idle", EInkSize) }

func BenchmarkPNG(b *testing.B) {
	v := sceneNamed(b, "decision_pon").view(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := PNG(io.Discard, v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNewView(b *testing.B) {
	st, out, now := play(b, sceneNamed(b, "head_bump"))
	b.ReportAllocs()
	for b.Loop() {
		NewView(st, out, now)
	}
}

// BenchmarkLEDUpdate is a decision's light update: the view, the pixels
// and an APA102 transfer (to a port that discards it), at a new blink
// phase each time so that no frame is skipped as unchanged.
func BenchmarkLEDUpdate(b *testing.B) {
	st, out, now := play(b, sceneNamed(b, "decision_pon"))
	s, err := NewAPA102(discardPort{}, Layout{PerSeat: 8})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if err := s.Show(NewView(st, out, now+time.Duration(i)*time.Millisecond)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStripPixels(b *testing.B) {
	v := decisionView(b)
	l := Layout{PerSeat: 8}
	buf := make([]byte, 0, 3*l.Pixels())
	b.ReportAllocs()
	for b.Loop() {
		buf = StripPixels(buf[:0], v, l)
	}
}
