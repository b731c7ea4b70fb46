package link

import "testing"

// TestOrderFrontier walks the watermark's device side through the cases
// firmware-protocol.md lists: what holds it and what releases it.
func TestOrderFrontier(t *testing.T) {
	type step struct {
		what    string
		seq     uint8  // a sequenced frame delivered (0: none)
		t       uint64 // its stamp, or the heartbeat's or pong's time
		beat    bool   // a heartbeat with queued
		queued  uint8
		pong    bool
		bad     bool // a bad block
		left    bool // seq arrived but was left unacknowledged
		want    uint64
		held    bool
		lostLen int
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"in order from seq 1", []step{
			{what: "seq 1", seq: 1, t: 1000, want: 990},
			{what: "pong", pong: true, t: 2000, want: 1990},
			{what: "seq 2", seq: 2, t: 2500, want: 2490},
		}},
		{"a boot's first frame is not seq 1", []step{
			{what: "seq 57", seq: 57, t: 1000, held: true},
			{what: "pong", pong: true, t: 2000, held: true},
			{what: "heartbeat, some queued", beat: true, queued: 1, t: 2100, held: true},
			{what: "empty heartbeat", beat: true, t: 2200, want: 2190},
		}},
		{"a gap until the retransmission", []step{
			{what: "seq 1", seq: 1, t: 1000, want: 990},
			{what: "seq 3 passes a spoilt seq 2", seq: 3, t: 1200, held: true},
			{what: "pong", pong: true, t: 1300, held: true},
			{what: "seq 2 again", seq: 2, t: 1100, want: 1290},
		}},
		{"a bad block held until a frame in order", []step{
			{what: "seq 1", seq: 1, t: 1000, want: 990},
			{what: "bad block", bad: true, held: true},
			{what: "pong", pong: true, t: 1300, held: true},
			{what: "seq 2", seq: 2, t: 1100, want: 1290},
		}},
		{"two bad blocks need two frames", []step{
			{what: "seq 1", seq: 1, t: 1000, want: 990},
			{what: "bad", bad: true, held: true},
			{what: "bad", bad: true, held: true},
			{what: "seq 2", seq: 2, t: 1100, held: true},
			{what: "seq 3", seq: 3, t: 1150, want: 1140},
		}},
		{"a gap the device dropped", []step{
			{what: "seq 1", seq: 1, t: 1000, want: 990},
			{what: "seq 4", seq: 4, t: 1200, held: true},
			{what: "empty heartbeat", beat: true, t: 1300, want: 1290, lostLen: 2},
		}},
		{"a frame left unacknowledged is missing until taken", []step{
			{what: "seq 1", seq: 1, t: 1000, want: 990},
			{what: "bad block", bad: true, held: true},
			{what: "seq 2 left (no fit yet)", seq: 2, left: true, held: true},
			{what: "seq 3 in order after it", seq: 3, t: 1300, held: true},
			{what: "pong", pong: true, t: 1400, held: true},
			{what: "seq 2 taken", seq: 2, t: 1200, want: 1390},
		}},
		{"the first frame left", []step{
			{what: "seq 1 left", seq: 1, left: true, held: true},
			{what: "seq 1 taken", seq: 1, t: 1000, want: 990},
		}},
		{"seqs wrap from 255 to 1", []step{
			{what: "seq 254", seq: 254, t: 1000, held: true},
			{what: "empty heartbeat", beat: true, t: 1100, want: 1090},
			{what: "seq 255", seq: 255, t: 1200, want: 1190},
			{what: "seq 2 passes seq 1", seq: 2, t: 1400, held: true},
			{what: "seq 1 again", seq: 1, t: 1300, want: 1390},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var o order
			for _, s := range tc.steps {
				var lost []uint8
				switch {
				case s.bad:
					o.hold()
				case s.left:
					o.notTaken(s.seq, s.t)
				case s.beat:
					lost = o.heartbeat(s.t, s.queued)
				case s.pong:
					o.seen(s.t)
				default:
					o.delivered(s.seq, s.t, true)
				}
				got, ok := o.frontier(10)
				if ok == s.held || (ok && got != s.want) || len(lost) != s.lostLen {
					t.Fatalf("after %s: frontier %d, %v, lost %v; want %d, held %v, %d lost", s.what, got, ok, lost, s.want, s.held, s.lostLen)
				}
			}
		})
	}
}

func TestSeqRing(t *testing.T) {
	for _, tc := range []struct {
		a, b uint8
		d    int
	}{{1, 1, 0}, {1, 2, 1}, {255, 1, 1}, {250, 3, 8}, {3, 250, 247}} {
		if d := ahead(tc.a, tc.b); d != tc.d {
			t.Errorf("ahead(%d, %d) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
	if succ(255) != 1 || succ(1) != 2 {
		t.Error("succ does not wrap 255 to 1")
	}
}
