package table

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestReorderPopsInStampOrder: whatever is pushed, popped and removed, the
// held inputs come out earliest stamp first, arrival order among equal
// stamps, as a sorted list would give them.
func TestReorderPopsInStampOrder(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stamps int // how many distinct stamps: few means many ties
		ops    int
	}{
		{"ties", 3, 2000},
		{"spread", 1000, 2000},
		{"one", 1, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(tc.stamps), uint64(tc.ops)))
			var q reorder
			var want []Entry
			seq := uint64(0)
			for range tc.ops {
				switch x := r.IntN(10); {
				case x < 5 || len(want) == 0:
					seq++
					e := Entry{Seq: seq, At: time.Duration(r.IntN(tc.stamps))}
					q.push(e)
					want = append(want, e)
				case x < 8:
					slices.SortFunc(want, func(a, b Entry) int { return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.Seq, b.Seq)) })
					if at, ok := q.next(); !ok || at != want[0].At {
						t.Fatalf("next %v %v, want %v", at, ok, want[0].At)
					}
					got, ok := q.pop()
					if !ok || got.Seq != want[0].Seq {
						t.Fatalf("popped %d %v, want %d", got.Seq, ok, want[0].Seq)
					}
					want = want[1:]
				default:
					i := r.IntN(len(want))
					q.remove(want[i].Seq)
					want = slices.Delete(want, i, i+1)
				}
			}
			slices.SortFunc(want, func(a, b Entry) int { return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.Seq, b.Seq)) })
			for _, w := range want {
				if got, ok := q.pop(); !ok || got.Seq != w.Seq {
					t.Fatalf("popped %d %v, want %d", got.Seq, ok, w.Seq)
				}
			}
			if _, ok := q.pop(); ok {
				t.Fatal("pop of an empty reorder gave an entry")
			}
		})
	}
}
