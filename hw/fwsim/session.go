package fwsim

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"
)

// Session is `tabled fwsim`'s loop: it applies typed commands to the device, and unplugs and
// plugs back its pty. While the controller is unplugged (a timer, not a
// sleep, plugs it back) the loop goes on reading: quit and a stop end the
// session at once (dropping what waits), a line that does not parse is
// refused at once, and every other command waits, in order, until the
// controller is plugged back (its power was off), as when the loop slept
// through an unplug.
type Session struct {
	// Plug is the device on its pty.
	Plug *Plug
	// Stdout says what was done, Stderr what was refused.
	Stdout, Stderr io.Writer
	// After is time.After, or a test's own.
	After func(time.Duration) <-chan time.Time
	// replug fires when an unplugged controller is plugged back; nil
	// while plugged.
	replug <-chan time.Time
	// held are the commands typed while unplugged.
	held []Command
}

// Run reads lines until quit, or ctx ends. When the input closes it goes
// on serving until stopped.
func (s *Session) Run(ctx context.Context, lines <-chan string) {
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
func (s *Session) line(line string) (quit bool) {
	c, err := ParseCommand(line)
	switch {
	case err != nil:
		fmt.Fprintf(s.Stderr, "? %v\n", err)
	case c.Op == OpQuit:
		return true
	case c.Op == OpNone:
	case s.replug != nil:
		s.held = append(s.held, c)
		fmt.Fprintf(s.Stdout, "fwsim: unplugged: %q waits until plugged back\n", c.String())
	default:
		s.do(c)
	}
	return false
}

// do does a parsed command: an unplug itself, the rest by the device.
func (s *Session) do(c Command) {
	if c.Op == OpUnplug {
		s.Plug.Unplug()
		fmt.Fprintf(s.Stdout, "fwsim: unplugged for %v\n", c.Duration)
		s.replug = s.After(c.Duration)
		return
	}
	if err := c.Apply(s.Plug.Dev); err != nil {
		fmt.Fprintf(s.Stderr, "? %v\n", err)
		return
	}
	if c.Op == OpReboot {
		fmt.Fprintf(s.Stdout, "fwsim: rebooted, boot id %08x\n", s.Plug.Dev.BootID())
	}
}

// plugBack plugs the controller back and does what was typed meanwhile,
// up to a held unplug: what follows that waits for it.
func (s *Session) plugBack() {
	s.replug = nil
	if err := s.Plug.Plug(s.Stdout); err != nil {
		fmt.Fprintf(s.Stderr, "? %v\n", err)
	}
	for len(s.held) > 0 && s.replug == nil {
		c := s.held[0]
		s.held = s.held[1:]
		s.do(c)
	}
}

// Plug is the simulator's end of a pty, which an unplug closes: Dev
// served on it, Link ("" for none) a symlink to its device node.
type Plug struct {
	Dev    *Device
	Link   string
	master *os.File
	cancel context.CancelFunc
}

// Plug opens a new pty and serves the device on it, as a replugged USB
// serial adapter gets a new device node.
func (p *Plug) Plug(stdout io.Writer) error {
	// Only the host opens the slave, by name, as it opens a serial device.
	master, name, err := OpenPTY()
	if err != nil {
		return err
	}
	p.master = master
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	go p.Dev.Serve(ctx, master)
	fmt.Fprintf(stdout, "fwsim: controller on %s\n", name)
	if p.Link != "" {
		os.Remove(p.Link)
		if err := os.Symlink(name, p.Link); err != nil {
			return fmt.Errorf("link %s: %w", p.Link, err)
		}
		fmt.Fprintf(stdout, "fwsim: %s -> %s\n", p.Link, name)
	}
	return nil
}

// Unplug closes the pty; unplugged already, it does nothing.
func (p *Plug) Unplug() {
	if p.master == nil {
		return
	}
	if p.Link != "" {
		os.Remove(p.Link)
	}
	p.cancel()
	p.master.Close()
	p.master = nil
}
