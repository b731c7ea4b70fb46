package claimlog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// TestSessionsAsRead: Sessions gives each session exactly the records Read
// delivers between its note and the next, whatever their number (sessions
// longer than a chunk, a short one, records before the first note, a
// damaged line), and a session's records kept by fn stay as they were
// while the later sessions are read.
func TestSessionsAsRead(t *testing.T) {
	for _, tc := range []struct {
		name    string
		lengths []int // records of each session; -1 is records before any note
		damage  bool
		// days: each session starts a day later, and its second half is
		// written the day after (a file a day): LastSession reads from the
		// newest file with a session note, which is then not the newest.
		days bool
	}{
		{"one long", []int{3 * chunkLen}, false, false},
		{"several", []int{-1, 2*chunkLen + 7, 10, 0, chunkLen + 1}, false, false},
		{"damaged", []int{chunkLen + 5, 40}, true, false},
		{"none", []int{-1}, false, false},
		{"over days", []int{-1, 40, chunkLen + 3, 0, 12}, false, true},
		{"over days, one session", []int{2 * chunkLen}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSessions(t, dir, tc.lengths, tc.days)
			if tc.damage {
				damageLine(t, dir, chunkLen/2)
			}
			wantS, want := readSessions(t, dir)
			var got [][]Record
			var gotS []Record
			var kept [][]Record // deep copies of what fn was given, when given
			err := Sessions(dir, func(s Record, recs []Record) error {
				gotS, got = append(gotS, s), append(got, recs)
				kept = append(kept, deepCopy(recs))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(gotS, wantS) || len(got) != len(want) {
				t.Fatalf("sessions %+v, want %+v", gotS, wantS)
			}
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) || !reflect.DeepEqual(got[i], kept[i]) {
					t.Errorf("session %d: %d records (%d when given), want %d", i, len(got[i]), len(kept[i]), len(want[i]))
				}
			}
			last, lrecs, err := LastSession(dir)
			switch {
			case err != nil:
				t.Fatal(err)
			case len(want) == 0:
				if last != nil {
					t.Errorf("last session %+v in a log with none", last)
				}
			case last == nil || !reflect.DeepEqual(*last, wantS[len(wantS)-1]) || !reflect.DeepEqual(lrecs, want[len(want)-1]):
				t.Errorf("last session %+v with %d records, want %+v with %d", last, len(lrecs), wantS[len(wantS)-1], len(want[len(want)-1]))
			}
		})
	}
}

// writeSessions writes a log in dir of sessions of lengths records each
// (-1: records before any note), each in two batches; with days, each
// batch a day after the one before (a file a day).
func writeSessions(t *testing.T, dir string, lengths []int, days bool) {
	t.Helper()
	c := &clock{t: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	nextDay := func() {
		if days {
			c.set(c.now().Add(24 * time.Hour))
		}
	}
	w, err := Open(dir, Options{Reserve: -1, Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range lengths {
		var batch []Record
		if n >= 0 {
			note, err := sessionNote(fmt.Sprint("s", i), w.LastSeq()+1)
			if err != nil {
				t.Fatal(err)
			}
			batch = append(batch, note)
		}
		if n < 0 {
			n = 3
		}
		for j := range n {
			body, _ := json.Marshal(map[string]string{"note": fmt.Sprint("record ", j, " of ", i)})
			batch = append(batch, Record{Kind: KindNote, Source: "table", Hand: j, Type: "reboot", Body: body})
		}
		nextDay()
		half := (len(batch) + 1) / 2
		if err := w.Append(batch[:half]); err != nil {
			t.Fatal(err)
		}
		nextDay()
		if err := w.Append(batch[half:]); err != nil {
			t.Fatal(err)
		}
	}
	if files, _ := Files(dir); days && len(files) <= len(lengths) {
		t.Fatalf("%d files, want one a day", len(files))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// readSessions is what Read delivers of the log in dir, cut at the
// session notes: the notes, and each session's records after its note.
func readSessions(t *testing.T, dir string) (notes []Record, sessions [][]Record) {
	t.Helper()
	err := Read(dir, Filter{}, func(r Record) error {
		if r.Kind == KindNote && r.Type == TypeSession {
			notes, sessions = append(notes, r), append(sessions, nil)
			return nil
		}
		if len(sessions) > 0 {
			sessions[len(sessions)-1] = append(sessions[len(sessions)-1], r)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return notes, sessions
}

// sessionNote is a note that opens a session, as package journal writes
// one: this package reads only its kind and type.
func sessionNote(table string, first uint64) (Record, error) {
	body, err := json.Marshal(map[string]any{"table": table, "rules": "ema2016", "first_seq": first})
	return Record{Kind: KindNote, Source: "table", Type: TypeSession, Body: body}, err
}

func deepCopy(recs []Record) []Record {
	if recs == nil {
		return nil
	}
	out := make([]Record, len(recs))
	for i, r := range recs {
		r.Body = append(json.RawMessage(nil), r.Body...)
		out[i] = r
	}
	return out
}

// damageLine flips a byte in line n (from 0) of the log's only file.
func damageLine(t *testing.T, dir string, n int) {
	t.Helper()
	files, err := Files(dir)
	if err != nil || len(files) != 1 {
		t.Fatalf("files %v %v", files, err)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	at := 0
	for range n {
		at += bytes.IndexByte(b[at:], '\n') + 1
	}
	b[at+5] ^= 0x20
	if err := os.WriteFile(filepath.Clean(files[0]), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRecordBeforeItsDealIsRead: a record of a hand stamped before the
// hand's deal (a late press on the last hand's discard, journaled after
// the new hand began) is delivered by every read that does not filter by
// the time within the hand: Read, Sessions, LastSession and the index.
func TestRecordBeforeItsDealIsRead(t *testing.T) {
	dir := t.TempDir()
	w, err := Open(dir, Options{Reserve: -1})
	if err != nil {
		t.Fatal(err)
	}
	note, err := sessionNote("", 1)
	if err != nil {
		t.Fatal(err)
	}
	err = w.Append([]Record{note,
		{Kind: KindOutcome, Source: "table", Hand: 2, Mono: 1000, Type: "deal", Body: json.RawMessage(`{"type":"deal"}`)},
		{Kind: KindInput, Source: "serial", Hand: 2, Mono: 500, Seat: "S", Type: "ron", Body: json.RawMessage(`{"event":{"at":500}}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	n := 0
	if err := Read(dir, Filter{}, func(Record) error { n++; return nil }); err != nil || n != 3 {
		t.Errorf("Read delivered %d records, want 3 (%v)", n, err)
	}
	if _, recs, err := LastSession(dir); err != nil || len(recs) != 2 {
		t.Errorf("the last session has %d records, want 2 (%v)", len(recs), err)
	}
	if page, _, err := NewIndex(dir).Page(Filter{}, 10); err != nil || len(page) != 3 {
		t.Errorf("the index gives %d records, want 3 (%v)", len(page), err)
	}
	// A filter by the time within the hand still leaves it out.
	n = 0
	if err := Read(dir, Filter{HandTo: time.Hour}, func(Record) error { n++; return nil }); err != nil || n != 2 {
		t.Errorf("Read from the deal on delivered %d records, want 2 (%v)", n, err)
	}
}

// TestFileHoldsMarkAcrossBlocks: the session mark is found wherever it
// lies, also across the boundary of the blocks a file is read in.
func TestFileHoldsMarkAcrossBlocks(t *testing.T) {
	dir := t.TempDir()
	const block = 64 << 10
	for _, at := range []int{0, 100, block - len(sessionMark), block - 3, block - 1, block, 2*block - 5, 3 * block} {
		b := bytes.Repeat([]byte("x"), 3*block+len(sessionMark))
		copy(b[at:], sessionMark)
		path := filepath.Join(dir, fmt.Sprint(at))
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if found, err := fileHolds(path, sessionMark); err != nil || !found {
			t.Errorf("mark at %d: found %v, %v", at, found, err)
		}
		b[at+1] = 'x'
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if found, err := fileHolds(path, sessionMark); err != nil || found {
			t.Errorf("mark spoilt at %d: found %v, %v", at, found, err)
		}
	}
}
