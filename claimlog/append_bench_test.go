package claimlog

import "testing"

// BenchmarkAppend is one press's batch, appended and made durable, on the
// file system of the test's temporary directory: what a press waits for
// before its 202.
//
//	go test -run '^$' -bench Append -benchmem ./claimlog
func BenchmarkAppend(b *testing.B) {
	w, err := Open(b.TempDir(), Options{Reserve: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	recs := []Record{{Kind: KindInput, Source: "web", Type: "pon", Seat: "S", Hand: 1, Body: []byte(`{"seat":"S","action":"pon"}`)}}
	b.ReportAllocs()
	for b.Loop() {
		recs[0].Seq, recs[0].Wall = 0, t0
		if err := w.Append(recs); err != nil {
			b.Fatal(err)
		}
	}
}
