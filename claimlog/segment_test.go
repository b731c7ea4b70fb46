package claimlog

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func fillOf(n int) []byte { return bytes.Repeat([]byte{fillByte}, n) }

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// TestSegmentsAheadAndTrimmed: a file being written has its space
// allocated ahead, a segment at a time, so its size does not change per
// batch; every reader reads all that is written and sees no damage in the
// fill; the file a writer leaves (Close, the day's switch) ends with its
// last line, as files did before segments.
func TestSegmentsAheadAndTrimmed(t *testing.T) {
	dir := t.TempDir()
	c := &clock{t: time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC)}
	w, err := Open(dir, Options{Now: c.now, Reserve: -1})
	if err != nil {
		t.Fatal(err)
	}
	appendN(t, w, 1)
	files, _ := Files(dir)
	first := files[0]
	if got := fileSize(t, first); got != segmentSize {
		t.Fatalf("a file being written is %d bytes, want a segment of %d allocated ahead", got, segmentSize)
	}
	appendN(t, w, 20)
	if got := fileSize(t, first); got != segmentSize {
		t.Fatalf("after 20 batches the file is %d bytes: its size changed per batch", got)
	}
	// A batch bigger than what is left grows the file by whole segments.
	big := Record{Kind: KindNote, Source: "table", Type: "big", Body: []byte(`{"s":"` + strings.Repeat("x", segmentSize) + `"}`)}
	if err := w.Append([]Record{big}); err != nil {
		t.Fatal(err)
	}
	if got := fileSize(t, first); got != 2*segmentSize {
		t.Fatalf("after a batch of a segment the file is %d bytes, want %d", got, 2*segmentSize)
	}
	seqs, damage := scanAll(t, dir)
	if len(damage) != 0 || len(seqs) != 22 || seqs[21] != 22 {
		t.Fatalf("a file being written reads %v, damage %v", seqs, damage)
	}
	x := NewIndex(dir)
	if page := mustPage(t, x, Filter{}); len(page) != 22 || len(x.Damaged()) != 0 {
		t.Fatalf("the index of a file being written has %d records, damage %v", len(page), x.Damaged())
	}
	// The day's switch leaves the file as lines only, and starts another.
	c.set(time.Date(2026, 11, 23, 0, 0, 1, 0, time.UTC))
	appendN(t, w, 1)
	b, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) == 0 || b[len(b)-1] != '\n' || bytes.Count(b, []byte("\n")) != 22 {
		t.Fatalf("the day's first file, left, is %d bytes ending %q: not its 22 lines", len(b), b[max(0, len(b)-20):])
	}
	if page := mustPage(t, x, Filter{}); len(page) != 23 || len(x.Damaged()) != 0 {
		t.Fatalf("the index after the day's switch has %d records, damage %v", len(page), x.Damaged())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	files, _ = Files(dir)
	if b, _ := os.ReadFile(files[1]); !bytes.HasSuffix(b, []byte("}\n")) || bytes.Contains(b, fillOf(2)) {
		t.Fatalf("the file left by Close still holds fill: %d bytes", len(b))
	}
	if seqs, damage := scanAll(t, dir); len(damage) != 0 || len(seqs) != 23 {
		t.Fatalf("after Close: %v, damage %v", seqs, damage)
	}
}

// TestCrashLeftFill: what a crash or a power cut leaves in the newest file
// (its records, maybe a line half-written over the fill, maybe a flushed
// line that came back as zeros) opens as before segments: the fill is cut,
// a torn line is cut and noted, lost writes are alerted and their numbers
// skipped; a clean end needs no note.
func TestCrashLeftFill(t *testing.T) {
	whole := sealedLines(t0, 4, 0)
	last := bytes.LastIndexByte(whole[:len(whole)-1], '\n') + 1
	for _, tc := range []struct {
		name   string
		file   []byte
		repair string // what the one repair note says; "" for none
		alert  bool
		seqs   int // the records before the writer's own
	}{
		{"clean end", append(whole, fillOf(segmentSize-len(whole))...), "", false, 4},
		{"torn line over the fill", append(whole[:len(whole)-10:len(whole)-10], fillOf(5000)...), "a torn last line of", false, 3},
		{"flushed line back as zeros", append(append(whole[:last:last], make([]byte, len(whole)-last)...), fillOf(5000)...), "zero bytes", true, 3},
		{"batch cut short", append(sealedLines(t0, 2, 2), fillOf(100)...), "2 whole records of a batch cut short", false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, fileName(1, 1))
			os.WriteFile(path, tc.file, 0o644)
			if seqs, damage := scanAll(t, dir); len(damage) != 0 || len(seqs) != tc.seqs {
				t.Fatalf("before Open: read %v, damage %v", seqs, damage)
			}
			w := mustOpen(t, dir)
			appendN(t, w, 1)
			alerts, repairs, lastSeq := w.Alerts(), w.Repairs(), w.LastSeq()
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.repair == "" && len(repairs) != 0,
				tc.repair != "" && (len(repairs) != 1 || !strings.Contains(repairs[0], tc.repair)):
				t.Fatalf("repairs %q, want %q", repairs, tc.repair)
			case tc.alert != (len(alerts) == 1 && alerts[0].Kind == AlertLostWrites):
				t.Fatalf("alerts %+v, want lost writes: %v", alerts, tc.alert)
			}
			if b, _ := os.ReadFile(path); bytes.Contains(b, fillOf(2)) {
				t.Fatalf("Open left the fill in the newest file")
			}
			seqs, damage := scanAll(t, dir)
			if len(damage) != 0 || seqs[len(seqs)-1] != lastSeq || seqs[tc.seqs-1] != uint64(tc.seqs) {
				t.Fatalf("after Open: read %v, damage %v", seqs, damage)
			}
		})
	}
}

// TestFillInsideIsRead: fill that does not run to the end of its file is
// no end: it is read as the bytes of a line, damage as any other, and the
// records after it are read. An older file that a crash left with its
// fill ends where its fill begins.
func TestFillInsideIsRead(t *testing.T) {
	dir := t.TempDir()
	a := append(sealedLines(t0, 2, 0), fillOf(300)...)
	b := sealedLines(t0, 5, 0)
	b = append(append(b[:0:0], b[len(sealedLines(t0, 2, 0)):]...), fillOf(20)...)
	line4 := bytes.Index(b, []byte(`{"seq":4`))
	b = append(append(append(b[:line4:line4], fillOf(40)...), '\n'), b[line4:]...)
	os.WriteFile(filepath.Join(dir, fileName(1, 1)), a, 0o644)
	os.WriteFile(filepath.Join(dir, fileName(3, 1)), b, 0o644)
	seqs, damage := scanAll(t, dir)
	if len(seqs) != 5 || len(damage) != 1 || damage[0].Kind != DamageLine || damage[0].Line != 2 {
		t.Fatalf("read %v, damage %+v: want 5 records and the line of fill in the second file as damage", seqs, damage)
	}
	x := NewIndex(dir)
	if page := mustPage(t, x, Filter{}); len(page) != 5 || len(x.Damaged()) != 1 {
		t.Fatalf("the index has %d records, damage %v", len(page), x.Damaged())
	}
}

// TestFollowSeesALineWrittenOverFill: a reader that found the rest of the
// file being written to be fill (the index, a follower) sees the next
// batch written over it in place, though the file's size did not change.
func TestFollowSeesALineWrittenOverFill(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, fileName(1, 1))
	lines := sealedLines(t0, 3, 0)
	two := bytes.Index(lines, []byte(`{"seq":3`))
	os.WriteFile(path, append(append([]byte(nil), lines[:two]...), fillOf(8000)...), 0o644)
	x := NewIndex(dir)
	var got []uint64
	s := &scanner{fn: func(r Record) error { got = append(got, r.Seq); return nil }}
	fs := &fileState{logFile: logFile{path: path, first: 1, sealed: true}}
	for round, want := range []int{2, 3} {
		if err := s.read(fs, false); err != nil {
			t.Fatal(err)
		}
		if page := mustPage(t, x, Filter{}); len(page) != want || len(got) != want {
			t.Fatalf("round %d: the index has %d records, the follower %v; want %d", round, len(page), got, want)
		}
		// The writer's next batch, in place over the fill.
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteAt(lines[two:], int64(two)); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}
