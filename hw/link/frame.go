package link

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/tabled/tabled/hw/clocksync"
	"github.com/tabled/tabled/hw/fwproto"
)

// frame handles one good frame that arrived at at.
func (l *Link) frame(port Port, f fwproto.Frame, at time.Duration) error {
	l.update(func(h *Health) { h.LastFrame = at })
	l.heard(at)
	m, err := fwproto.Parse(f)
	if err != nil {
		l.update(func(h *Health) { h.BadMessages++ })
		l.cfg.Logf("link: %s: %v", l.cfg.Name, err)
		if f.Seq != 0 && f.Type != fwproto.TypeAck {
			// A frame with a seq is sequenced whatever its type: it takes
			// its place in the sequence and is acknowledged, or the device
			// sends it forever.
			st := fwproto.AckBadPayload
			if !f.Type.Known() {
				st = fwproto.AckUnknownType
			}
			return l.sequenced(port, f, nil, st, at)
		}
		return nil
	}
	switch m := m.(type) {
	case fwproto.Hello:
		return l.onHello(m, at)
	case fwproto.Ack:
		for i, p := range l.pending {
			if p.seq == f.Seq {
				l.pending = append(l.pending[:i], l.pending[i+1:]...)
				l.update(func(h *Health) { h.Pending = len(l.pending) })
				break
			}
		}
		return nil
	case fwproto.Pong:
		if !l.hello || l.clockWentBack(port, m.Time, at) {
			return nil
		}
		if p := l.pings[m.ID%uint32(len(l.pings))]; p.id == m.ID {
			if l.clockBehindPing(p.sentAt, m.Time, at) {
				return nil
			}
			l.roundTrip(at, m.Time)
			l.checkFit(p.sentAt, at, m.Time)
			l.sync.Add(clocksync.Sample{Sent: p.sentAt, Received: at, Device: m.Time})
			l.update(func(h *Health) {
				h.SyncSamples, h.DriftPPM, h.MinRTT = l.sync.Samples(), l.sync.Drift(), l.sync.MinRTT()
			})
			if err := l.confirmed(port, p.sentAt); err != nil {
				return err
			}
		}
		l.order.seen(m.Time)
		l.advance(at)
		return nil
	case fwproto.Heartbeat:
		l.update(func(h *Health) { h.DeviceHeartbeat = m })
		if !l.hello || l.clockWentBack(port, m.Time, at) || l.confirmFrom >= 0 {
			// Unconfirmed, it may be a new boot's: its queued count
			// would release holds and call the old boot's seqs lost.
			return nil
		}
		l.lastQueued, l.lastBeat, l.lastBeatDev = m.Queued, at, m.Time
		l.lastBeatSent = at
		if h, u, ok := l.sync.Map(m.Time); ok {
			// When the device sent it, on its own clock: a host that read it
			// late (a loaded one) would count an Ack that left before it as
			// one that reached the device first.
			l.lastBeatSent = min(h-u, at)
		}
		if lost := l.order.heartbeat(m.Time, m.Queued); len(lost) > 0 {
			l.notice(at, NoticeEventsLost, fmt.Sprintf("%d sequenced frames (seq %v) that later frames passed never came, and the device holds none: lost", len(lost), lost))
		}
		l.advance(at)
		return nil
	}
	if !f.Type.Sequenced() {
		return nil // a host-bound type from a confused device: nothing to do
	}
	return l.sequenced(port, f, m, fwproto.AckOK, at)
}

// sequenced takes a sequenced frame (m nil: one that did not parse) and
// acknowledges it with st once it is delivered.
func (l *Link) sequenced(port Port, f fwproto.Frame, m fwproto.Message, st fwproto.AckStatus, at time.Duration) error {
	if !l.hello {
		// Until the Hello says which boot this is, a sequence number could
		// be an old boot's: leave it unacknowledged, the device sends again.
		return nil
	}
	key := append([]byte{byte(f.Type)}, f.Payload...)
	if l.seen.Seen(f.Seq) {
		if bytes.Equal(l.got[f.Seq], key) {
			l.update(func(h *Health) { h.Duplicates++ })
			return l.ackCurrent(port, f, m, st)
		}
		// A repeat is byte for byte: the same seq with other content means
		// the device's seqs began again.
		l.suspectReboot(at, fmt.Sprintf("seq %d came again with other content", f.Seq), true)
		return nil
	}
	ev, stamped := l.event(m, at)
	if stamped && l.order.otherStamp(f.Seq, ev.Device) {
		// As a repeat of a remembered seq with other content.
		l.suspectReboot(at, fmt.Sprintf("seq %d, not taken before, came again with another stamp", f.Seq), true)
		return nil
	}
	if stamped {
		if l.sync.Samples() >= warmSamples && l.order.unexpected(f.Seq) {
			l.confirm(at, fmt.Sprintf("seq %d, not the one expected", f.Seq))
		}
		if l.sync.Samples() < warmSamples {
			// Too few round trips yet in this boot to map the stamp well.
			// Unacknowledged, it comes again 100 ms later, after more.
			l.order.notTaken(f.Seq, ev.Device)
			return nil
		}
		if l.confirmFrom >= 0 {
			// None since the stream was broken: the boot may have ended.
			l.holdUnconfirmed(f, at)
			l.order.notTaken(f.Seq, ev.Device)
			return nil
		}
		ev.Seq = f.Seq
		if err := l.cfg.OnEvent(ev); err != nil {
			l.cfg.Logf("link: %s: %s seq %d not taken, left for the device to send again: %v", l.cfg.Name, ev.Kind, f.Seq, err)
			l.update(func(h *Health) { h.NotDurable++ })
			l.order.notTaken(f.Seq, ev.Device)
			return nil
		}
		l.update(func(h *Health) { h.Events++ })
	}
	if s, ok := m.(fwproto.Status); ok {
		l.status(s, at)
	}
	l.seen.Add(f.Seq)
	l.got[f.Seq] = key
	l.order.delivered(f.Seq, ev.Device, stamped)
	l.advance(at)
	return l.ackCurrent(port, f, m, st)
}

// staleAck is how far behind the device's clock the wire may have fallen
// when the host acknowledges what it read: past it, the device may have
// given the frame's seq to a newer frame (a device that drops its oldest
// frames on overflow and numbers 50 to 200 presses a second wraps its 255
// seqs in seconds), and an Ack, which names only the seq, would
// acknowledge that newer frame, never taken. The device resends every
// 100 ms what is still unacknowledged, and a heartbeat comes every
// 250 ms: a host keeping up has read a device time (an event's stamp, a
// heartbeat, a pong) within this of the device's clock.
const staleAck = 300 * time.Millisecond

// ackCurrent acknowledges the sequenced frame f (m nil: it did not parse)
// with st, unless the wire has fallen behind the device's clock by more
// than staleAck: then the frame, taken, is left unacknowledged; if the
// device still holds it, its next send is a repeat, acknowledged once the
// host has caught up with the wire.
func (l *Link) ackCurrent(port Port, f fwproto.Frame, m fwproto.Message, st fwproto.AckStatus) error {
	read := l.lastDev
	if ev, stamped := l.event(m, 0); stamped {
		read = max(read, ev.Device)
	}
	if h, _, ok := l.sync.Map(read); ok {
		if behind := l.cfg.Clock() - h; behind > staleAck {
			l.update(func(h *Health) { h.StaleAcks++ })
			return nil
		}
	}
	return l.ack(port, f.Seq, st)
}

// ackFlight is how long an Ack may take to reach the device on a loaded
// host: a heartbeat sent within it may still count the frame.
const ackFlight = 50 * time.Millisecond

// ack acknowledges seq, noting when.
func (l *Link) ack(port Port, seq uint8, st fwproto.AckStatus) error {
	l.acks[l.nAcks%uint64(len(l.acks))] = l.cfg.Clock()
	l.nAcks++
	return l.write(port, mustEncode(fwproto.Ack{Status: st}, seq))
}

// acksSince counts the Acks sent at or after t.
func (l *Link) acksSince(t time.Duration) int {
	n := 0
	for i := range min(l.nAcks, uint64(len(l.acks))) {
		if l.acks[i] >= t {
			n++
		}
	}
	return n
}

// status turns a device's Status into a notice.
func (l *Link) status(s fwproto.Status, at time.Duration) {
	l.cfg.Logf("link: %s: device status %d: %s", l.cfg.Name, s.Code, s.Text)
	kind, what := NoticeDeviceStatus, "status"
	switch s.Code {
	case fwproto.StatusOverflow:
		kind, what = NoticeEventsLost, "event queue overflow, events lost"
	case fwproto.StatusReaderFault:
		kind, what = NoticeReaderFault, "tile reader fault"
	case fwproto.StatusBadCommand:
		what = "command not carried out"
	}
	l.notice(at, kind, fmt.Sprintf("%s (status %d): %s", what, s.Code, s.Text))
}

// notice reports n and counts it.
func (l *Link) notice(at time.Duration, kind NoticeKind, text string) {
	id := "device ?"
	if l.known {
		id = fmt.Sprintf("device %08x", l.deviceID)
	}
	l.update(func(h *Health) {
		switch kind {
		case NoticeReboot:
			h.Reboots++
		case NoticeEventsLost:
			h.EventsLost++
		case NoticeReaderFault:
			h.ReaderFaults++
		case NoticeDeviceChanged:
			h.DeviceChanges++
		case NoticeDeviceRefused:
			h.Refused++
		}
	})
	if !strings.HasPrefix(text, "device ") {
		text = id + ": " + text
	}
	text = "serial " + l.cfg.Name + ": " + text
	l.cfg.Logf("link: notice %s: %s", kind, text)
	l.cfg.OnNotice(Notice{At: at, Kind: kind, Text: text})
}

// checkFit counts a round trip (sent, received, device time dev) towards
// a settled fit (its span), and finds the fit off when it maps dev
// outside the round trip by more than its uncertainty and offSlack: the
// host was surely between sent and received then, so the fit needs fresh
// round trips quickly, at PingEvery.
func (l *Link) checkFit(sent, received time.Duration, dev uint64) {
	l.fastPings = max(l.fastPings-1, 0)
	if l.fitFrom < 0 {
		l.fitFrom = sent
	}
	l.fitSpan = received - l.fitFrom
	if l.sync.Samples() < warmSamples {
		return
	}
	h, u, ok := l.sync.Map(dev)
	if !ok || (h+u+offSlack >= sent && h-u-offSlack <= received) {
		return
	}
	if l.fastPings == 0 {
		l.cfg.Logf("link: %s: a round trip (%v..%v) maps %v away from the clock fit: pinging every %v again", l.cfg.Name,
			sent, received, max(sent-h, h-received).Round(time.Microsecond), l.cfg.PingEvery)
	}
	l.fastPings = max(l.fastPings, refitPings)
}

// resetFit drops the clock fit: the device's clock began again.
func (l *Link) resetFit() {
	l.sync.Reset()
	l.fitFrom, l.fitSpan, l.fastPings = -1, 0, 0
	// The new fit's round trips all come after; what was held for the old
	// one, unacknowledged, the device sends again.
	l.confirmFrom, l.unconfirmed, l.rtAt = -1, nil, -1
}

func (l *Link) onHello(m fwproto.Hello, at time.Duration) error {
	if m.Proto != fwproto.Version {
		msg := fmt.Sprintf("device %08x speaks protocol version %d, this tabled %d: its events are not taken", m.DeviceID, m.Proto, fwproto.Version)
		l.update(func(h *Health) { h.LastError = msg })
		if l.refused != msg {
			l.refused = msg
			l.notice(at, NoticeDeviceRefused, msg)
		}
		l.hello = false
		return nil
	}
	if want := l.cfg.DeviceID; want != nil && m.DeviceID != *want {
		msg := fmt.Sprintf("device %08x answered, but device_id is %08x: refused", m.DeviceID, *want)
		l.update(func(h *Health) { h.LastError = msg })
		if l.refused != msg {
			l.refused = msg
			l.notice(at, NoticeDeviceRefused, msg)
		}
		return fmt.Errorf("%w: %s", errRefused, msg)
	}
	l.refused = ""
	switch {
	case !l.known:
		l.newBoot()
	case m.DeviceID != l.deviceID:
		l.newBoot()
		l.notice(at, NoticeDeviceChanged, fmt.Sprintf("device %08x replaced device %08x", m.DeviceID, l.deviceID))
	case m.BootID != l.boot:
		why := ""
		if l.suspect != "" {
			why = ", seen as " + l.suspect
		}
		l.rebooted(at, fmt.Sprintf("device %08x rebooted (boot id %08x, was %08x%s): clock fit dropped, its new events are taken", m.DeviceID, m.BootID, l.boot, why))
	case l.suspect != "" && l.suspectSeqs:
		l.rebooted(at, fmt.Sprintf("device %08x restarted its seqs (%s) with the same boot id %08x: taken as a reboot", m.DeviceID, l.suspect, m.BootID))
	case l.suspect != "":
		l.cfg.Logf("link: %s: %s, yet the boot id %08x is unchanged: clock fit dropped, seqs kept", l.cfg.Name, l.suspect, m.BootID)
	}
	l.known, l.boot, l.deviceID, l.suspect = true, m.BootID, m.DeviceID, ""
	if !l.hello {
		l.cfg.Logf("link: %s: device %08x (boot %08x) firmware %d.%d.%d, %d buttons, %d readers", l.cfg.Name, m.DeviceID, m.BootID,
			m.Firmware[0], m.Firmware[1], m.Firmware[2], m.Buttons, m.Readers)
		l.pingNow = true // a clock fit soon: events wait for it
	}
	l.hello = true
	l.update(func(h *Health) { h.Device, h.Up = &m, true })
	l.setLive(true)
	if l.lostAt >= 0 {
		l.notice(at, NoticeLinkBack, fmt.Sprintf("answers again after %v", (at-l.lostAt).Round(time.Millisecond)))
		l.lostAt = -1
	}
	return nil
}

// event makes the Event of m; stamped says m is an event with a device
// stamp (a Status is not).
func (l *Link) event(m fwproto.Message, at time.Duration) (ev Event, stamped bool) {
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
	}
	return ev, true
}

// advance moves the watermark to the device's frontier, if that is later.
func (l *Link) advance(at time.Duration) {
	if !l.hello || l.sync.Samples() == 0 {
		return
	}
	front, ok := l.order.frontier(uint64(l.cfg.DeviceLag.Microseconds()))
	if !ok {
		return
	}
	h, _, ok := l.sync.Map(front)
	if !ok {
		return
	}
	h = min(h, at)
	if h > l.mark {
		l.mark = h
		l.update(func(hl *Health) { hl.Watermark = h })
		l.cfg.OnWatermark(h, l.live)
	}
}

// setLive reports a change of liveness.
func (l *Link) setLive(live bool) {
	if live != l.live {
		l.live = live
		l.cfg.OnWatermark(l.mark, live)
	}
}
