package fwproto

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzDecoder feeds arbitrary bytes from the wire: the decoder never panics,
// every frame it accepts has a valid CRC and parses or fails cleanly, and a
// message that parses encodes back to a frame that parses to the same.
func FuzzDecoder(f *testing.F) {
	for _, tc := range catalogue {
		wire, _ := Encode(nil, tc.m, tc.seq)
		f.Add(wire)
		f.Add(append([]byte{0x13, 0x00}, wire...))
	}
	f.Add([]byte{0, 0, 0})
	f.Add(bytes.Repeat([]byte{0xff}, 300))
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Decoder
		d.Feed(data, func(fr Frame, err error) {
			if err != nil {
				if _, ok := err.(*FrameError); !ok {
					t.Fatalf("error %T: %v", err, err)
				}
				return
			}
			m, err := Parse(fr)
			if err != nil {
				return
			}
			wire, err := Encode(nil, m, fr.Seq)
			if err != nil {
				t.Fatalf("re-encode %#v: %v", m, err)
			}
			back, err := Decode(wire)
			if err != nil {
				t.Fatalf("decode re-encoded %#v: %v", m, err)
			}
			m2, err := Parse(back)
			if err != nil || !reflect.DeepEqual(m, m2) || back.Seq != fr.Seq {
				t.Fatalf("%#v re-parsed as %#v (%v)", m, m2, err)
			}
		})
		if d.Pending() > len(data) {
			t.Fatalf("pending %d > %d bytes fed", d.Pending(), len(data))
		}
	})
}

// FuzzParse checks message decoding of arbitrary frames directly.
func FuzzParse(f *testing.F) {
	for _, tc := range catalogue {
		fr := NewFrame(tc.m, tc.seq)
		f.Add(uint8(fr.Type), fr.Seq, fr.Payload)
	}
	f.Fuzz(func(t *testing.T, typ, seq uint8, payload []byte) {
		if len(payload) > MaxPayload {
			return
		}
		m, err := Parse(Frame{Type: Type(typ), Seq: seq, Payload: payload})
		if err != nil {
			return
		}
		if m.Type() != Type(typ) {
			t.Fatalf("type 0x%02x parsed as %s", typ, m.Type())
		}
		m2, err := Parse(NewFrame(m, seq))
		if err != nil || !reflect.DeepEqual(m, m2) {
			t.Fatalf("%#v round-tripped to %#v (%v)", m, m2, err)
		}
	})
}
