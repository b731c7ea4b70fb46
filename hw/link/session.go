package link

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/tabled/tabled/hw/clocksync"
	"github.com/tabled/tabled/hw/fwproto"
)

// chunk is bytes from the port and when they arrived, or the read error
// that ended the reader.
type chunk struct {
	b   []byte
	at  time.Duration
	err error
}

var errSilent = errors.New("no frame from the device")

// session speaks the protocol on one open port until it fails or ctx ends.
// gotFrames reports whether any good frame came.
func (l *Link) session(ctx context.Context, port Port) (gotFrames bool, err error) {
	in := make(chan chunk, 64)
	stop := make(chan struct{})
	done := make(chan struct{})
	go l.read(port, in, stop, done)
	defer func() {
		close(stop)
		// tarm's Close waits for a pending Read, which returns within its
		// timeout; then the reader exits.
		port.Close()
		<-done
	}()

	l.hello = false
	var dec fwproto.Decoder
	now := l.cfg.Clock()
	lastFrame, lastPing := now, time.Duration(0)
	// A zero first flushes whatever half frame the device's receiver holds.
	if err := l.write(port, append([]byte{0}, mustEncode(fwproto.Query{}, 0)...)); err != nil {
		return false, err
	}
	for i := range l.pending { // commands the last session left unacknowledged
		l.pending[i].sentAt = -l.cfg.Retransmit
	}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		var cmds chan fwproto.Message
		if len(l.pending) < fwproto.MaxInFlight {
			cmds = l.cmds
		}
		select {
		case <-ctx.Done():
			return gotFrames, ctx.Err()
		case c := <-in:
			if c.err != nil {
				return gotFrames, fmt.Errorf("read: %w", c.err)
			}
			var werr error
			dec.Feed(c.b, func(f fwproto.Frame, ferr error) {
				if werr != nil {
					return
				}
				if ferr != nil {
					l.update(func(h *Health) { h.BadFrames++ })
					l.cfg.Logf("link: %s: %v", l.cfg.Name, ferr)
					return
				}
				gotFrames, lastFrame = true, c.at
				werr = l.frame(port, f, c.at)
			})
			if werr != nil {
				return gotFrames, werr
			}
		case m := <-cmds:
			o := outgoing{seq: l.nextSeq(), sentAt: l.cfg.Clock()}
			o.wire = mustEncode(m, o.seq)
			l.pending = append(l.pending, o)
			if err := l.write(port, o.wire); err != nil {
				return gotFrames, err
			}
		case <-tick.C:
			now := l.cfg.Clock()
			if now-lastFrame > l.cfg.Silence {
				return gotFrames, fmt.Errorf("%w for %v", errSilent, now-lastFrame)
			}
			if now-lastPing >= l.cfg.PingEvery {
				lastPing = now
				if err := l.ping(port, now); err != nil {
					return gotFrames, err
				}
			}
			if err := l.retransmit(port, now); err != nil {
				return gotFrames, err
			}
		}
	}
}

// read moves bytes from the port to in. A timeout (io.EOF from tarm) is
// "nothing yet".
func (l *Link) read(port Port, in chan<- chunk, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	buf := make([]byte, 512)
	for {
		n, err := port.Read(buf)
		at := l.cfg.Clock()
		var c chunk
		switch {
		case n > 0:
			c = chunk{b: append([]byte(nil), buf[:n]...), at: at}
		case err == nil || errors.Is(err, io.EOF):
			select {
			case <-stop:
				return
			default:
				continue
			}
		default:
			c = chunk{err: err}
		}
		select {
		case in <- c:
		case <-stop:
			return
		}
		if c.err != nil {
			return
		}
	}
}

func (l *Link) write(port Port, b []byte) error {
	if _, err := port.Write(b); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

func mustEncode(m fwproto.Message, seq uint8) []byte {
	b, err := fwproto.Encode(nil, m, seq)
	if err != nil {
		panic(err) // only the host's own, fixed-size messages come here
	}
	return b
}

func (l *Link) nextSeq() uint8 {
	for {
		l.seq++
		if l.seq == 0 {
			continue
		}
		free := true
		for _, p := range l.pending {
			free = free && p.seq != l.seq
		}
		if free {
			return l.seq
		}
	}
}

func (l *Link) ping(port Port, now time.Duration) error {
	l.pingID++
	l.pings[l.pingID%uint32(len(l.pings))] = ping{id: l.pingID, sentAt: now}
	return l.write(port, mustEncode(fwproto.Ping{ID: l.pingID}, 0))
}

func (l *Link) retransmit(port Port, now time.Duration) error {
	kept := l.pending[:0]
	for _, p := range l.pending {
		if now-p.sentAt >= l.cfg.Retransmit {
			if p.tries >= maxTries {
				l.cfg.Logf("link: %s: command seq %d unacknowledged after %d tries; given up", l.cfg.Name, p.seq, p.tries)
				l.update(func(h *Health) { h.Dropped++ })
				continue
			}
			if p.tries > 0 {
				l.update(func(h *Health) { h.Retransmits++ })
			}
			p.tries++
			p.sentAt = now
			if err := l.write(port, p.wire); err != nil {
				return err
			}
		}
		kept = append(kept, p)
	}
	l.pending = kept
	l.update(func(h *Health) { h.Pending = len(kept) })
	return nil
}

// frame handles one good frame that arrived at at.
func (l *Link) frame(port Port, f fwproto.Frame, at time.Duration) error {
	l.update(func(h *Health) { h.LastFrame = at })
	m, err := fwproto.Parse(f)
	if err != nil {
		l.update(func(h *Health) { h.BadMessages++ })
		l.cfg.Logf("link: %s: %v", l.cfg.Name, err)
		if f.Seq != 0 && f.Type != fwproto.TypeAck {
			// Acknowledge, or the device sends it forever.
			st := fwproto.AckBadPayload
			if !f.Type.Known() {
				st = fwproto.AckUnknownType
			}
			return l.write(port, mustEncode(fwproto.Ack{Status: st}, f.Seq))
		}
		return nil
	}
	switch m := m.(type) {
	case fwproto.Hello:
		return l.onHello(m)
	case fwproto.Ack:
		for i, p := range l.pending {
			if p.seq == f.Seq {
				l.pending = append(l.pending[:i], l.pending[i+1:]...)
				break
			}
		}
		return nil
	case fwproto.Pong:
		p := l.pings[m.ID%uint32(len(l.pings))]
		if p.id == m.ID && l.hello {
			l.sync.Add(clocksync.Sample{Sent: p.sentAt, Received: at, Device: m.Time})
			l.update(func(h *Health) {
				h.SyncSamples, h.DriftPPM, h.MinRTT = l.sync.Samples(), l.sync.Drift(), l.sync.MinRTT()
			})
		}
		return nil
	case fwproto.Heartbeat:
		l.update(func(h *Health) { h.DeviceHeartbeat = m })
		return nil
	}
	if !f.Type.Sequenced() {
		return nil // a host-bound type from a confused device: nothing to do
	}
	if !l.hello {
		// Until the Hello says which boot this is, a sequence number could
		// be an old boot's: leave it unacknowledged, the device sends again.
		return nil
	}
	if l.seen.Seen(f.Seq) {
		l.update(func(h *Health) { h.Duplicates++ })
	} else {
		l.seen.Add(f.Seq)
		if ev, ok := l.event(m, at); ok {
			l.cfg.OnEvent(ev)
			l.update(func(h *Health) { h.Events++ })
		}
	}
	return l.write(port, mustEncode(fwproto.Ack{Status: fwproto.AckOK}, f.Seq))
}

func (l *Link) onHello(m fwproto.Hello) error {
	if m.Proto != fwproto.Version {
		l.update(func(h *Health) {
			h.LastError = fmt.Sprintf("device speaks protocol version %d, this tabled %d", m.Proto, fwproto.Version)
		})
		l.cfg.Logf("link: %s: device speaks protocol version %d, this tabled %d: its events are not taken", l.cfg.Name, m.Proto, fwproto.Version)
		l.hello = false
		return nil
	}
	if m.BootID != l.boot {
		// A new boot: its clock and sequence numbers began again.
		l.sync.Reset()
		l.seen = fwproto.Dedupe{}
		l.boot = m.BootID
	}
	if !l.hello {
		l.cfg.Logf("link: %s: device %08x firmware %d.%d.%d, %d buttons, %d readers", l.cfg.Name, m.DeviceID,
			m.Firmware[0], m.Firmware[1], m.Firmware[2], m.Buttons, m.Readers)
	}
	l.hello = true
	l.update(func(h *Health) { h.Device = &m })
	return nil
}

func (l *Link) event(m fwproto.Message, at time.Duration) (Event, bool) {
	var ev Event
	var stamp uint64
	switch m := m.(type) {
	case fwproto.Button:
		ev = Event{Kind: Release, Channel: m.Channel}
		if m.Pressed {
			ev.Kind = Press
		}
		stamp = m.Time
	case fwproto.TileRead:
		ev = Event{Kind: TileRead, Reader: m.Reader, UID: m.UID}
		stamp = m.Time
	case fwproto.TileGone:
		ev = Event{Kind: TileGone, Reader: m.Reader, UID: m.UID}
		stamp = m.Time
	case fwproto.Status:
		l.cfg.Logf("link: %s: device status %d: %s", l.cfg.Name, m.Code, m.Text)
		return Event{Kind: DeviceStatus, Code: m.Code, Text: m.Text, At: at, Arrived: at}, true
	default:
		return ev, false
	}
	ev.Arrived, ev.Device = at, stamp
	if h, u, ok := l.sync.Map(stamp); ok {
		ev.At, ev.Uncertainty, ev.Synced = h, u, true
		if ev.At > at {
			// A stamp cannot be after its arrival; the fit is off by less
			// than its error, so clamp.
			ev.At = at
		}
	} else {
		ev.At, ev.Uncertainty = at, UnsyncedUncertainty
	}
	return ev, true
}
