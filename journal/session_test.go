package journal

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestEntriesAsRecordEntry: Entries, which makes the events and outcomes of
// a session in one allocation each, gives what RecordEntry gives record by
// record.
func TestEntriesAsRecordEntry(t *testing.T) {
	_, sessions := goldenSessions(t)
	for i, recs := range sessions {
		got, err := Entries(recs)
		if err != nil {
			t.Fatal(err)
		}
		var want []table.Entry
		for _, r := range recs {
			e, ok, err := RecordEntry(r)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				want = append(want, e)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("session %d: Entries\n%+v\nRecordEntry\n%+v", i, got, want)
		}
	}
}

// TestLatePressAcrossNewHandResumes: a ron on the last discard of a hand
// that reaches the table after the referee began the next hand is
// journaled in the new hand, stamped before its deal, and re-decided. The
// log of that session replays, and a table resumed from it goes on from
// the state the running table had.
func TestLatePressAcrossNewHandResumes(t *testing.T) {
	dir := t.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{Reserve: -1})
	if err != nil {
		t.Fatal(err)
	}
	p := engine.EMA2016
	sess := Session{Rules: p.Name, WindowNS: int64(p.Window), DeadlineNS: int64(p.CallDeadline), FirstSeq: 1, Profile: &p}
	note, err := sess.Note(false)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Append([]claimlog.Record{note}); err != nil {
		t.Fatal(err)
	}
	var now atomic.Int64
	tb, err := table.New(table.Config{Profile: p, Latency: 30 * time.Millisecond, Journal: Log{W: w}, FirstSeq: w.LastSeq() + 1,
		Clock: func() time.Duration { return time.Duration(now.Load()) }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tb.Run(ctx) }()
	ms := time.Millisecond
	for _, in := range []struct {
		clock time.Duration
		ev    engine.Event
	}{
		{500 * ms, engine.Event{At: 400 * ms, Seat: 0, Action: engine.Discard, Tile: 5, Dealer: engine.NoSeat, Source: engine.SourceWeb}},
		{1100 * ms, engine.Event{At: 1000 * ms, Seat: engine.NoSeat, Action: engine.NewHand, Dealer: engine.NoSeat, Source: engine.SourceReferee}},
		{1200 * ms, engine.Event{At: 450 * ms, Seat: 1, Action: engine.Ron, Dealer: engine.NoSeat, Source: engine.SourceSerial}},
	} {
		now.Store(int64(in.clock))
		if _, err := tb.Submit(ctx, in.ev); err != nil {
			t.Fatal(err)
		}
	}
	want := tb.State()
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	last, recs, err := LastSession(dir)
	if err != nil || last == nil {
		t.Fatalf("last session %v %v", last, err)
	}
	before := 0
	var deal int64 = -1
	for _, r := range recs {
		if r.Kind == claimlog.KindOutcome && r.Type == "deal" && r.Hand == 2 && deal < 0 {
			deal = r.Mono
		}
		if r.Hand == 2 && deal >= 0 && r.Mono < deal {
			before++
		}
	}
	if before == 0 {
		t.Fatalf("no record of hand 2 stamped before its deal was read back: the late ron and its re-decision are missing, or the ron was not late")
	}
	res, err := Replay(*last, recs)
	if err != nil || res.Inputs != 3 {
		t.Fatalf("replay %+v: %v", res, err)
	}
	entries, err := Entries(recs)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := table.New(table.Config{Profile: p, Resume: entries})
	if err != nil {
		t.Fatal(err)
	}
	if got := resumed.State(); !reflect.DeepEqual(got, want) {
		t.Errorf("resumed state\n%+v\nwant\n%+v", got, want)
	}
}
