// Package clocksync maps a microcontroller's microsecond clock onto the
// host's monotonic clock, so that a button stamped by a seat controller is
// comparable with one stamped on a Pi GPIO.
//
// The host pings the device periodically and notes when each ping left and
// its pong came back; the device answers with its clock when the ping
// arrived. So each round trip says: at device time D, host time was after
// Sent and before Received. Over a window of samples, the line (offset and
// drift) that hugs the Sent points from above is the true mapping less the
// shortest one-way delay, and the line that hugs the Received points from
// below is the true mapping plus the shortest delay the other way; their
// mean is the mapping. Each line is the convex-hull edge over the window's
// mean device time, the solution of the linear program of Moon, Skelly and
// Towsley (1999). Unlike a least-squares fit of round-trip midpoints, whose
// error shrinks as 1/sqrt(n), the envelope's shrinks as 1/n: jitter that
// only ever adds delay is filtered out, not averaged in. Like every
// round-trip method it assumes the shortest delays both ways are equal.
// The package is pure: the caller supplies every time.
package clocksync

import (
	"math"
	"time"
)

// Sample is one ping's round trip.
type Sample struct {
	// Sent and Received are host monotonic times of the ping leaving and
	// the pong arriving.
	Sent, Received time.Duration
	// Device is the device clock in the pong, in microseconds.
	Device uint64
}

// RTT is the sample's round-trip time.
func (s Sample) RTT() time.Duration { return s.Received - s.Sent }

// Defaults of a Sync.
const (
	// DefaultWindow is how many recent samples the fit uses: at ten pings a
	// second, about fifty seconds, short enough to follow a crystal warming
	// up, long enough that the envelope is tight.
	DefaultWindow = 512
	// maxDrift bounds the fitted rate: a crystal is off by tens of ppm, so
	// a fit beyond a thousand is noise, not drift.
	maxDrift = 1000e-6
)

// line is host = at + rate*(x - x0), with x the device time less dev0 in
// microseconds and host in nanoseconds.
type line struct{ at, rate float64 }

// Sync is the running fit for one device. The zero value is ready, with
// DefaultWindow. It is not safe for concurrent use.
type Sync struct {
	// Window is how many recent samples are kept (DefaultWindow if 0).
	Window int

	samples []Sample
	fitted  bool
	dev0    float64 // device time origin of the fit
	x0      float64 // mean device time of the window, relative to dev0
	span    float64 // device time the window covers
	fit     line
	// excess is the mean distance of the samples from the envelope lines,
	// which sets how tightly the envelope is pinned.
	excess float64
	minRTT time.Duration
	// scratch, reused by every refit
	lo, hi, hull []point
}

// Reset forgets every sample: the device restarted and its clock began
// again.
func (s *Sync) Reset() { *s = Sync{Window: s.Window, lo: s.lo[:0], hi: s.hi[:0], hull: s.hull[:0]} }

// Add records a round trip and refits. A sample whose pong came back before
// its ping left, or whose device time is not after the previous sample's,
// is ignored.
func (s *Sync) Add(x Sample) {
	if x.Received < x.Sent {
		return
	}
	if n := len(s.samples); n > 0 && x.Device <= s.samples[n-1].Device {
		return
	}
	w := s.Window
	if w <= 0 {
		w = DefaultWindow
	}
	if len(s.samples) == w {
		copy(s.samples, s.samples[1:])
		s.samples = s.samples[:w-1]
	}
	s.samples = append(s.samples, x)
	s.refit()
}

// Samples is how many round trips the fit has to go on.
func (s *Sync) Samples() int { return len(s.samples) }

// MinRTT is the shortest round trip among the kept samples.
func (s *Sync) MinRTT() time.Duration { return s.minRTT }

// Drift is the fitted rate of the device clock against the host's, in
// parts per million (positive: the device runs fast).
func (s *Sync) Drift() float64 {
	if !s.fitted || s.fit.rate == 0 {
		return 0
	}
	return (1000/s.fit.rate - 1) * 1e6
}

type point struct{ x, y float64 }

func (s *Sync) refit() {
	n := len(s.samples)
	s.dev0 = float64(s.samples[0].Device)
	s.minRTT = s.samples[0].RTT()
	lo := append(s.lo[:0], make([]point, n)...) // host was after these
	hi := append(s.hi[:0], make([]point, n)...) // and before these
	s.lo, s.hi = lo, hi
	var sumx float64
	for i, x := range s.samples {
		px := float64(x.Device) - s.dev0
		lo[i] = point{px, float64(x.Sent)}
		hi[i] = point{px, float64(x.Received)}
		sumx += px
		s.minRTT = min(s.minRTT, x.RTT())
	}
	s.x0 = sumx / float64(n)
	s.span = lo[n-1].x - lo[0].x
	a := support(lo, s.x0, true, &s.hull)
	b := support(hi, s.x0, false, &s.hull)
	s.fit = line{at: (a.at + b.at) / 2, rate: (a.rate + b.rate) / 2}
	s.fit.rate = math.Max(1000*(1-maxDrift), math.Min(1000*(1+maxDrift), s.fit.rate))
	var ex float64
	for i := range lo {
		ex += a.at + a.rate*(lo[i].x-s.x0) - lo[i].y
		ex += hi[i].y - (b.at + b.rate*(hi[i].x-s.x0))
	}
	s.excess = ex / float64(2*n)
	s.fitted = true
}

// support is the line through the edge of the upper (or lower) convex hull
// of pts that spans x0: of all lines above (below) every point, the one
// closest to them on average. pts are in increasing x. With a single point,
// or a hull edge steeper than any crystal drifts, the slope is nominal.
func support(pts []point, x0 float64, upper bool, scratch *[]point) line {
	// Andrew's monotone chain, one side.
	hull := (*scratch)[:0]
	defer func() { *scratch = hull[:0] }()
	for _, p := range pts {
		for len(hull) >= 2 {
			o, a := hull[len(hull)-2], hull[len(hull)-1]
			cross := (a.x-o.x)*(p.y-o.y) - (a.y-o.y)*(p.x-o.x)
			if (upper && cross < 0) || (!upper && cross > 0) {
				break
			}
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	rate := 1000.0
	at := hull[0]
	for i := 1; i < len(hull); i++ {
		if hull[i].x >= x0 {
			a, b := hull[i-1], hull[i]
			if b.x > a.x {
				rate = (b.y - a.y) / (b.x - a.x)
			}
			at = a
			break
		}
	}
	if math.Abs(rate/1000-1) > maxDrift {
		// A hull edge this steep is jitter over a short span: take the
		// nominal rate through the extreme point.
		rate, at = 1000, hull[0]
		for _, p := range pts {
			if (upper && p.y-rate*p.x > at.y-rate*at.x) || (!upper && p.y-rate*p.x < at.y-rate*at.x) {
				at = p
			}
		}
	}
	return line{at: at.y + rate*(x0-at.x), rate: rate}
}

// Map converts a device clock reading to host monotonic time, with the
// estimated error of the result, never less than a microsecond (the device
// clock's resolution). The error grows with the distance from the window's
// middle, where the envelope pins the line best. ok is false until the
// first round trip.
func (s *Sync) Map(device uint64) (host, uncertainty time.Duration, ok bool) {
	if !s.fitted {
		return 0, 0, false
	}
	x := float64(device) - s.dev0 - s.x0
	h := s.fit.at + s.fit.rate*x
	n := float64(len(s.samples))
	var u float64
	if n < 8 || s.span <= 0 {
		// Too few round trips to pin an envelope: the shortest bounds it.
		u = float64(s.minRTT) / 2
	} else {
		// The envelope's error is about the samples' mean excess over n,
		// and a slope error of that over half the span is extrapolated.
		u = 6 * s.excess / n * (1 + 2*math.Abs(x)/s.span)
	}
	return time.Duration(math.Round(h)), max(time.Microsecond, time.Duration(u)), true
}
