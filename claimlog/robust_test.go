package claimlog

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// sealedLines is a sealed file's bytes: n records numbered from 1, one
// batch each, then the first cut records of a batch of cut+1 that a crash
// cut short.
func sealedLines(wall time.Time, n, cut int) []byte {
	var b []byte
	for i := 1; i <= n+cut; i++ {
		more := 0
		if i > n {
			more = n + cut + 1 - i
		}
		line, _ := encodeRecord(Record{Seq: uint64(i), Wall: wall, Kind: KindInput, Source: "gpio", Type: "pon"}, more)
		b = append(b, line...)
	}
	return b
}

func scanAll(t *testing.T, dir string) (seqs []uint64, damage []Damage) {
	t.Helper()
	err := Scan(dir, Filter{}, func(r Record) error { seqs = append(seqs, r.Seq); return nil }, func(d Damage) { damage = append(damage, d) })
	if err != nil {
		t.Fatal(err)
	}
	return seqs, damage
}

func mustOpen(t *testing.T, dir string) *Writer {
	t.Helper()
	w, err := Open(dir, Options{Reserve: -1})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func appendN(t *testing.T, w *Writer, n int) {
	t.Helper()
	for range n {
		if err := w.Append([]Record{rec(KindInput, "pon", "S", 1)}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSecondOpenLocked(t *testing.T) {
	dir := t.TempDir()
	w := mustOpen(t, dir)
	_, err := Open(dir, Options{})
	var le *LockedError
	if !errors.Is(err, ErrLocked) || !errors.As(err, &le) || le.PID != os.Getpid() ||
		!strings.Contains(err.Error(), fmt.Sprintf("claim log %s is in use by pid %d since ", dir, os.Getpid())) {
		t.Fatalf("second Open: %v", err)
	}
	w.Close()
	w = mustOpen(t, dir) // the lock goes with Close
	w.Close()
}

// lockChild holds the log in dir until its stdin closes.
func lockChild(dir string) {
	w, err := Open(dir, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("locked")
	bufio.NewReader(os.Stdin).ReadString('\n')
	w.Close()
}

func TestLockAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "CLAIMLOG_LOCK_CHILD="+dir)
	stdin, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "locked\n" {
		t.Fatalf("child: %q", line)
	}
	_, err := Open(dir, Options{})
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "in use by pid "+strconv.Itoa(cmd.Process.Pid)) {
		t.Fatalf("Open while another process holds the log: %v", err)
	}
	// A writer killed outright leaves no stale lock.
	cmd.Process.Kill()
	cmd.Wait()
	stdin.Close()
	mustOpen(t, dir).Close()
}

// TestOrderBySequenceNotWallClock: a Pi without a real-time clock stepped
// back; file names by wall time are out of order, the sequence is not.
func TestOrderBySequenceNotWallClock(t *testing.T) {
	dir := t.TempDir()
	line := func(seq int) string { return fmt.Sprintf("{\"seq\":%d,\"kind\":\"input\"}\n", seq) }
	os.WriteFile(filepath.Join(dir, "tabled-20261122-120000.000000000.jsonl"), []byte(line(1)+line(2)+line(3)), 0o644)
	os.WriteFile(filepath.Join(dir, "tabled-19700101-000012.000000000.jsonl"), []byte(line(4)+line(5)), 0o644)
	// A new writer whose clock is as wrong names its file by sequence.
	w, err := Open(dir, Options{Reserve: -1, Now: func() time.Time { return time.Unix(30, 0) }})
	if err != nil {
		t.Fatal(err)
	}
	if w.LastSeq() != 5 {
		t.Fatalf("continues after %d, want 5", w.LastSeq())
	}
	appendN(t, w, 2)
	w.Close()
	files, _ := Files(dir)
	want := []string{"tabled-20261122-120000.000000000.jsonl", "tabled-19700101-000012.000000000.jsonl", fileName(6, 1)}
	for i, f := range files {
		if filepath.Base(f) != want[i] {
			t.Fatalf("files in order %v, want %v", files, want)
		}
	}
	seqs, damage := scanAll(t, dir)
	if fmt.Sprint(seqs) != "[1 2 3 4 5 6 7]" || len(damage) != 0 {
		t.Fatalf("read %v, damage %v", seqs, damage)
	}
}

// TestTornBatchCutWhole: a crash in the middle of an input's batch cuts
// the whole batch, never an earlier one, and its numbers are not reused.
func TestTornBatchCutWhole(t *testing.T) {
	for _, tc := range []struct {
		name string
		tail string // appended after the whole lines
		note string
	}{
		{"torn line", `{"seq":5,"kind":"outc`, "cut 2 whole records of a batch cut short (3-4) and a torn last line of 21 bytes from line 3"},
		{"at a line end", "", "cut 2 whole records of a batch cut short (3-4) from line 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, fileName(1, 1))
			os.WriteFile(path, append(sealedLines(t0, 2, 2), tc.tail...), 0o644)
			w := mustOpen(t, dir)
			if w.LastSeq() != 5 { // 3 and 4 were seen whole: 5 is the repair note
				t.Fatalf("last %d", w.LastSeq())
			}
			appendN(t, w, 1)
			w.Close()
			if len(w.Repairs()) != 1 || !strings.Contains(w.Repairs()[0], tc.note) {
				t.Fatalf("repairs %q", w.Repairs())
			}
			kept, _ := os.ReadFile(path)
			if !bytes.Equal(kept, sealedLines(t0, 2, 0)) {
				t.Fatalf("kept %q", kept)
			}
			seqs, damage := scanAll(t, dir)
			if fmt.Sprint(seqs) != "[1 2 5 6]" || len(damage) != 0 {
				t.Fatalf("read %v, damage %v: the skip is declared by the note", seqs, damage)
			}
		})
	}
}

// TestDamagedLineKeptAside: a whole line with a changed byte is never cut:
// it stays, is copied aside and noted once, and its number is not reused.
func TestDamagedLineKeptAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, fileName(1, 1))
	b := sealedLines(t0, 3, 0)
	b[bytes.LastIndex(b, []byte(`"pon"`))+2] ^= 0x01 // "pon" -> "pnn" in the last line
	os.WriteFile(path, b, 0o644)
	w := mustOpen(t, dir)
	if w.LastSeq() != 4 || len(w.Damage()) != 1 || w.Damage()[0].Line != 3 {
		t.Fatalf("last %d, damage %v", w.LastSeq(), w.Damage())
	}
	w.Close()
	if kept, _ := os.ReadFile(path); !bytes.Equal(kept, b) {
		t.Fatal("the damaged file was changed")
	}
	aside, err := os.ReadFile(path + ".damaged")
	if err != nil || !strings.Contains(string(aside), "line 3: checksum mismatch") || !strings.Contains(string(aside), `\"pnn\"`) {
		t.Fatalf("kept aside: %v %s", err, aside)
	}
	if len(w.Repairs()) != 1 || !strings.Contains(w.Repairs()[0], "damage in "+fileName(1, 1)+": line 3: checksum mismatch") {
		t.Fatalf("repairs %q", w.Repairs())
	}
	w = mustOpen(t, dir)
	w.Close()
	if len(w.Repairs()) != 0 || len(w.Damage()) != 1 {
		t.Fatalf("noted again: %q", w.Repairs())
	}
	seqs, damage := scanAll(t, dir)
	if fmt.Sprint(seqs) != "[1 2 4]" || len(damage) != 1 || damage[0].FirstSeq != 3 || damage[0].LastSeq != 3 {
		t.Fatalf("read %v, damage %v", seqs, damage)
	}
}

// TestDamageInOldFiles: a changed byte in the middle of an old file and an
// old file truncated mid-line: Open goes on, readers go on past both and
// name file and line.
func TestDamageInOldFiles(t *testing.T) {
	dir := t.TempDir()
	for range 3 { // three sessions, three files
		w := mustOpen(t, dir)
		appendN(t, w, 3)
		w.Close()
	}
	files, _ := Files(dir)
	b, _ := os.ReadFile(files[0])
	b[bytes.Index(b, []byte(`"seq":2`))+5] = '7' // seq 2 -> 7, checksum no longer matches
	os.WriteFile(files[0], b, 0o644)
	b, _ = os.ReadFile(files[1])
	os.WriteFile(files[1], b[:len(b)-10], 0o644) // record 6 torn
	w := mustOpen(t, dir)
	if w.LastSeq() != 11 || len(w.Damage()) != 2 || len(w.Repairs()) != 2 { // two notes: 10 and 11
		t.Fatalf("last %d damage %v repairs %q", w.LastSeq(), w.Damage(), w.Repairs())
	}
	w.Close()
	seqs, damage := scanAll(t, dir)
	if fmt.Sprint(seqs) != "[1 3 4 5 7 8 9 10 11]" {
		t.Fatalf("read %v", seqs)
	}
	if len(damage) != 2 || damage[0].String() != filepath.Base(files[0])+" line 2: checksum mismatch (a changed byte); record 2 is missing" ||
		!strings.HasPrefix(damage[1].String(), filepath.Base(files[1])+" line 3: the file ends in the middle of a line") ||
		!strings.HasSuffix(damage[1].String(), "record 6 is missing") {
		t.Fatalf("damage: %v", damage)
	}
}

func TestNumberUsedTwiceReported(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, fileName(1, 1)), sealedLines(t0, 3, 0), 0o644)
	os.WriteFile(filepath.Join(dir, fileName(2, 1)), sealedLines(t0, 3, 0)[len(sealedLines(t0, 1, 0)):], 0o644)
	seqs, damage := scanAll(t, dir)
	if fmt.Sprint(seqs) != "[1 2 3]" || len(damage) != 2 || damage[0].Kind != DamageOrder || damage[0].Line != 1 {
		t.Fatalf("read %v, damage %v", seqs, damage)
	}
}

// TestCurrentFileDeletedOrReplaced: noticed at the next append; what the
// file held is written again from the open descriptor, with a note, and
// the numbers go on.
func TestCurrentFileDeletedOrReplaced(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(path string)
		why  string
	}{
		{"deleted", func(p string) { os.Remove(p) }, "was deleted while the log was open"},
		{"replaced", func(p string) {
			os.WriteFile(p+".new", []byte("not a log\n"), 0o644)
			os.Rename(p+".new", p)
		}, "was replaced by another file"},
		{"deleted before close", nil, "was deleted while the log was open"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			w := mustOpen(t, dir)
			appendN(t, w, 3)
			path := filepath.Join(dir, fileName(1, 1))
			if tc.do != nil {
				tc.do(path)
				appendN(t, w, 1)
			} else {
				os.Remove(path)
			}
			w.Close()
			if len(w.Alerts()) != 1 || w.Alerts()[0].Kind != AlertFileReplaced || !strings.Contains(w.Alerts()[0].Text, tc.why) {
				t.Fatalf("alerts %v", w.Alerts())
			}
			seqs, damage := scanAll(t, dir)
			want := "[1 2 3 4]"
			if tc.do == nil {
				want = "[1 2 3]"
			}
			if fmt.Sprint(seqs) != want {
				t.Fatalf("read %v, want %s", seqs, want)
			}
			if tc.name == "replaced" && (len(damage) != 1 || damage[0].Line != 1) {
				t.Fatalf("the stranger in the log is not reported: %v", damage)
			} else if tc.name != "replaced" && len(damage) != 0 {
				t.Fatalf("damage %v", damage)
			}
			w = mustOpen(t, dir)
			defer w.Close()
			if w.LastSeq() != uint64(len(seqs)+len(w.Repairs())) {
				t.Fatalf("the next start continues after %d", w.LastSeq())
			}
		})
	}
}

// TestNumbersNotReusedAfterFilesDeleted: the lock file remembers the
// highest number written, so deleting the log while no writer runs does
// not bring numbers round again.
func TestNumbersNotReusedAfterFilesDeleted(t *testing.T) {
	dir := t.TempDir()
	w := mustOpen(t, dir)
	appendN(t, w, 5)
	w.Close()
	files, _ := Files(dir)
	for _, f := range files {
		os.Remove(f)
	}
	w = mustOpen(t, dir)
	defer w.Close()
	if w.LastSeq() != 6 || len(w.Repairs()) != 1 || !strings.Contains(w.Repairs()[0], "records 1-5 are missing") {
		t.Fatalf("last %d, repairs %q", w.LastSeq(), w.Repairs())
	}
}

func TestFreeBytes(t *testing.T) {
	dir := t.TempDir()
	w, err := Open(dir, Options{LowSpace: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	free, err := w.FreeBytes()
	if err != nil || free == 0 {
		t.Fatalf("free %d, %v", free, err)
	}
	if w.LowSpace() {
		t.Fatal("low on space with the reserve held and more than a byte free")
	}
	if fi, err := os.Stat(filepath.Join(dir, reserveName)); err != nil || fi.Size() != DefaultReserve {
		t.Fatalf("reserve: %v", err)
	}
}

// FuzzScan: any bytes in two files read without a panic, in rising
// sequence order, every damage named by a line of the file.
func FuzzScan(f *testing.F) {
	f.Add(sealedLines(t0, 3, 1), []byte("GARBAGE\n{\"seq\":2}\n"))
	f.Add([]byte("{\"seq\":1}\n{\"seq\":1}\n{"), []byte("\n\n"))
	f.Add(append(sealedLines(t0, 3, 0), fillOf(200)...), append(fillOf(10), "\n{\"seq\":9}\n   "...))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, fileName(1, 1)), a, 0o644)
		os.WriteFile(filepath.Join(dir, "tabled-20261122-100000.000000000.jsonl"), b, 0o644)
		var prev uint64
		err := Scan(dir, Filter{}, func(r Record) error {
			if r.Seq <= prev {
				t.Fatalf("record %d after %d", r.Seq, prev)
			}
			prev = r.Seq
			return nil
		}, func(d Damage) {
			if d.Line < 1 || d.File == "" {
				t.Fatalf("damage without a place: %+v", d)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// TestLostWritesAlerted: what a disk that lies about fsync leaves (a file
// whose length reached the disk but whose last bytes came back as zeros;
// a lock file that counts records the log no longer has) opens with an
// alert and a repair note whose skip keeps the lost records' numbers from
// being used again, so a press acknowledged with one of them is never
// mistaken for another.
func TestLostWritesAlerted(t *testing.T) {
	for _, tc := range []struct {
		name    string
		zeros   int    // zero bytes after 4 whole records
		lock    uint64 // the lock file's count of records written; 0 for none
		note    string
		minLast uint64 // the repair note's number is at least this
	}{
		{"zero tail", 300, 0, "a last line of 300 zero bytes", 5 + 1},
		{"zero tail of one byte", 1, 0, "a last line of 1 zero bytes", 5 + 1},
		{"lock ahead", 0, 9, "records 5-9 are missing from the log: its lock file says record 9 was written", 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, fileName(1, 1)), append(sealedLines(t0, 4, 0), make([]byte, tc.zeros)...), 0o644)
			if tc.lock > 0 {
				os.WriteFile(filepath.Join(dir, lockName), fmt.Appendf(nil, "pid 1\nseq %d\n", tc.lock), 0o644)
			}
			w := mustOpen(t, dir)
			appendN(t, w, 1)
			last := w.LastSeq()
			alerts := w.Alerts()
			w.Close()
			if len(w.Repairs()) != 1 || !strings.Contains(w.Repairs()[0], tc.note) {
				t.Fatalf("repairs %q, want one saying %q", w.Repairs(), tc.note)
			}
			if len(alerts) != 1 || alerts[0].Kind != AlertLostWrites {
				t.Fatalf("alerts %+v, want one %s", alerts, AlertLostWrites)
			}
			if last < tc.minLast+1 {
				t.Fatalf("the record after the note is %d: numbers that may have been acknowledged are used again", last)
			}
			seqs, damage := scanAll(t, dir)
			if len(damage) != 0 || seqs[3] != 4 || seqs[len(seqs)-1] != last {
				t.Fatalf("read %v, damage %v: the skip must be declared by the note", seqs, damage)
			}
		})
	}
}
