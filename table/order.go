package table

import (
	"container/heap"
	"time"
)

// reorder holds received inputs until they are decided, earliest stamp
// first; among equal stamps, in the order they arrived (their sequence
// numbers), so a replay of the journal orders them the same way.
type reorder struct{ h entryHeap }

type entryHeap []Entry

func (h entryHeap) Len() int { return len(h) }
func (h entryHeap) Less(i, j int) bool {
	if h[i].At != h[j].At {
		return h[i].At < h[j].At
	}
	return h[i].Seq < h[j].Seq
}
func (h entryHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *entryHeap) Push(x any)   { *h = append(*h, x.(Entry)) }
func (h *entryHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (r *reorder) push(e Entry) { heap.Push(&r.h, e) }

// pop returns the earliest held input.
func (r *reorder) pop() (Entry, bool) {
	if len(r.h) == 0 {
		return Entry{}, false
	}
	return heap.Pop(&r.h).(Entry), true
}

// next is the stamp of the earliest held input.
func (r *reorder) next() (time.Duration, bool) {
	if len(r.h) == 0 {
		return 0, false
	}
	return r.h[0].At, true
}

// remove takes a held input out (a voided press not yet decided).
func (r *reorder) remove(seq uint64) {
	for i, e := range r.h {
		if e.Seq == seq {
			heap.Remove(&r.h, i)
			return
		}
	}
}
