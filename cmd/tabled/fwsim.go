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
	p := &ptyPlug{dev: dev, link: link}
	if err := p.plug(stdout); err != nil {
		fmt.Fprintf(stderr, "tabled fwsim: %v\n", err)
		return 1
	}
	defer p.unplug()
	fmt.Fprintln(stdout, fwsim.Usage)
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	s := &fwsimSession{p: p, stdout: stdout, stderr: stderr, after: time.After}
	s.run(ctx, lines)
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

// fwsimSession applies typed commands to the device, and unplugs and
// plugs back its pty. While the controller is unplugged (a timer, not a
// sleep, plugs it back) the loop goes on reading: quit and a stop end the
// session at once (dropping what waits), a line that does not parse is
// refused at once, and every other command waits, in order, until the
// controller is plugged back (its power was off), as when the loop slept
// through an unplug.
type fwsimSession struct {
	p              *ptyPlug
	stdout, stderr io.Writer
	// after is time.After, or a test's own.
	after func(time.Duration) <-chan time.Time
	// replug fires when an unplugged controller is plugged back; nil
	// while plugged.
	replug <-chan time.Time
	// held are the commands typed while unplugged.
	held []fwsim.Command
}

// run reads lines until quit, or ctx ends. When the input closes it goes
// on serving until stopped.
func (s *fwsimSession) run(ctx context.Context, lines <-chan string) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.replug:
			s.plugBack()
		case line, ok := <-lines:
			if !ok {
				lines = nil
				continue
			}
			if quit := s.line(line); quit {
				return
			}
		}
	}
}

// line parses and does (or holds) one typed line; it says whether the
// line was quit.
func (s *fwsimSession) line(line string) (quit bool) {
	c, err := fwsim.ParseCommand(line)
	switch {
	case err != nil:
		fmt.Fprintf(s.stderr, "? %v\n", err)
	case c.Op == fwsim.OpQuit:
		return true
	case c.Op == fwsim.OpNone:
	case s.replug != nil:
		s.held = append(s.held, c)
		fmt.Fprintf(s.stdout, "fwsim: unplugged: %q waits until plugged back\n", c.String())
	default:
		s.do(c)
	}
	return false
}

// do does a parsed command: an unplug itself, the rest by the device.
func (s *fwsimSession) do(c fwsim.Command) {
	if c.Op == fwsim.OpUnplug {
		s.p.unplug()
		fmt.Fprintf(s.stdout, "fwsim: unplugged for %v\n", c.Duration)
		s.replug = s.after(c.Duration)
		return
	}
	if err := c.Apply(s.p.dev); err != nil {
		fmt.Fprintf(s.stderr, "? %v\n", err)
		return
	}
	if c.Op == fwsim.OpReboot {
		fmt.Fprintf(s.stdout, "fwsim: rebooted, boot id %08x\n", s.p.dev.BootID())
	}
}

// plugBack plugs the controller back and does what was typed meanwhile,
// up to a held unplug: what follows that waits for it.
func (s *fwsimSession) plugBack() {
	s.replug = nil
	if err := s.p.plug(s.stdout); err != nil {
		fmt.Fprintf(s.stderr, "? %v\n", err)
	}
	for len(s.held) > 0 && s.replug == nil {
		c := s.held[0]
		s.held = s.held[1:]
		s.do(c)
	}
}

// ptyPlug is the simulator's end of a pty, which an unplug closes.
type ptyPlug struct {
	dev    *fwsim.Device
	link   string
	master *os.File
	cancel context.CancelFunc
}

// plug opens a new pty and serves the device on it, as a replugged USB
// serial adapter gets a new device node.
func (p *ptyPlug) plug(stdout io.Writer) error {
	// Only the host opens the slave, by name, as it opens a serial device.
	master, name, err := fwsim.OpenPTY()
	if err != nil {
		return err
	}
	p.master = master
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	go p.dev.Serve(ctx, master)
	fmt.Fprintf(stdout, "fwsim: controller on %s\n", name)
	if p.link != "" {
		os.Remove(p.link)
		if err := os.Symlink(name, p.link); err != nil {
			return fmt.Errorf("link %s: %w", p.link, err)
		}
		fmt.Fprintf(stdout, "fwsim: %s -> %s\n", p.link, name)
	}
	return nil
}

// unplug closes the pty; unplugged already, it does nothing.
func (p *ptyPlug) unplug() {
	if p.master == nil {
		return
	}
	if p.link != "" {
		os.Remove(p.link)
	}
	p.cancel()
	p.master.Close()
	p.master = nil
}
