package strip

import (
	"testing"
	"time"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
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

// BenchmarkLEDUpdate is a decision's light update: the view, the pixels
// and an APA102 transfer (to a port that discards it), at a new blink
// phase each time so that no frame is skipped as unchanged.
func BenchmarkLEDUpdate(b *testing.B) {
	st, out, now := displaytest.Play(b, displaytest.Named(b, "decision_pon"))
	s, err := NewAPA102(discardPort{}, Layout{PerSeat: 8})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if err := s.Show(display.NewView(st, out, now+time.Duration(i)*time.Millisecond)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPixels(b *testing.B) {
	v := decisionView(b)
	l := Layout{PerSeat: 8}
	buf := make([]byte, 0, 3*l.Pixels())
	b.ReportAllocs()
	for b.Loop() {
		buf = Pixels(buf[:0], v, l)
	}
}
