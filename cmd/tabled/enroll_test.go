package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/hw/nfc"
)

// enrollDevice is a simulated controller on a pty, the pty's name for the
// enrolment to open: closed at once on this side, as a serial device is
// when no one has it open.
func enrollDevice(t *testing.T, boot uint32) (string, *fwsim.Device) {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	name := slave.Name()
	slave.Close()
	t.Cleanup(func() { master.Close() })
	dev := fwsim.New(fwsim.Config{BootID: boot})
	go dev.Serve(context.Background(), master)
	return name, dev
}

// TestEnrollAFullSet scans a set with red fives through the simulated
// reader, with one tag scanned twice by mistake, then stops half way
// through a second run and goes on in a third.
func TestEnrollAFullSet(t *testing.T) {
	name, dev := enrollDevice(t, 9)
	out := filepath.Join(t.TempDir(), "tiles.txt")
	uid := func(i int) []byte { return []byte{0x04, 0x11, 0x22, byte(i >> 8), byte(i), 0x55, 0x66} }

	// First run: 40 tiles and a repeat of tile 3, then stopped.
	var stdout, stderr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- runEnroll(ctx, []string{"--serial", name, "--out", out, "--red-fives"}, &stdout, &stderr)
	}()
	// A player puts each tile on the reader when asked for it.
	scan := func(out *syncBuffer, i int, u []byte) {
		t.Helper()
		prompt := fmt.Sprintf("[%3d/136] scan", i+1)
		waitUntil(t, "the prompt for tile "+strconv.Itoa(i+1), func() bool { return strings.Contains(out.String(), prompt) })
		dev.PlaceTile(0, u)
	}
	for i := range 40 {
		scan(&stdout, i, uid(i))
		if i == 5 {
			scan(&stdout, i+1, uid(3))
			waitUntil(t, "the duplicate warning", func() bool { return strings.Contains(stdout.String(), "already enrolled") })
		}
	}
	waitUntil(t, "40 tiles", func() bool { return strings.Contains(stdout.String(), "[ 41/136] scan") })
	cancel()
	if code := <-done; code != 1 {
		t.Fatalf("stopped enrolment exited %d, want 1", code)
	}
	if !strings.Contains(stdout.String(), "is already enrolled as 1m: put that one aside and scan a 2m") {
		t.Fatalf("no duplicate warning:\n%s", stdout.String())
	}
	if !strings.Contains(stdout.String(), "stopped: 40 of 136 tiles enrolled") {
		t.Fatalf("output:\n%s", stdout.String())
	}

	// Second run goes on at tile 41.
	stdout = syncBuffer{}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	go func() {
		done <- runEnroll(ctx, []string{"--serial", name, "--out", out, "--red-fives"}, &stdout, &stderr)
	}()
	waitUntil(t, "the second run's prompt", func() bool { return strings.Contains(stdout.String(), "[ 41/136]") })
	for i := 40; i < 136; i++ {
		scan(&stdout, i, uid(i))
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s %s", code, stdout.String(), stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("enrolment did not finish:\n%s", stdout.String())
	}
	if !strings.Contains(stdout.String(), "going on with") || !strings.Contains(stdout.String(), "done: 136 tiles") {
		t.Fatalf("output:\n%s", stdout.String())
	}
	reg, err := nfc.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if tile, ok := reg.Tile(uid(52)); !ok || tile != engine.MustTile("0p") {
		t.Fatalf("tag 52 is %v, want the red 5p", tile)
	}
}

// TestEnrollSaysTheControllerIsGone: a controller that stops answering
// during an enrolment is said on stderr, and so is its return; the
// enrolment goes on where it was. Opening the port says no bad frame.
func TestEnrollSaysTheControllerIsGone(t *testing.T) {
	name, dev := enrollDevice(t, 7)
	out := filepath.Join(t.TempDir(), "tiles.txt")
	var stdout, stderr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- runEnroll(ctx, []string{"--serial", name, "--out", out}, &stdout, &stderr) }()
	defer func() { cancel(); <-done }()
	waitUntil(t, "the first prompt", func() bool { return strings.Contains(stdout.String(), "[  1/136] scan") })
	// Once the controller has answered (its hello is logged), it goes silent.
	waitUntil(t, "the controller's hello", func() bool { return strings.Contains(stderr.String(), "firmware") })
	dev.Stall()
	waitUntil(t, "the controller said gone", func() bool { return strings.Contains(stderr.String(), "the controller stopped answering") })
	dev.Resume()
	waitUntil(t, "the controller said back", func() bool { return strings.Contains(stderr.String(), "the controller answers again") })
	dev.PlaceTile(0, []byte{0x04, 1, 2, 3, 4, 5, 6})
	waitUntil(t, "the second prompt", func() bool { return strings.Contains(stdout.String(), "[  2/136] scan") })
	if strings.Contains(stderr.String(), "bad frame") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
}
