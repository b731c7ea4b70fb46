package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// playLogged runs a table journaling into a claim log in dir, as tabled run does.
func playLogged(t *testing.T, dir string, evs []engine.Event) {
	t.Helper()
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	p := engine.EMA2016
	p.Window = 20 * time.Millisecond
	p.CallDeadline = 200 * time.Millisecond
	note, err := claimlog.Session{Rules: p.Name, WindowNS: int64(p.Window), DeadlineNS: int64(p.CallDeadline), FirstSeq: w.LastSeq() + 1}.Note(false)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Append([]claimlog.Record{note}); err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(table.Config{Profile: p, Latency: 2 * time.Millisecond, Journal: claimJournal(w), FirstSeq: w.LastSeq() + 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	start := tb.Now()
	for _, ev := range evs {
		for tb.Now() < start+ev.At {
			time.Sleep(time.Millisecond)
		}
		ev.At = tb.Now()
		ev.Dealer = engine.NoSeat
		if _, err := tb.Submit(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(100 * time.Millisecond)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
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
	// Which claim won depends on how fast this machine delivered the presses;
	// the test takes the first decision as it was logged.
	var reason string
	claimlog.Read(dir, claimlog.Filter{Kind: claimlog.KindOutcome, Type: "decision"}, func(r claimlog.Record) error {
		var o struct{ Reason string }
		json.Unmarshal(r.Body, &o)
		reason = o.Reason
		return claimlog.ErrStop
	})
	if reason == "" {
		t.Fatal("no decision was logged")
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
