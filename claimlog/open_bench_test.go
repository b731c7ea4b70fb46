package claimlog

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// settle waits until the file system's clock has moved past every change
// made in dir so far, so that the next Open remembers the files (a file
// changed in the clock tick of the Open's lock is read again next time:
// checker.since). It waits on the clock itself, not for a duration.
func settle(t testing.TB, dir string) {
	t.Helper()
	probe := filepath.Join(dir, "settle.probe")
	ctime := func() int64 {
		if err := os.WriteFile(probe, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(probe)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Sys().(*syscall.Stat_t).Ctim.Nano()
	}
	c0 := ctime()
	for deadline := time.Now().Add(30 * time.Second); ctime() <= c0; {
		if time.Now().After(deadline) {
			t.Fatal("the file system's clock did not move in 30 s")
		}
	}
	if err := os.Remove(probe); err != nil {
		t.Fatal(err)
	}
}

// longLog writes a log of files files of perFile records each, as sessions
// of a table leave it: records of a few hundred bytes, one batch each.
// It returns the log's size in bytes.
func longLog(tb testing.TB, dir string, files, perFile int) int {
	tb.Helper()
	seq, size := uint64(0), 0
	for range files {
		var b []byte
		first := seq + 1
		for range perFile {
			seq++
			line, err := encodeRecord(Record{Seq: seq, Mono: int64(seq) * 1e9, Wall: t0.Add(time.Duration(seq) * time.Second),
				Kind: KindInput, Source: "web", Hand: int(seq / 400), Seat: "S", Type: "discard",
				Body: []byte(fmt.Sprintf(`{"seat":"S","action":"discard","tile":"%dm","stamp_us":%d,"from":"tablet 192.168.1.23"}`, seq%9+1, seq*1000))}, 0)
			if err != nil {
				tb.Fatal(err)
			}
			b = append(b, line...)
		}
		if err := os.WriteFile(filepath.Join(dir, fileName(first, 1)), b, 0o644); err != nil {
			tb.Fatal(err)
		}
		size += len(b)
	}
	return size
}

// BenchmarkOpenLongLog is Open of a log of 100 files and
// 70,000 records (log-MB): with the sidecar forgotten before each Open, so
// every file is read, as every Open did before tabled.checked (and as the
// first Open after it is lost); unchanged since the last Open; and after
// a session of one record since the last Open (a new file each time).
//
//	go test -run '^$' -bench OpenLongLog -benchmem -benchtime 100x ./claimlog
func BenchmarkOpenLongLog(b *testing.B) {
	for _, bc := range []struct {
		name            string
		forget, session bool
	}{
		{"every file read", true, false},
		{"unchanged", false, false},
		{"after a session", false, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			dir := b.TempDir()
			size := longLog(b, dir, 100, 700)
			for range 2 { // the second remembers the files the first read in their tick
				settle(b, dir)
				w, err := Open(dir, Options{Reserve: -1})
				if err != nil {
					b.Fatal(err)
				}
				w.Close()
			}
			for b.Loop() {
				if bc.forget {
					b.StopTimer()
					os.Remove(filepath.Join(dir, checkedName))
					b.StartTimer()
				}
				w, err := Open(dir, Options{Reserve: -1})
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if bc.session {
					if err := w.Append([]Record{rec(KindInput, "pon", "S", 1)}); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			b.ReportMetric(float64(size)/1e6, "log-MB")
		})
	}
}
