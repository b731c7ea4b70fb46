package link

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
)

// chunk is bytes from the port and when they arrived, or the read error
// that ended the reader (of a port without read deadlines).
type chunk struct {
	b   []byte
	at  time.Duration
	err error
}

var (
	errSilent = errors.New("no frame from the device")
	// errRefused ends a session with a device that is not taken (another
	// device id than the configured one, another protocol version).
	errRefused = errors.New("device refused")
)

// session speaks the protocol on one open port until it fails or ctx ends.
// gotFrames reports whether any good frame came.
func (l *Link) session(ctx context.Context, port Port) (gotFrames bool, err error) {
	s := &sess{l: l, port: port, probeAt: -1}
	// Close ends a pending Read (on Linux at once; tarm's off Linux
	// returns within its timeout).
	s.close = sync.OnceValue(port.Close)
	defer s.close()
	l.hello = false
	// The device may hold frames it has not sent again yet: nothing is
	// known complete until they come or a heartbeat says none wait.
	l.order.holdOnce()
	s.lastFrame = l.cfg.Clock()
	// A zero first flushes whatever half frame the device's receiver holds.
	if err := l.write(port, []byte{0}); err != nil {
		return false, err
	}
	l.q = querier{every: 100 * time.Millisecond}
	for i := range l.pending { // commands the last session left unacknowledged
		l.pending[i].sentAt = -l.cfg.Retransmit
	}
	if dl, ok := port.(deadliner); ok && dl.SetReadDeadline(time.Time{}) == nil {
		err = s.inOne(ctx, dl)
	} else {
		err = s.withReader(ctx)
	}
	return s.gotFrames, err
}

// deadliner is a port whose reads take a deadline: the Linux serial port
// (in Go's poller), a net.Conn.
type deadliner interface{ SetReadDeadline(time.Time) error }

// sess is one session's state: what the port brought, and when the next
// timed duty is.
type sess struct {
	l                   *Link
	port                Port
	close               func() error
	dec                 fwproto.Decoder
	gotFrames           bool
	lastFrame, lastPing time.Duration
	// probeAt is when the earliest watermark asked for is due (-1: none).
	probeAt time.Duration
}

// inOne runs the session in this one goroutine: it reads the port with a
// deadline at the next timed duty (the wait is in Go's poller), so a frame
// or a duty costs one wake-up, not a reader's and a hand-over's. Send,
// ProbeAt and ctx's end cut a pending read short through the deadline.
func (s *sess) inOne(ctx context.Context, dl deadliner) error {
	l := s.l
	kick := func() { dl.SetReadDeadline(time.Unix(1, 0)) }
	l.mu.Lock()
	l.kick = kick
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		l.kick = nil
		l.mu.Unlock()
	}()
	defer context.AfterFunc(ctx, kick)()
	buf := make([]byte, 512)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.takeWaiting(); err != nil {
			return err
		}
		if next := s.next(); next <= l.cfg.Clock() {
			if err := s.timed(); err != nil {
				return err
			}
		}
		dl.SetReadDeadline(time.Now().Add(s.next() - l.cfg.Clock()))
		// A kick between the checks above and the deadline just set was
		// overwritten by it: what it was for is in the queues.
		if s.waiting() || ctx.Err() != nil {
			continue
		}
		n, err := s.port.Read(buf)
		at := l.cfg.Clock()
		if n > 0 {
			if err := s.bytes(buf[:n], at); err != nil {
				return err
			}
		}
		if err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("read: %w", err)
		}
	}
}

// withReader runs the session for a port whose reads take no deadline (a
// tarm port, off Linux): a reader goroutine hands its bytes over.
func (s *sess) withReader(ctx context.Context) error {
	l := s.l
	in := make(chan chunk, 64)
	stop := make(chan struct{})
	done := make(chan struct{})
	go l.read(s.port, in, stop, done)
	defer func() {
		close(stop)
		s.close()
		<-done
	}()
	// One timer, set each turn to the next deadline (ping, probe, Query
	// retry, retransmission, silence): an idle link wakes for what the
	// protocol needs, not on a fast tick.
	wake := time.NewTimer(time.Hour)
	defer wake.Stop()
	// wakeAt is when wake is set for: a timer set again to the same moment
	// (after every pong) would only cost a wake of the runtime's poller.
	wakeAt := time.Duration(-1)
	for {
		if at := s.next(); at != wakeAt {
			wakeAt = at
			wake.Reset(max(at-l.cfg.Clock(), 0))
		}
		var err error
		select {
		case <-ctx.Done():
			return ctx.Err()
		case c := <-in:
			if c.err != nil {
				return fmt.Errorf("read: %w", c.err)
			}
			err = s.bytes(c.b, c.at)
		case m := <-s.cmds():
			err = s.command(m)
		case at := <-l.probe:
			s.probe(at)
		case <-wake.C:
			wakeAt = -1
			err = s.timed()
		}
		if err != nil {
			return err
		}
	}
}

// cmds is the command queue while the session takes commands: they wait
// for the device's Hello (a device that has not answered the Query may be
// deaf, and would cost them their tries) and for room in flight.
func (s *sess) cmds() chan fwproto.Message {
	if s.l.hello && len(s.l.pending) < fwproto.MaxInFlight {
		return s.l.cmds
	}
	return nil
}

// waiting reports whether a command or probe waits to be taken.
func (s *sess) waiting() bool { return len(s.cmds()) > 0 || len(s.l.probe) > 0 }

// takeWaiting takes the commands and probes that wait.
func (s *sess) takeWaiting() error {
	for {
		select {
		case m := <-s.cmds():
			if err := s.command(m); err != nil {
				return err
			}
		case at := <-s.l.probe:
			s.probe(at)
		default:
			return nil
		}
	}
}

// bytes takes what the port brought at at.
func (s *sess) bytes(b []byte, at time.Duration) error {
	l := s.l
	var werr error
	s.dec.Feed(b, func(f fwproto.Frame, ferr error) {
		if werr != nil {
			return
		}
		if ferr != nil {
			l.update(func(h *Health) { h.BadFrames++ })
			// Before the first whole frame of a session, garbage is the
			// tail of a frame the port opened in the middle of (a
			// restart, a tool opening the port): counted, not said.
			if s.gotFrames {
				l.cfg.Logf("link: %s: %v", l.cfg.Name, ferr)
			}
			// It may have been a sequenced frame: hold the watermark
			// until the sequence shows nothing is missing.
			l.order.hold()
			return
		}
		s.gotFrames, s.lastFrame = true, at
		werr = l.frame(s.port, f, at)
	})
	return werr
}

// command sends a new command and keeps it until it is acknowledged.
func (s *sess) command(m fwproto.Message) error {
	l := s.l
	seq, err := l.seqs.next(l.pending)
	if err != nil {
		l.cfg.Logf("link: %s: %v", l.cfg.Name, err)
	}
	o := outgoing{seq: seq, sentAt: l.cfg.Clock(), tries: 1}
	o.wire = mustEncode(m, o.seq)
	l.pending = append(l.pending, o)
	l.update(func(h *Health) { h.Commands++; h.Pending = len(l.pending) })
	return l.write(s.port, o.wire)
}

// probe asks for a ping once the host clock has passed at plus DeviceLag.
func (s *sess) probe(at time.Duration) {
	due := at + s.l.cfg.DeviceLag
	if s.probeAt < 0 || due < s.probeAt {
		s.probeAt = due
	}
}

// next is the host time of the session's next timed duty.
func (s *sess) next() time.Duration {
	at := s.l.deadline(s.lastFrame, s.lastPing)
	if s.probeAt >= 0 {
		at = min(at, s.probeAt)
	}
	return at
}

// timed does the timed duties that are due: a probe's ping, and due's.
func (s *sess) timed() error {
	l := s.l
	if now := l.cfg.Clock(); s.probeAt >= 0 && now >= s.probeAt {
		s.probeAt = -1
		if l.hello {
			s.lastPing = now
			if err := l.ping(s.port, now); err != nil {
				return err
			}
		}
	}
	return l.due(s.port, s.lastFrame, &s.lastPing)
}

// pingEvery is the clock-sync ping period now.
func (l *Link) pingEvery() time.Duration {
	switch {
	case l.hello && l.sync.Samples() < warmSamples:
		// A young fit: round trips in quick succession, so that events
		// wait for a good one only briefly.
		return min(l.cfg.PingEvery, warmPingEvery)
	case l.fastPings > 0:
		return l.cfg.PingEvery
	}
	return min(max(l.fitSpan/settleRatio, l.cfg.PingEvery), l.cfg.SettledPingEvery)
}

// deadline is the host time of the session's next timed duty: the silence
// check, a Query retry, the next ping, a retransmission.
func (l *Link) deadline(lastFrame, lastPing time.Duration) time.Duration {
	at := lastFrame + l.cfg.Silence + time.Nanosecond
	if !l.hello {
		if !l.q.sent {
			return lastFrame // at once
		}
		at = min(at, l.q.next)
	}
	if l.pingNow {
		return lastPing // at once
	}
	at = min(at, lastPing+l.pingEvery())
	if l.hello {
		for _, p := range l.pending {
			at = min(at, p.sentAt+l.cfg.Retransmit)
		}
	}
	return at
}

// due does the session's timed duties that are due: it ends a silent
// session, and sends Queries, pings and retransmissions.
func (l *Link) due(port Port, lastFrame time.Duration, lastPing *time.Duration) error {
	now := l.cfg.Clock()
	if now-lastFrame > l.cfg.Silence {
		return fmt.Errorf("%w for %v", errSilent, now-lastFrame)
	}
	if !l.hello && l.q.due(now) {
		if err := l.query(port, now); err != nil {
			return err
		}
	}
	if now-*lastPing >= l.pingEvery() || l.pingNow {
		*lastPing, l.pingNow = now, false
		if err := l.ping(port, now); err != nil {
			return err
		}
	}
	if l.hello {
		return l.retransmit(port, now)
	}
	return nil
}

// warmSamples is how many round trips a boot's clock fit needs before
// stamps are mapped through it: with one, a single slow round trip on a
// loaded host can put a stamp tens of ms off; the shortest of eight is
// close to the true delay. warmPingEvery is the ping period until then.
const (
	warmSamples   = 8
	warmPingEvery = 20 * time.Millisecond
)

// settleRatio: a ping period of 1/settleRatio of the time the fit has
// been taking round trips keeps two hundred of them across its span, so
// that the sparser later ones do not leave its slope to a cluster of
// early ones (extrapolated, a slope from a 13 s cluster puts stamps a
// minute later hundreds of µs off; at 1/200 the stamps stay as good as
// with pings every 100 ms throughout, TestSettledPingsKeepStampsGood).
// refitPings is how many round trips at PingEvery a pong that finds the
// fit off buys (a crystal that changed its rate, a host clock step). offSlack is how far outside its round
// trip a pong's device time may map, beyond the fit's own uncertainty,
// before the fit is off.
const (
	settleRatio = 200
	refitPings  = 64
	offSlack    = 250 * time.Microsecond
)

// querier paces the Queries of a connection that has no Hello: a Query
// can fall into a deaf device or be spoilt on the wire, so it is sent
// again, 100 ms after the first, then doubling up to MaxQueryBackoff.
type querier struct {
	next, every time.Duration
	sent        bool
}

func (q *querier) due(now time.Duration) bool { return !q.sent || now >= q.next }

// query sends a Query and schedules the next.
func (l *Link) query(port Port, now time.Duration) error {
	if l.q.sent {
		l.q.every = min(2*l.q.every, l.cfg.MaxQueryBackoff)
	}
	l.q.sent, l.q.next = true, now+l.q.every
	l.update(func(h *Health) { h.Queries++ })
	return l.write(port, mustEncode(fwproto.Query{}, 0))
}

// read moves bytes from the port to in. A timeout (io.EOF from a port
// with one) is "nothing yet".
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
				l.cfg.Logf("link: %s: command seq %d unacknowledged after %d sends; given up", l.cfg.Name, p.seq, p.tries)
				l.update(func(h *Health) { h.Dropped++ })
				continue
			}
			l.update(func(h *Health) { h.Retransmits++ })
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
