package sdnotify

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestRun listens on a notify socket as systemd does for a service with
// WatchdogSec: the service says it is ready, pings the watchdog while its
// loop answers, and says it is stopping when it ends.
func TestRun(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	t.Setenv("NOTIFY_SOCKET", sock)
	t.Setenv("WATCHDOG_USEC", "200000")
	t.Setenv("WATCHDOG_PID", strconv.Itoa(os.Getpid()))
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	asked := make(chan time.Duration, 100)
	go func() {
		defer close(done)
		Run(ctx, func(within time.Duration) bool { asked <- within; return true })
	}()
	// next is the next message; the deadline only keeps a broken test from
	// hanging, nothing is timed.
	next := func() string {
		t.Helper()
		conn.SetReadDeadline(time.Now().Add(time.Minute))
		b := make([]byte, 256)
		n, err := conn.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		return string(b[:n])
	}
	if got := next(); got != "READY=1" {
		t.Fatalf("first %q, want READY=1", got)
	}
	if got := next(); got != "WATCHDOG=1" {
		t.Fatalf("then %q, want WATCHDOG=1", got)
	}
	if within := <-asked; within != 50*time.Millisecond {
		t.Errorf("the loop asked to answer within %v, want a quarter of the interval", within)
	}
	cancel()
	<-done
	for {
		if got := next(); got == "STOPPING=1" {
			break
		} else if got != "WATCHDOG=1" {
			t.Fatalf("at the end %q, want STOPPING=1", got)
		}
	}
}
