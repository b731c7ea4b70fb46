// Package fwproto is the wire protocol between tabled and the seat and tile
// reader microcontrollers on the serial link, as firmware-protocol.md at the
// repository root specifies it: COBS-framed bodies delimited by a zero byte,
// each body a type, a sequence number, a payload and a CRC-16/CCITT-FALSE.
//
// The package is pure: it turns bytes into frames and frames into messages
// and back, and never touches a port or a clock. The link that drives a
// port lives in package hw/link.
package fwproto
