package journal

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// step is one thing done to a running table at a time of its clock: an
// input submitted, or (void > 0) a referee's void of input number void.
type step struct {
	clock time.Duration
	ev    engine.Event
	void  uint64
}

// play runs a table over tc (or a fresh session when resume is nil),
// submits steps and returns the entries it journaled, with the state it
// ended in. Journal entries go to w when set.
func play(t *testing.T, cfg table.Config, w *claimlog.Writer, steps []step) ([]table.Entry, engine.State) {
	t.Helper()
	var got memJournal
	var now atomic.Int64
	now.Store(int64(steps[0].clock))
	cfg.Latency = 30 * time.Millisecond
	cfg.Clock = func() time.Duration { return time.Duration(now.Load()) }
	cfg.Journal = &got
	if w != nil {
		got.next = Log{W: w}
		cfg.FirstSeq = w.LastSeq() + 1
	}
	tb, err := table.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tb.Run(ctx) }()
	// The inputs a resume left held are decided once the table runs, at
	// its clock: wait for that, so what comes next meets the same state
	// however soon it comes.
	var held time.Duration
	for _, e := range cfg.Resume {
		if e.Input != nil {
			held = max(held, e.At)
		}
	}
	for deadline := time.Now().Add(time.Minute); tb.State().Now < held; {
		if time.Now().After(deadline) {
			t.Fatalf("the resumed table never decided its held inputs (now %v, last stamp %v)", tb.State().Now, held)
		}
		time.Sleep(time.Millisecond) // polling a condition, not a wait
	}
	for _, s := range steps {
		now.Store(int64(s.clock))
		if s.void > 0 {
			if _, _, err := tb.Void(ctx, s.void); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s.ev.Dealer = engine.NoSeat
		if _, err := tb.Submit(ctx, s.ev); err != nil {
			t.Fatal(err)
		}
	}
	now.Store(int64(steps[len(steps)-1].clock + time.Second))
	tb.Submit(ctx, engine.Event{At: steps[len(steps)-1].clock + time.Second, Action: engine.Tenpai, Seat: 0, Dealer: engine.NoSeat, Source: engine.SourceWeb})
	st := tb.State()
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return got.entries, st
}

// memJournal keeps what a table journals, and passes it on to next.
type memJournal struct {
	entries []table.Entry
	next    table.Journal
}

func (j *memJournal) Append(es []table.Entry) error {
	j.entries = append(j.entries, es...)
	if j.next != nil {
		return j.next.Append(es)
	}
	return nil
}

// newSessionLog is a claim log in a new directory with a session of p
// begun, and its writer.
func newSessionLog(t *testing.T, p engine.Profile) (string, *claimlog.Writer, Session) {
	t.Helper()
	dir := t.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{Reserve: -1})
	if err != nil {
		t.Fatal(err)
	}
	sess := Session{Revising: Revises, Version: "test", Table: "t", Rules: p.Name, WindowNS: int64(p.Window), DeadlineNS: int64(p.CallDeadline), FirstSeq: w.LastSeq() + 1, Profile: &p}
	if _, err := Resume(sess, dir, w, true, nil, nil); err != nil {
		t.Fatal(err)
	}
	return dir, w, sess
}

// threeHands is a session of three hands of six discards, 4 s apart (a
// deal is journaled once it has stood 20 s), the dealer's seat moving on.
func threeHands() []step {
	ms := time.Millisecond
	ev := func(at time.Duration, seat engine.Seat, a engine.Action, tile engine.Tile) engine.Event {
		return engine.Event{At: at, Seat: seat, Action: a, Tile: tile, Source: engine.SourceWeb}
	}
	var steps []step
	at := 100 * ms
	for hand := 0; hand < 3; hand++ {
		dealer := engine.Seat(hand)
		for i := 0; i < 6; i++ {
			steps = append(steps, step{clock: at + 50*ms, ev: ev(at, (dealer+engine.Seat(i))%4, engine.Discard, engine.Tile(1+(i*5+hand)%27))})
			at += 4 * time.Second
		}
		if hand < 2 {
			steps = append(steps, step{clock: at + 50*ms, ev: engine.Event{At: at, Seat: engine.NoSeat, Action: engine.NewHand, Source: engine.SourceReferee}})
			at += 400 * ms
		}
	}
	return steps
}

// TestResumeAtTheLastDeal: a restart begins at the session's last deal,
// reading the log's end only, and the table it makes is the one a resume
// of the whole session makes: the same state, and the same entries for
// what comes next, on time, late across the deal, or a void of an input
// decided before it (which read the earlier inputs back).
func TestResumeAtTheLastDeal(t *testing.T) {
	p := engine.EMA2016
	ms := time.Millisecond
	steps := threeHands()
	end := steps[len(steps)-1].clock + 2*time.Second
	lastDiscard := steps[12].ev.At // the second hand's last, before its new hand
	const firstInput = ^uint64(0)  // the session's first input, found once it is written
	for _, tc := range []struct {
		name string
		next []step
		// then is the hand of the deal a restart after next begins at (0:
		// the session's start): a deal that next re-decided across is not one.
		then int
	}{
		{"on time", []step{{clock: end, ev: engine.Event{At: end - 10*ms, Seat: 2, Action: engine.Discard, Tile: 9, Source: engine.SourceWeb}}}, 3},
		{"a ron stamped before the deal", []step{{clock: end, ev: engine.Event{At: lastDiscard + 100*ms, Seat: 3, Action: engine.Ron, Source: engine.SourceSerial}}}, 2},
		{"a void of the first hand's first discard", []step{{clock: end, void: firstInput}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, w, sess := newSessionLog(t, p)
			journaled, _ := play(t, table.Config{Profile: p, Session: sess.FirstSeq}, w, steps)
			deals := 0
			for _, e := range journaled {
				if e.Deal != nil {
					deals++
				}
			}
			if deals != 2 {
				t.Fatalf("%d deal entries journaled for two new hands", deals)
			}
			w.Close()

			at, err := lastDeal(dir)
			if err != nil || at == nil {
				t.Fatalf("no deal to resume at: %v", err)
			}
			if g := at.entries[0].Deal.Game; g.HandNumber != 3 || g.Dealer != 2 {
				t.Fatalf("resumed at the deal of hand %d, dealer %d: want the last, hand 3", g.HandNumber, g.Dealer)
			}
			last, recs, err := LastSession(dir)
			if err != nil {
				t.Fatal(err)
			}
			all, err := Entries(recs)
			if err != nil {
				t.Fatal(err)
			}
			next := slices.Clone(tc.next)
			for i := range next {
				if next[i].void == firstInput {
					next[i].void = all[slices.IndexFunc(all, func(e table.Entry) bool { return e.Input != nil })].Seq
				}
			}
			dealer := engine.Seat(last.Dealer)
			full, fullState := play(t, table.Config{Profile: p, Dealer: dealer, Resume: all}, nil, next)
			fromDeal, dealState := play(t, table.Config{Profile: p, Dealer: dealer, Resume: at.entries, Earlier: at.earlier}, nil, next)
			if !reflect.DeepEqual(dealState, fullState) {
				t.Errorf("state resumed at the deal\n%+v\nfrom the session's start\n%+v", dealState, fullState)
			}
			if !reflect.DeepEqual(fromDeal, full) {
				t.Errorf("entries resumed at the deal\n%+v\nfrom the session's start\n%+v", fromDeal, full)
			}
			if len(full) < 2 {
				t.Errorf("the continuation journaled %d entries: nothing was compared", len(full))
			}

			// The table resumed at the deal goes on in the log; a restart
			// after that begins where what it did leaves a deal standing.
			if w, err = claimlog.Open(dir, claimlog.Options{Reserve: -1}); err != nil {
				t.Fatal(err)
			}
			play(t, table.Config{Profile: p, Dealer: dealer, Resume: at.entries, Earlier: at.earlier}, w, next)
			w.Close()
			at, err = lastDeal(dir)
			if err != nil {
				t.Fatal(err)
			}
			hand := 0
			if at != nil {
				hand = at.entries[0].Deal.Game.HandNumber
			}
			if hand != tc.then {
				t.Fatalf("the next restart begins at the deal of hand %d, want %d (0: the session's start)", hand, tc.then)
			}
			_, recs, err = LastSession(dir)
			if err != nil {
				t.Fatal(err)
			}
			if all, err = Entries(recs); err != nil {
				t.Fatal(err)
			}
			want, err := table.New(table.Config{Profile: p, Dealer: dealer, Resume: all})
			if err != nil {
				t.Fatal(err)
			}
			if at != nil {
				got, err := table.New(table.Config{Profile: p, Dealer: dealer, Resume: at.entries, Earlier: at.earlier})
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got.State(), want.State()) {
					t.Errorf("the next restart at the deal of hand %d\n%+v\nfrom the start\n%+v", hand, got.State(), want.State())
				}
			}
		})
	}
}

// TestReplayChecksEveryDeal: a replay checks each deal the log holds
// against the table it reached at that deal (the game, the time decided
// to), so a restart never begins at a game the inputs do not make.
func TestReplayChecksEveryDeal(t *testing.T) {
	p := engine.EMA2016
	dir, w, sess := newSessionLog(t, p)
	play(t, table.Config{Profile: p, Session: sess.FirstSeq}, w, threeHands())
	w.Close()
	last, recs, err := LastSession(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(*last, recs); err != nil {
		t.Fatalf("replay of the log as written: %v", err)
	}
	deals := 0
	for i, r := range recs {
		if r.Kind == claimlog.KindNote && r.Type == table.NoteDeal {
			deals++
			for _, change := range []struct{ from, to, says string }{
				{`"honba":`, `"honba":1`, "not the game the replay reached"},
				{`"decided_to_ns":`, `"decided_to_ns":1`, "had decided up to"},
			} {
				bad := slices.Clone(recs)
				bad[i].Body = []byte(strings.Replace(string(r.Body), change.from, change.to, 1))
				if _, err := Replay(*last, bad); err == nil || !strings.Contains(err.Error(), change.says) {
					t.Errorf("replay of a log whose deal %d has %s changed: %v", r.Seq, change.from, err)
				}
			}
		}
	}
	if deals != 2 {
		t.Errorf("%d deal notes in the log of two new hands", deals)
	}
}

// TestEveryDealSettlesOnItsOwn: hands shorter than a deal takes to settle
// each get their deal journaled once it has.
func TestEveryDealSettlesOnItsOwn(t *testing.T) {
	p := engine.EMA2016
	dir, w, sess := newSessionLog(t, p)
	var steps []step
	at := 100 * time.Millisecond
	for hand := 0; hand < 4; hand++ {
		for i := 0; i < 2; i++ {
			steps = append(steps, step{clock: at + 50*time.Millisecond, ev: engine.Event{At: at, Seat: engine.Seat((hand + i) % 4), Action: engine.Discard, Tile: engine.Tile(3 + i), Source: engine.SourceWeb}})
			at += time.Second
		}
		steps = append(steps, step{clock: at + 50*time.Millisecond, ev: engine.Event{At: at, Seat: engine.NoSeat, Action: engine.NewHand, Source: engine.SourceReferee}})
		at += time.Second
	}
	at += 25 * time.Second
	steps = append(steps, step{clock: at + 50*time.Millisecond, ev: engine.Event{At: at, Seat: 0, Action: engine.Discard, Tile: 7, Source: engine.SourceWeb}})
	journaled, _ := play(t, table.Config{Profile: p, Session: sess.FirstSeq}, w, steps)
	w.Close()
	var hands []int
	for _, e := range journaled {
		if e.Deal != nil {
			hands = append(hands, e.Deal.Game.HandNumber)
		}
	}
	if !slices.Equal(hands, []int{2, 3, 4, 1}) {
		t.Errorf("deals journaled for hands %v, want the four deals, each once", hands)
	}
	if at, err := lastDeal(dir); err != nil || at == nil || at.entries[0].Deal.Game.HandNumber != 1 || at.entries[0].Deal.Game.RoundWind != engine.South {
		t.Fatalf("a restart begins at %+v (%v), want the last deal, South 1", at, err)
	}
}

// TestADealCrossedLateIsJournaledAgain: a late input stamped before a
// deal re-decides it before it has settled; the deal settles again from
// that re-decision and is journaled, and a restart beginning there makes
// the table a resume of the whole session makes (the same state, and the
// same entries for what comes next), and the log replays. A late pon
// changes nothing from the deal on (it is the hand before's): the deal's
// outcome stands. A late ron ends the hand before otherwise: the deal and
// all after it are published again, and the deal's outcome is the new one.
// (A controller's presses held over a restart reach the table after a
// tablet's new hand so: before, such a deal was never journaled, and on a
// loaded machine the restarts grew with every hand.)
func TestADealCrossedLateIsJournaledAgain(t *testing.T) {
	p := engine.EMA2016
	for _, tc := range []struct {
		name   string
		action engine.Action
		stood  bool // the deal's outcome stood as published
	}{
		{"a late pon, the hand before's", engine.Pon, true},
		{"a late ron, which ends the hand before", engine.Ron, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, w, sess := newSessionLog(t, p)
			steps := threeHands()
			late := step{clock: steps[13].clock + 2*time.Second, ev: engine.Event{At: steps[12].ev.At + 100*time.Millisecond, Seat: 0, Action: tc.action, Source: engine.SourceSerial}}
			steps = slices.Insert(steps, 14, late)
			journaled, _ := play(t, table.Config{Profile: p, Session: sess.FirstSeq}, w, steps)
			w.Close()
			var hands []int
			var lateSeq, revision uint64
			var deal *table.Deal
			for _, e := range journaled {
				switch {
				case e.Input != nil && e.Input.Action == tc.action:
					lateSeq = e.Seq
				case e.Revision != nil:
					revision = e.Seq
				case e.Deal != nil:
					hands, deal = append(hands, e.Deal.Game.HandNumber), e.Deal
				}
			}
			if !slices.Equal(hands, []int{2, 3}) || lateSeq == 0 || revision == 0 {
				t.Fatalf("deals journaled for hands %v (late input %d, revision %d), want both deals", hands, lateSeq, revision)
			}
			// What the revision published again of the hand before the
			// deal is filed under that hand, not the one being played.
			for _, e := range journaled {
				if e.Outcome != nil && e.Seq > revision && e.Outcome.At < steps[13].ev.At && e.Hand != 2 {
					t.Errorf("the %s at %v published again after the revision is filed under hand %d, want 2", e.Outcome.Kind, e.Outcome.At, e.Hand)
				}
			}
			switch {
			case deal.DecidedTo < steps[len(steps)-1].ev.At:
				t.Fatalf("the third hand's deal says the table had decided up to %v, before the last discard it had (%v)", deal.DecidedTo, steps[len(steps)-1].ev.At)
			case tc.stood && deal.Outcome > lateSeq:
				t.Fatalf("the third hand's deal names outcome %d: its deal stood, want the one before the late input %d", deal.Outcome, lateSeq)
			case !tc.stood && deal.Outcome <= revision:
				t.Fatalf("the third hand's deal names outcome %d: want the one published again after the revision %d", deal.Outcome, revision)
			}
			last, recs, err := LastSession(dir)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Replay(*last, recs); err != nil {
				t.Fatalf("replay: %v", err)
			}
			at, err := lastDeal(dir)
			if err != nil || at == nil || at.entries[0].Deal.Game.HandNumber != 3 {
				t.Fatalf("a restart begins at %+v (%v), want the third hand's deal", at, err)
			}
			for _, e := range at.entries {
				if e.Seq == lateSeq {
					t.Fatalf("a restart at the deal steps through the late input the game at it holds")
				}
			}
			all, err := Entries(recs)
			if err != nil {
				t.Fatal(err)
			}
			end := steps[len(steps)-1].clock + 2*time.Second
			for _, next := range []struct {
				name string
				step step
			}{
				{"on time", step{clock: end, ev: engine.Event{At: end - 10*time.Millisecond, Seat: 2, Action: engine.Discard, Tile: 9, Source: engine.SourceWeb}}},
				{"a discard of the hand late", step{clock: end, ev: engine.Event{At: steps[16].ev.At + 200*time.Millisecond, Seat: 1, Action: engine.Chii, Source: engine.SourceSerial}}},
				{"a ron late across the deal", step{clock: end, ev: engine.Event{At: steps[12].ev.At + 150*time.Millisecond, Seat: 3, Action: engine.Ron, Source: engine.SourceSerial}}},
			} {
				t.Run(next.name, func(t *testing.T) {
					dealer := engine.Seat(last.Dealer)
					full, fullState := play(t, table.Config{Profile: p, Dealer: dealer, Resume: all}, nil, []step{next.step})
					fromDeal, dealState := play(t, table.Config{Profile: p, Dealer: dealer, Resume: at.entries, Earlier: at.earlier}, nil, []step{next.step})
					if !reflect.DeepEqual(dealState, fullState) {
						t.Errorf("state resumed at the deal\n%+v\nfrom the session's start\n%+v", dealState, fullState)
					}
					if !reflect.DeepEqual(fromDeal, full) {
						t.Errorf("entries resumed at the deal\n%+v\nfrom the session's start\n%+v", fromDeal, full)
					}
					if len(full) < 2 {
						t.Errorf("the continuation journaled %d entries: nothing was compared", len(full))
					}
				})
			}
		})
	}
}

// TestAWrongDealNoteResumesTheWholeSession: a deal note whose outcomes
// the inputs after it do not make (a log edited, a bug) is not begun at:
// the table is made from the session's start, the same as a resume of it.
func TestAWrongDealNoteResumesTheWholeSession(t *testing.T) {
	p := engine.EMA2016
	dir, w, sess := newSessionLog(t, p)
	play(t, table.Config{Profile: p, Session: sess.FirstSeq}, w, threeHands())
	w.Close()
	at, err := lastDeal(dir)
	if err != nil || at == nil {
		t.Fatalf("no deal to resume at: %v", err)
	}
	last, recs, err := LastSession(dir)
	if err != nil {
		t.Fatal(err)
	}
	all, err := Entries(recs)
	if err != nil {
		t.Fatal(err)
	}
	wrong := *at.entries[0].Deal
	wrong.Shown = append(slices.Clone(wrong.Shown), 1<<40)
	entries := slices.Clone(at.entries)
	entries[0].Deal = &wrong
	dealer := engine.Seat(last.Dealer)
	got, err := table.New(table.Config{Profile: p, Dealer: dealer, Resume: entries, Earlier: at.earlier})
	if err != nil {
		t.Fatalf("a wrong deal note stops the table: %v", err)
	}
	want, err := table.New(table.Config{Profile: p, Dealer: dealer, Resume: all})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.State(), want.State()) {
		t.Errorf("resumed past a wrong deal note\n%+v\nfrom the session's start\n%+v", got.State(), want.State())
	}
	if _, err := table.New(table.Config{Profile: p, Dealer: dealer, Resume: entries}); err == nil {
		t.Errorf("a wrong deal note with no way to read the session before it made a table")
	}
}

// TestADealAfterTheOneARestartBeganAtIsJournaled: a table stops between
// two deals 11 s apart, after the first was journaled and before
// the second had settled; the restart begins at the first and journals
// the second once it has settled, so the next restart begins there. (A
// restart left it pending nowhere, and every restart after began at the
// first deal, through the whole of the next hand.)
func TestADealAfterTheOneARestartBeganAtIsJournaled(t *testing.T) {
	p := engine.EMA2016
	dir, w, sess := newSessionLog(t, p)
	ms := time.Millisecond
	web := func(at time.Duration, seat engine.Seat, a engine.Action, tile engine.Tile) step {
		return step{clock: at + 50*ms, ev: engine.Event{At: at, Seat: seat, Action: a, Tile: tile, Source: engine.SourceWeb}}
	}
	newHand := func(at time.Duration) step {
		return step{clock: at + 50*ms, ev: engine.Event{At: at, Seat: engine.NoSeat, Action: engine.NewHand, Source: engine.SourceReferee}}
	}
	// The first deal at 1 s, the second at 12 s; the table stops at about
	// 22 s, when the first has settled and the second has not.
	play(t, table.Config{Profile: p, Session: sess.FirstSeq}, w, []step{
		web(100*ms, 0, engine.Discard, 3), newHand(time.Second), web(2*time.Second, 1, engine.Discard, 4),
		newHand(12 * time.Second), web(13*time.Second, 2, engine.Discard, 5), web(21*time.Second, 3, engine.Discard, 6),
	})
	w.Close()
	at, err := lastDeal(dir)
	if err != nil || at == nil || at.entries[0].Deal.Game.HandNumber != 2 {
		t.Fatalf("the first restart begins at %+v (%v), want the first deal's, hand 2", at, err)
	}
	last, _, err := LastSession(dir)
	if err != nil {
		t.Fatal(err)
	}
	if w, err = claimlog.Open(dir, claimlog.Options{Reserve: -1}); err != nil {
		t.Fatal(err)
	}
	journaled, _ := play(t, table.Config{Profile: p, Dealer: engine.Seat(last.Dealer), Resume: at.entries, Earlier: at.earlier, FirstSeq: w.LastSeq() + 1}, w,
		[]step{web(40*time.Second, 3, engine.Discard, 7)})
	w.Close()
	var hands []int
	for _, e := range journaled {
		if e.Deal != nil {
			hands = append(hands, e.Deal.Game.HandNumber)
		}
	}
	if !slices.Equal(hands, []int{3}) {
		t.Fatalf("the restarted table journaled deals of hands %v, want the second deal's, hand 3", hands)
	}
	if at, err = lastDeal(dir); err != nil || at == nil || at.entries[0].Deal.Game.HandNumber != 3 {
		t.Fatalf("the next restart begins at %+v (%v), want the second deal's", at, err)
	}
	_, recs, err := LastSession(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(*last, recs); err != nil {
		t.Fatalf("replay: %v", err)
	}
}
