package link

import (
	"bytes"
	"fmt"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
)

// This file holds how the link sees a device reboot behind a port that
// stays open (firmware-protocol.md, Reboots): from the stream itself, and
// what it forgets and notes when it does.

// clockBackSlack is how far a device's clock may seem to go back between a
// pong and a heartbeat (sampled in an interrupt and in the main loop, sent
// in either order) before the host takes it for a reboot.
const clockBackSlack = 50_000 // µs

// clockWentBack reports whether device time t, of a pong or heartbeat, is
// before the boot's latest by more than the slack: the device restarted.
func (l *Link) clockWentBack(port Port, t uint64, at time.Duration) bool {
	if l.lastDev > clockBackSlack && t < l.lastDev-clockBackSlack {
		l.newClock = t
		l.suspectReboot(at, fmt.Sprintf("device clock went back from %d µs to %d µs", l.lastDev, t), false)
		return true
	}
	l.lastDev = max(l.lastDev, t)
	return false
}

// suspectReboot reacts to a reboot seen in the stream: nothing more is
// taken from the device until it answers a Query, and its clock fit,
// fitted to the old boot's clock, is dropped. seqs says the seqs began
// again, so the new Hello starts a new boot even with the same boot id.
func (l *Link) suspectReboot(at time.Duration, why string, seqs bool) {
	l.cfg.Logf("link: %s: device reboot suspected (%s): querying it", l.cfg.Name, why)
	l.suspect, l.suspectSeqs = why, seqs
	l.unackedAtReboot = l.oldBootUnacked()
	l.shownAt, l.shownDev = -1, 0
	if l.newClock > 0 {
		l.shownAt, l.shownDev = at, l.newClock
	}
	l.newClock = 0
	l.hello = false
	l.resetFit()
	l.order.reset()
	l.lastDev = 0
	l.q = querier{every: 100 * time.Millisecond}
	l.update(func(h *Health) { h.Up, h.SyncSamples, h.DriftPPM, h.MinRTT = false, 0, 0, 0 })
}

// oldBootUnacked is how many frames the device's boot may still have held
// unacknowledged: what its latest heartbeat said, less the Acks sent since
// the device sent it (or just before: on their way then), or the seqs
// missing.
// A seq that arrived stamped no later than the new boot's clock reading
// that showed the reboot (l.newClock) was the new boot's: not counted.
// So was a heartbeat that read no later than it and came after the boot's
// latest round trip: on a young boot (known by one reading, its wire
// stalled), the next boot's heartbeat may come before the pong that shows
// it, counting the new boot's own press, held for the fit, as the old
// boot's loss. One that came before that round trip, or read later than
// the new clock, can only be the old boot's.
func (l *Link) oldBootUnacked() int {
	queued := int(l.lastQueued)
	if l.newClock > 0 && l.lastBeat > l.rtAt && l.lastBeatDev <= l.newClock {
		queued = 0
	}
	return max(queued-l.acksSince(l.lastBeatSent-ackFlight), l.order.lost(l.newClock))
}

// rebooted notes a reboot, and the frames it may have lost. The new
// boot's clock reading that showed it, if one did, is the new boot's
// first: a ping sent after it must come back at least that far on (at 1%
// slow), or the device rebooted again. A young boot that stalls or goes
// deaf before its first round trip may give the host no other reading,
// and a reboot then, its clock still short of where that one reading puts
// the boot's, would be taken for the boot it followed.
func (l *Link) rebooted(at time.Duration, text string) {
	n := l.oldBootUnacked()
	shown := l.suspect != "" && l.shownAt >= 0
	if l.suspect != "" {
		n = l.unackedAtReboot
	}
	l.newBoot()
	if shown {
		l.lastDev = l.shownDev
		l.roundTrip(l.shownAt, l.shownDev)
	}
	l.notice(at, NoticeReboot, text)
	if n > 0 {
		l.notice(at, NoticeEventsLost, fmt.Sprintf("the reboot lost up to %d frames the old boot had not had acknowledged", n))
	}
}

// newBoot forgets what belonged to the device's last boot.
func (l *Link) newBoot() {
	l.resetFit()
	l.seen = fwproto.Dedupe{}
	l.got = [256][]byte{}
	l.order.reset()
	l.lastDev, l.lastQueued, l.lastBeatDev = 0, 0, 0
	l.update(func(h *Health) { h.SyncSamples, h.DriftPPM, h.MinRTT = 0, 0, 0 })
}

// The latest reading of the device's clock says little about a reboot once
// the stream has been broken: after a quiet spell (a stalled wire, a deaf
// device whose pongs did not come, a host that did not read) a new boot's
// clock may already be past the old boot's latest reading, and a seq that
// breaks the sequence may be a new boot's first. What cannot be wrong is
// the time that passed: a pong's device time was read after its ping
// left, so on the same clock it is at least the latest round trip's plus
// the host time from that round trip's pong to this ping (at the slowest
// rate a clock may run). So after a break no stamped event is taken, nor a
// heartbeat's count, until a ping sent since comes back on the boot's
// clock (or shows the reboot).

// quietGap is how long without a frame breaks the stream: the device's
// heartbeat period (250 ms) and a margin for a loaded host.
const quietGap = 300 * time.Millisecond

// rateSlack: a device's clock runs at the host's rate within 1/rateSlack
// (1%: a ceramic resonator's tolerance is 0.5%).
const rateSlack = 100

// heard notes a good frame at at, and a quiet spell before it.
func (l *Link) heard(at time.Duration) {
	if l.lastHeard >= 0 && at-l.lastHeard > quietGap {
		l.confirm(at, fmt.Sprintf("nothing heard for %v", (at-l.lastHeard).Round(time.Millisecond)))
	}
	l.lastHeard = at
}

// confirm asks for a round trip on the boot's fit before the next stamped
// event is taken, and pings at once for it. Without a fit there is
// nothing to confirm: the fit's first round trips are all to come.
func (l *Link) confirm(at time.Duration, why string) {
	if l.confirmFrom >= 0 || l.sync.Samples() == 0 {
		return
	}
	l.cfg.Debugf("link: %s: %s: events wait for a round trip on the clock fit", l.cfg.Name, why)
	l.confirmFrom, l.pingNow = at, true
}

// heldFrame is a stamped frame that arrived at at while the stream was
// unconfirmed.
type heldFrame struct {
	f  fwproto.Frame
	at time.Duration
}

// holdUnconfirmed keeps a stamped frame, unacknowledged, for the round
// trip that confirms the fit (a few ms away), so that it is taken then and
// not at its retransmission 100 ms later. A seq already held is not kept
// twice.
func (l *Link) holdUnconfirmed(f fwproto.Frame, at time.Duration) {
	for _, h := range l.unconfirmed {
		if h.f.Seq == f.Seq {
			return
		}
	}
	f.Payload = bytes.Clone(f.Payload)
	l.unconfirmed = append(l.unconfirmed, heldFrame{f, at})
}

// confirmed notes a pong on the fit for a ping sent at sent; one sent
// since the stream was broken confirms it, and the frames held meanwhile
// are taken, in the order they came.
func (l *Link) confirmed(port Port, sent time.Duration) error {
	if l.confirmFrom < 0 || sent < l.confirmFrom {
		return nil
	}
	held := l.unconfirmed
	l.confirmFrom, l.unconfirmed = -1, nil
	for _, h := range held {
		m, err := fwproto.Parse(h.f)
		if err != nil {
			continue // only frames that parsed are held
		}
		if err := l.sequenced(port, h.f, m, fwproto.AckOK, h.at); err != nil {
			return err
		}
	}
	return nil
}

// clockBehindPing reports whether a pong's device time dev, read when the
// ping sent at sent arrived, is behind the boot's latest round trip (its
// device time read before its pong came) by more than the slack, counting
// the host time from that pong to this ping at the slowest rate a clock
// runs: the clock that read it is not that boot's, the device restarted.
// It needs no fit: a young one's slope is no ground.
func (l *Link) clockBehindPing(sent time.Duration, dev uint64, at time.Duration) bool {
	if l.rtAt < 0 || sent <= l.rtAt {
		return false
	}
	gone := sent - l.rtAt
	least := l.rtDev + uint64((gone - gone/rateSlack).Microseconds())
	if dev+clockBackSlack >= least {
		return false
	}
	l.newClock = dev
	l.suspectReboot(at, fmt.Sprintf("device clock read %d µs for a ping sent %v after a round trip that read %d µs",
		dev, gone.Round(time.Millisecond), l.rtDev), false)
	return true
}

// roundTrip notes the boot's latest round trip: its pong came at at with
// device time dev.
func (l *Link) roundTrip(at time.Duration, dev uint64) { l.rtAt, l.rtDev = at, dev }
