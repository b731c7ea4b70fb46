package claimlog

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Millisecond)
	return c.t
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func readAll(t *testing.T, dir string, f Filter) []Record {
	t.Helper()
	var out []Record
	if err := Read(dir, f, func(r Record) error { out = append(out, r); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

func rec(kind, typ, seat string, hand int) Record {
	return Record{Kind: kind, Source: "gpio", Type: typ, Seat: seat, Hand: hand, Body: json.RawMessage(`{}`)}
}

func TestAppendReadAndContinue(t *testing.T) {
	dir := t.TempDir()
	c := &clock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)}
	w, err := Open(dir, Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Append([]Record{rec(KindInput, "discard", "E", 1), rec(KindInput, "pon", "S", 1), rec(KindOutcome, "decision", "S", 1)}); err != nil {
		t.Fatal(err)
	}
	if err := w.Append([]Record{{Seq: 9, Kind: KindInput}}); err == nil {
		t.Fatal("a record out of sequence was accepted")
	}
	w.Close()
	// A new session continues the numbers in a new file.
	w, err = Open(dir, Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	if w.LastSeq() != 3 {
		t.Fatalf("continued at %d", w.LastSeq())
	}
	if err := w.Append([]Record{{Seq: 4, Kind: KindInput, Type: "chii", Seat: "W", Hand: 2}}); err != nil {
		t.Fatal(err)
	}
	// The day changes: a new file.
	c.set(time.Date(2026, 11, 23, 0, 0, 1, 0, time.UTC))
	if err := w.Append([]Record{rec(KindOutcome, "hand_end", "", 2)}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	files, _ := Files(dir)
	if len(files) != 3 {
		t.Fatalf("%d files, want one per session and per day: %v", len(files), files)
	}
	all := readAll(t, dir, Filter{})
	for i, r := range all {
		if r.Seq != uint64(i+1) || r.Wall.IsZero() {
			t.Fatalf("record %d: %+v", i, r)
		}
	}
	for _, tc := range []struct {
		f    Filter
		want int
	}{
		{Filter{Hand: 2}, 2}, {Filter{Seat: "S"}, 2}, {Filter{Kind: KindOutcome}, 2}, {Filter{Type: "pon"}, 1},
		{Filter{FromSeq: 4}, 2}, {Filter{Since: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)}, 1},
	} {
		if got := len(readAll(t, dir, tc.f)); got != tc.want {
			t.Errorf("filter %+v: %d records, want %d", tc.f, got, tc.want)
		}
	}
}

// TestTornLastLineRepaired: a power cut in the middle of a write leaves a
// partial line; Open cuts it, says so in a note, and goes on.
func TestTornLastLineRepaired(t *testing.T) {
	dir := t.TempDir()
	torn, _ := os.ReadFile("testdata/torn.jsonl")
	path := filepath.Join(dir, "tabled-20261122-100000.000000000.jsonl")
	os.WriteFile(path, torn, 0o644)
	c := &clock{t: time.Date(2026, 11, 22, 11, 0, 0, 0, time.UTC)}
	w, err := Open(dir, Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	repaired, _ := os.ReadFile(path)
	golden := "testdata/torn.repaired.jsonl"
	if *update {
		os.WriteFile(golden, repaired, 0o644)
	}
	want, _ := os.ReadFile(golden)
	if !bytes.Equal(repaired, want) {
		t.Fatalf("repaired file:\n%s\nwant:\n%s", repaired, want)
	}
	if len(w.Repairs()) != 1 || !strings.Contains(w.Repairs()[0], "cut a torn last line of 69 bytes from line 3") {
		t.Fatalf("repairs: %v", w.Repairs())
	}
	all := readAll(t, dir, Filter{})
	if len(all) != 3 || all[2].Seq != 3 || all[2].Kind != KindNote || !strings.Contains(string(all[2].Body), "torn") {
		t.Fatalf("after repair: %+v", all)
	}
}

func TestCorruptLineNamed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tabled-20261122-100000.000000000.jsonl")
	os.WriteFile(path, []byte("{\"seq\":1,\"kind\":\"input\"}\nGARBAGE\n{\"seq\":3,\"kind\":\"input\"}\n"), 0o644)
	var got []Damage
	var seqs []uint64
	err := Scan(dir, Filter{}, func(r Record) error { seqs = append(seqs, r.Seq); return nil }, func(d Damage) { got = append(got, d) })
	if err != nil {
		t.Fatal(err)
	}
	if len(seqs) != 2 || seqs[1] != 3 {
		t.Fatalf("read %v past the damage, want 1 and 3", seqs)
	}
	if len(got) != 1 || got[0].Line != 2 || got[0].Kind != DamageLine || got[0].FirstSeq != 2 || got[0].LastSeq != 2 ||
		!strings.Contains(got[0].String(), "tabled-20261122-100000.000000000.jsonl line 2: does not parse") ||
		!strings.Contains(got[0].String(), "record 2 is missing") {
		t.Fatalf("damage = %+v", got)
	}
}

func TestFollowAcrossFiles(t *testing.T) {
	dir := t.TempDir()
	c := &clock{t: time.Date(2026, 11, 22, 23, 59, 59, 0, time.UTC)}
	w, err := Open(dir, Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Append([]Record{rec(KindInput, "discard", "E", 1)})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got := make(chan uint64, 10)
	go Follow(ctx, dir, Filter{}, 5*time.Millisecond, func(r Record) error { got <- r.Seq; return nil })
	if s := <-got; s != 1 {
		t.Fatalf("first %d", s)
	}
	c.set(time.Date(2026, 11, 23, 0, 0, 1, 0, time.UTC)) // next append rotates
	w.Append([]Record{rec(KindInput, "pon", "S", 1), rec(KindOutcome, "decision", "S", 1)})
	for want := uint64(2); want <= 3; want++ {
		select {
		case s := <-got:
			if s != want {
				t.Fatalf("followed %d, want %d", s, want)
			}
		case <-ctx.Done():
			t.Fatal("follow missed a record across rotation")
		}
	}
}

func TestExportJSON(t *testing.T) {
	dir := t.TempDir()
	c := &clock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)}
	w, _ := Open(dir, Options{Now: c.now})
	w.Append([]Record{
		{Mono: 2_000_000_000, Kind: KindInput, Source: "gpio", Hand: 1, Seat: "E", Type: "discard", Body: json.RawMessage(`{"tile":"4p"}`)},
		{Mono: 2_550_000_000, Kind: KindOutcome, Source: "table", Hand: 1, Seat: "S", Type: "decision", Body: json.RawMessage(`{"reason":"CHII South: the only claim"}`)},
		{Mono: 2_600_000_000, Kind: KindInput, Source: "gpio", Hand: 1, Seat: "N", Type: "pon", Body: json.RawMessage(`{"event":{}}`)},
		{Mono: 2_800_000_000, Kind: KindOutcome, Source: "table", Hand: 1, Seat: "N", Type: "decision", Body: json.RawMessage(`{"reason":"PON North beats CHII South"}`)},
		{Mono: 9_000_000_000, Kind: KindVoid, Source: "referee", Hand: 1, Type: "void", Body: json.RawMessage(`{"void":3,"retracted":[4]}`)},
		{Mono: 9_100_000_000, Kind: KindVoid, Source: "referee", Hand: 1, Type: "void", Body: json.RawMessage(`{"void":3,"note":"refused: input 3 is already void"}`)},
		{Mono: 9_200_000_000, Kind: KindNote, Source: "table", Hand: 1, Type: "revision", Body: json.RawMessage(`{"late":[1],"retracted":[2,4],"note":"re-decided"}`)},
	})
	w.Close()
	var b bytes.Buffer
	if err := WriteJSON(&b, dir, Filter{Kind: KindOutcome}); err != nil {
		t.Fatal(err)
	}
	// A voided input and the outcomes withdrawn say by what: the first
	// mark stands, a refused void marks nothing.
	var arr []Marked
	if err := json.Unmarshal(b.Bytes(), &arr); err != nil || len(arr) != 2 || arr[0].Type != "decision" ||
		arr[0].WithdrawnBy != 7 || arr[1].WithdrawnBy != 5 || arr[0].VoidedBy != 0 {
		t.Fatalf("json export: %v %s", err, b.String())
	}
	b.Reset()
	if err := WriteJSON(&b, dir, Filter{Kind: KindInput}); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b.Bytes(), &arr); err != nil || len(arr) != 2 || arr[0].VoidedBy != 0 || arr[1].VoidedBy != 5 ||
		!strings.Contains(b.String(), `"voided_by":5`) || strings.Count(b.String(), "voided_by") != 1 {
		t.Fatalf("json export of the inputs: %v %s", err, b.String())
	}
}

// FuzzRepair: whatever the newest file holds, Open repairs it or says why
// not, never panics, never deletes a whole line that is not part of a
// batch cut short, and a repaired log reads to the end.
func FuzzRepair(f *testing.F) {
	torn, _ := os.ReadFile("testdata/torn.jsonl")
	f.Add(torn, false)
	f.Add([]byte("{\"seq\":1}\n{\"seq\":2}\n{"), false)
	f.Add([]byte("\n\n\n"), false)
	f.Add([]byte("GARBAGE\n{\"seq\":5,\"kind\":\"input\"}\n"), false)
	f.Add(sealedLines(t0, 3, 2), true)
	f.Add(append(sealedLines(t0, 3, 1), make([]byte, 200)...), true) // a card that lost a flushed write
	f.Add(append(sealedLines(t0, 3, 0), fillOf(300)...), true)       // a writer's space ahead
	f.Add(append(append(sealedLines(t0, 3, 0), make([]byte, 90)...), fillOf(300)...), true)
	f.Fuzz(func(t *testing.T, b []byte, sealed bool) {
		dir := t.TempDir()
		name := "tabled-20261122-100000.000000000.jsonl"
		if sealed {
			name = fileName(1, 1)
		}
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
		w, err := Open(dir, Options{Reserve: -1})
		if err != nil {
			t.Fatal(err) // damage never stops Open
		}
		if err := w.Append([]Record{{Kind: KindNote, Type: "fuzz"}}); err != nil {
			t.Fatal(err)
		}
		last := w.LastSeq()
		w.Close()
		kept, _ := os.ReadFile(filepath.Join(dir, name))
		if !bytes.HasPrefix(b, kept) {
			t.Fatalf("the file was rewritten, not cut")
		}
		for _, line := range bytes.SplitAfter(b[len(kept):], []byte("\n")) {
			if len(line) == 0 || line[len(line)-1] != '\n' {
				continue // the torn last line
			}
			if w, err := decodeLine(line[:len(line)-1], sealed, nil); err != nil || w.More == 0 {
				t.Fatalf("cut a whole line that is no part of a batch cut short: %q", line)
			}
		}
		var seen uint64
		if err := Read(dir, Filter{}, func(r Record) error { seen = r.Seq; return nil }); err != nil {
			t.Fatal(err)
		}
		if seen != last {
			t.Fatalf("read up to %d, the writer wrote %d", seen, last)
		}
	})
}

// FuzzWholePrefix: for any file content, what repair keeps ends at a line
// boundary and all it cuts is a torn last line and whole records of one
// batch cut short.
func FuzzWholePrefix(f *testing.F) {
	torn, _ := os.ReadFile("testdata/torn.jsonl")
	f.Add(torn, false)
	f.Add([]byte("{\"seq\":1}\n{\"seq\":2}\n{"), false)
	f.Add([]byte("{\"seq\":1}\nGARBAGE\n"), false)
	f.Add(sealedLines(t0, 4, 3), true)
	f.Fuzz(func(t *testing.T, b []byte, sealed bool) {
		good, hi, recs := wholePrefix(b, sealed)
		if good < 0 || good > len(b) || (good > 0 && b[good-1] != '\n') {
			t.Fatalf("keeps %d of %d bytes, not at a line end", good, len(b))
		}
		lines := bytes.SplitAfter(b[good:], []byte("\n"))
		whole := 0
		var top uint64
		for _, line := range lines {
			if len(line) == 0 || line[len(line)-1] != '\n' {
				continue
			}
			whole++
			w, err := decodeLine(line[:len(line)-1], sealed, nil)
			if err != nil || w.Seq == 0 || w.More == 0 {
				t.Fatalf("cut a whole line that is no part of a batch cut short: %q", line)
			}
			top = max(top, w.Seq)
		}
		if whole != recs || top != hi {
			t.Fatalf("cut %d whole records up to %d, says %d up to %d", whole, top, recs, hi)
		}
	})
}
