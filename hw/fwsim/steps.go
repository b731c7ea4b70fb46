package fwsim

import "time"

// This file holds what tests use to order what the device does by steps
// rather than by pauses: a stamp in the past, and a wire held until told.

// PressAgo presses button ch as firmware that confirms a press before it
// sends it does: stamped at its first edge, ago before now, and sent now.
// It returns the host time of the stamp. The protocol lets a stamp be up
// to the host's DeviceLag (10 ms by default) older than the device's clock
// when it is sent; an older one may fall behind the watermark the device's
// earlier frames gave, and reach the host late.
func (d *Device) PressAgo(ch uint8, ago time.Duration) time.Duration {
	return d.button(ch, true, ago)
}

// Stall holds every frame the device sends, in order, until Resume: a wire
// that delivers nothing for a while (a USB serial adapter whose buffer the
// host does not drain). The device goes on hearing, queueing, sending
// heartbeats and retransmitting; on Resume everything held goes out at
// once. A test stalls the wire to make a frame arrive after something
// else as a step, however fast or slow the machine.
func (d *Device) Stall() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.stalled = true
}

// Resume sends what Stall held and lets frames out as they fall due again.
func (d *Device) Resume() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.stalled = false
	select {
	case d.wake <- struct{}{}:
	default:
	}
}
