package fwproto

// Dedupe remembers the last DedupeWindow sequence numbers a receiver
// delivered, so that a retransmission of one of them is acknowledged again
// but not delivered twice. A sender keeps at most MaxInFlight frames
// unacknowledged, so a number leaves the window long before it comes round
// again. The zero value is empty; reset it when the peer reboots.
type Dedupe struct {
	ring [DedupeWindow]uint8
	n    int
	in   [256]bool
}

// DedupeWindow is how many recent sequence numbers a receiver remembers;
// MaxInFlight how many unacknowledged frames a sender may have.
const (
	DedupeWindow = 128
	MaxInFlight  = 32
)

// Seen reports whether seq is among the remembered numbers.
func (d *Dedupe) Seen(seq uint8) bool { return d.in[seq] }

// Add remembers seq, forgetting the oldest when the window is full.
func (d *Dedupe) Add(seq uint8) {
	i := d.n % len(d.ring)
	if d.n >= len(d.ring) {
		d.in[d.ring[i]] = false
	}
	d.ring[i] = seq
	d.in[seq] = true
	d.n++
}
