package strip

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/spi/spitest"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/engine"
)

// oneSeat is a view where seat 0 alone shows sig, t after it began.
func oneSeat(sig display.Signal, riichi bool, t time.Duration) display.View {
	v := display.View{Now: 10*time.Second + t}
	for s := range v.Seats {
		v.Seats[s].Seat = engine.Seat(s)
	}
	v.Seats[0].Signal, v.Seats[0].Since, v.Seats[0].Riichi = sig, 10*time.Second, riichi
	return v
}

// mask is a segment as text: '#' a lit pixel at full level, '+' dimmer,
// '.' dark; with the colour of the first lit pixel.
func mask(px []byte) (string, display.RGB) {
	var sb strings.Builder
	var c display.RGB
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
		if c == (display.RGB{}) {
			c = display.RGB{R: r, G: g, B: b}
		}
	}
	return sb.String(), c
}

func TestLightLanguage(t *testing.T) {
	l := Layout{PerSeat: 8}
	for _, tc := range []struct {
		sig    display.Signal
		riichi bool
		at     time.Duration
		want   string
		colour display.RGB
	}{
		{display.SignalNone, false, 0, "........", display.RGB{}},
		{display.SignalNone, true, 0, "#......#", display.ColourBlue},
		{display.SignalTurn, false, 0, "...++...", display.ColourTurn},
		{display.SignalTurn, true, 0, "#..++..#", display.ColourBlue},
		{display.SignalPending, false, 0, ".######.", display.ColourAmber},
		{display.SignalPending, false, display.PulsePeriod / 2, ".++++++.", display.RGB{R: 63, G: 30}},
		{display.SignalWon, false, 0, ".######.", display.ColourGreen},
		{display.SignalWon, false, 10 * time.Second, ".######.", display.ColourGreen},
		{display.SignalLate, false, 0, ".######.", display.ColourGreen},
		{display.SignalLate, false, display.Flash, "........", display.RGB{}},
		{display.SignalLate, false, 2 * display.Flash, ".######.", display.ColourGreen},
		{display.SignalLate, false, 3 * display.Flash, "........", display.RGB{}},
		{display.SignalLost, false, 0, ".#.#.#..", display.ColourRed},
		{display.SignalLost, false, display.SlowBlink / 2, "........", display.RGB{}},
		{display.SignalRejected, false, 0, ".######.", display.ColourRed},
		{display.SignalRejected, false, display.FastBlink / 2, "........", display.RGB{}},
		{display.SignalRejected, false, display.FastBlink, ".######.", display.ColourRed},
		{display.SignalReferee, false, 0, "...##...", display.ColourAmber},
		{display.SignalReferee, false, display.Flash, "........", display.RGB{}},
		{display.SignalLost, true, display.SlowBlink / 2, "#......#", display.ColourBlue},
	} {
		t.Run(fmt.Sprintf("%s/riichi=%v/%v", tc.sig, tc.riichi, tc.at), func(t *testing.T) {
			px := Pixels(nil, oneSeat(tc.sig, tc.riichi, tc.at), l)
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
	seen := map[string]display.Signal{}
	for sig := display.SignalNone; sig <= display.SignalReferee; sig++ {
		var sb strings.Builder
		for at := time.Duration(0); at < 2*time.Second; at += 25 * time.Millisecond {
			m, _ := mask(Pixels(nil, oneSeat(sig, false, at), l)[:3*MinPerSeat])
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
		v := oneSeat(display.SignalNone, false, 0)
		v.Seats[tc.seat].Signal = display.SignalWon
		px := Pixels(nil, v, tc.l)
		seg := 3 * tc.l.PerSeat
		if m, _ := mask(px[tc.want*seg : (tc.want+1)*seg]); m != ".####." {
			t.Errorf("%+v seat %d: segment %d is %s", tc.l, tc.seat, tc.want, m)
		}
	}
	if err := (Layout{PerSeat: 5}).Validate(); err == nil {
		t.Error("5 pixels a seat validated")
	}
	if _, err := New(&bytes.Buffer{}, Layout{PerSeat: 6, First: 4}); err == nil {
		t.Error("seat 4 first validated")
	}
}

// decisionView is the pon decision: South won, North's chii lost.
func decisionView(t testing.TB) display.View { return displaytest.Named(t, "decision_pon").View(t) }

// rgbOf is the strip's RGB bytes for the decision, computed from the
// language table, independently of Pixels: 4 seats of 6 pixels.
func rgbOfDecision(v display.View) []byte {
	px := make([]byte, 3*24)
	for s, sv := range v.Seats {
		for i := range 6 {
			var c display.RGB
			switch {
			case sv.Signal == display.SignalWon && i >= 1 && i <= 4:
				c = display.ColourGreen
			case sv.Signal == display.SignalLost && (i == 1 || i == 3):
				c = display.ColourRed
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
	v2.Now += display.SlowBlink / 2
	dark := append([]byte(nil), want...)
	for p := 18; p < 24; p++ { // North is seat 3: its pixels go dark
		copy(dark[4+4*p:], []byte{0xff, 0, 0, 0})
	}
	pb := &spitest.Playback{Playback: conntest.Playback{Ops: []conntest.IO{{W: want}, {W: dark}}, DontPanic: true}}
	s, err = NewAPA102(pb, Layout{PerSeat: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []display.View{v, v2} {
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
	s, err := New(&buf, Layout{PerSeat: 6})
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

// TestNextChangeIsTheBlinkEdge: for every blinking signal, the strip looks
// the same from any moment until NextChange, and different at it; a
// steady signal has no next change, and a pulse is redrawn every frame.
func TestNextChangeIsTheBlinkEdge(t *testing.T) {
	l := Layout{PerSeat: 6}
	const frame = 40 * time.Millisecond
	for _, sig := range []display.Signal{display.SignalTurn, display.SignalWon, display.SignalLate, display.SignalLost, display.SignalRejected, display.SignalReferee, display.SignalPending} {
		t.Run(sig.String(), func(t *testing.T) {
			for at := time.Duration(0); at < 2*time.Second; at += time.Millisecond {
				v := oneSeat(sig, false, at)
				next, ok := v.NextChange(frame)
				steady := sig == display.SignalTurn || sig == display.SignalWon
				if ok == steady {
					t.Fatalf("at %v: next change %v %v", at, next, ok)
				}
				if steady {
					return
				}
				if sig == display.SignalPending {
					if next != v.Now+frame {
						t.Fatalf("at %v: the pulse is redrawn at %v, want a frame later", at, next-v.Now)
					}
					continue
				}
				px := Pixels(nil, v, l)
				for u := v.Now + time.Millisecond; u < next; u += time.Millisecond {
					w := v
					w.Now = u
					if !bytes.Equal(Pixels(nil, w, l), px) {
						t.Fatalf("at %v: the strip changes at %v, before the next change %v", at, u-v.Seats[0].Since, next-v.Seats[0].Since)
					}
				}
				w := v
				w.Now = next
				if bytes.Equal(Pixels(nil, w, l), px) {
					t.Fatalf("at %v: the strip does not change at the next change %v", at, next-v.Seats[0].Since)
				}
				if _, ok := v.NextChange(0); ok {
					t.Fatalf("at %v: lights that blink by themselves have a change due with no Hold to end", at)
				}
			}
		})
	}
}
