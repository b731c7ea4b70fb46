// Package link keeps the serial link to the seat and tile-reader
// controllers: it opens the port (raw termios in Go's poller on Linux,
// read by one goroutine with a deadline at its next duty, so an idle link
// wakes only for a frame or a duty; github.com/tarm/serial elsewhere),
// speaks fwproto, queries the device until it says who it is
// (refusing another device than the configured one), acknowledges its
// events only once the caller has made them durable, and never from a wire
// that has fallen behind the device's clock (its Ack, naming only a seq,
// could answer a newer frame of the same seq: frame.go), deduplicates them,
// retransmits its own commands until they are acknowledged (never reusing
// a seq the device may remember, across daemon restarts too), pings the
// device to map its clock onto the host's (hw/clocksync; often while the
// fit is young, every 500 ms once it is settled), tells the caller
// up to which stamp the device has delivered everything (its watermark),
// sees a reboot behind an open port from the stream itself (also after a
// stalled wire or a deaf spell, by the time that passed: reboot.go),
// reports what a referee must see (reboots, lost events, reader faults,
// another device) as notices, and when the cable is pulled or the line goes silent it
// closes, backs off and reopens, without losing an acknowledged frame.
// firmware-protocol.md is the protocol and says what the host relies on.
package link
