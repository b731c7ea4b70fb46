package link

import "github.com/tabled/tabled/hw/fwproto"

// order follows one boot's sequenced frames to say up to which device time
// everything the device sent has been delivered: the watermark's device
// side. Frames come in order on the wire, but one spoilt by noise comes
// again 100 ms later, after the frames sent behind it; until it does, the
// frontier holds. What holds it:
//
//   - a gap: a frame arrived whose seq is ahead of the one expected; the
//     skipped seqs are missing until they arrive (or a heartbeat says the
//     device holds nothing, so they never will);
//   - a bad block: it may have been a sequenced frame (a pong or
//     heartbeat cannot show a gap), so each one holds until a frame
//     arrives in order (the retransmission, or the next) or a heartbeat
//     says the device holds nothing;
//   - a frame the host left unacknowledged (no clock fit yet for its
//     stamp, or not durable): missing, like a gap, until it is delivered;
//   - a heartbeat saying frames wait for their Ack, or a new connection
//     (the device may hold frames it has not sent again yet): one frame in
//     order, or an empty heartbeat, releases it;
//   - the first frame of a boot, when it is not seq 1: what came before is
//     unknown until a heartbeat says the device holds nothing.
type order struct {
	started  bool
	next     uint8 // the seq expected next
	missing  [256]bool
	nMissing int
	weak     int  // holds released by a frame in order
	strong   bool // a hold only an empty heartbeat releases
	latest   uint64
	has      bool // latest is set
	// untaken is 1 + the stamp of each seq that arrived but was not taken
	// (0: none did).
	untaken [256]uint64
}

// succ is the seq after s: 1..255, wrapping to 1.
func succ(s uint8) uint8 { return s%255 + 1 }

// ahead is how far seq b is after a, 0..254, on the ring 1..255.
func ahead(a, b uint8) int { return (int(b) - int(a) + 255) % 255 }

func (o *order) reset() { *o = order{} }

// hold adds a hold that a frame in order releases.
func (o *order) hold() { o.weak++ }

// holdOnce makes sure at least one such hold is on.
func (o *order) holdOnce() { o.weak = max(o.weak, 1) }

// seen records device time t (of an event, pong or heartbeat).
func (o *order) seen(t uint64) {
	if !o.has || t > o.latest {
		o.latest, o.has = t, true
	}
}

// delivered records a new sequenced frame taken by the host, with its
// stamp if it has one.
func (o *order) delivered(seq uint8, t uint64, stamped bool) {
	if stamped {
		o.seen(t)
	}
	if !o.started {
		o.started, o.next = true, succ(seq)
		if seq == 1 { // the boot's first: nothing before it
			o.weak = max(0, o.weak-1)
		} else {
			o.strong = true
		}
		return
	}
	switch d := ahead(o.next, seq); {
	case d == 0:
		o.next = succ(seq)
		o.weak = max(0, o.weak-1)
	case d < fwproto.DedupeWindow:
		for s := o.next; s != seq; s = succ(s) {
			if !o.missing[s] {
				o.missing[s], o.untaken[s] = true, 0
				o.nMissing++
			}
		}
		o.next = succ(seq)
	default: // behind: the retransmission of a missing one
		if o.missing[seq] {
			o.missing[seq] = false
			o.nMissing--
		}
	}
}

// unexpected reports whether a new seq breaks the sequence: the boot's
// first, or neither the one expected next nor one missing. A device whose
// seqs began again (a reboot) sends such a seq.
func (o *order) unexpected(seq uint8) bool {
	return !o.started || seq != o.next && !o.missing[seq]
}

// notTaken records a sequenced frame that arrived but was left
// unacknowledged (no clock fit for its stamp yet, or not durable): it is
// missing until it is delivered.
func (o *order) notTaken(seq uint8, t uint64) {
	defer func() { o.untaken[seq] = t + 1 }()
	if !o.started {
		o.started, o.next = true, seq
		o.strong = seq != 1
	}
	if ahead(o.next, seq) < fwproto.DedupeWindow {
		for s := o.next; ; s = succ(s) {
			if !o.missing[s] {
				o.missing[s], o.untaken[s] = true, 0
				o.nMissing++
			}
			if s == seq {
				break
			}
		}
		o.next = succ(seq)
	} else if !o.missing[seq] {
		o.missing[seq] = true
		o.nMissing++
	}
}

// heartbeat records a heartbeat: with nothing queued on the device, every
// frame it sent before has been acknowledged, so nothing is missing; the
// seqs still missing were dropped, and are returned.
func (o *order) heartbeat(t uint64, queued uint8) (lost []uint8) {
	o.seen(t)
	if queued > 0 {
		o.holdOnce()
		return nil
	}
	for s := range o.missing {
		if o.missing[s] {
			lost = append(lost, uint8(s))
		}
	}
	o.missing, o.nMissing, o.weak, o.strong = [256]bool{}, 0, 0, false
	return lost
}

// otherStamp reports whether seq arrived before, was not taken, and bore
// another stamp than t: not its retransmission, a new boot's frame.
func (o *order) otherStamp(seq uint8, t uint64) bool {
	return o.missing[seq] && o.untaken[seq] > 0 && o.untaken[seq]-1 != t
}

// lost is how many seqs are missing, less those that arrived stamped at
// or before clock, a new boot's reading that showed a reboot: those were
// the new boot's first frames, which it sends again.
func (o *order) lost(clock uint64) int {
	n := o.nMissing
	for s, t := range o.untaken {
		if o.missing[s] && t > 0 && t-1 <= clock {
			n--
		}
	}
	return n
}

// frontier is the device time up to which all is delivered, lag before
// the latest seen, or false while something holds it.
func (o *order) frontier(lag uint64) (uint64, bool) {
	if !o.has || o.nMissing > 0 || o.weak > 0 || o.strong || o.latest < lag {
		return 0, false
	}
	return o.latest - lag, true
}
