package claimlog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// fullDisk mounts a 1 MiB tmpfs on a new directory (the daemon's own:
// mode 0700, not tmpfs's 1777, which the writer refuses), or skips the test.
func fullDisk(t *testing.T) string {
	dir := t.TempDir()
	if err := unix.Mount("tmpfs", dir, "tmpfs", 0, "size=1m,mode=0700"); err != nil {
		t.Skipf("cannot mount a 1 MiB tmpfs to fill for real (%v): this test needs root (CAP_SYS_ADMIN)", err)
	}
	t.Cleanup(func() { unix.Unmount(dir, 0) })
	return dir
}

// fill takes every free byte of dir's file system, in a file named filler.
func fill(t *testing.T, dir string) {
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	for n := 1024; n > 0; n /= 2 { // and the odd bytes
		for {
			if _, err := f.Write(chunk[:n]); err != nil {
				break
			}
		}
	}
}

func bigRecord() Record {
	r := rec(KindInput, "pon", "S", 1)
	r.Body = []byte(`{"pad":"` + strings.Repeat("x", 1000) + `"}`)
	return r
}

// TestDiskFull fills a real (tmpfs) disk: every acknowledged record is
// there, the reserve takes the last records and a note, a clear error
// says the disk is full, and restarts on the full disk leave no 0-byte
// files.
func TestDiskFull(t *testing.T) {
	dir := fullDisk(t)
	w, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fill(t, dir)
	first := w.LastSeq()
	var appendErr error
	for range 2000 {
		if appendErr = w.Append([]Record{bigRecord()}); appendErr != nil {
			break
		}
	}
	acked := w.LastSeq()
	if !errors.Is(appendErr, syscall.ENOSPC) || strings.Count(appendErr.Error(), dir) != 1 {
		t.Fatalf("append on a full disk: %v", appendErr)
	}
	if acked < 100 || len(w.Alerts()) != 1 || w.Alerts()[0].Kind != AlertDiskFull || !strings.Contains(w.Alerts()[0].Text, "the disk is full") || !w.LowSpace() {
		t.Fatalf("the reserve took %d records; alerts %v; low %v", acked, w.Alerts(), w.LowSpace())
	}
	w.Close()
	seqs, damage := scanAll(t, dir)
	if uint64(len(seqs)) != acked || seqs[len(seqs)-1] != acked || len(damage) != 0 {
		t.Fatalf("read %d records up to %d (acknowledged %d), damage %v", len(seqs), seqs[len(seqs)-1], acked, damage)
	}
	files, _ := Files(dir)
	b, _ := os.ReadFile(files[len(files)-1])
	if !strings.Contains(string(b), `"annotation":"the disk is full`) {
		t.Fatal("no note of the full disk in the log")
	}
	// Restarts on the still-full disk: whatever fails, no 0-byte file.
	for range 3 {
		w, err := Open(dir, Options{})
		if err == nil {
			if w.Append([]Record{bigRecord()}) == nil {
				t.Fatal("appended to a full disk")
			}
			w.Close()
		}
	}
	files, _ = Files(dir)
	for _, f := range files {
		if fi, _ := os.Stat(f); fi.Size() == 0 {
			t.Fatalf("a 0-byte file was left: %s", f)
		}
	}
	// Space again: the log goes on and takes its reserve back.
	os.Remove(filepath.Join(dir, "filler"))
	w, err = Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.Append([]Record{bigRecord()}); err != nil || w.LastSeq() != acked+1 {
		t.Fatalf("after space came back: %v, last %d", err, w.LastSeq())
	}
	if _, err := os.Stat(filepath.Join(dir, reserveName)); err != nil {
		t.Fatalf("no reserve once there is space: %v", err)
	}
	t.Logf("a full disk: %d records acknowledged, the last %d of them in the reserve", acked, acked-first)
}
