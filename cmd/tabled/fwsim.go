package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/fwproto"
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
		return 2
	}
	if *readers < 1 || *readers > 255 {
		fmt.Fprintf(stderr, "tabled fwsim: -readers %d is not 1..255\n", *readers)
		return 2
	}
	id, err := config.ParseDeviceID(*deviceID)
	if err != nil {
		fmt.Fprintf(stderr, "tabled fwsim: --device-id: %v\n", err)
		return 2
	}
	start := time.Now()
	dev := fwsim.New(fwsim.Config{Clock: func() time.Duration { return time.Since(start) }, Buttons: *buttons, Readers: *readers,
		DriftPPM: *drift, Latency: *latency, Jitter: *jitter, BootID: uint32(start.UnixNano()), DeviceID: id, Literal: *literal})
	p := &ptyPlug{dev: dev, link: *linkPath}
	if err := p.plug(stdout); err != nil {
		fmt.Fprintf(stderr, "tabled fwsim: %v\n", err)
		return 1
	}
	defer p.unplug()
	fmt.Fprintln(stdout, `commands: press CH, release CH, tap CH, tile UIDHEX [READER], untile UIDHEX [READER], garbage N, unplug DURATION, reboot, deaf DURATION, spoil N, fault TEXT, quit`)
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for {
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return 0
		case line, ok = <-lines:
			if !ok {
				<-ctx.Done() // input closed: keep serving until stopped
				return 0
			}
		}
		if err := p.command(strings.Fields(line), stdout); err != nil {
			if err == io.EOF {
				return 0
			}
			fmt.Fprintf(stderr, "? %v\n", err)
		}
	}
}

// ptyPlug is the simulator's end of a pty, which an unplug closes.
type ptyPlug struct {
	dev    *fwsim.Device
	link   string
	master *os.File
	cancel context.CancelFunc
}

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

func (p *ptyPlug) unplug() {
	if p.link != "" {
		os.Remove(p.link)
	}
	p.cancel()
	p.master.Close()
}

func (p *ptyPlug) command(f []string, stdout io.Writer) error {
	if len(f) == 0 {
		return nil
	}
	arg := func() (string, error) {
		if len(f) != 2 {
			return "", fmt.Errorf("%s takes one argument", f[0])
		}
		return f[1], nil
	}
	channel := func() (uint8, error) {
		a, err := arg()
		if err != nil {
			return 0, err
		}
		n, err := strconv.ParseUint(a, 10, 8)
		if err != nil {
			return 0, fmt.Errorf("channel %q is not 0..255", a)
		}
		return uint8(n), nil
	}
	// uid is a tile command's UID and reader (0 when not given).
	uid := func() ([]byte, uint8, error) {
		if len(f) != 2 && len(f) != 3 {
			return nil, 0, fmt.Errorf("%s takes a UID and, optionally, a reader", f[0])
		}
		b, err := hex.DecodeString(f[1])
		if err != nil || (len(b) != 4 && len(b) != 7 && len(b) != 10) {
			return nil, 0, fmt.Errorf("UID %q is not 4, 7 or 10 bytes of hex", f[1])
		}
		var reader uint64
		if len(f) == 3 {
			if reader, err = strconv.ParseUint(f[2], 10, 8); err != nil {
				return nil, 0, fmt.Errorf("reader %q is not 0..255", f[2])
			}
		}
		return b, uint8(reader), nil
	}
	switch f[0] {
	case "press", "release", "tap":
		ch, err := channel()
		if err != nil {
			return err
		}
		switch f[0] {
		case "press":
			p.dev.Press(ch)
		case "release":
			p.dev.Release(ch)
		default:
			p.dev.Press(ch)
			time.AfterFunc(80*time.Millisecond, func() { p.dev.Release(ch) })
		}
	case "tile", "untile":
		u, reader, err := uid()
		if err != nil {
			return err
		}
		if f[0] == "tile" {
			p.dev.PlaceTile(reader, u)
		} else {
			p.dev.RemoveTile(reader, u)
		}
	case "garbage":
		a, err := arg()
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(a)
		if err != nil || n < 1 || n > 4096 {
			return fmt.Errorf("garbage %q: give a byte count 1..4096", a)
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*73 + 11)
		}
		p.dev.Inject(b)
	case "unplug":
		a, err := arg()
		if err != nil {
			return err
		}
		d, err := time.ParseDuration(a)
		if err != nil {
			return fmt.Errorf("unplug %q: give a duration like 2s", a)
		}
		p.unplug()
		fmt.Fprintf(stdout, "fwsim: unplugged for %v\n", d)
		time.Sleep(d)
		return p.plug(stdout)
	case "reboot": // behind a port that stays open
		p.dev.Reboot()
		fmt.Fprintf(stdout, "fwsim: rebooted, boot id %08x\n", p.dev.BootID())
	case "deaf":
		a, err := arg()
		if err != nil {
			return err
		}
		d, err := time.ParseDuration(a)
		if err != nil || d <= 0 {
			return fmt.Errorf("deaf %q: give a duration like 3s", a)
		}
		p.dev.Deaf(d)
	case "spoil":
		a, err := arg()
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(a)
		if err != nil || n < 1 || n > 32 {
			return fmt.Errorf("spoil %q: give how many of the next events to spoil, 1..32", a)
		}
		p.dev.SpoilNext(n)
	case "fault":
		if len(f) < 2 {
			return fmt.Errorf("fault takes a text, like: fault reader 0 does not answer")
		}
		return p.dev.Report(fwproto.StatusReaderFault, strings.Join(f[1:], " "))
	case "quit":
		return io.EOF
	default:
		return fmt.Errorf("unknown command %q", f[0])
	}
	return nil
}
