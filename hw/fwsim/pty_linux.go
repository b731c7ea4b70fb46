//go:build linux

package fwsim

import (
	"fmt"
	"os"
	"syscall"

	"github.com/creack/pty"
)

// OpenPTY opens a pty for a simulated device to Serve on: the master, in
// Go's poller (github.com/creack/pty hands it out in blocking mode, so a
// read would hold a thread in the kernel, and the runtime's monitor
// would wake every few ms while it does), and the name of the slave, for
// the host to open as it opens a serial device. Closing the master is the
// unplug.
func OpenPTY() (master *os.File, slave string, err error) {
	m, s, err := pty.Open()
	if err != nil {
		return nil, "", fmt.Errorf("fwsim: pty: %w", err)
	}
	slave = s.Name()
	// Only the host opens the slave, by name; an open end here would only
	// fill with the device's frames.
	s.Close()
	defer m.Close()
	fd, err := syscall.Dup(int(m.Fd()))
	if err != nil {
		return nil, "", fmt.Errorf("fwsim: pty: dup: %w", err)
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, "", fmt.Errorf("fwsim: pty: %w", err)
	}
	// A non-blocking descriptor is one os puts in the poller.
	return os.NewFile(uintptr(fd), m.Name()), slave, nil
}
