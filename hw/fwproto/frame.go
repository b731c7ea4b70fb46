package fwproto

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Limits of a frame. A body is the type, the sequence number, the payload
// and the CRC; on the wire it is COBS-encoded and followed by a zero byte.
const (
	MaxPayload = 64
	// MaxBody is the longest body: type, seq, payload, CRC.
	MaxBody = 2 + MaxPayload + 2
	// MaxEncoded is the longest COBS block a receiver accepts before the
	// zero delimiter; anything longer is garbage.
	MaxEncoded = MaxBody + 1
	minBody    = 4
)

// Frame is one unit on the wire.
type Frame struct {
	// Type says what the payload is (see the message catalogue).
	Type Type
	// Seq is the sender's sequence number, 1..255, for frames the receiver
	// must acknowledge; 0 for frames that are not acknowledged (and, in an
	// Ack, the sequence number acknowledged).
	Seq     uint8
	Payload []byte
}

// Append appends the frame as it goes on the wire, delimiter included.
func (f Frame) Append(dst []byte) ([]byte, error) {
	if len(f.Payload) > MaxPayload {
		return dst, fmt.Errorf("fwproto: %s payload of %d bytes exceeds %d", f.Type, len(f.Payload), MaxPayload)
	}
	var body [MaxBody]byte
	body[0], body[1] = byte(f.Type), f.Seq
	n := 2 + copy(body[2:], f.Payload)
	binary.BigEndian.PutUint16(body[n:], CRC16(body[:n]))
	dst = cobsEncode(dst, body[:n+2])
	return append(dst, 0), nil
}

// FrameError is a block of bytes between two delimiters that is not a valid
// frame. Bytes holds them (as received, without the delimiter) so the link
// can log exactly what came over the wire.
type FrameError struct {
	Bytes  []byte
	Reason string
}

func (e *FrameError) Error() string {
	shown := e.Bytes
	more := ""
	if len(shown) > 24 {
		shown, more = shown[:24], fmt.Sprintf("... (%d bytes)", len(e.Bytes))
	}
	return fmt.Sprintf("fwproto: bad frame % x%s: %s", shown, more, e.Reason)
}

// Decoder splits a byte stream into frames. It never fails as a whole: a
// block that is not a frame is reported and skipped, and decoding goes on
// at the next delimiter, so garbage never costs the next good frame.
// The zero value is ready to use.
type Decoder struct {
	block    []byte
	overflow int // bytes of an over-long block seen so far; 0 when none
	body     []byte
}

// Feed consumes p and calls fn once per complete block: with the frame, or
// with a *FrameError. Frame payloads alias the decoder's buffer and are
// valid only during the call. Empty blocks (consecutive delimiters, which
// senders use to flush a receiver) are skipped silently.
func (d *Decoder) Feed(p []byte, fn func(Frame, error)) {
	for _, b := range p {
		if b != 0 {
			if d.overflow > 0 {
				d.overflow++
				continue
			}
			if len(d.block) == MaxEncoded {
				d.overflow = len(d.block) + 1
				continue
			}
			d.block = append(d.block, b)
			continue
		}
		switch {
		case d.overflow > 0:
			fn(Frame{}, &FrameError{Bytes: append([]byte(nil), d.block...), Reason: fmt.Sprintf("%d bytes without a delimiter, longer than any frame (%d)", d.overflow, MaxEncoded)})
		case len(d.block) > 0:
			f, err := d.decode(d.block)
			fn(f, err)
		}
		d.block, d.overflow = d.block[:0], 0
	}
}

// Pending is how many bytes of an unfinished block the decoder holds.
func (d *Decoder) Pending() int {
	if d.overflow > 0 {
		return d.overflow
	}
	return len(d.block)
}

func (d *Decoder) decode(block []byte) (Frame, error) {
	bad := func(reason string) (Frame, error) {
		return Frame{}, &FrameError{Bytes: append([]byte(nil), block...), Reason: reason}
	}
	body, err := cobsDecode(d.body[:0], block)
	d.body = body
	if err != nil {
		return bad("COBS: " + err.Error())
	}
	if len(body) < minBody {
		return bad(fmt.Sprintf("body of %d bytes is shorter than type, seq and CRC (%d)", len(body), minBody))
	}
	if len(body) > MaxBody {
		return bad(fmt.Sprintf("body of %d bytes exceeds %d", len(body), MaxBody))
	}
	n := len(body) - 2
	if got, want := binary.BigEndian.Uint16(body[n:]), CRC16(body[:n]); got != want {
		return bad(fmt.Sprintf("CRC 0x%04x, computed 0x%04x", got, want))
	}
	return Frame{Type: Type(body[0]), Seq: body[1], Payload: body[2:n]}, nil
}

// Decode decodes exactly one wire frame (delimiter optional), for tests and
// tools. The payload is a copy.
func Decode(wire []byte) (Frame, error) {
	if len(wire) > 0 && wire[len(wire)-1] == 0 {
		wire = wire[:len(wire)-1]
	}
	if i := bytes.IndexByte(wire, 0); i >= 0 {
		return Frame{}, &FrameError{Bytes: wire, Reason: fmt.Sprintf("zero byte at offset %d inside a frame", i)}
	}
	if len(wire) == 0 {
		return Frame{}, &FrameError{Reason: "empty frame"}
	}
	var (
		d   Decoder
		f   Frame
		err error
	)
	d.Feed(append(wire[:len(wire):len(wire)], 0), func(fr Frame, e error) {
		f, err = fr, e
		f.Payload = append([]byte(nil), fr.Payload...)
	})
	return f, err
}
