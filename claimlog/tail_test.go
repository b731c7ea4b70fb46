package claimlog

import "testing"

// TestTailReadsOnlyTheEnd: Tail reads from the file before the newest one
// holding the mark, whatever the log holds before it; Get reads one
// record by its number. Each writer session starts a file, as each
// restart of a table does.
func TestTailReadsOnlyTheEnd(t *testing.T) {
	dir := t.TempDir()
	appendOne := func(w *Writer, typ string) uint64 {
		t.Helper()
		if err := w.Append([]Record{{Kind: KindNote, Source: "table", Type: typ, Body: []byte(`{}`)}}); err != nil {
			t.Fatal(err)
		}
		return w.LastSeq()
	}
	var marks, firsts []uint64
	var session uint64
	for file := 0; file < 8; file++ {
		w, err := Open(dir, Options{Reserve: -1})
		if err != nil {
			t.Fatal(err)
		}
		firsts = append(firsts, w.LastSeq()+1)
		if file == 0 {
			session = appendOne(w, TypeSession)
		}
		for i := 0; i < 20; i++ {
			appendOne(w, "x")
		}
		if file == 2 || file == 5 {
			marks = append(marks, appendOne(w, "deal"))
		}
		appendOne(w, "y")
		w.Close()
	}
	recs, err := Tail(dir, "deal", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) == 0 || recs[0].Seq < firsts[4] || recs[0].Seq > firsts[4]+1 {
		t.Fatalf("the tail begins at record %v, want the file before the mark's (record %d on)", recs[0].Seq, firsts[4])
	}
	if last := recs[len(recs)-1]; last.Type != "y" {
		t.Errorf("the tail ends with %s %d, not the log's last record", last.Type, last.Seq)
	}
	found := false
	for _, r := range recs {
		found = found || r.Seq == marks[1]
	}
	if !found {
		t.Errorf("the mark %d is not in the tail", marks[1])
	}
	// One file holding a mark passed over: the one before, from the file
	// before it.
	if recs, err = Tail(dir, "deal", 1); err != nil {
		t.Fatal(err)
	}
	if recs[0].Seq < firsts[1] || recs[0].Seq > firsts[1]+1 {
		t.Fatalf("a tail one mark back begins at record %v, want the file before the older mark's (record %d on)", recs[0].Seq, firsts[1])
	}
	r, err := Get(dir, session)
	if err != nil || r.Type != TypeSession {
		t.Fatalf("Get(%d) = %+v, %v: want the session note", session, r, err)
	}
	if _, err := Get(dir, 1<<40); err == nil {
		t.Error("Get of a number past the log's end found a record")
	}

	// No mark: from the file of the newest session note on.
	recs, err = Tail(dir, "nothing", 0)
	if err != nil {
		t.Fatal(err)
	}
	if recs[0].Type != TypeSession && recs[0].Seq > session {
		t.Errorf("with no mark the tail begins at record %d, not at the session note %d", recs[0].Seq, session)
	}
	if n := len(recs); n < 8*21 {
		t.Errorf("with no mark the tail holds %d records, not the whole session", n)
	}
}
