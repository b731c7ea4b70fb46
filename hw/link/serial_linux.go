//go:build linux

package link

import (
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// bauds are the line rates a port is opened at.
var bauds = map[int]uint32{
	9600: unix.B9600, 19200: unix.B19200, 38400: unix.B38400, 57600: unix.B57600,
	115200: unix.B115200, 230400: unix.B230400, 460800: unix.B460800, 500000: unix.B500000,
	921600: unix.B921600, 1000000: unix.B1000000, 1500000: unix.B1500000,
	2000000: unix.B2000000, 3000000: unix.B3000000, 4000000: unix.B4000000,
}

// errHangup is a read of nothing from a port opened to block: the device
// hung up (a USB adapter unplugged).
var errHangup = errors.New("port hung up")

// Serial opens path (best a /dev/serial/by-id/ name, which survives a
// replug under a new ttyUSB number) at baud, 8N1, raw. On Linux a Read
// waits in Go's poller until bytes come (no read timeout: an idle link
// does not wake), and Close ends a pending Read; the port also has
// SetReadDeadline, for a caller that waits for a reply at most so long.
func Serial(path string, baud int) Opener {
	return func() (Port, error) {
		rate, ok := bauds[baud]
		if !ok {
			return nil, fmt.Errorf("link: open %s: baud %d is not a standard rate", path, baud)
		}
		// O_NONBLOCK makes the file pollable: os puts it in the poller.
		f, err := os.OpenFile(path, os.O_RDWR|unix.O_NOCTTY|unix.O_NONBLOCK, 0)
		if err != nil {
			return nil, fmt.Errorf("link: open %s: %w", path, err)
		}
		if err := raw(f, rate); err != nil {
			f.Close()
			return nil, fmt.Errorf("link: open %s: %w", path, err)
		}
		return ttyPort{f}, nil
	}
}

// raw sets f to rate, 8N1, no flow control, no line editing, and reads
// that return as soon as one byte is there.
func raw(f *os.File, rate uint32) error {
	c, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ioErr error
	err = c.Control(func(fd uintptr) {
		t := unix.Termios{Cflag: unix.CS8 | unix.CREAD | unix.CLOCAL | rate, Ispeed: rate, Ospeed: rate}
		t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 1, 0
		if ioErr = unix.IoctlSetTermios(int(fd), unix.TCSETS, &t); ioErr != nil {
			ioErr = fmt.Errorf("set termios: %w", ioErr)
		}
	})
	if err != nil {
		return err
	}
	return ioErr
}

// ttyPort is an open serial port in the poller.
type ttyPort struct{ *os.File }

// Read waits for bytes; a read of none is the device hanging up, not a
// timeout (there is none), so it is an error.
func (p ttyPort) Read(b []byte) (int, error) {
	n, err := p.File.Read(b)
	if n == 0 && errors.Is(err, io.EOF) {
		return 0, errHangup
	}
	return n, err
}
