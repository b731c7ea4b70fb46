package link

import (
	"fmt"
	"io"
	"time"

	"github.com/tarm/serial"
)

// Port is the byte stream to a controller. A Read that times out returns
// 0 and io.EOF, which means "nothing yet", not the end.
type Port = io.ReadWriteCloser

// Opener opens the port; the link calls it again after every unplug.
type Opener func() (Port, error)

// ReadTimeout is the serial read timeout. tarm/serial rounds it to tenths
// of a second (VTIME) and returns io.EOF when it expires; without one, a
// Close waits forever for a pending Read.
const ReadTimeout = 100 * time.Millisecond

// Serial opens path (best a /dev/serial/by-id/ name, which survives a
// replug under a new ttyUSB number) at baud, 8N1, with ReadTimeout.
func Serial(path string, baud int) Opener {
	return func() (Port, error) {
		p, err := serial.OpenPort(&serial.Config{Name: path, Baud: baud, ReadTimeout: ReadTimeout})
		if err != nil {
			return nil, fmt.Errorf("link: open %s: %w", path, err)
		}
		return p, nil
	}
}
