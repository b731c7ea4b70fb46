package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/table"
)

// playLogged runs a table journaling into a claim log in dir, as tabled
// run does, in a synctest bubble: each event is submitted when the table's
// clock reaches its time, and time passes only when every goroutine of the
// table waits, so the game plays the same on any machine.
func playLogged(t *testing.T, dir string, evs []engine.Event) {
	t.Helper()
	synctest.Test(t, func(t *testing.T) {
		w, err := claimlog.Open(dir, claimlog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		p := engine.EMA2016
		p.Window = 20 * time.Millisecond
		p.CallDeadline = 200 * time.Millisecond
		// The whole profile in the note, as tabled run writes it: a note
		// with the name alone means what the name meant before the RCR
		// 2016 correction.
		note, err := journal.Session{Revising: journal.Revises, Rules: p.Name, WindowNS: int64(p.Window), DeadlineNS: int64(p.CallDeadline), FirstSeq: w.LastSeq() + 1, Profile: &p}.Note(false)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Append([]claimlog.Record{note}); err != nil {
			t.Fatal(err)
		}
		tb, err := table.New(table.Config{Profile: p, Latency: 2 * time.Millisecond, Journal: journal.Metered(w), FirstSeq: w.LastSeq() + 1})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error)
		go func() { done <- tb.Run(ctx) }()
		start := tb.Now()
		for _, ev := range evs {
			time.Sleep(start + ev.At - tb.Now())
			ev.At = tb.Now()
			ev.Dealer = engine.NoSeat
			if _, err := tb.Submit(context.Background(), ev); err != nil {
				t.Fatal(err)
			}
		}
		// Past the last call deadline every window has closed and its
		// decision is journaled by the running table, not by its stop.
		time.Sleep(p.CallDeadline)
		synctest.Wait()
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	})
}

// TestReplayOfClaimLog: the claim log of a running table replays to the same
// decisions (tabled replay exits 0), and a tampered decision is caught (exit 1).
func TestReplayOfClaimLog(t *testing.T) {
	dir := t.TempDir()
	ms := time.Millisecond
	game := []engine.Event{
		{At: 0, Seat: 0, Action: engine.Discard, Tile: engine.MustTile("3p")},
		{At: 30 * ms, Seat: 1, Action: engine.Chii},
		{At: 35 * ms, Seat: 2, Action: engine.Pon},
		{At: 120 * ms, Seat: 2, Action: engine.Discard, Tile: engine.MustTile("7z")},
		{At: 130 * ms, Seat: 1, Action: engine.Ron},
		{At: 135 * ms, Seat: 0, Action: engine.Ron},
	}
	playLogged(t, dir, game)
	playLogged(t, dir, game[:3]) // a second session continues the numbers
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d: %s %s", code, out.String(), errb.String())
	}
	if strings.Count(out.String(), "reproduced") != 2 {
		t.Fatalf("replay output: %s", out.String())
	}
	// On the bubble's clock the presses came at their times: West's pon, 5 ms
	// after South's chii, beats it.
	var reason string
	claimlog.Read(dir, claimlog.Filter{Kind: claimlog.KindOutcome, Type: "decision"}, func(r claimlog.Record) error {
		var o struct{ Reason string }
		json.Unmarshal(r.Body, &o)
		reason = o.Reason
		return claimlog.ErrStop
	})
	if want := "PON West beats CHII South"; reason != want {
		t.Fatalf("the first decision logged is %q, want %q", reason, want)
	}
	out.Reset()
	if code := run([]string{"log", "--dir", dir, "--kind", "outcome", "--type", "decision"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "DECISION: "+reason) {
		t.Fatalf("log: %d %s", code, out.String())
	}
	// A referee's nightmare: someone edits a decision in the log.
	files, _ := claimlog.Files(dir)
	b, _ := os.ReadFile(files[0])
	os.WriteFile(files[0], bytes.Replace(b, []byte(reason), []byte("CHII North: edited"), 1), 0o644)
	out.Reset()
	if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != 1 || !strings.Contains(out.String(), "DIVERGES") {
		t.Fatalf("a tampered log replayed clean: %d %s", code, out.String())
	}
}
