package main

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/hw/fwsim"
)

// sinceStart is the host's clock as a simulated controller sees it, from
// now.
func sinceStart() func() time.Duration {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}

// plugController serves dev on a new pty for the rest of the test, as a
// seat controller plugged in, and returns the port's path for the
// config's [serial] path.
func plugController(t *testing.T, dev *fwsim.Device) string {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go dev.Serve(ctx, master)
	t.Cleanup(func() {
		cancel()
		master.Close()
		slave.Close()
	})
	return slave.Name()
}

// freeAddr is a loopback address whose port is free now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// waitClockFit waits until the daemon's link takes dev's stamped events:
// it leaves a stamped frame unacknowledged until its clock fit has the
// round trips it needs, so a release on channel ch (stamped, standing for
// no input) acknowledged says the fit is ready. Nothing else may wait for
// acknowledgement meanwhile.
func waitClockFit(t *testing.T, dev *fwsim.Device, ch uint8) {
	t.Helper()
	dev.Release(ch)
	waitUntil(t, "the link's clock fit (a stamped release acknowledged)", func() bool { return dev.Unacked() == 0 })
}
