// Package fwsim simulates a seat and tile-reader controller speaking
// fwproto: buttons stamped by a microsecond clock that drifts, tile reads,
// a transport that delays every frame by a jittered latency, events kept
// and retransmitted until acknowledged (also across an unplug), and
// garbage on the wire on demand. With Literal it is a device built to
// firmware-protocol.md read to the letter: it says Hello only when queried,
// and it can be made deaf for a while, spoil the first send of chosen
// frames, and reboot behind a port that stays open. For tests that order
// what happens by steps, not pauses, it can hold its wire until told
// (Stall) and stamp a press in the past (PressAgo). Tests, `tabled fwsim`
// and the simulated table drive it over a pty, so the host side is the
// real link. ParseCommand reads the commands a person types at it.
package fwsim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"syscall"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
)

// Config configures a simulated device.
type Config struct {
	// Buttons and Readers are the device's channels (default 24 and 1).
	Buttons, Readers int
	// DriftPPM is how fast the device's crystal runs (negative: slow).
	DriftPPM float64
	// Start is the device clock, in microseconds, at host time 0.
	Start uint64
	// Latency and Jitter make each frame's one-way delay Latency ± Jitter,
	// uniformly (never below zero); frames stay in order, as on a wire.
	Latency, Jitter time.Duration
	// Clock is the host's monotonic clock, the truth the device's drifts from.
	Clock func() time.Duration
	// BootID and DeviceID are sent in Hello (BootID changes on Reboot).
	BootID, DeviceID uint32
	// Seed seeds the jitter.
	Seed uint64
	// Literal makes the device do only what protocol 1 requires: no Hello
	// but in answer to a Query (not on a new connection, not after a
	// reboot), and its unacknowledged frames sent again at once only after
	// a Query, otherwise every 100 ms.
	Literal bool
}

// Device is a simulated controller. It outlives connections: what it has
// not had acknowledged it sends again on the next Serve.
type Device struct {
	cfg Config

	mu      sync.Mutex
	rng     *rand.Rand
	seq     uint8
	unacked []sent
	out     []timed // frames due on the wire, in order
	lastDue time.Duration
	leds    map[uint8]fwproto.LED
	cmdSeen fwproto.Dedupe
	stats   fwproto.Heartbeat
	wake    chan struct{}
	// bootAt is the host time of the latest boot, when the clock read Start.
	bootAt    time.Duration
	deafUntil time.Duration
	spoil     int // first sends still to spoil
	// overflowQueued: an overflow Status is queued since the queue was
	// last empty.
	overflowQueued bool
	queries        int
	// stalled holds every frame due on the wire until Resume.
	stalled bool
	// acked are the events the host acknowledged, in order.
	acked []fwproto.Message
}

type sent struct {
	seq    uint8
	wire   []byte
	sentAt time.Duration
}

type timed struct {
	due  time.Duration
	wire []byte
}

// StartUp is how long a rebooting device hears nothing.
const StartUp = 20 * time.Millisecond

// MaxUnacked is how many events the device holds for acknowledgement; on
// overflow the oldest is lost and a Status says so.
const MaxUnacked = fwproto.MaxInFlight

// New makes a device.
func New(cfg Config) *Device {
	if cfg.Buttons == 0 {
		cfg.Buttons = 24
	}
	if cfg.Readers == 0 {
		cfg.Readers = 1
	}
	if cfg.Clock == nil {
		start := time.Now()
		cfg.Clock = func() time.Duration { return time.Since(start) }
	}
	return &Device{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)),
		leds: map[uint8]fwproto.LED{}, wake: make(chan struct{}, 1)}
}

// DeviceTime is the device clock at host time h (in the current boot).
func (d *Device) DeviceTime(h time.Duration) uint64 {
	if h < d.bootAt { // read just before a reboot: the clock was at its start
		return d.cfg.Start
	}
	return d.cfg.Start + uint64(float64((h-d.bootAt).Microseconds())*(1+d.cfg.DriftPPM*1e-6))
}

func (d *Device) delay() time.Duration {
	j := time.Duration((d.rng.Float64()*2 - 1) * float64(d.cfg.Jitter))
	return max(0, d.cfg.Latency+j)
}

// schedule puts wire on the line after a transport delay from at, after
// everything already scheduled. Callers hold mu.
func (d *Device) schedule(at time.Duration, wire []byte) {
	due := max(at+d.delay(), d.lastDue)
	d.lastDue = due
	d.out = append(d.out, timed{due, wire})
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

func (d *Device) queue(m fwproto.Message) {
	now := d.cfg.Clock()
	if len(d.unacked) >= MaxUnacked {
		// The oldest event is lost; one Status (itself taking a place, so
		// one more is lost) says so until the queue drains.
		d.dropOldestEvent()
		if !d.overflowQueued {
			d.dropOldestEvent()
			d.queueStatus(fwproto.StatusOverflow, "event queue full, oldest events lost")
			d.overflowQueued = true
		}
	}
	d.seq++
	if d.seq == 0 {
		d.seq = 1
	}
	wire, _ := fwproto.Encode(nil, m, d.seq)
	d.unacked = append(d.unacked, sent{seq: d.seq, wire: wire, sentAt: now})
	if d.spoil > 0 {
		d.spoil--
		d.schedule(now, spoilt(wire))
		return
	}
	d.schedule(now, wire)
}

// spoilt is wire with a byte changed so that it no longer decodes: what
// line noise makes of a frame.
func spoilt(wire []byte) []byte {
	for i := len(wire) - 2; i >= 0; i-- {
		c := append([]byte(nil), wire...)
		c[i] ^= 0x55
		if c[i] == 0 {
			c[i] = 0xAA
		}
		if _, err := fwproto.Decode(c); err != nil {
			return c
		}
	}
	return []byte{0xFF, 0}
}

// dropOldestEvent drops the oldest unacknowledged frame that is not a
// Status. Callers hold mu.
func (d *Device) dropOldestEvent() {
	for i, u := range d.unacked {
		if fwproto.Type(u.wire[1]) != fwproto.TypeStatus { // wire[1]: the type, after COBS's code byte
			d.unacked = append(d.unacked[:i], d.unacked[i+1:]...)
			return
		}
	}
}

func (d *Device) queueStatus(code uint8, text string) {
	d.seq++
	if d.seq == 0 {
		d.seq = 1
	}
	wire, _ := fwproto.Encode(nil, fwproto.Status{Code: code, Text: text}, d.seq)
	d.unacked = append(d.unacked, sent{seq: d.seq, wire: wire, sentAt: d.cfg.Clock()})
}

// Press presses button ch now and returns the host time it was pressed.
func (d *Device) Press(ch uint8) time.Duration { return d.button(ch, true, 0) }

// Release releases button ch now.
func (d *Device) Release(ch uint8) time.Duration { return d.button(ch, false, 0) }

// button queues a press or release of ch stamped ago before now, and
// returns the host time of its stamp.
func (d *Device) button(ch uint8, pressed bool, ago time.Duration) time.Duration {
	d.mu.Lock()
	defer d.mu.Unlock()
	at := d.cfg.Clock() - ago
	d.queue(fwproto.Button{Channel: ch, Pressed: pressed, Time: d.DeviceTime(at)})
	return at
}

// PlaceTile puts a tag on a reader now.
func (d *Device) PlaceTile(reader uint8, uid []byte) time.Duration {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.cfg.Clock()
	d.queue(fwproto.TileRead{Reader: reader, Time: d.DeviceTime(now), UID: uid})
	return now
}

// RemoveTile takes a tag off a reader now.
func (d *Device) RemoveTile(reader uint8, uid []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.cfg.Clock()
	d.queue(fwproto.TileGone{Reader: reader, Time: d.DeviceTime(now), UID: uid})
}

// Inject puts raw bytes on the wire now, between frames: line noise.
func (d *Device) Inject(b []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.schedule(d.cfg.Clock(), append([]byte(nil), b...))
}

// Reboot simulates a power cycle behind a port that stays open (a USB
// serial adapter powered by the host): a new boot id, a clock from near
// zero, seqs from 1, the memory of the host's seqs and the lights cleared,
// and every unacknowledged event lost. The device sends a 00; unless
// Literal, also a Hello.
func (d *Device) Reboot() {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.cfg.Clock()
	d.cfg.BootID++
	d.cfg.Start, d.bootAt = 1000, now // the firmware's start-up takes a ms
	d.unacked, d.out, d.seq = nil, nil, 0
	d.cmdSeen = fwproto.Dedupe{}
	d.leds = map[uint8]fwproto.LED{}
	d.stats = fwproto.Heartbeat{}
	// A firmware starting up hears nothing for a while and starts with an
	// empty receive buffer: an Ack the host sent the old boot is lost, not
	// taken for the new boot's frame of the same seq.
	d.deafUntil, d.spoil, d.overflowQueued = now+StartUp, 0, false
	hello := []byte{0}
	if !d.cfg.Literal {
		hello = append(hello, d.hello()...)
	}
	d.schedule(now, hello)
}

// Deaf makes the device drop every byte it receives for dur from now (a
// firmware busy in a long flash write, a hung UART receiver); it goes on
// sending. Deaf(0) makes it hear again at once.
func (d *Device) Deaf(dur time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.deafUntil = d.cfg.Clock() + dur
}

// SpoilNext spoils the first send of the next n events queued: noise
// garbles it on the wire, so what arrives is its retransmission, 100 ms
// later, after the frames sent behind it.
func (d *Device) SpoilNext(n int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.spoil += n
}

// Report queues a Status with code and text (a reader fault, say): text
// is printable ASCII, at most 63 bytes.
func (d *Device) Report(code uint8, text string) error {
	if _, err := fwproto.Parse(fwproto.NewFrame(fwproto.Status{Code: code, Text: text}, 1)); err != nil || len(text) > fwproto.MaxPayload-1 {
		return fmt.Errorf("fwsim: status text %q is not up to %d printable ASCII bytes", text, fwproto.MaxPayload-1)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.queueStatus(code, text)
	return nil
}

// Acked returns the events the host has acknowledged so far, in order:
// what the host promised never to lose.
func (d *Device) Acked() []fwproto.Message {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]fwproto.Message(nil), d.acked...)
}

// Queries is how many Queries the device has heard.
func (d *Device) Queries() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.queries
}

// BootID is the device's current boot id.
func (d *Device) BootID() uint32 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.cfg.BootID
}

// LED is the light the host last set on channel ch.
func (d *Device) LED(ch uint8) (fwproto.LED, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	l, ok := d.leds[ch]
	return l, ok
}

// Unacked is how many events wait for the host's acknowledgement.
func (d *Device) Unacked() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.unacked)
}

// Serve speaks the protocol on rw until a read or write fails with
// anything but EIO (a pty master reads EIO while no one has the port
// open: a device with no host) or ctx ends. To unplug, close rw.
func (d *Device) Serve(ctx context.Context, rw io.ReadWriter) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	d.mu.Lock()
	d.out, d.lastDue = nil, 0
	now := d.cfg.Clock()
	if d.cfg.Literal {
		// A device does not know a host has opened the port: it sends a 00
		// (as after boot) and goes on resending what waits every 100 ms.
		d.schedule(now, []byte{0})
	} else {
		d.schedule(now, append([]byte{0}, d.hello()...))
		d.resendAll(now)
	}
	d.mu.Unlock()

	errc := make(chan error, 1)
	go func() { errc <- d.read(ctx, rw) }()
	// One timer, set each turn to the next thing due (a frame's moment on
	// the wire, a heartbeat, a retransmission); wake says something new was
	// scheduled. An idle device wakes four times a second.
	timer := time.NewTimer(0)
	defer timer.Stop()
	lastBeat := now
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-errc:
			return err
		case <-d.wake:
		case <-timer.C:
		}
		now := d.cfg.Clock()
		d.mu.Lock()
		if now-lastBeat >= heartbeatEvery {
			lastBeat = now
			hb := d.stats
			hb.Time, hb.Queued = d.DeviceTime(now), uint8(len(d.unacked))
			wire, _ := fwproto.Encode(nil, hb, 0)
			d.schedule(now, wire)
		}
		for i := range d.unacked {
			if now-d.unacked[i].sentAt >= resendEvery {
				d.unacked[i].sentAt = now
				d.stats.Retransmits++
				d.schedule(now, d.unacked[i].wire)
			}
		}
		var due []byte
		for !d.stalled && len(d.out) > 0 && d.out[0].due <= now {
			due = append(due, d.out[0].wire...)
			d.out = d.out[1:]
		}
		next := lastBeat + heartbeatEvery
		for _, u := range d.unacked {
			next = min(next, u.sentAt+resendEvery)
		}
		if len(d.out) > 0 && !d.stalled {
			next = min(next, d.out[0].due)
		}
		// What was scheduled so far, this turn's heartbeat too, is in
		// next: a wake for it would only turn the loop once more.
		select {
		case <-d.wake:
		default:
		}
		d.mu.Unlock()
		timer.Reset(max(next-now, 0))
		if len(due) > 0 {
			if _, err := rw.Write(due); err != nil && !errors.Is(err, syscall.EIO) {
				return err
			}
		}
	}
}

// The device's periods: a heartbeat every 250 ms, an unacknowledged frame
// sent again every 100 ms.
const (
	heartbeatEvery = 250 * time.Millisecond
	resendEvery    = 100 * time.Millisecond
)

// resendAll sends every unacknowledged frame again now. Callers hold mu.
func (d *Device) resendAll(now time.Duration) {
	for i := range d.unacked {
		d.unacked[i].sentAt = now
		d.schedule(now, d.unacked[i].wire)
	}
}

func (d *Device) hello() []byte {
	kind := uint8(fwproto.KindSeats | fwproto.KindLEDs)
	if d.cfg.Readers > 0 {
		kind |= fwproto.KindReader
	}
	wire, _ := fwproto.Encode(nil, fwproto.Hello{Proto: fwproto.Version, Kind: kind, Firmware: [3]uint8{1, 0, 0},
		BootID: d.cfg.BootID, DeviceID: d.cfg.DeviceID, Buttons: uint8(d.cfg.Buttons), Readers: uint8(d.cfg.Readers)}, 0)
	return wire
}

func (d *Device) read(ctx context.Context, r io.Reader) error {
	var dec fwproto.Decoder
	buf := make([]byte, 256)
	for {
		n, err := r.Read(buf)
		at := d.cfg.Clock()
		if n > 0 {
			d.mu.Lock()
			deaf := at < d.deafUntil
			dec.Feed(buf[:n], func(f fwproto.Frame, err error) {
				if deaf {
					return
				}
				if err != nil {
					d.stats.BadFrames++
					return
				}
				d.command(f, at)
			})
			d.mu.Unlock()
		}
		switch {
		case err == nil:
		case errors.Is(err, syscall.EIO) || errors.Is(err, io.EOF):
			select { // no host on the port (yet)
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(10 * time.Millisecond):
			}
		default:
			return err
		}
	}
}

// command handles one frame from the host that came off the wire at at.
// Callers hold mu.
func (d *Device) command(f fwproto.Frame, at time.Duration) {
	m, err := fwproto.Parse(f)
	if err != nil {
		d.stats.BadFrames++
		if f.Seq != 0 {
			st := fwproto.AckBadPayload
			if !f.Type.Known() {
				st = fwproto.AckUnknownType
			}
			wire, _ := fwproto.Encode(nil, fwproto.Ack{Status: st}, f.Seq)
			d.schedule(at, wire)
		}
		return
	}
	// The frame reached the device after the inbound half of the transport.
	arrived := at + d.delay()
	switch m := m.(type) {
	case fwproto.Query:
		d.queries++
		d.schedule(arrived, d.hello())
		d.resendAll(arrived)
	case fwproto.Ping:
		wire, _ := fwproto.Encode(nil, fwproto.Pong{ID: m.ID, Time: d.DeviceTime(arrived)}, 0)
		d.schedule(arrived, wire)
	case fwproto.Ack:
		for i, s := range d.unacked {
			if s.seq == f.Seq {
				if sf, err := fwproto.Decode(s.wire); err == nil {
					if m, err := fwproto.Parse(sf); err == nil {
						d.acked = append(d.acked, m)
					}
				}
				d.unacked = append(d.unacked[:i], d.unacked[i+1:]...)
				break
			}
		}
		if len(d.unacked) == 0 {
			d.overflowQueued = false
		}
	case fwproto.LED:
		if !d.cmdSeen.Seen(f.Seq) {
			d.cmdSeen.Add(f.Seq)
			d.leds[m.Channel] = m
		}
		wire, _ := fwproto.Encode(nil, fwproto.Ack{Status: fwproto.AckOK}, f.Seq)
		d.schedule(arrived, wire)
	}
}
