package buttons

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
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

// finishing is a virtual switch that says when its scheduled edges are done
// and its clock has passed until: the watcher got there, with no real time
// passing and nothing for the test to poll.
type finishing struct {
	*buttontest.Switch
	until time.Duration
	once  sync.Once
	done  chan struct{}
}

func finish(sw *buttontest.Switch, until time.Duration) *finishing {
	return &finishing{Switch: sw, until: until, done: make(chan struct{})}
}

// WaitForEdge is the switch's, and closes done once the scene has played.
func (f *finishing) WaitForEdge(timeout time.Duration) bool {
	edge := f.Switch.WaitForEdge(timeout)
	if f.Pending() == 0 && f.Now() >= f.until {
		f.once.Do(func() { close(f.done) })
	}
	return edge
}

// watch runs Watch on a virtual switch until its scheduled edges are done
// and the virtual clock has passed until.
func watch(t *testing.T, sw *buttontest.Switch, p Pin, until time.Duration) []Edge {
	t.Helper()
	f := finish(sw, until)
	p.In = f
	var mu sync.Mutex
	var got []Edge
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Watch(ctx, p, sw.Now, func(e Edge) { mu.Lock(); got = append(got, e); mu.Unlock() })
	}()
	<-f.done
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

// TestWatchWithGpiotestPin drives Watch with periph's own fake, whose
// WaitForEdge waits on a channel and a timer, in a synctest bubble: the
// press is stamped when its edge arrives, not when it is confirmed (the
// minimum press later).
func TestWatchWithGpiotestPin(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pin := &gpiotest.Pin{N: "GPIO5", EdgesChan: make(chan gpio.Level)}
		start := time.Now()
		clock := func() time.Duration { return time.Since(start) }
		got := make(chan Edge, 4)
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() {
			done <- Watch(ctx, Pin{In: pin, Pull: gpio.PullUp, MinPress: ms}, clock, func(e Edge) { got <- e })
		}()
		time.Sleep(20 * ms) // fake time: the button rests a while first
		sent := clock()
		pin.EdgesChan <- gpio.Low
		e := <-got
		if confirmed := clock(); !e.Pressed || e.At != sent || confirmed != sent+ms {
			t.Fatalf("press %+v: edge sent at %v, confirmed at %v; want it stamped at the edge, confirmed %v later", e, sent, confirmed, ms)
		}
		cancel()
		<-done
	})
}
