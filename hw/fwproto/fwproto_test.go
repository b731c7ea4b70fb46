package fwproto

import (
	"bytes"
	"encoding/hex"
	"errors"
	"reflect"
	"testing"
)

func TestCRC16CheckValue(t *testing.T) {
	if got := CRC16([]byte("123456789")); got != 0x29B1 {
		t.Fatalf("CRC16(123456789) = 0x%04X, want 0x29B1 (CRC-16/CCITT-FALSE)", got)
	}
}

func TestCOBS(t *testing.T) {
	// The vectors of Cheshire and Baker's paper, as usually tabulated.
	long := bytes.Repeat([]byte{0x01}, 254)
	for _, tc := range []struct{ in, out []byte }{
		{[]byte{0x00}, []byte{0x01, 0x01}},
		{[]byte{0x00, 0x00}, []byte{0x01, 0x01, 0x01}},
		{[]byte{0x00, 0x11, 0x00}, []byte{0x01, 0x02, 0x11, 0x01}},
		{[]byte{0x11, 0x22, 0x00, 0x33}, []byte{0x03, 0x11, 0x22, 0x02, 0x33}},
		{[]byte{0x11, 0x22, 0x33, 0x44}, []byte{0x05, 0x11, 0x22, 0x33, 0x44}},
		{[]byte{0x11, 0x00, 0x00, 0x00}, []byte{0x02, 0x11, 0x01, 0x01, 0x01}},
		{long, append(append([]byte{0xFF}, long...), 0x01)},
	} {
		enc := cobsEncode(nil, tc.in)
		if !bytes.Equal(enc, tc.out) {
			t.Errorf("encode % x = % x, want % x", tc.in, enc, tc.out)
		}
		dec, err := cobsDecode(nil, enc)
		if err != nil || !bytes.Equal(dec, tc.in) {
			t.Errorf("decode % x = % x, %v; want % x", enc, dec, err, tc.in)
		}
	}
}

// TestWorkedExample is the example frame of firmware-protocol.md, byte for
// byte: if this changes, the document must change with it.
func TestWorkedExample(t *testing.T) {
	wire, err := Encode(nil, Button{Channel: 2, Pressed: true, Time: 1234567}, 7)
	if err != nil {
		t.Fatal(err)
	}
	const want = "081007020187d6120101010103e4ab00"
	if got := hex.EncodeToString(wire); got != want {
		t.Fatalf("worked example = %s, want %s", got, want)
	}
	f, err := Decode(wire)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(f)
	if err != nil || !reflect.DeepEqual(m, Button{Channel: 2, Pressed: true, Time: 1234567}) || f.Seq != 7 {
		t.Fatalf("decoded %+v seq %d, %v", m, f.Seq, err)
	}
}

var catalogue = []struct {
	m   Message
	seq uint8
}{
	{Hello{Proto: Version, Kind: KindSeats | KindReader, Firmware: [3]uint8{1, 2, 3}, BootID: 0xdeadbeef, DeviceID: 42, Buttons: 24, Readers: 1}, 0},
	{Ack{Status: AckOK}, 9},
	{Ack{Status: AckUnknownType}, 255},
	{Button{Channel: 23, Pressed: false, Time: 1<<63 + 5}, 1},
	{TileRead{Reader: 0, Time: 99, UID: []byte{4, 1, 2, 3, 4, 5, 6}}, 3},
	{TileGone{Reader: 1, Time: 100, UID: []byte{0xde, 0xad, 0, 0}}, 4},
	{Pong{ID: 77, Time: 123456789}, 0},
	{Status{Code: StatusOverflow, Text: "queue full, 3 events lost"}, 200},
	{Heartbeat{Time: 5e6, BadFrames: 2, Retransmits: 1, Queued: 0}, 0},
	{Query{}, 0},
	{LED{Channel: 3, R: 0, G: 255, B: 0, Pattern: PatternDouble, Duration: 1500}, 17},
	{Ping{ID: 0xffffffff}, 0},
}

func TestRoundTrip(t *testing.T) {
	var stream []byte
	for _, tc := range catalogue {
		var err error
		if stream, err = Encode(stream, tc.m, tc.seq); err != nil {
			t.Fatal(err)
		}
	}
	var d Decoder
	i := 0
	// Byte by byte: a frame must not depend on how reads split the stream.
	for _, b := range stream {
		d.Feed([]byte{b}, func(f Frame, err error) {
			if err != nil {
				t.Fatalf("frame %d: %v", i, err)
			}
			m, err := Parse(f)
			if err != nil {
				t.Fatalf("frame %d: %v", i, err)
			}
			if !reflect.DeepEqual(m, catalogue[i].m) || f.Seq != catalogue[i].seq {
				t.Errorf("frame %d = %#v seq %d, want %#v seq %d", i, m, f.Seq, catalogue[i].m, catalogue[i].seq)
			}
			i++
		})
	}
	if i != len(catalogue) {
		t.Fatalf("decoded %d frames, want %d", i, len(catalogue))
	}
}

// TestGarbageNeverCostsTheNextFrame: whatever precedes a delimiter, the good
// frame after it decodes, and the garbage is reported, never taken as a frame.
func TestGarbageNeverCostsTheNextFrame(t *testing.T) {
	good, _ := Encode(nil, Button{Channel: 1, Pressed: true, Time: 42}, 5)
	flipped := append([]byte(nil), good...)
	flipped[3] ^= 0x10
	for _, tc := range []struct {
		name    string
		garbage []byte
	}{
		{"noise", []byte{0x13, 0x37, 0xff, 0x42}},
		{"bit flip", flipped[:len(flipped)-1]},
		{"truncated frame", good[:5]},
		{"over-long", bytes.Repeat([]byte{0x55}, 500)},
		{"COBS code past end", []byte{0x09, 0x01}},
		{"short body", []byte{0x02, 0x10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d Decoder
			var frames, bad int
			d.Feed(append(append(append([]byte(nil), tc.garbage...), 0), good...), func(f Frame, err error) {
				var fe *FrameError
				switch {
				case errors.As(err, &fe):
					bad++
				case err != nil:
					t.Fatalf("error %v is not a *FrameError", err)
				default:
					frames++
					if m, err := Parse(f); err != nil || m != (Button{Channel: 1, Pressed: true, Time: 42}) {
						t.Errorf("frame = %v, %v", m, err)
					}
				}
			})
			if frames != 1 || bad != 1 {
				t.Fatalf("frames %d, bad %d; want 1 and 1", frames, bad)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    Frame
	}{
		{"unknown type", Frame{Type: 0x42, Payload: []byte{1}}},
		{"short button", Frame{Type: TypeButton, Seq: 1, Payload: []byte{1, 1}}},
		{"button edge 2", Frame{Type: TypeButton, Seq: 1, Payload: []byte{1, 2, 0, 0, 0, 0, 0, 0, 0, 0}}},
		{"unsequenced button", Frame{Type: TypeButton, Payload: make([]byte, 10)}},
		{"uid length 5", Frame{Type: TypeTileRead, Seq: 1, Payload: []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5}}},
		{"uid cut short", Frame{Type: TypeTileRead, Seq: 1, Payload: []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 1, 2, 3}}},
		{"status control byte", Frame{Type: TypeStatus, Seq: 1, Payload: []byte{0, 'a', '\n'}}},
	} {
		if m, err := Parse(tc.f); err == nil {
			t.Errorf("%s: parsed as %#v, want an error", tc.name, m)
		}
	}
	if _, err := Encode(nil, Status{Text: string(bytes.Repeat([]byte{'a'}, MaxPayload))}, 1); err == nil {
		t.Error("an over-long payload encoded")
	}
}

// TestLongerPayloadIsForwardCompatible: a later minor version may append
// fields; this version reads what it knows.
func TestLongerPayloadIsForwardCompatible(t *testing.T) {
	f := NewFrame(Ping{ID: 3}, 0)
	f.Payload = append(f.Payload, 0xaa, 0xbb)
	if m, err := Parse(f); err != nil || m != (Ping{ID: 3}) {
		t.Fatalf("got %v, %v", m, err)
	}
}
