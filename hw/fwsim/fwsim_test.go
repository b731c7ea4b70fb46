package fwsim_test

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/hw/link"
)

// wire is the host's end of a simulated device on a real pty: what it
// reads, frame by frame.
type wire struct {
	t      *testing.T
	port   link.Port
	frames chan got
}

type got struct {
	m   fwproto.Message
	seq uint8
	err error
}

func connect(t *testing.T, dev *fwsim.Device) *wire {
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	name := slave.Name()
	slave.Close()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { dev.Serve(ctx, master); close(served) }()
	port, err := link.Serial(name, 115200)()
	if err != nil {
		t.Fatal(err)
	}
	w := &wire{t: t, port: port, frames: make(chan got, 1024)}
	read := make(chan struct{})
	go func() {
		defer close(read)
		var dec fwproto.Decoder
		buf := make([]byte, 256)
		for {
			n, err := port.Read(buf)
			dec.Feed(buf[:n], func(f fwproto.Frame, ferr error) {
				g := got{seq: f.Seq, err: ferr}
				if ferr == nil {
					g.m, g.err = fwproto.Parse(f)
				}
				w.frames <- g
			})
			if err != nil && !errors.Is(err, io.EOF) {
				return
			}
			if ctx.Err() != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-served
		port.Close()
		master.Close()
		<-read
	})
	// The line discipline may mangle what came before the port was raw.
	w.send(fwproto.Ping{ID: 0}, 0)
	w.until("the line to settle", func(g got) bool { _, ok := g.m.(fwproto.Pong); return ok })
	return w
}

func (w *wire) send(m fwproto.Message, seq uint8) {
	b, err := fwproto.Encode([]byte{0}, m, seq)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.port.Write(b); err != nil {
		w.t.Fatal(err)
	}
}

// until reads frames until ok says so, and returns those before it.
func (w *wire) until(what string, ok func(got) bool) []got {
	w.t.Helper()
	var before []got
	deadline := time.After(20 * time.Second)
	for {
		select {
		case g := <-w.frames:
			if ok(g) {
				return before
			}
			before = append(before, g)
		case <-deadline:
			w.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func isHello(g got) bool { _, ok := g.m.(fwproto.Hello); return ok }

func heartbeats(n int) func(got) bool {
	return func(g got) bool {
		if _, ok := g.m.(fwproto.Heartbeat); ok {
			n--
		}
		return n == 0
	}
}

// TestLiteralDevice: a literal protocol-1 device says Hello only when
// queried, hears nothing while deaf, spoils the first send of a frame when
// told, and reboots behind the open port with a new boot id, its clock
// near zero and seqs from 1, and no Hello.
func TestLiteralDevice(t *testing.T) {
	dev := fwsim.New(fwsim.Config{BootID: 1, Start: 5e9, Literal: true})
	w := connect(t, dev)
	for _, g := range w.until("two heartbeats", heartbeats(2)) {
		if isHello(g) {
			t.Fatal("a Hello unasked")
		}
	}
	w.send(fwproto.Query{}, 0)
	w.until("the Hello", isHello)

	dev.Deaf(time.Hour)
	w.send(fwproto.Query{}, 0)
	w.send(fwproto.Ping{ID: 9}, 0)
	for _, g := range w.until("three heartbeats", heartbeats(3)) {
		if isHello(g) {
			t.Fatal("a deaf device answered a Query")
		}
		if p, ok := g.m.(fwproto.Pong); ok && p.ID == 9 {
			t.Fatal("a deaf device answered a Ping")
		}
	}
	if dev.Queries() != 1 {
		t.Fatalf("the device heard %d Queries, want 1", dev.Queries())
	}

	dev.SpoilNext(1)
	dev.Press(4)
	before := w.until("the press", func(g got) bool { _, ok := g.m.(fwproto.Button); return ok })
	spoilt := false
	for _, g := range before {
		var fe *fwproto.FrameError
		spoilt = spoilt || errors.As(g.err, &fe)
	}
	if !spoilt {
		t.Fatal("the press's first send was not spoilt")
	}

	dev.Reboot()
	dev.Press(5)
	var press fwproto.Button
	var seq uint8
	for _, g := range w.until("the new boot's press", func(g got) bool {
		b, ok := g.m.(fwproto.Button)
		press, seq = b, g.seq
		return ok && b.Channel == 5
	}) {
		if isHello(g) {
			t.Fatal("a Hello unasked after the reboot")
		}
	}
	if seq != 1 || press.Time > 1e6 || dev.BootID() != 2 {
		t.Fatalf("after the reboot: seq %d, time %d µs, boot %d; want seq 1, under a second, boot 2", seq, press.Time, dev.BootID())
	}
}
