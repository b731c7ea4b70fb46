package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/table"
)

// benchLogRecords is the size of the session the resume benchmarks read:
// about four hours of play.
const benchLogRecords = 50_000

// writeSessionLog writes a claim log of one session of at least n records
// into dir, played through a real table and the daemon's journal: random
// hands, the seat in turn discarding every 400 ms (table time, which jumps
// instead of passing), other seats calling pon and now and then ron inside
// the window, a new hand and a dora read when one ends.
func writeSessionLog(tb testing.TB, dir string, n int) {
	writeSessionLogLate(tb, dir, n, 0)
}

// writeSessionLogLate is writeSessionLog with, about once in every late
// discards (0: never), a pon that reaches the table after it decided the
// discard before: the table re-decides, and the log holds a revision.
func writeSessionLogLate(tb testing.TB, dir string, n, late int) {
	writeSessionLogPons(tb, dir, n, late, false)
}

// writeSessionLogPons is writeSessionLogLate, with the extra pons sent
// late or (onTime) the same pons sent before the table's clock passes
// their stamps: the same presses, without the revisions.
func writeSessionLogPons(tb testing.TB, dir string, n, late int, onTime bool) {
	tb.Helper()
	w, err := claimlog.Open(dir, claimlog.Options{Reserve: -1})
	if err != nil {
		tb.Fatal(err)
	}
	defer w.Close()
	p := engine.EMA2016
	sess := journal.Session{Revising: journal.Revises, Version: version, Table: "bench", Rules: p.Name, WindowNS: int64(p.Window), DeadlineNS: int64(p.CallDeadline),
		FirstSeq: w.LastSeq() + 1, InputLatency: int64(30 * time.Millisecond), Profile: &p}
	note, err := sess.Note(false)
	if err != nil {
		tb.Fatal(err)
	}
	if err := w.Append([]claimlog.Record{note}); err != nil {
		tb.Fatal(err)
	}
	var now atomic.Int64
	t, err := table.New(table.Config{Profile: p, Latency: 30 * time.Millisecond, Journal: journal.Metered(w), FirstSeq: w.LastSeq() + 1, Session: sess.FirstSeq,
		Clock: func() time.Duration { return time.Duration(now.Load()) }})
	if err != nil {
		tb.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- t.Run(ctx) }()
	r := rand.New(rand.NewPCG(1, 2))
	// The extra pons draw from their own source, so the rest of the
	// session is drawn the same with them or without.
	rl := rand.New(rand.NewPCG(3, 4))
	submit := func(ev engine.Event) {
		ev.Dealer = engine.NoSeat
		if _, err := t.Submit(ctx, ev); err != nil {
			tb.Fatal(err)
		}
	}
	tile := func() engine.Tile { return engine.Tile(1 + r.IntN(34)) }
	for w.LastSeq() < uint64(n) {
		at := time.Duration(now.Load() + int64(400*time.Millisecond))
		st := t.State()
		if st.Ended || !st.Turn.Valid() {
			now.Store(int64(at))
			submit(engine.Event{At: at, Action: engine.NewHand, Seat: engine.NoSeat, Source: engine.SourceWeb})
			submit(engine.Event{At: at + time.Millisecond, Action: engine.Dora, Seat: engine.NoSeat, Tile: tile(), Source: engine.SourceSerial})
			continue
		}
		// A pon on the discard before, 100 ms after it: sent before the
		// clock moves on, it is on time; after this discard, late.
		var pon *engine.Event
		if late > 0 && rl.IntN(late) == 0 {
			pon = &engine.Event{At: at - 300*time.Millisecond, Action: engine.Pon, Seat: engine.Seat((int(st.Turn) + 1 + rl.IntN(3)) % 4), Source: engine.SourceSerial}
			if onTime {
				submit(*pon)
			}
		}
		now.Store(int64(at))
		submit(engine.Event{At: at, Action: engine.Discard, Seat: st.Turn, Tile: tile(), Source: engine.SourceWeb})
		if pon != nil && !onTime {
			submit(*pon)
		}
		other := engine.Seat((int(st.Turn) + 1 + r.IntN(3)) % 4)
		switch x := r.IntN(100); {
		case x < 15:
			submit(engine.Event{At: at + 60*time.Millisecond, Action: engine.Pon, Seat: other, Source: engine.SourceSerial})
		case x < 17:
			submit(engine.Event{At: at + 80*time.Millisecond, Action: engine.Ron, Seat: other, Source: engine.SourceSerial})
		}
	}
	stop()
	if err := <-done; err != nil {
		tb.Fatal(err)
	}
}

// benchLogDir is a temporary directory on tmpfs when there is one: the
// fsyncs of writing the log are not what is measured.
func benchLogDir(tb testing.TB) string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		d, err := os.MkdirTemp("/dev/shm", "tabled-bench-")
		if err == nil {
			tb.Cleanup(func() { os.RemoveAll(d) })
			return d
		}
	}
	return tb.TempDir()
}

// BenchmarkResume is what `tabled run` does before it serves after a
// restart: read the last session of a 50,000-record log and rebuild the
// table from it.
//
//	go test -run=^$ -bench=Resume -benchmem ./cmd/tabled
func BenchmarkResume(b *testing.B) {
	dir := benchLogDir(b)
	writeSessionLog(b, dir, benchLogRecords)
	mb := dirMB(b, dir)
	// The garbage of writing the log is not the resume's to collect.
	runtime.GC()
	cpu0 := cpuTime(b)
	b.ResetTimer()
	var read, decode, rebuild time.Duration
	for b.Loop() {
		t0 := time.Now()
		last, recs, err := journal.LastSession(dir)
		if err != nil || last == nil {
			b.Fatalf("last session: %v", err)
		}
		t1 := time.Now()
		entries, err := journal.Entries(recs)
		if err != nil {
			b.Fatal(err)
		}
		p, err := last.RuleProfile()
		if err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		if _, err := table.New(table.Config{Profile: p, Dealer: engine.Seat(last.Dealer), Resume: entries}); err != nil {
			b.Fatal(err)
		}
		read, decode, rebuild = read+t1.Sub(t0), decode+t2.Sub(t1), rebuild+time.Since(t2)
	}
	cpu := cpuTime(b) - cpu0
	// Where the time goes: reading the log, making its records table
	// entries, stepping the table through them; and the CPU time the
	// process spent (the garbage collector's included), which a machine
	// busy with other work does not inflate as it does the wall clock.
	n := float64(b.N) * 1e6
	b.ReportMetric(float64(cpu)/n, "cpu-ms/op")
	b.ReportMetric(float64(read)/n, "read-ms/op")
	b.ReportMetric(float64(decode)/n, "entries-ms/op")
	b.ReportMetric(float64(rebuild)/n, "rebuild-ms/op")
	b.ReportMetric(mb, "log-MB")
}

// BenchmarkRevisions is BenchmarkResume's rebuild of a session where a
// pon reached the table late about once in 200 discards: a revision
// rebuilds the engine from the latest checkpoint before the late pon (it
// rebuilt from the session's first input, and the rebuild grew with
// revisions times inputs).
//
//	go test -run=^$ -bench=Revisions -benchmem ./cmd/tabled
func BenchmarkRevisions(b *testing.B) {
	dir := benchLogDir(b)
	writeSessionLogLate(b, dir, benchLogRecords, 200)
	last, recs, err := journal.LastSession(dir)
	if err != nil || last == nil {
		b.Fatalf("last session: %v", err)
	}
	revisions := 0
	for _, r := range recs {
		if r.Kind == claimlog.KindNote && r.Type == journal.TypeRevision {
			revisions++
		}
	}
	entries, err := journal.Entries(recs)
	if err != nil {
		b.Fatal(err)
	}
	p, err := last.RuleProfile()
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	cpu0 := cpuTime(b)
	b.ResetTimer()
	for b.Loop() {
		if _, err := table.New(table.Config{Profile: p, Dealer: engine.Seat(last.Dealer), Resume: entries}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(revisions), "revisions")
}

// The session of the 100-cut power run when it had slowed most: 73,716
// records, 2,129 of them revisions. One late pon in longLate discards
// makes about as many.
const (
	longRecords = 73_716
	longLate    = 1
)

// BenchmarkResumeLong is a resume (BenchmarkResume's steps) and `tabled
// replay` of a session as long as the 100-cut run's, with as many
// revisions as it had, and of the same presses all on time (no revision):
// a revision must not make either grow with the session.
//
//	go test -run '^$' -bench 'ResumeLong' -benchmem ./cmd/tabled
func BenchmarkResumeLong(b *testing.B) {
	for _, onTime := range []bool{true, false} {
		dir := benchLogDir(b)
		writeSessionLogPons(b, dir, longRecords, longLate, onTime)
		last, recs, err := journal.LastSession(dir)
		if err != nil || last == nil {
			b.Fatalf("last session: %v", err)
		}
		revisions := 0
		for _, r := range recs {
			if r.Kind == claimlog.KindNote && r.Type == journal.TypeRevision {
				revisions++
			}
		}
		name := fmt.Sprintf("revisions=%d", revisions)
		b.Run(name+"/resume", func(b *testing.B) {
			// As tabled run does after a restart: the log opened, the
			// session picked up (from its last deal), the table made.
			p, err := last.RuleProfile()
			if err != nil {
				b.Fatal(err)
			}
			sess := *last
			runtime.GC()
			cpu0 := cpuTime(b)
			for b.Loop() {
				w, err := claimlog.Open(dir, claimlog.Options{Reserve: -1})
				if err != nil {
					b.Fatal(err)
				}
				sess.FirstSeq = w.LastSeq() + 1
				res, err := journal.Resume(sess, dir, w, false, io.Discard, io.Discard)
				if err != nil || len(res.Entries) == 0 {
					b.Fatalf("resume: %d entries, %v", len(res.Entries), err)
				}
				if _, err := table.New(table.Config{Profile: p, Dealer: engine.Seat(last.Dealer), Resume: res.Entries, Earlier: res.Earlier, Session: res.Session}); err != nil {
					b.Fatal(err)
				}
				w.Close()
			}
			b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
			b.ReportMetric(float64(len(recs)), "records")
		})
		b.Run(name+"/replay", func(b *testing.B) {
			runtime.GC()
			cpu0 := cpuTime(b)
			for b.Loop() {
				if code := run([]string{"replay", "--dir", dir}, io.Discard, io.Discard); code != 0 {
					b.Fatalf("replay exit %d", code)
				}
			}
			b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
			b.ReportMetric(float64(len(recs)), "records")
		})
	}
}

// BenchmarkOpen is the other half of a restart: `tabled run` opens the
// log for writing before it resumes, and Open checks the whole log for
// damage and a torn tail.
//
//	go test -run=^$ -bench=Open -benchmem ./cmd/tabled
func BenchmarkOpen(b *testing.B) {
	dir := benchLogDir(b)
	writeSessionLog(b, dir, benchLogRecords)
	runtime.GC()
	cpu0 := cpuTime(b)
	b.ResetTimer()
	for b.Loop() {
		w, err := claimlog.Open(dir, claimlog.Options{Reserve: -1})
		if err != nil {
			b.Fatal(err)
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkReplay is `tabled replay` of a 50,000-record log.
//
//	go test -run=^$ -bench=Replay -benchmem ./cmd/tabled
func BenchmarkReplay(b *testing.B) {
	dir := benchLogDir(b)
	writeSessionLog(b, dir, benchLogRecords)
	runtime.GC()
	cpu0 := cpuTime(b)
	b.ResetTimer()
	for b.Loop() {
		if code := run([]string{"replay", "--dir", dir}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("replay exit %d", code)
		}
	}
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// dirMB is the size of the files in dir, in MB.
func dirMB(tb testing.TB, dir string) float64 {
	des, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var n int64
	for _, d := range des {
		if fi, err := d.Info(); err == nil && fi.Mode().IsRegular() {
			n += fi.Size()
		}
	}
	return float64(n) / 1e6
}
