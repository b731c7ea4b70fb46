package table

import (
	"container/heap"
	"time"

	"github.com/tabled/tabled/engine"
)

// reorder holds inputs until the input latency has passed since their
// stamp, so that a press stamped earlier but delivered later (a serial
// controller, a slow tablet) is still applied in stamp order.
type reorder struct {
	h   eventHeap
	seq uint64 // arrival order, to keep equal stamps in the order they came
}

type pending struct {
	ev  engine.Event
	seq uint64
}

type eventHeap []pending

func (h eventHeap) Len() int { return len(h) }
func (h eventHeap) Less(i, j int) bool {
	if h[i].ev.At != h[j].ev.At {
		return h[i].ev.At < h[j].ev.At
	}
	return h[i].seq < h[j].seq
}
func (h eventHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *eventHeap) Push(x any)   { *h = append(*h, x.(pending)) }
func (h *eventHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (r *reorder) push(ev engine.Event) {
	r.seq++
	heap.Push(&r.h, pending{ev: ev, seq: r.seq})
}

// popDue returns the earliest input stamped at or before t, if any.
func (r *reorder) popDue(t time.Duration) (engine.Event, bool) {
	if len(r.h) == 0 || r.h[0].ev.At > t {
		return engine.Event{}, false
	}
	return heap.Pop(&r.h).(pending).ev, true
}

// next is the stamp of the earliest held input.
func (r *reorder) next() (time.Duration, bool) {
	if len(r.h) == 0 {
		return 0, false
	}
	return r.h[0].ev.At, true
}
