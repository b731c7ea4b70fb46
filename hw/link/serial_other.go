//go:build !linux

package link

import (
	"fmt"
	"time"

	"github.com/tarm/serial"
)

// readTimeout is the serial read timeout. tarm/serial rounds it to tenths
// of a second (VTIME) and returns io.EOF when it expires; without one, a
// Close waits forever for a pending Read.
const readTimeout = 100 * time.Millisecond

// Serial opens path at baud, 8N1, with a read timeout (tarm/serial, off
// Linux: the daemon runs on Linux, where a port waits in Go's poller).
func Serial(path string, baud int) Opener {
	return func() (Port, error) {
		p, err := serial.OpenPort(&serial.Config{Name: path, Baud: baud, ReadTimeout: readTimeout})
		if err != nil {
			return nil, fmt.Errorf("link: open %s: %w", path, err)
		}
		return p, nil
	}
}
