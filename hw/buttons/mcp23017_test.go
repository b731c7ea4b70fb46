package buttons

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/buttons/buttontest"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"
)

// expanderScene builds the INT line and the bus traffic of button changes
// on an MCP23017 at 0x20: each change pulls INT low (and the read that
// follows lets it go), and the read returns INTF, INTCAP and GPIO.
type expanderScene struct {
	int  *buttontest.Switch
	ops  []i2ctest.IO
	port uint16 // pin levels, 1 = open
}

func newExpanderScene(mask uint16) *expanderScene {
	s := &expanderScene{int: buttontest.New("GPIO4", gpio.High), port: 0xFFFF}
	s.ops = []i2ctest.IO{
		{Addr: 0x20, W: []byte{regIOCON, 0x44}},
		{Addr: 0x20, W: []byte{regIODIRA, 0xFF, 0xFF}},
		{Addr: 0x20, W: []byte{regIPOLA, 0, 0}},
		{Addr: 0x20, W: []byte{regGPPUA, byte(mask), byte(mask >> 8)}},
		{Addr: 0x20, W: []byte{regINTCONA, 0, 0}},
		{Addr: 0x20, W: []byte{regGPINTENA, byte(mask), byte(mask >> 8)}},
		{Addr: 0x20, W: []byte{regGPIOA}, R: []byte{0xFF, 0xFF}},
	}
	return s
}

// change sets pin n closed or open at at.
func (s *expanderScene) change(at time.Duration, n int, closed bool) {
	if closed {
		s.port &^= 1 << n
	} else {
		s.port |= 1 << n
	}
	s.int.At(at, gpio.Low)
	s.int.At(at, gpio.High)
	f := uint16(1) << n
	s.ops = append(s.ops, i2ctest.IO{Addr: 0x20, W: []byte{regINTFA},
		R: []byte{byte(f), byte(f >> 8), byte(s.port), byte(s.port >> 8), byte(s.port), byte(s.port >> 8)}})
}

// watch runs an Expander with the button mask on the scene's bus and INT
// line until the scene has played and the virtual clock passed until, and
// returns the edges it gave and the bus, to check its traffic.
func (s *expanderScene) watch(t testing.TB, mask uint16, until time.Duration) ([]pinEdge, *i2ctest.Playback) {
	t.Helper()
	bus := &i2ctest.Playback{Ops: s.ops, DontPanic: true}
	played := finish(s.int, until)
	x := &Expander{Dev: &i2c.Dev{Bus: bus, Addr: 0x20}, Int: played, Mask: mask, Logf: t.Logf}
	var mu sync.Mutex
	var got []pinEdge
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- x.Watch(ctx, s.int.Now, func(pin int, e Edge) { mu.Lock(); got = append(got, pinEdge{pin, e}); mu.Unlock() })
	}()
	<-played.done
	cancel()
	if err := <-done; err != context.Canceled {
		t.Fatalf("Watch: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	return got, bus
}

type pinEdge struct {
	pin int
	e   Edge
}

func TestExpanderChatterIsOnePressAtItsFirstEdge(t *testing.T) {
	mask := uint16(1<<0 | 1<<11) // A0 and B3
	s := newExpanderScene(mask)
	for i := range 13 { // 1 kHz chatter on A0, settling closed
		s.change(time.Second+time.Duration(i)*500*time.Microsecond, 0, i%2 == 0)
	}
	s.change(1500*ms, 0, false)
	s.change(2*time.Second, 11, true)
	s.change(2300*ms, 11, false)
	got, bus := s.watch(t, mask, 3*time.Second)
	if err := bus.Close(); err != nil {
		t.Fatalf("bus traffic: %v", err)
	}
	want := []pinEdge{{0, Edge{true, time.Second}}, {0, Edge{false, 1500 * ms}}, {11, Edge{true, 2 * time.Second}}, {11, Edge{false, 2300 * ms}}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestExpanderPinNames(t *testing.T) {
	for n := range 16 {
		if m, err := ParsePinName(PinName(n)); err != nil || m != n {
			t.Fatalf("%d -> %s -> %d, %v", n, PinName(n), m, err)
		}
	}
	for _, bad := range []string{"", "A8", "C0", "a0", "B10"} {
		if _, err := ParsePinName(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
