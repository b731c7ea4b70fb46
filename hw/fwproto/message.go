package fwproto

import (
	"encoding/binary"
	"fmt"
)

// Version is the protocol version this package speaks, sent in Hello.
const Version = 1

// Type is a frame's message type. Types below 0x80 go from a device to the
// host, 0x80 and above from the host to a device; Ack goes both ways.
type Type uint8

// The message catalogue (firmware-protocol.md, "Messages").
const (
	TypeHello     Type = 0x01
	TypeAck       Type = 0x06
	TypeButton    Type = 0x10
	TypeTileRead  Type = 0x11
	TypeTileGone  Type = 0x12
	TypePong      Type = 0x13
	TypeStatus    Type = 0x14
	TypeHeartbeat Type = 0x15
	TypeQuery     Type = 0x80
	TypeLED       Type = 0x81
	TypePing      Type = 0x82
)

var typeNames = map[Type]string{
	TypeHello: "hello", TypeAck: "ack", TypeButton: "button", TypeTileRead: "tile-read", TypeTileGone: "tile-gone",
	TypePong: "pong", TypeStatus: "status", TypeHeartbeat: "heartbeat", TypeQuery: "query", TypeLED: "led", TypePing: "ping",
}

// String names the type.
func (t Type) String() string {
	if n, ok := typeNames[t]; ok {
		return n
	}
	return fmt.Sprintf("type(0x%02x)", uint8(t))
}

// Known reports whether the type is in this version's catalogue.
func (t Type) Known() bool {
	_, ok := typeNames[t]
	return ok
}

// Sequenced reports whether frames of this type carry a sequence number
// and must be acknowledged (and retransmitted until they are).
func (t Type) Sequenced() bool {
	switch t {
	case TypeButton, TypeTileRead, TypeTileGone, TypeStatus, TypeLED:
		return true
	}
	return false
}

// Message is a decoded payload.
type Message interface {
	// Type is the message's frame type.
	Type() Type
	appendPayload([]byte) []byte
}

// Device kinds, a bit set in Hello.Kind.
const (
	KindSeats  = 1 << 0 // has call buttons
	KindReader = 1 << 1 // has NFC tile readers
	KindLEDs   = 1 << 2 // drives seat lights
)

// Hello is a device introducing itself, at boot and in answer to Query.
type Hello struct {
	Proto    uint8    // protocol version the device speaks
	Kind     uint8    // KindSeats | KindReader | KindLEDs
	Firmware [3]uint8 // major, minor, patch
	// BootID is random at each power-up: a new one tells the host the
	// device restarted (its clock and sequence numbers began again).
	BootID   uint32
	DeviceID uint32 // fixed per board, for logs
	Buttons  uint8  // button channels, 0..Buttons-1
	Readers  uint8  // tile readers, 0..Readers-1
}

// Ack acknowledges the sequenced frame whose Seq it carries.
type Ack struct{ Status AckStatus }

// AckStatus says what the receiver did with the acknowledged frame.
type AckStatus uint8

// The acknowledgement statuses.
const (
	AckOK          AckStatus = 0
	AckUnknownType AckStatus = 1
	AckBadPayload  AckStatus = 2
)

// Button is a debounced edge of a call button, stamped by the device's
// microsecond clock at the edge's first transition.
type Button struct {
	Channel uint8
	Pressed bool
	Time    uint64 // device clock, microseconds
}

// TileRead is a tag coming into a reader's field.
type TileRead struct {
	Reader uint8
	Time   uint64
	UID    []byte // 4, 7 or 10 bytes
}

// TileGone is a tag leaving a reader's field.
type TileGone TileRead

// Pong answers a Ping with the device clock when the ping arrived.
type Pong struct {
	ID   uint32
	Time uint64
}

// Status reports a condition on the device (StatusOverflow and the like).
type Status struct {
	Code uint8
	Text string // ASCII, at most MaxPayload-1 bytes
}

// The status codes.
const (
	StatusInfo        = 0 // informational text
	StatusOverflow    = 1 // the device's event queue overflowed; events were lost
	StatusReaderFault = 2 // a tile reader does not answer
	StatusBadCommand  = 3 // a host command could not be carried out
)

// Heartbeat is the device's periodic sign of life and counters.
type Heartbeat struct {
	Time        uint64
	BadFrames   uint16 // frames from the host dropped as garbage since boot
	Retransmits uint16 // sequenced frames sent again since boot
	Queued      uint8  // sequenced frames waiting for an Ack
}

// Query asks the device for a Hello.
type Query struct{}

// LED patterns, LED.Pattern.
const (
	PatternSteady    = 0
	PatternSlowBlink = 1 // 1 Hz
	PatternFastBlink = 2 // 4 Hz
	PatternDouble    = 3 // two flashes a second
)

// LED sets one seat light.
type LED struct {
	Channel  uint8
	R, G, B  uint8
	Pattern  uint8
	Duration uint16 // milliseconds, then off; 0: until changed
}

// Ping asks for a Pong, for clock synchronisation.
type Ping struct{ ID uint32 }

// Type implementations.
func (Hello) Type() Type     { return TypeHello }
func (Ack) Type() Type       { return TypeAck }
func (Button) Type() Type    { return TypeButton }
func (TileRead) Type() Type  { return TypeTileRead }
func (TileGone) Type() Type  { return TypeTileGone }
func (Pong) Type() Type      { return TypePong }
func (Status) Type() Type    { return TypeStatus }
func (Heartbeat) Type() Type { return TypeHeartbeat }
func (Query) Type() Type     { return TypeQuery }
func (LED) Type() Type       { return TypeLED }
func (Ping) Type() Type      { return TypePing }

var le = binary.LittleEndian

func (m Hello) appendPayload(b []byte) []byte {
	b = append(b, m.Proto, m.Kind, m.Firmware[0], m.Firmware[1], m.Firmware[2])
	b = le.AppendUint32(b, m.BootID)
	b = le.AppendUint32(b, m.DeviceID)
	return append(b, m.Buttons, m.Readers)
}
func (m Ack) appendPayload(b []byte) []byte { return append(b, byte(m.Status)) }
func (m Button) appendPayload(b []byte) []byte {
	p := byte(0)
	if m.Pressed {
		p = 1
	}
	return le.AppendUint64(append(b, m.Channel, p), m.Time)
}
func (m TileRead) appendPayload(b []byte) []byte {
	b = le.AppendUint64(append(b, m.Reader), m.Time)
	return append(append(b, byte(len(m.UID))), m.UID...)
}
func (m TileGone) appendPayload(b []byte) []byte { return TileRead(m).appendPayload(b) }
func (m Pong) appendPayload(b []byte) []byte {
	return le.AppendUint64(le.AppendUint32(b, m.ID), m.Time)
}
func (m Status) appendPayload(b []byte) []byte { return append(append(b, m.Code), m.Text...) }
func (m Heartbeat) appendPayload(b []byte) []byte {
	b = le.AppendUint64(b, m.Time)
	b = le.AppendUint16(b, m.BadFrames)
	b = le.AppendUint16(b, m.Retransmits)
	return append(b, m.Queued)
}
func (Query) appendPayload(b []byte) []byte { return b }
func (m LED) appendPayload(b []byte) []byte {
	return le.AppendUint16(append(b, m.Channel, m.R, m.G, m.B, m.Pattern), m.Duration)
}
func (m Ping) appendPayload(b []byte) []byte { return le.AppendUint32(b, m.ID) }

// NewFrame makes the frame for m with sequence number seq (0 for types that
// are not sequenced; for an Ack, the sequence number acknowledged).
func NewFrame(m Message, seq uint8) Frame {
	return Frame{Type: m.Type(), Seq: seq, Payload: m.appendPayload(nil)}
}

// Encode appends m's wire frame, delimiter included, to dst.
func Encode(dst []byte, m Message, seq uint8) ([]byte, error) {
	return NewFrame(m, seq).Append(dst)
}

// payloadSize is each fixed-size payload's length in this version. Longer
// payloads are accepted and the extra bytes ignored, so a later minor
// version can append fields; shorter ones are errors.
var payloadSize = map[Type]int{
	TypeHello: 15, TypeAck: 1, TypeButton: 10, TypeTileRead: 10, TypeTileGone: 10, TypePong: 12,
	TypeStatus: 1, TypeHeartbeat: 13, TypeQuery: 0, TypeLED: 7, TypePing: 4,
}

// Parse decodes a frame's payload. An unknown type or a payload too short
// for its type is an error naming the frame.
func Parse(f Frame) (Message, error) {
	p := f.Payload
	min, ok := payloadSize[f.Type]
	if !ok {
		return nil, fmt.Errorf("fwproto: unknown message type 0x%02x (seq %d, payload % x)", uint8(f.Type), f.Seq, p)
	}
	if len(p) < min {
		return nil, fmt.Errorf("fwproto: %s payload of %d bytes, want at least %d (% x)", f.Type, len(p), min, p)
	}
	if f.Type.Sequenced() && f.Seq == 0 {
		return nil, fmt.Errorf("fwproto: %s frame without a sequence number", f.Type)
	}
	switch f.Type {
	case TypeHello:
		return Hello{Proto: p[0], Kind: p[1], Firmware: [3]uint8{p[2], p[3], p[4]}, BootID: le.Uint32(p[5:]), DeviceID: le.Uint32(p[9:]),
			Buttons: p[13], Readers: p[14]}, nil
	case TypeAck:
		return Ack{Status: AckStatus(p[0])}, nil
	case TypeButton:
		if p[1] > 1 {
			return nil, fmt.Errorf("fwproto: button edge %d is neither 0 (released) nor 1 (pressed)", p[1])
		}
		return Button{Channel: p[0], Pressed: p[1] == 1, Time: le.Uint64(p[2:])}, nil
	case TypeTileRead, TypeTileGone:
		n := int(p[9])
		if n != 4 && n != 7 && n != 10 {
			return nil, fmt.Errorf("fwproto: %s UID length %d, want 4, 7 or 10", f.Type, n)
		}
		if len(p) < 10+n {
			return nil, fmt.Errorf("fwproto: %s payload of %d bytes is short of its %d-byte UID", f.Type, len(p), n)
		}
		m := TileRead{Reader: p[0], Time: le.Uint64(p[1:]), UID: append([]byte(nil), p[10:10+n]...)}
		if f.Type == TypeTileGone {
			return TileGone(m), nil
		}
		return m, nil
	case TypePong:
		return Pong{ID: le.Uint32(p), Time: le.Uint64(p[4:])}, nil
	case TypeStatus:
		for i, c := range p[1:] {
			if c < 0x20 || c > 0x7e {
				return nil, fmt.Errorf("fwproto: status text byte %d is 0x%02x, not printable ASCII", i, c)
			}
		}
		return Status{Code: p[0], Text: string(p[1:])}, nil
	case TypeHeartbeat:
		return Heartbeat{Time: le.Uint64(p), BadFrames: le.Uint16(p[8:]), Retransmits: le.Uint16(p[10:]), Queued: p[12]}, nil
	case TypeQuery:
		return Query{}, nil
	case TypeLED:
		return LED{Channel: p[0], R: p[1], G: p[2], B: p[3], Pattern: p[4], Duration: le.Uint16(p[5:])}, nil
	default: // TypePing
		return Ping{ID: le.Uint32(p)}, nil
	}
}
