package club

import (
	"context"
	"testing"
	"testing/synctest"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/table"
)

// TestOutboxWaitWokenByJournal: the club publisher's Wait sleeps (no
// polling: in a bubble it is durably blocked) until the table journals an
// entry, and then returns.
func TestOutboxWaitWokenByJournal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dir := t.TempDir()
		w, err := claimlog.Open(dir, claimlog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		fed := NewAppended()
		j := fed.Journal(journal.Log{W: w})
		o := NewLogOutbox(dir, w, fed)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- o.Wait(ctx, w.LastSeq()) }()
		synctest.Wait()
		select {
		case err := <-done:
			t.Fatalf("Wait returned before anything was journaled: %v", err)
		default:
		}
		if err := j.Append([]table.Entry{{Seq: w.LastSeq() + 1, NoteKind: "test", Note: "one"}}); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Wait: %v", err)
			}
		default:
			t.Fatal("Wait still waiting after an append")
		}
		recs, err := o.Read(1, 10)
		if err != nil || len(recs) != 1 {
			t.Fatalf("Read: %d records, %v", len(recs), err)
		}
	})
}
