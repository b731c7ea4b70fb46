package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/fwsim"
)

// cmdFwsim runs the firmware simulator on a pty, for trying tabled (or a
// firmware author's host tool) without hardware: "tabled fwsim".
func cmdFwsim(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return runFwsim(ctx, args, os.Stdin, stdout, stderr)
}

func runFwsim(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	dev, link, code := parseFwsimFlags(args, stderr)
	if dev == nil {
		return code
	}
	p := &fwsim.Plug{Dev: dev, Link: link}
	if err := p.Plug(stdout); err != nil {
		fmt.Fprintf(stderr, "tabled fwsim: %v\n", err)
		return 1
	}
	defer p.Unplug()
	fmt.Fprintln(stdout, fwsim.Usage)
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	s := &fwsim.Session{Plug: p, Stdout: stdout, Stderr: stderr, After: time.After}
	s.Run(ctx, lines)
	return 0
}

// parseFwsimFlags is the simulated device the flags describe and the
// symlink to make to its pty; with no device, the exit code.
func parseFwsimFlags(args []string, stderr io.Writer) (dev *fwsim.Device, link string, code int) {
	fs := flag.NewFlagSet("fwsim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	linkPath := fs.String("link", "", "also make this symlink to the pty, like a /dev/serial/by-id/ name that survives replugs")
	drift := fs.Float64("drift", 50, "device clock drift, ppm")
	latency := fs.Duration("latency", 2*time.Millisecond, "one-way transport latency")
	jitter := fs.Duration("jitter", time.Millisecond, "transport jitter (± around the latency)")
	buttons := fs.Int("buttons", 32, "button channels")
	readers := fs.Int("readers", 1, "tile readers (a seat's discard reader is one more: [[reader]] in the config)")
	literal := fs.Bool("literal", false, "behave as protocol 1 reads to the letter: Hello only when queried, frames resent at once only after a Query")
	deviceID := fs.String("device-id", "f1", "the device id in Hello, hex")
	if err := fs.Parse(args); err != nil {
		return nil, "", 2
	}
	if *readers < 1 || *readers > 255 {
		fmt.Fprintf(stderr, "tabled fwsim: -readers %d is not 1..255\n", *readers)
		return nil, "", 2
	}
	id, err := config.ParseDeviceID(*deviceID)
	if err != nil {
		fmt.Fprintf(stderr, "tabled fwsim: --device-id: %v\n", err)
		return nil, "", 2
	}
	start := time.Now()
	return fwsim.New(fwsim.Config{Clock: func() time.Duration { return time.Since(start) }, Buttons: *buttons, Readers: *readers,
		DriftPPM: *drift, Latency: *latency, Jitter: *jitter, BootID: uint32(start.UnixNano()), DeviceID: id, Literal: *literal}), *linkPath, 0
}
