package display

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/spi/spitest"

	"github.com/tabled/tabled/engine"
)

// oneSeat is a view where seat 0 alone shows sig, t after it began.
func oneSeat(sig Signal, riichi bool, t time.Duration) View {
	v := View{Now: 10*time.Second + t}
	for s := range v.Seats {
		v.Seats[s].Seat = engine.Seat(s)
	}
	v.Seats[0].Signal, v.Seats[0].Since, v.Seats[0].Riichi = sig, 10*time.Second, riichi
	return v
}

// mask is a segment as text: '#' a lit pixel at full level, '+' dimmer,
// '.' dark; with the colour of the first lit pixel.
func mask(px []byte) (string, RGB) {
	var sb strings.Builder
	var c RGB
	for i := 0; i < len(px); i += 3 {
		r, g, b := px[i], px[i+1], px[i+2]
		switch m := max(r, g, b); {
		case m == 0:
			sb.WriteByte('.')
			continue
		case m == 255:
			sb.WriteByte('#')
		default:
			sb.WriteByte('+')
		}
		if c == (RGB{}) {
			c = RGB{r, g, b}
		}
	}
	return sb.String(), c
}

func TestLightLanguage(t *testing.T) {
	l := Layout{PerSeat: 8}
	for _, tc := range []struct {
		sig    Signal
		riichi bool
		at     time.Duration
		want   string
		colour RGB
	}{
		{SignalNone, false, 0, "........", RGB{}},
		{SignalNone, true, 0, "#......#", ColourBlue},
		{SignalTurn, false, 0, "...++...", ColourTurn},
		{SignalTurn, true, 0, "#..++..#", ColourBlue},
		{SignalPending, false, 0, ".######.", ColourAmber},
		{SignalPending, false, PulsePeriod / 2, ".++++++.", RGB{63, 30, 0}},
		{SignalWon, false, 0, ".######.", ColourGreen},
		{SignalWon, false, 10 * time.Second, ".######.", ColourGreen},
		{SignalLate, false, 0, ".######.", ColourGreen},
		{SignalLate, false, Flash, "........", RGB{}},
		{SignalLate, false, 2 * Flash, ".######.", ColourGreen},
		{SignalLate, false, 3 * Flash, "........", RGB{}},
		{SignalLost, false, 0, ".#.#.#..", ColourRed},
		{SignalLost, false, SlowBlink / 2, "........", RGB{}},
		{SignalRejected, false, 0, ".######.", ColourRed},
		{SignalRejected, false, FastBlink / 2, "........", RGB{}},
		{SignalRejected, false, FastBlink, ".######.", ColourRed},
		{SignalReferee, false, 0, "...##...", ColourAmber},
		{SignalReferee, false, Flash, "........", RGB{}},
		{SignalLost, true, SlowBlink / 2, "#......#", ColourBlue},
	} {
		t.Run(fmt.Sprintf("%s/riichi=%v/%v", tc.sig, tc.riichi, tc.at), func(t *testing.T) {
			px := StripPixels(nil, oneSeat(tc.sig, tc.riichi, tc.at), l)
			if len(px) != 3*4*8 {
				t.Fatalf("%d bytes for 32 pixels", len(px))
			}
			got, c := mask(px[:3*8])
			if got != tc.want || c != tc.colour {
				t.Errorf("segment %s %v, want %s %v", got, c, tc.want, tc.colour)
			}
			if rest, _ := mask(px[3*8:]); strings.Trim(rest, ".") != "" {
				t.Errorf("other seats lit: %s", rest)
			}
		})
	}
}

// TestLightLanguageWithoutColour: over a second, every signal lights a
// different set of pixels at different times, so it can be told apart by
// someone who cannot tell the colours apart.
func TestLightLanguageWithoutColour(t *testing.T) {
	l := Layout{PerSeat: MinPerSeat}
	seen := map[string]Signal{}
	for sig := SignalNone; sig <= SignalReferee; sig++ {
		var sb strings.Builder
		for at := time.Duration(0); at < 2*time.Second; at += 25 * time.Millisecond {
			m, _ := mask(StripPixels(nil, oneSeat(sig, false, at), l)[:3*MinPerSeat])
			sb.WriteString(m)
		}
		if other, ok := seen[sb.String()]; ok {
			t.Errorf("%s and %s look the same without colour", sig, other)
		}
		seen[sb.String()] = sig
	}
}

func TestLayout(t *testing.T) {
	for _, tc := range []struct {
		l    Layout
		seat engine.Seat
		want int
	}{
		{Layout{PerSeat: 6}, 1, 1},
		{Layout{PerSeat: 6, First: 2}, 1, 3},
		{Layout{PerSeat: 6, First: 2, Clockwise: true}, 1, 1},
		{Layout{PerSeat: 6, First: 2, Clockwise: true}, 3, 3},
	} {
		v := oneSeat(SignalNone, false, 0)
		v.Seats[tc.seat].Signal = SignalWon
		px := StripPixels(nil, v, tc.l)
		seg := 3 * tc.l.PerSeat
		if m, _ := mask(px[tc.want*seg : (tc.want+1)*seg]); m != ".####." {
			t.Errorf("%+v seat %d: segment %d is %s", tc.l, tc.seat, tc.want, m)
		}
	}
	if err := (Layout{PerSeat: 5}).Validate(); err == nil {
		t.Error("5 pixels a seat validated")
	}
	if _, err := NewStrip(&bytes.Buffer{}, Layout{PerSeat: 6, First: 4}); err == nil {
		t.Error("seat 4 first validated")
	}
}

// decisionView is the pon decision: South won, North's chii lost.
func decisionView(t testing.TB) View { return sceneNamed(t, "decision_pon").view(t) }

// rgbOf is the strip's RGB bytes for the decision, computed from the
// language table, independently of StripPixels: 4 seats of 6 pixels.
func rgbOfDecision(v View) []byte {
	px := make([]byte, 3*24)
	for s, sv := range v.Seats {
		for i := range 6 {
			var c RGB
			switch {
			case sv.Signal == SignalWon && i >= 1 && i <= 4:
				c = ColourGreen
			case sv.Signal == SignalLost && (i == 1 || i == 3):
				c = ColourRed
			}
			copy(px[3*(6*s+i):], []byte{c.R, c.G, c.B})
		}
	}
	return px
}

// TestAPA102Decision: the bytes an APA102 strip is sent for a decision.
func TestAPA102Decision(t *testing.T) {
	v := decisionView(t)
	rgb := rgbOfDecision(v)
	// APA102 frame: a zero start frame, per pixel 0xFF (full global
	// brightness) then blue, green, red, and an end frame of ones.
	want := []byte{0, 0, 0, 0}
	for i := 0; i < len(rgb); i += 3 {
		want = append(want, 0xff, rgb[i+2], rgb[i+1], rgb[i])
	}
	want = append(want, 0xff, 0xff)

	rec := &spitest.Record{}
	s, err := NewAPA102(rec, Layout{PerSeat: 6})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Show(v); err != nil {
		t.Fatal(err)
	}
	if len(rec.Ops) != 1 || !bytes.Equal(rec.Ops[0].W, want) {
		t.Fatalf("sent %x\nwant %x", rec.Ops, want)
	}
	// The same frame again is not sent; the next blink phase is.
	if err := s.Show(v); err != nil || len(rec.Ops) != 1 {
		t.Errorf("an unchanged frame was sent again (%d ops, %v)", len(rec.Ops), err)
	}

	// Played back: exactly that transfer, then the lost seat's dark phase.
	v2 := v
	v2.Now += SlowBlink / 2
	dark := append([]byte(nil), want...)
	for p := 18; p < 24; p++ { // North is seat 3: its pixels go dark
		copy(dark[4+4*p:], []byte{0xff, 0, 0, 0})
	}
	pb := &spitest.Playback{Playback: conntest.Playback{Ops: []conntest.IO{{W: want}, {W: dark}}, DontPanic: true}}
	s, err = NewAPA102(pb, Layout{PerSeat: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []View{v, v2} {
		if err := s.Show(v); err != nil {
			t.Fatal(err)
		}
	}
	if err := pb.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestWS2812Decision: the bytes a WS2812 strip is sent over SPI for a
// decision: each colour bit is 4 SPI bits (1 is 1110, 0 is 1000), green
// first, between latch gaps.
func TestWS2812Decision(t *testing.T) {
	v := decisionView(t)
	rgb := rgbOfDecision(v)
	nrz := func(b byte) []byte {
		out := make([]byte, 4)
		for i := range 4 {
			hi, lo := byte(0x80), byte(0x08)
			if b&(0x80>>(2*i)) != 0 {
				hi = 0xe0
			}
			if b&(0x40>>(2*i)) != 0 {
				lo = 0x0e
			}
			out[i] = hi | lo
		}
		return out
	}
	want := []byte{0, 0, 0}
	for i := 0; i < len(rgb); i += 3 {
		want = append(append(append(want, nrz(rgb[i+1])...), nrz(rgb[i])...), nrz(rgb[i+2])...)
	}
	want = append(want, 0, 0, 0)

	pb := &spitest.Playback{Playback: conntest.Playback{Ops: []conntest.IO{{W: want}}, DontPanic: true}}
	s, err := NewWS2812(pb, Layout{PerSeat: 6})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Show(v); err != nil {
		t.Fatal(err)
	}
	if err := pb.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestStripOffAndBrightness(t *testing.T) {
	var buf bytes.Buffer
	s, err := NewStrip(&buf, Layout{PerSeat: 6})
	if err != nil {
		t.Fatal(err)
	}
	s.Brightness = 128
	if err := s.Show(decisionView(t)); err != nil {
		t.Fatal(err)
	}
	if got := buf.Bytes()[3*7+1]; got != 128 { // South's first middle pixel, green
		t.Errorf("green at brightness 128 is %d", got)
	}
	buf.Reset()
	if err := s.Off(); err != nil || !bytes.Equal(buf.Bytes(), make([]byte, 72)) {
		t.Errorf("off sent %x, %v", buf.Bytes(), err)
	}
}
