package link

import "io"

// Port is the byte stream to a controller. A Read that times out may
// return 0 and io.EOF, which means "nothing yet", not the end (tarm/serial
// on other systems than Linux; Serial's port on Linux has no timeout).
type Port = io.ReadWriteCloser

// Opener opens the port; the link calls it again after every unplug.
type Opener func() (Port, error)
