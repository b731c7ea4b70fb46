package nfc

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/mfrc522"
)

// Read is a tag arriving on or leaving a reader.
type Read struct {
	Reader int
	UID    []byte
	// Gone is true when the tag left the reader's field.
	Gone bool
	// At is the host time of the poll that saw the change.
	At time.Duration
}

// UIDReader reads the UID of the tag in the field, waiting up to timeout;
// an error means no tag answered. *mfrc522.Dev is one.
type UIDReader interface {
	ReadUID(timeout time.Duration) ([]byte, error)
}

// Polling of a direct reader.
const (
	// PollTimeout is how long one poll waits for a tag.
	PollTimeout = 100 * time.Millisecond
	// MissesForGone is how many polls in a row without the tag mean it was
	// taken away; a tile moved on the reader misses a poll or two.
	MissesForGone = 3
)

// Tracker turns polls into arrivals and departures. The zero value is an
// empty reader.
type Tracker struct {
	present []byte
	misses  int
}

// Saw records a poll's answer (nil: no tag) at at and returns the change
// it makes, if any. A tag replaced by another without a gap is the first
// one gone and the second one read; the caller gets the read, which is
// what the table acts on.
func (t *Tracker) Saw(uid []byte, at time.Duration, reader int) (Read, bool) {
	if uid == nil {
		if t.present == nil {
			return Read{}, false
		}
		t.misses++
		if t.misses < MissesForGone {
			return Read{}, false
		}
		gone := t.present
		t.present, t.misses = nil, 0
		return Read{Reader: reader, UID: gone, Gone: true, At: at}, true
	}
	t.misses = 0
	if bytes.Equal(uid, t.present) {
		return Read{}, false
	}
	t.present = slices.Clone(uid)
	return Read{Reader: reader, UID: t.present, At: at}, true
}

// Poll reads r until ctx ends, calling emit with each arrival and
// departure on reader number reader. Errors are "no tag": a reader that
// stops answering looks like an empty one, and logf says so once.
func Poll(ctx context.Context, r UIDReader, reader int, clock func() time.Duration, emit func(Read), logf func(string, ...any)) error {
	var t Tracker
	failing := false
	for ctx.Err() == nil {
		uid, err := r.ReadUID(PollTimeout)
		at := clock()
		if err != nil {
			uid = nil
			if !failing && logf != nil && !isTimeout(err) {
				logf("nfc: reader %d: %v", reader, err)
			}
			failing = !isTimeout(err)
		} else {
			failing = false
		}
		if ev, ok := t.Saw(uid, at, reader); ok {
			emit(ev)
		}
	}
	return ctx.Err()
}

// isTimeout tells "no tag in the field" from a fault; periph's driver says
// "timeout" for the former.
func isTimeout(err error) bool {
	return bytes.Contains([]byte(err.Error()), []byte("timeout"))
}

// NewMFRC522 is an MFRC522 on port, with its reset and IRQ lines: the
// periph way (mfrc522.NewSPI), the caller having opened them by name
// (hostio). It reads synchronously, so Poll's timeouts hold.
func NewMFRC522(port spi.Port, reset gpio.PinOut, irq gpio.PinIn) (*mfrc522.Dev, error) {
	dev, err := mfrc522.NewSPI(port, reset, irq, mfrc522.WithSync())
	if err != nil {
		return nil, fmt.Errorf("nfc: mfrc522 on %s: %w", port, err)
	}
	return dev, nil
}
