//go:build !linux

package fwsim

import (
	"fmt"
	"os"

	"github.com/creack/pty"
)

// OpenPTY opens a pty for a simulated device to Serve on: the master, and
// the name of the slave, for the host to open as it opens a serial
// device. Closing the master is the unplug.
func OpenPTY() (master *os.File, slave string, err error) {
	m, s, err := pty.Open()
	if err != nil {
		return nil, "", fmt.Errorf("fwsim: pty: %w", err)
	}
	slave = s.Name()
	s.Close()
	return m, slave, nil
}
