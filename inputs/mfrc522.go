package inputs

import (
	"context"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/mfrc522"
)

// MFRC522 is a direct tile reader on the Pi's SPI bus, opened: reader 0.
type MFRC522 struct {
	dev  *mfrc522.Dev
	port spi.PortCloser
}

// OpenMFRC522 opens the MFRC522 n names (its SPI port, reset and IRQ
// lines) through op: what run and enroll both read tiles with.
func OpenMFRC522(op hostio.Opener, n config.NFC) (*MFRC522, error) {
	port, err := op.SPI(n.SPI, "[nfc] spi (MFRC522)")
	if err != nil {
		return nil, err
	}
	reset, err := op.Pin(n.ResetPin, "[nfc] reset_pin (MFRC522)")
	if err != nil {
		port.Close()
		return nil, err
	}
	irq, err := op.Pin(n.IRQPin, "[nfc] irq_pin (MFRC522)")
	if err != nil {
		port.Close()
		return nil, err
	}
	dev, err := nfc.NewMFRC522(port, reset, irq)
	if err != nil {
		port.Close()
		return nil, err
	}
	return &MFRC522{dev: dev, port: port}, nil
}

// Run polls the reader until ctx ends, handing each tag laid on it and
// taken off to emit as the serial link's TileRead and TileGone would
// (reader 0).
func (r *MFRC522) Run(ctx context.Context, clock func() time.Duration, emit func(link.Event) error, logf func(string, ...any)) {
	nfc.Poll(ctx, r.dev, 0, clock, func(rd nfc.Read) {
		kind := link.TileRead
		if rd.Gone {
			kind = link.TileGone
		}
		emit(link.Event{Kind: kind, Reader: uint8(rd.Reader), UID: rd.UID, At: rd.At})
	}, logf)
}

// Close halts the reader and closes its port.
func (r *MFRC522) Close() {
	r.dev.Halt()
	r.port.Close()
}
