// Package buttontest has a test double for a button: a gpio.PinIn that
// bounces like a real switch, on a virtual clock, so that a test of
// debouncing is exact and takes no time.
package buttontest

import (
	"sort"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// Switch is a gpiotest.Pin whose edges happen at scheduled virtual times.
// WaitForEdge returns the next scheduled edge if it falls within the
// timeout, moving the virtual clock to it, or moves the clock by the
// timeout and returns false: a watcher sees exactly what a real pin would,
// with no real time passing. Now is the clock to stamp with.
type Switch struct {
	gpiotest.Pin

	mu    sync.Mutex
	now   time.Duration
	edges []edge
	halt  bool
}

type edge struct {
	at time.Duration
	l  gpio.Level
}

// New makes a switch on a pin named name, at rest at level rest.
func New(name string, rest gpio.Level) *Switch {
	s := &Switch{Pin: gpiotest.Pin{N: name}}
	s.Pin.L = rest
	return s
}

// Now is the virtual clock.
func (s *Switch) Now() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

// At schedules the pin to go to level l at virtual time at.
func (s *Switch) At(at time.Duration, l gpio.Level) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.edges = append(s.edges, edge{at, l})
	sort.SliceStable(s.edges, func(i, j int) bool { return s.edges[i].at < s.edges[j].at })
}

// Chatter schedules a bounce burst from at: n edges at hz, alternating from
// level first, then the pin settles at settle. It returns when the last
// edge happens. A real contact chatters like this for a few milliseconds
// when it closes and when it opens.
func (s *Switch) Chatter(at time.Duration, hz, n int, first, settle gpio.Level) time.Duration {
	period := time.Second / time.Duration(hz) / 2
	l := first
	for i := range n {
		s.At(at+time.Duration(i)*period, l)
		l = !l
	}
	end := at + time.Duration(n)*period
	s.At(end, settle)
	return end
}

// Pending is how many scheduled edges have not happened yet.
func (s *Switch) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.edges)
}

// In sets the pull (a pull-up brings an open contact high) and accepts
// edge detection, which gpiotest.Pin refuses without a channel.
func (s *Switch) In(pull gpio.Pull, e gpio.Edge) error {
	s.Pin.Lock()
	s.Pin.P = pull
	s.Pin.Unlock()
	return nil
}

// Read is the level at the virtual now.
func (s *Switch) Read() gpio.Level {
	s.Pin.Lock()
	defer s.Pin.Unlock()
	return s.Pin.L
}

// WaitForEdge advances the virtual clock to the next edge within timeout,
// or by timeout. Edges that leave the level unchanged are not edges.
func (s *Switch) WaitForEdge(timeout time.Duration) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.edges) > 0 && s.edges[0].at <= s.now+timeout && !s.halt {
		e := s.edges[0]
		s.edges = s.edges[1:]
		s.now = max(s.now, e.at)
		s.Pin.Lock()
		changed := s.Pin.L != e.l
		s.Pin.L = e.l
		s.Pin.Unlock()
		if changed {
			return true
		}
	}
	if s.halt {
		s.halt = false
		return false
	}
	s.now += timeout
	return false
}

// Halt interrupts a WaitForEdge, as gpioioctl's does.
func (s *Switch) Halt() error {
	s.mu.Lock()
	s.halt = true
	s.mu.Unlock()
	return nil
}
