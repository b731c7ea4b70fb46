package link

import (
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
	l.hello = false
	l.resetFit()
	l.order.reset()
	l.lastDev = 0
	l.q = querier{every: 100 * time.Millisecond}
	l.update(func(h *Health) { h.Up, h.SyncSamples, h.DriftPPM, h.MinRTT = false, 0, 0, 0 })
}

// oldBootUnacked is how many frames the device's boot may still have held
// unacknowledged: what its latest heartbeat said, less the Acks sent since
// (or just before: on their way when it was sent), or the seqs missing.
func (l *Link) oldBootUnacked() int {
	return max(int(l.lastQueued)-l.acksSince(l.lastBeat-ackFlight), l.order.nMissing)
}

// rebooted notes a reboot, and the frames it may have lost.
func (l *Link) rebooted(at time.Duration, text string) {
	n := l.oldBootUnacked()
	if l.suspect != "" {
		n = l.unackedAtReboot
	}
	l.newBoot()
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
	l.lastDev, l.lastQueued = 0, 0
	l.update(func(h *Health) { h.SyncSamples, h.DriftPPM, h.MinRTT = 0, 0, 0 })
}
