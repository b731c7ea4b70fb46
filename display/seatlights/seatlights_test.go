package seatlights

import (
	"errors"
	"testing"
	"time"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/hw/fwproto"
)

func TestLED(t *testing.T) {
	for _, tc := range []struct {
		sig     display.Signal
		riichi  bool
		colour  display.RGB
		pattern uint8
	}{
		{display.SignalNone, false, display.RGB{}, fwproto.PatternSteady},
		{display.SignalNone, true, display.ColourBlue, fwproto.PatternSteady},
		{display.SignalTurn, true, display.ColourTurn, fwproto.PatternSteady},
		{display.SignalPending, false, display.ColourAmber, fwproto.PatternSteady},
		{display.SignalWon, false, display.ColourGreen, fwproto.PatternSteady},
		{display.SignalLate, false, display.ColourGreen, fwproto.PatternDouble},
		{display.SignalLost, true, display.ColourRed, fwproto.PatternSlowBlink},
		{display.SignalRejected, false, display.ColourRed, fwproto.PatternFastBlink},
		{display.SignalReferee, false, display.ColourAmber, fwproto.PatternDouble},
	} {
		m := LED(display.SeatSignal{Signal: tc.sig, Riichi: tc.riichi})
		if (display.RGB{R: m.R, G: m.G, B: m.B}) != tc.colour || m.Pattern != tc.pattern || m.Duration != 0 {
			t.Errorf("%s riichi=%v: %+v, want %v pattern %d until changed", tc.sig, tc.riichi, m, tc.colour, tc.pattern)
		}
	}
}

// TestLEDWithoutColour: the signals a seat's light must tell apart at
// the moment of a decision differ in pattern, not only in colour.
func TestLEDWithoutColour(t *testing.T) {
	decided := []display.Signal{display.SignalWon, display.SignalLate, display.SignalLost, display.SignalRejected}
	for i, a := range decided {
		for _, b := range decided[i+1:] {
			if LED(display.SeatSignal{Signal: a}).Pattern == LED(display.SeatSignal{Signal: b}).Pattern {
				t.Errorf("%s and %s blink alike: only colour tells them apart", a, b)
			}
		}
	}
}

// recSender records the commands sent; fail makes the next sends fail.
type recSender struct {
	sent []fwproto.LED
	fail int
}

func (s *recSender) Send(m fwproto.Message) error {
	if s.fail > 0 {
		s.fail--
		return errors.New("link: command queue full")
	}
	s.sent = append(s.sent, m.(fwproto.LED))
	return nil
}

// TestLightsDecision: the commands a decision sends to the seat
// controller; the timed signals carry what is left of their Hold plus the
// grace; nothing is sent again while the lights stay the same, a command
// the link refused is sent at the next Show, and a controller reboot
// sends every light again.
func TestLightsDecision(t *testing.T) {
	v := displaytest.Named(t, "decision_pon").View(t) // South won the pon, North's chii lost
	s := &recSender{}
	l := New(s, [4]uint8{10, 11, 12, 13})
	if !l.BlinksItself() {
		t.Fatal("seat lights must blink by themselves")
	}
	boot := uint32(1)
	l.Boot = func() uint32 { return boot }
	if err := l.Show(v); err != nil {
		t.Fatal(err)
	}
	left := uint16((v.Seats[1].Until - v.Now + Grace) / time.Millisecond)
	if v.Seats[1].Until != v.Seats[1].Since+display.Hold || v.Seats[3].Until != v.Seats[1].Until {
		t.Fatalf("the decision's signals end at %v and %v, want %v", v.Seats[1].Until, v.Seats[3].Until, v.Seats[1].Since+display.Hold)
	}
	want := []fwproto.LED{
		{Channel: 10},
		{Channel: 11, G: 255, Duration: left},
		{Channel: 12},
		{Channel: 13, R: 255, Pattern: fwproto.PatternSlowBlink, Duration: left},
	}
	if len(s.sent) != 4 {
		t.Fatalf("sent %+v", s.sent)
	}
	for i := range want {
		if s.sent[i] != want[i] {
			t.Errorf("command %d: %+v, want %+v", i, s.sent[i], want[i])
		}
	}

	// Time passes: the lost light blinks on the controller by itself.
	s.sent = nil
	v.Now += display.SlowBlink / 2
	if err := l.Show(v); err != nil || len(s.sent) != 0 {
		t.Fatalf("unchanged lights sent %+v (%v)", s.sent, err)
	}

	// The won light changes to the turn; the link refuses it once.
	v.Seats[1].Signal, v.Seats[1].Until = display.SignalTurn, 0
	s.fail = 1
	if err := l.Show(v); err == nil || len(s.sent) != 0 {
		t.Fatalf("a refused command: err %v, sent %+v", err, s.sent)
	}
	if err := l.Show(v); err != nil || len(s.sent) != 1 || s.sent[0] != (fwproto.LED{Channel: 11, R: 48, G: 48, B: 48}) {
		t.Fatalf("resend: %+v (%v)", s.sent, err)
	}

	boot = 2
	s.sent = nil
	if err := l.Show(v); err != nil || len(s.sent) != 4 {
		t.Fatalf("after a controller reboot: %+v (%v)", s.sent, err)
	}
}

// TestLightsRenewedSignal: the same signal again within its Hold (a
// second rejection) is sent again, with the duration of the new Hold; the
// same view later in the Hold is not.
func TestLightsRenewedSignal(t *testing.T) {
	v := displaytest.Named(t, "decision_pon").View(t)
	s := &recSender{}
	l := New(s, [4]uint8{10, 11, 12, 13})
	if err := l.Show(v); err != nil {
		t.Fatal(err)
	}
	s.sent = nil
	v.Now += time.Second
	if err := l.Show(v); err != nil || len(s.sent) != 0 {
		t.Fatalf("a second into the Hold: sent %+v (%v)", s.sent, err)
	}
	v.Seats[1].Since, v.Seats[1].Until = v.Now, v.Now+display.Hold
	if err := l.Show(v); err != nil {
		t.Fatal(err)
	}
	want := fwproto.LED{Channel: 11, G: 255, Duration: uint16((display.Hold + Grace) / time.Millisecond)}
	if len(s.sent) != 1 || s.sent[0] != want {
		t.Fatalf("renewed: sent %+v, want %+v", s.sent, want)
	}
}
