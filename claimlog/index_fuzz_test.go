package claimlog

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzIndex: the index reads any bytes in a log's files without
// panicking; a page is in rising sequence order and each record it gives
// is read from the line the index found; every record the checked reader
// (Scan) delivers is in the index with its head (a number used twice is
// indexed twice, and the reader keeps one); an input the reader's marks
// say was voided is voided in the index's marks too.
func FuzzIndex(f *testing.F) {
	f.Add(sealedLines(t0, 3, 1), []byte("GARBAGE\n{\"seq\":2}\n"))
	f.Add([]byte("{\"seq\":1}\n{\"seq\":1}\n{"), []byte("\n\n"))
	f.Add([]byte(`{"seq":4,"kind":"void","body":{"void":2,"retracted":[3]}}`+"\n"), []byte(`{"seq":5,"kind":"note","type":"revision","body":{"late":[1],"retracted":[4,4]}}`+"\n"))
	f.Add([]byte(`{"seq":1,"kind":"outcome","type":"decision","hand":3,"body":{"won":[{"seat":"N"}],"lost":{"seat":"S"}}}`+"\n"), []byte(`{"annotation":"x"}`+"\n"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, fileName(1, 1)), a, 0o644)
		os.WriteFile(filepath.Join(dir, "tabled-20261122-100000.000000000.jsonl"), b, 0o644)
		x := NewIndex(dir)
		page, next, err := x.Page(Filter{}, 1<<20)
		if err != nil {
			t.Fatalf("page: %v", err)
		}
		if next != 0 {
			t.Fatalf("a page of every record says more follow from %d", next)
		}
		indexed := map[uint64][]Record{} // a number used twice is indexed twice
		for i, r := range page {
			if i > 0 && r.Seq < page[i-1].Seq {
				t.Fatalf("record %d after %d", r.Seq, page[i-1].Seq)
			}
			indexed[r.Seq] = append(indexed[r.Seq], r)
		}
		var marks Marks
		err = Scan(dir, Filter{}, func(r Record) error {
			marks.See(r)
			for _, got := range indexed[r.Seq] {
				if got.Kind == r.Kind && got.Type == r.Type && got.Hand == r.Hand && got.Source == r.Source && got.Seat == r.Seat {
					return nil
				}
			}
			t.Fatalf("record %d (%s %s hand %d) read, indexed as %+v", r.Seq, r.Kind, r.Type, r.Hand, indexed[r.Seq])
			return nil
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		xm := x.Marks()
		for seq := range indexed {
			if m := marks.Of(Record{Seq: seq}); m.VoidedBy != 0 && xm.Of(Record{Seq: seq}).VoidedBy == 0 {
				t.Fatalf("record %d: voided by %d as read, not as indexed", seq, m.VoidedBy)
			}
		}
	})
}
