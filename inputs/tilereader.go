package inputs

import (
	"context"
	"fmt"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
)

// TileReader is the tile reader cfg names ([nfc] reader: the seat
// controller on [serial], or an MFRC522 on the Pi's SPI bus), opened
// through op as the daemon opens it (LinkConfig, OpenMFRC522), for a tool
// that reads tags (tabled enroll): read runs it until ctx ends, sending
// the UID of each tag read on uids, what it has to say to logf, and a serial
// controller's link notices (gone, back) to notice, so that the tool can
// tell its user rather than wait in silence. An MFRC522 is opened at once
// and closed when read returns; a serial link is opened by read. read
// runs once.
func TileReader(cfg config.Config, op hostio.Opener, clock func() time.Duration, uids chan<- []byte,
	logf func(string, ...any), notice func(link.Notice)) (read func(context.Context), err error) {
	emit := func(ctx context.Context, ev link.Event) error {
		if ev.Kind == link.TileRead {
			select { // never block the reader: it must close when read's ctx ends
			case uids <- ev.UID:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	}
	switch cfg.NFC.Reader {
	case config.ReaderSerial:
		if cfg.Serial == nil {
			return nil, fmt.Errorf("inputs: [nfc] reader %q needs [serial]", cfg.NFC.Reader)
		}
		var running context.Context // read's, set before the link runs
		lc, err := LinkConfig(*cfg.Serial, clock, func(ev link.Event) error { return emit(running, ev) }, logf)
		if err != nil {
			return nil, err
		}
		lc.OnNotice = notice
		return func(ctx context.Context) {
			running = ctx
			link.New(lc).Run(ctx)
		}, nil
	case config.ReaderMFRC522:
		r, err := OpenMFRC522(op, cfg.NFC)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context) {
			defer r.Close()
			r.Run(ctx, clock, func(ev link.Event) error { return emit(ctx, ev) }, logf)
		}, nil
	}
	return nil, fmt.Errorf("inputs: [nfc] reader %q reads no tile", cfg.NFC.Reader)
}

// LoadRegistry is the tile registry n names (nfc.Load), which maps the
// tags a reader reads to tiles; nil when no reader or no registry is
// configured.
func LoadRegistry(n config.NFC) (*nfc.Registry, error) {
	if n.Reader == config.ReaderNone || n.Registry == "" {
		return nil, nil
	}
	return nfc.Load(n.Registry)
}
