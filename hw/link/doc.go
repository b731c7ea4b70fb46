// Package link keeps the serial link to the seat and tile-reader
// controllers: it opens the port (github.com/tarm/serial, always with a
// read timeout), speaks fwproto, acknowledges and deduplicates the
// device's events, retransmits its own commands until they are
// acknowledged, pings the device to map its clock onto the host's
// (hw/clocksync), and when the cable is pulled or the line goes silent it
// closes, backs off and reopens, without losing an acknowledged frame.
package link
