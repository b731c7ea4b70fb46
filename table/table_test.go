package table

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

const ms = time.Millisecond

type memJournal struct {
	mu      sync.Mutex
	entries []Entry
	fail    error
}

func (j *memJournal) Append(es []Entry) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.fail != nil {
		return j.fail
	}
	j.entries = append(j.entries, es...)
	return nil
}

func ev(at time.Duration, s engine.Seat, a engine.Action) engine.Event {
	return engine.Event{At: at, Seat: s, Action: a, Dealer: engine.NoSeat}
}

// TestReorderAppliesInStampOrder: a pon stamped before a chii but delivered
// after it (within the latency) is applied first, and the decision is the
// same as if they had arrived in order.
func TestReorderAppliesInStampOrder(t *testing.T) {
	j := &memJournal{}
	c, err := newCore(engine.EMA2016, 0, 30*ms, j, 0)
	if err != nil {
		t.Fatal(err)
	}
	c.submit(ev(0, 0, engine.Discard))
	c.submit(ev(120*ms, 1, engine.Chii))
	c.submit(ev(100*ms, 2, engine.Pon)) // delivered later, stamped earlier
	if es, _ := c.step(140 * ms); len(es) != 2 {
		t.Fatalf("at 140ms want the discard and the pon applied (the chii is held), got %d entries", len(es))
	}
	es, _ := c.step(500 * ms)
	var dec *engine.Outcome
	for _, e := range es {
		if e.Outcome != nil && e.Outcome.Kind == engine.KindDecision {
			dec = e.Outcome
		}
	}
	if dec == nil || dec.Won[0].Seat != 2 || dec.At != 350*ms {
		t.Fatalf("want PON West decided at 350ms (window from the pon's stamp), got %+v", dec)
	}
	for i, e := range j.entries {
		if e.Seq != uint64(i+1) {
			t.Fatalf("journal seq %d at %d", e.Seq, i)
		}
	}
}

// TestLateArrivalIsAppliedNowAndNoted: an input later than the latency is
// applied at the current time, and the journal says so.
func TestLateArrivalIsAppliedNowAndNoted(t *testing.T) {
	c, _ := newCore(engine.EMA2016, 0, 10*ms, nil, 0)
	c.submit(ev(0, 0, engine.Discard))
	c.submit(ev(200*ms, 1, engine.Chii))
	c.step(500 * ms)
	c.submit(ev(300*ms, 2, engine.Ron)) // stamped before the decision at 450ms, arrived after: applied just after it
	es, _ := c.step(900 * ms)
	if len(es) == 0 || es[0].Input == nil || es[0].Note == "" || es[0].Input.At != 450*ms+1 {
		t.Fatalf("late input: %+v", es)
	}
}

func TestJournalErrorStopsPublishing(t *testing.T) {
	j := &memJournal{fail: errors.New("disk full")}
	tb, err := New(Config{Profile: engine.EMA2016, Journal: j})
	if err != nil {
		t.Fatal(err)
	}
	sub := tb.Subscribe()
	done := make(chan error)
	go func() { done <- tb.Run(context.Background()) }()
	if err := tb.Submit(ev(tb.Now(), 0, engine.Discard)); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err == nil {
		t.Fatal("Run went on after the journal failed")
	}
	if u, ok := <-sub.C(); ok {
		t.Fatalf("an update was published without being journaled: %+v", u)
	}
}

// TestRunDecidesOnTime drives a real table: a chii and a pon from two
// seats, decided when the window closes, seen by a subscriber.
func TestRunDecidesOnTime(t *testing.T) {
	j := &memJournal{}
	tb, err := New(Config{Profile: engine.EMA2016, Latency: 5 * ms, Journal: j})
	if err != nil {
		t.Fatal(err)
	}
	sub := tb.Subscribe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	now := tb.Now()
	for _, e := range []engine.Event{ev(now, 0, engine.Discard), ev(now+50*ms, 1, engine.Chii), ev(now+60*ms, 3, engine.Pon)} {
		if err := tb.Submit(e); err != nil {
			t.Fatal(err)
		}
	}
	timeout := time.After(10 * time.Second)
	for decided := false; !decided; {
		select {
		case u := <-sub.C():
			for _, e := range u.Entries {
				if o := e.Outcome; o != nil && o.Kind == engine.KindDecision {
					if o.Won[0].Seat != 3 || o.Won[0].Call != engine.Pon {
						t.Fatalf("decision %+v", o)
					}
					decided = true
				}
			}
		case <-timeout:
			t.Fatal("no decision")
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if tb.State().Turn != 3 || len(j.entries) != 4 {
		t.Fatalf("state turn %d, %d journal entries", tb.State().Turn, len(j.entries))
	}
}

// TestSlowSubscriberIsDropped: a subscriber that does not read is cut off
// and never blocks the table.
func TestSlowSubscriberIsDropped(t *testing.T) {
	tb, _ := New(Config{Profile: engine.EMA2016, Buffer: 1})
	slow := tb.Subscribe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	for i := 0; i < 50; i++ {
		if err := tb.Submit(engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1m")}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !slow.Dropped() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
	if !slow.Dropped() {
		t.Fatal("the slow subscriber was not dropped")
	}
}

// TestVoidMistakenPress: the referee voids a pon pressed by mistake; the
// state is rebuilt without it, and the journal still replays exactly.
func TestVoidMistakenPress(t *testing.T) {
	j := &memJournal{}
	c, _ := newCore(engine.EMA2016, 0, 10*ms, j, 0)
	c.submit(ev(0, 0, engine.Discard))
	c.submit(ev(200*ms, 3, engine.Pon)) // North presses pon by mistake
	c.step(time.Second)
	if st := c.eng.State(); st.Turn != 3 || len(st.Melds[3]) != 1 {
		t.Fatalf("before the void: turn %d melds %v", st.Turn, st.Melds[3])
	}
	ponSeq := j.entries[1].Seq
	c.voids = append(c.voids, ponSeq, ponSeq, 99)
	es, _ := c.step(2 * time.Second)
	if len(es) != 3 || es[0].Void != ponSeq || es[0].Note != "" || es[1].Note == "" || es[2].Note == "" {
		t.Fatalf("void entries: %+v", es)
	}
	if st := c.eng.State(); st.Turn != 1 || st.Phase != engine.ToDraw || len(st.Melds[3]) != 0 {
		t.Fatalf("after the void: turn %d phase %d melds %v", st.Turn, st.Phase, st.Melds[3])
	}
	// Play goes on from the corrected state: South discards.
	c.submit(ev(3*time.Second, 1, engine.Discard))
	c.submit(ev(3100*ms, 2, engine.Chii))
	c.step(5 * time.Second)
	if err := Verify(engine.EMA2016, 0, j.entries); err != nil {
		t.Fatal(err)
	}
}

func TestSubscribeAfterResumes(t *testing.T) {
	tb, _ := New(Config{Profile: engine.EMA2016})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	defer func() { cancel(); <-done }()
	first := tb.Subscribe()
	for i := 0; i < 3; i++ {
		tb.Submit(engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1m")})
	}
	var seen uint64
	for seen < 6 {
		u := <-first.C()
		seen = u.Entries[len(u.Entries)-1].Seq
	}
	s, missed, ok := tb.SubscribeAfter(2)
	defer s.Close()
	if !ok || len(missed) != 4 || missed[0].Seq != 3 || missed[3].Seq != 6 {
		t.Fatalf("resume after 2: ok %v, %d missed", ok, len(missed))
	}
	if _, missed, ok := tb.SubscribeAfter(6); !ok || len(missed) != 0 {
		t.Fatalf("resume at the head: ok %v, %d missed", ok, len(missed))
	}
}

// TestResumeAfterRestart: a table started with a journaled session goes on
// from its state, with stamps after the session's, and the whole journal
// still replays.
func TestResumeAfterRestart(t *testing.T) {
	j := &memJournal{}
	c, _ := newCore(engine.EMA2016, 0, 10*ms, j, 0)
	c.submit(ev(0, 0, engine.Discard))
	c.submit(ev(300*ms, 2, engine.Pon))
	c.step(2 * time.Second)
	tb, err := New(Config{Profile: engine.EMA2016, Journal: j, FirstSeq: uint64(len(j.entries) + 1), Resume: append([]Entry(nil), j.entries...)})
	if err != nil {
		t.Fatal(err)
	}
	if st := tb.State(); st.Turn != 2 || len(st.Melds[2]) != 1 {
		t.Fatalf("resumed state: turn %d melds %v", st.Turn, st.Melds[2])
	}
	if now := tb.Now(); now <= j.entries[len(j.entries)-1].At {
		t.Fatalf("the clock did not go on after the session: %v", now)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()
	sub := tb.Subscribe()
	tb.Submit(engine.Event{At: tb.Now(), Seat: 2, Action: engine.Discard, Dealer: engine.NoSeat})
	tb.Submit(engine.Event{At: tb.Now(), Seat: 3, Action: engine.Chii, Dealer: engine.NoSeat})
	for decided := false; !decided; {
		for _, e := range (<-sub.C()).Entries {
			decided = decided || (e.Outcome != nil && e.Outcome.Kind == engine.KindDecision)
		}
	}
	cancel()
	<-done
	if err := Verify(engine.EMA2016, 0, j.entries); err != nil {
		t.Fatal(err)
	}
}
