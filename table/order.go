package table

import "time"

// reorder holds received inputs until they are decided, earliest stamp
// first; among equal stamps, in the order they arrived (their sequence
// numbers), so a replay of the journal orders them the same way. It is a
// binary heap of its own rather than container/heap, whose any boxed an
// entry on every push and pop: a resume pushes every input of the session.
type reorder struct{ h []Entry }

// before is the heap's order: a strict total order, as inputs' sequence
// numbers differ, so the order of pops never depends on the heap's shape.
func before(a, b Entry) bool {
	if a.At != b.At {
		return a.At < b.At
	}
	return a.Seq < b.Seq
}

func (r *reorder) push(e Entry) {
	r.h = append(r.h, e)
	r.up(len(r.h) - 1)
}

// pop returns the earliest held input.
func (r *reorder) pop() (Entry, bool) {
	if len(r.h) == 0 {
		return Entry{}, false
	}
	return r.removeAt(0), true
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
			r.removeAt(i)
			return
		}
	}
}

// removeAt takes out the entry at i and restores the heap.
func (r *reorder) removeAt(i int) Entry {
	e := r.h[i]
	last := len(r.h) - 1
	r.h[i] = r.h[last]
	r.h[last] = Entry{} // drop its pointers
	r.h = r.h[:last]
	if i < last {
		if !r.down(i) {
			r.up(i)
		}
	}
	return e
}

func (r *reorder) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !before(r.h[i], r.h[parent]) {
			return
		}
		r.h[i], r.h[parent] = r.h[parent], r.h[i]
		i = parent
	}
}

// down sifts the entry at i down and reports whether it moved.
func (r *reorder) down(i int) bool {
	start := i
	for {
		least := i
		if l := 2*i + 1; l < len(r.h) && before(r.h[l], r.h[least]) {
			least = l
		}
		if rt := 2*i + 2; rt < len(r.h) && before(r.h[rt], r.h[least]) {
			least = rt
		}
		if least == i {
			return i > start
		}
		r.h[i], r.h[least] = r.h[least], r.h[i]
		i = least
	}
}
