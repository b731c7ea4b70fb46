package buttons

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/buttons/buttontest"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

const ms = time.Millisecond

// raw is a level at a time: true when the contact is closed.
type raw struct {
	at     time.Duration
	closed bool
}

// chatter is n alternating levels at hz from at, starting at first, then
// settling at settle.
func chatter(at time.Duration, hz, n int, first, settle bool) []raw {
	var r []raw
	period := time.Second / time.Duration(hz) / 2
	for i := range n {
		r = append(r, raw{at + time.Duration(i)*period, (i%2 == 0) == first})
	}
	return append(r, raw{at + time.Duration(n)*period, settle})
}

func TestDebouncer(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edges []raw
		until time.Duration
		want  []Edge
	}{
		{"clean press and release", []raw{{10 * ms, true}, {200 * ms, false}}, time.Second,
			[]Edge{{true, 10 * ms}, {false, 200 * ms}}},
		{"1 kHz chatter is one press at the first edge", chatter(100*ms, 1000, 20, true, true), time.Second,
			[]Edge{{true, 100 * ms}}},
		{"chatter on press and on release", append(chatter(100*ms, 1000, 9, true, true), chatter(300*ms, 1000, 9, false, false)...), time.Second,
			[]Edge{{true, 100 * ms}, {false, 300 * ms}}},
		{"glitch shorter than the minimum press", []raw{{50 * ms, true}, {52 * ms, false}}, time.Second, nil},
		{"spike burst that never holds", chatter(50*ms, 1000, 30, true, false), time.Second, nil},
		{"bounce open while held is no release", []raw{{10 * ms, true}, {100 * ms, false}, {105 * ms, true}, {400 * ms, false}}, time.Second,
			[]Edge{{true, 10 * ms}, {false, 400 * ms}}},
		{"two real presses", []raw{{10 * ms, true}, {90 * ms, false}, {150 * ms, true}, {260 * ms, false}}, time.Second,
			[]Edge{{true, 10 * ms}, {false, 90 * ms}, {true, 150 * ms}, {false, 260 * ms}}},
		{"press still being confirmed at the end", []raw{{10 * ms, true}}, 12 * ms, nil},
		{"repeated level is not an edge", []raw{{10 * ms, true}, {12 * ms, true}, {100 * ms, false}}, time.Second,
			[]Edge{{true, 10 * ms}, {false, 100 * ms}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d Debouncer
			var got []Edge
			for _, r := range tc.edges {
				if e, ok := d.Raw(r.closed, r.at); ok {
					got = append(got, e)
				}
			}
			if e, ok := d.Tick(tc.until); ok {
				got = append(got, e)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// watch runs Watch on a virtual switch until its scheduled edges are done
// and the virtual clock has passed until.
func watch(t *testing.T, sw *buttontest.Switch, p Pin, until time.Duration) []Edge {
	t.Helper()
	p.In = sw
	var mu sync.Mutex
	var got []Edge
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Watch(ctx, p, sw.Now, func(e Edge) { mu.Lock(); got = append(got, e); mu.Unlock() })
	}()
	for sw.Pending() > 0 || sw.Now() < until {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Fatalf("Watch returned %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	return got
}

// TestChatterBurstIsOnePressAtItsFirstEdge is the test: a 1 kHz
// chatter burst on a fake pin yields exactly one press, stamped at its
// first edge.
func TestChatterBurstIsOnePressAtItsFirstEdge(t *testing.T) {
	sw := buttontest.New("GPIO17", gpio.High) // pulled up, active low
	first := 1 * time.Second
	sw.Chatter(first, 1000, 24, gpio.Low, gpio.Low)
	got := watch(t, sw, Pin{Pull: gpio.PullUp}, 3*time.Second)
	if len(got) != 1 || got[0] != (Edge{Pressed: true, At: first}) {
		t.Fatalf("got %v, want one press at %v", got, first)
	}
}

func TestWatchPressAndRelease(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rest, down gpio.Level
		activeHigh bool
	}{
		{"active low", gpio.High, gpio.Low, false},
		{"active high", gpio.Low, gpio.High, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sw := buttontest.New("GPIO27", tc.rest)
			sw.Chatter(500*ms, 2000, 7, tc.down, tc.down)
			sw.Chatter(900*ms, 1000, 5, tc.rest, tc.rest)
			sw.At(1500*ms, tc.down) // a 1 ms spike: no press
			sw.At(1501*ms, tc.rest)
			got := watch(t, sw, Pin{ActiveHigh: tc.activeHigh}, 2*time.Second)
			want := []Edge{{true, 500 * ms}, {false, 900 * ms}}
			if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
				t.Fatalf("got %v, want %v", got, want)
			}
		})
	}
}

// TestButtonHeldAtStartIsNotAPress: the daemon starting while a button is
// held (or a pin is shorted) reports nothing until the next press.
func TestButtonHeldAtStartIsNotAPress(t *testing.T) {
	sw := buttontest.New("GPIO22", gpio.Low) // held down at start
	sw.At(300*ms, gpio.High)
	sw.At(600*ms, gpio.Low)
	got := watch(t, sw, Pin{}, time.Second)
	if len(got) != 2 || got[0] != (Edge{false, 300 * ms}) || got[1] != (Edge{true, 600 * ms}) {
		t.Fatalf("got %v", got)
	}
}

// TestWatchWithGpiotestPin drives Watch with periph's own fake in real
// time: the stamp is taken after the edge was sent, and at least the
// minimum press before the press is confirmed, never at confirmation.
func TestWatchWithGpiotestPin(t *testing.T) {
	pin := &gpiotest.Pin{N: "GPIO5", EdgesChan: make(chan gpio.Level)}
	start := time.Now()
	clock := func() time.Duration { return time.Since(start) }
	got := make(chan Edge, 4)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go Watch(ctx, Pin{In: pin, Pull: gpio.PullUp, MinPress: ms}, clock, func(e Edge) { got <- e })
	time.Sleep(20 * ms)
	before := clock()
	pin.EdgesChan <- gpio.Low
	select {
	case e := <-got:
		confirmed := clock()
		if !e.Pressed || e.At < before || e.At > confirmed-ms {
			t.Fatalf("press %+v: edge sent at %v, confirmed by %v", e, before, confirmed)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no press")
	}
}
