package journal_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/script"
	"github.com/tabled/tabled/table"
)

// writeGoldenLog, when set, is where TestWriteGoldenLog writes a claim log
// of this version for testdata/golden-logs: go test ./journal -run
// TestWriteGoldenLog -write-golden-log DIR -golden-version V.
var (
	writeGoldenLog = flag.String("write-golden-log", "", "write a golden claim log of this version into this directory")
	goldenVersion  = flag.String("golden-version", "dev", "the version the golden log's session note names")
)

// goldenHand1 has every outcome type: a dora, a decision, a rejection, a
// kong that stands, a swap-call flag, a decision with a loser, a ron and
// its hand end, and the next deal.
const goldenHand1 = `
@0ms    dora 1m
+0ms    E discard 9m
+300ms  S pon 9m 9m
+1s     S discard 1z
+4s     W discard 2z
+4s     N discard 3z
+4s     E discard 4z
+4s     S kan 9m
+1s     dora 4m
+3s     dora 4m
+1s     N ron
+1s     S discard 1p
+300ms  W chii 2p 3p
+1s     W discard 4p
+2s     N discard 5s
+100ms  E chii 6s 7s
+20ms   W pon 5s 5s
+2s     W discard 8s
+200ms  E ron
+5s     newhand
+1s     E discard 3m
+100ms  S chii 4m 5m
`

// TestWriteGoldenLog writes a session of a running table into a claim log
// with every outcome type, a late pon that revises a decided chii, a void,
// a torn write repaired on the next open, and a restart that resumes the
// session. It runs only with -write-golden-log.
func TestWriteGoldenLog(t *testing.T) {
	if *writeGoldenLog == "" {
		t.Skip("writes a golden log only with -write-golden-log DIR")
	}
	dir, err := filepath.Abs(*writeGoldenLog)
	if err != nil {
		t.Fatal(err)
	}
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		clock := func() time.Duration { return time.Since(start) }
		// The WRC 2015 precedence, which the hand was written for (until
		// be24e21 the profile named ema2016 ruled by it): under the RCR
		// 2016 North's ron would rob the kong and end the hand early.
		p := engine.WRC2015
		sess := journal.Session{Revising: journal.Revises, Version: *goldenVersion, Table: "golden", Rules: p.Name, WindowNS: int64(p.Window),
			DeadlineNS: int64(p.CallDeadline), FirstSeq: 1, InputLatency: int64(20 * time.Millisecond), Profile: &p}
		w, err := claimlog.Open(dir, claimlog.Options{Reserve: -1})
		if err != nil {
			t.Fatal(err)
		}
		note, err := sess.Note(false)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Append([]claimlog.Record{note}); err != nil {
			t.Fatal(err)
		}
		tb, stop := runTable(t, table.Config{Profile: p, Latency: 20 * time.Millisecond, Journal: journal.Log{W: w}, FirstSeq: w.LastSeq() + 1, Clock: clock})
		ctx := context.Background()
		s, err := script.Parse(strings.NewReader(goldenHand1))
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range s.Steps {
			time.Sleep(st.At + 20*time.Millisecond - clock())
			ev := st.Event(tb.State().Dealer)
			ev.At, ev.Source = st.At, engine.SourceWeb
			if st.Action == engine.NewHand {
				ev.Source = engine.SourceReferee
			}
			submit(t, tb, ev)
		}
		// North's pon on East's 3m, stamped 150 ms after the discard and
		// so with South's chii, reaches the table 2 s late: the chii's
		// decision is withdrawn and the pon wins (a revision).
		discard := s.Steps[len(s.Steps)-2].At
		time.Sleep(discard + 2*time.Second - clock())
		dealer := tb.State().Dealer
		submit(t, tb, engine.Event{At: discard + 150*time.Millisecond, Seat: engine.North.Seat(dealer), Action: engine.Pon,
			Shown: [2]engine.Tile{engine.MustTile("3m"), engine.MustTile("3m")}, Dealer: engine.NoSeat, Source: engine.SourceSerial})
		// A discard by West out of turn, which the referee voids.
		time.Sleep(time.Second)
		wrong := submit(t, tb, engine.Event{At: clock() - 20*time.Millisecond, Seat: engine.West.Seat(dealer), Action: engine.Discard,
			Tile: engine.MustTile("7p"), Dealer: engine.NoSeat, Source: engine.SourceWeb})
		time.Sleep(time.Second)
		if _, refused, err := tb.Void(ctx, wrong); err != nil || refused != nil {
			t.Fatalf("void %d: %+v %v", wrong, refused, err)
		}
		stop()
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}

		// The power fails in a write: half a line at the end of the
		// newest file, which the next open cuts off and notes.
		files, err := claimlog.Files(dir)
		if err != nil || len(files) == 0 {
			t.Fatalf("files %v %v", files, err)
		}
		f, err := os.OpenFile(files[len(files)-1], os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(`{"seq":999,"mono":1,"kind":"input","sou`)
		f.Close()

		// The daemon starts again and resumes the session.
		time.Sleep(10 * time.Second)
		w, err = claimlog.Open(dir, claimlog.Options{Reserve: -1})
		if err != nil {
			t.Fatal(err)
		}
		last, recs, err := journal.LastSession(dir)
		if err != nil || last == nil {
			t.Fatalf("last session %v %v", last, err)
		}
		entries, err := journal.Entries(recs)
		if err != nil {
			t.Fatal(err)
		}
		resumed := *last
		resumed.FirstSeq = w.LastSeq() + 1
		note, err = resumed.Note(true)
		if err != nil {
			t.Fatal(err)
		}
		note.Mono = int64(clock())
		if err := w.Append([]claimlog.Record{note}); err != nil {
			t.Fatal(err)
		}
		tb, stop = runTable(t, table.Config{Profile: p, Latency: 20 * time.Millisecond, Journal: journal.Log{W: w}, FirstSeq: w.LastSeq() + 1,
			Resume: entries, Clock: clock})
		dealer = tb.State().Dealer
		for _, ev := range []engine.Event{
			{Seat: engine.North.Seat(dealer), Action: engine.Discard, Tile: engine.MustTile("6m")},
			{Seat: engine.West.Seat(dealer), Action: engine.Pon, Shown: [2]engine.Tile{engine.MustTile("6m"), engine.MustTile("6m")}},
		} {
			time.Sleep(time.Second)
			ev.At, ev.Dealer, ev.Source = clock()-20*time.Millisecond, engine.NoSeat, engine.SourceWeb
			submit(t, tb, ev)
		}
		time.Sleep(2 * time.Second)
		stop()
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	})
}

func runTable(t *testing.T, cfg table.Config) (*table.Table, func()) {
	t.Helper()
	tb, err := table.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tb.Run(ctx) }()
	return tb, func() {
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

func submit(t *testing.T, tb *table.Table, ev engine.Event) uint64 {
	t.Helper()
	seq, err := tb.Submit(context.Background(), ev)
	if err != nil {
		t.Fatalf("%+v: %v", ev, err)
	}
	return seq
}
