package table

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
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

func (j *memJournal) all() []Entry {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]Entry(nil), j.entries...)
}

func ev(at time.Duration, s engine.Seat, a engine.Action) engine.Event {
	return engine.Event{At: at, Seat: s, Action: a, Dealer: engine.NoSeat}
}

// step receives inputs and decides up to horizon, as one turn of the loop.
func step(c *core, j *memJournal, horizon time.Duration, in ...engine.Event) []Entry {
	var es []Entry
	for _, e := range in {
		es = append(es, c.receive(e))
	}
	es = append(es, c.process(horizon)...)
	if j != nil {
		j.Append(es)
	}
	return es
}

func decisions(es []Entry) []*engine.Outcome {
	var d []*engine.Outcome
	for _, e := range es {
		if e.Outcome != nil && e.Outcome.Kind == engine.KindDecision {
			d = append(d, e.Outcome)
		}
	}
	return d
}

// TestStampOrderWithinWatermark: a pon stamped before a chii but delivered
// after it (while the horizon is still behind both) is decided first, and
// the decision is the one the stamps call for.
func TestStampOrderWithinWatermark(t *testing.T) {
	j := &memJournal{}
	c, err := newCore(engine.EMA2016, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	es := step(c, j, 110*ms, ev(0, 0, engine.Discard), ev(120*ms, 1, engine.Chii), ev(100*ms, 2, engine.Pon))
	if len(es) != 3 {
		t.Fatalf("at horizon 110ms want the three inputs journaled on arrival and nothing decided, got %d entries", len(es))
	}
	d := decisions(step(c, j, 500*ms))
	if len(d) != 1 || d[0].Won[0].Seat != 2 || d[0].At != 350*ms {
		t.Fatalf("want PON West decided at 350ms (window from the pon's stamp), got %+v", d)
	}
	for i, e := range j.entries {
		if e.Seq != uint64(i+1) {
			t.Fatalf("journal seq %d at %d", e.Seq, i)
		}
	}
}

// TestLateDiscardDecidesThePon is the case that started a dispute: East's
// discard was spoilt on the wire and its retransmission arrived after
// West's pon, past the bound. The pon was first refused ("no discard");
// once the discard arrives it is decided at its stamp: the refusal is
// withdrawn by a revision that names the late input, and the pon wins.
func TestLateDiscardDecidesThePon(t *testing.T) {
	j := &memJournal{}
	c, _ := newCore(engine.EMA2016, 0, 0)
	es := step(c, j, 700*ms, ev(160*ms, 2, engine.Pon))
	if len(es) != 2 || es[1].Outcome == nil || es[1].Outcome.Kind != engine.KindRejection {
		t.Fatalf("before the discard arrives the pon is refused: %+v", es)
	}
	es = step(c, j, 800*ms, ev(100*ms, 0, engine.Discard)) // stamped 100ms, arrives at 800ms
	var rev *Revision
	for _, e := range es {
		if e.Revision != nil {
			rev = e.Revision
		}
	}
	if rev == nil || len(rev.Late) != 1 || rev.Late[0] != es[0].Seq || len(rev.Retracted) != 1 || rev.Retracted[0] != 2 {
		t.Fatalf("want a revision naming the late discard and withdrawing the refusal, got %+v in %+v", rev, es)
	}
	d := decisions(es)
	if len(d) != 1 || d[0].Won[0].Seat != 2 || d[0].Won[0].Call != engine.Pon || d[0].At != 410*ms {
		t.Fatalf("want PON West decided at its stamp's window end (410ms), got %+v", d)
	}
	if st := c.eng.State(); st.Turn != 2 {
		t.Fatalf("after the re-decision West is to discard, turn %d", st.Turn)
	}
	if err := Verify(engine.EMA2016, 0, j.all()); err != nil {
		t.Fatal(err)
	}
}

// TestLateInputThatChangesNothingIsNoted: a late dora read changes no
// decision; it is put in its place, and a revision that withdraws nothing
// says it was late.
func TestLateInputThatChangesNothingIsNoted(t *testing.T) {
	j := &memJournal{}
	c, _ := newCore(engine.EMA2016, 0, 0)
	step(c, j, time.Second, ev(0, 0, engine.Discard), ev(200*ms, 1, engine.Chii))
	dora := engine.Event{At: 300 * ms, Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("3m"), Dealer: engine.NoSeat}
	es := step(c, j, 2*time.Second, dora)
	var noted bool
	for _, e := range es {
		if e.Revision != nil {
			if len(e.Revision.Retracted) != 0 {
				t.Fatalf("nothing published changed, yet outcomes were withdrawn: %+v", e.Revision)
			}
			noted = true
		}
	}
	if !noted || es[len(es)-1].Outcome == nil || es[len(es)-1].Outcome.Kind != engine.KindDora {
		t.Fatalf("want a revision saying the read was late, then the dora: %+v", es)
	}
	if err := Verify(engine.EMA2016, 0, j.all()); err != nil {
		t.Fatal(err)
	}
}

// TestLateRonOverridesDecidedChii: a ron stamped inside the window of a
// chii arrives after the chii was decided: the chii decision is withdrawn
// and the ron decision says which decision it replaces.
func TestLateRonOverridesDecidedChii(t *testing.T) {
	j := &memJournal{}
	c, _ := newCore(engine.EMA2016, 0, 0)
	step(c, j, time.Second, ev(0, 0, engine.Discard), ev(100*ms, 1, engine.Chii))
	es := step(c, j, 1200*ms, ev(150*ms, 2, engine.Ron))
	d := decisions(es)
	if len(d) != 1 || d[0].Won[0].Call != engine.Ron || d[0].Overrides != 1 {
		t.Fatalf("want the ron to replace decision 1, got %+v", d)
	}
	if err := Verify(engine.EMA2016, 0, j.all()); err != nil {
		t.Fatal(err)
	}
}

// TestSubmitAcknowledgesOnlyDurableInputs: Submit returns an input's
// sequence number only once the journal holds it; when the journal fails,
// Submit says so and the input is not acknowledged.
func TestSubmitAcknowledgesOnlyDurableInputs(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &memJournal{}
		tb, err := New(Config{Profile: engine.EMA2016, Journal: j})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- tb.Run(ctx) }()
		seq, err := tb.Submit(t.Context(), ev(tb.Now(), 0, engine.Discard))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, e := range j.all() {
			found = found || (e.Seq == seq && e.Input != nil)
		}
		if !found {
			t.Fatalf("input %d acknowledged before it was journaled", seq)
		}
		j.mu.Lock()
		j.fail = errors.New("disk full")
		j.mu.Unlock()
		if _, err := tb.Submit(t.Context(), ev(tb.Now(), 1, engine.Pon)); err == nil {
			t.Fatal("an input was acknowledged although the journal failed")
		}
		if err := <-done; err == nil {
			t.Fatal("Run went on after the journal failed")
		}
		if _, err := tb.Submit(t.Context(), ev(tb.Now(), 1, engine.Pon)); !errors.Is(err, ErrStopping) {
			t.Fatalf("after the table stopped: %v", err)
		}
		cancel()
	})
}

// TestStopRefusesThenDrains: once the table is told to stop, Submit says
// so at once (a 503 for a tablet), and everything it held is decided.
func TestStopRefusesThenDrains(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &memJournal{}
		tb, _ := New(Config{Profile: engine.EMA2016, Journal: j})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- tb.Run(ctx) }()
		now := tb.Now()
		tb.Submit(t.Context(), ev(now, 0, engine.Discard))
		tb.Submit(t.Context(), ev(now+10*ms, 1, engine.Chii))
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Submit(t.Context(), ev(tb.Now(), 2, engine.Pon)); !errors.Is(err, ErrStopping) {
			t.Fatalf("Submit after stop: %v", err)
		}
		if d := decisions(j.all()); len(d) != 1 || d[0].Won[0].Call != engine.Chii {
			t.Fatalf("the held chii was not decided at stop: %+v", d)
		}
	})
}

// TestWatermarkHoldsTheWindow: with a serial source whose watermark lags
// (a retransmission due), the window does not close at its end; it closes
// as soon as the source passes it, and at the bound if it never does.
func TestWatermarkHoldsTheWindow(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, _ := New(Config{Profile: engine.EMA2016, Bound: 500 * ms})
		var asked []time.Duration
		var mu sync.Mutex
		src := tb.NewSource(SourceConfig{Name: "serial", Explicit: true, Need: func(at time.Duration) {
			mu.Lock()
			asked = append(asked, at)
			mu.Unlock()
		}})
		src.Advance(tb.Now(), true)
		sub := tb.Subscribe()
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go tb.Run(ctx)
		now := tb.Now()
		tb.Submit(t.Context(), ev(now, 0, engine.Discard))
		tb.Submit(t.Context(), ev(now+10*ms, 1, engine.Chii))
		src.Advance(now+10*ms, true)
		end := now + 10*ms + engine.EMA2016.Window
		time.Sleep(end - tb.Now() + 100*ms) // fake time: 100ms past the window's end
		synctest.Wait()
		if d := drainDecisions(sub); len(d) != 0 {
			t.Fatalf("decided while the serial source had not passed the window's end: %+v", d)
		}
		mu.Lock()
		if len(asked) == 0 || asked[len(asked)-1] != end {
			t.Fatalf("the source was not asked to pass %v: %v", end, asked)
		}
		mu.Unlock()
		src.Advance(end+ms, true) // the pong
		synctest.Wait()
		if d := drainDecisions(sub); len(d) != 1 {
			t.Fatalf("not decided once the source passed the window's end: %+v", d)
		}
		// A second claim round: this time the source never catches up.
		now = tb.Now()
		tb.Submit(t.Context(), ev(now, 1, engine.Discard))
		tb.Submit(t.Context(), ev(now+10*ms, 2, engine.Chii))
		end = now + 10*ms + engine.EMA2016.Window
		time.Sleep(end - tb.Now() + 400*ms)
		synctest.Wait()
		if d := drainDecisions(sub); len(d) != 0 {
			t.Fatalf("decided before the bound: %+v", d)
		}
		time.Sleep(200 * ms)
		synctest.Wait()
		if d := drainDecisions(sub); len(d) != 1 {
			t.Fatalf("not decided at the bound: %+v", d)
		}
	})
}

func drainDecisions(s *Subscription) []*engine.Outcome {
	var d []*engine.Outcome
	for {
		select {
		case u := <-s.C():
			d = append(d, decisions(u.Entries)...)
		default:
			return d
		}
	}
}

// TestSlowSubscriberIsDropped: a subscriber that does not read is cut off
// and never blocks the table.
func TestSlowSubscriberIsDropped(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, _ := New(Config{Profile: engine.EMA2016, Buffer: 1})
		slow := tb.Subscribe()
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- tb.Run(ctx) }()
		for range 5 {
			if _, err := tb.Submit(t.Context(), engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1m")}); err != nil {
				t.Fatal(err)
			}
		}
		synctest.Wait()
		cancel()
		<-done
		if !slow.Dropped() {
			t.Fatal("the slow subscriber was not dropped")
		}
	})
}

// TestVoidMistakenPress: the referee voids a pon pressed by mistake; the
// state is rebuilt without it, the void names the decision it withdrew,
// and the journal still replays exactly.
func TestVoidMistakenPress(t *testing.T) {
	j := &memJournal{}
	c, _ := newCore(engine.EMA2016, 0, 0)
	step(c, j, time.Second, ev(0, 0, engine.Discard), ev(200*ms, 3, engine.Pon)) // North presses pon by mistake
	if st := c.eng.State(); st.Turn != 3 || len(st.Melds[3]) != 1 {
		t.Fatalf("before the void: turn %d melds %v", st.Turn, st.Melds[3])
	}
	ponSeq := j.entries[1].Seq
	es := []Entry{c.void(ponSeq), c.void(ponSeq), c.void(99)}
	j.Append(es)
	if es[0].Void != ponSeq || es[0].Note != "" || es[1].Note == "" || es[2].Note == "" {
		t.Fatalf("void entries: %+v", es)
	}
	// The void withdrew the decision the pon won, and nothing else; a
	// refused void withdrew nothing.
	var decision uint64
	for _, e := range j.entries {
		if e.Outcome != nil && e.Outcome.Kind == engine.KindDecision {
			decision = e.Seq
		}
	}
	if decision == 0 || !slices.Equal(es[0].VoidWithdrew, []uint64{decision}) || es[1].VoidWithdrew != nil || es[2].VoidWithdrew != nil {
		t.Fatalf("the void withdrew %v (refused ones %v %v), want the pon's decision %d", es[0].VoidWithdrew, es[1].VoidWithdrew, es[2].VoidWithdrew, decision)
	}
	if st := c.eng.State(); st.Turn != 1 || st.Phase != engine.ToDraw || len(st.Melds[3]) != 0 {
		t.Fatalf("after the void: turn %d phase %d melds %v", st.Turn, st.Phase, st.Melds[3])
	}
	// Play goes on from the corrected state: South discards.
	step(c, j, 5*time.Second, ev(3*time.Second, 1, engine.Discard), ev(3100*ms, 2, engine.Chii))
	if err := Verify(engine.EMA2016, 0, j.all()); err != nil {
		t.Fatal(err)
	}
}

func TestSubscribeAfterResumes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, _ := New(Config{Profile: engine.EMA2016})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- tb.Run(ctx) }()
		defer func() { cancel(); <-done }()
		first := tb.Subscribe()
		for range 3 {
			tb.Submit(t.Context(), engine.Event{At: tb.Now(), Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1m")})
			time.Sleep(10 * ms)
		}
		var seen uint64
		for seen < 6 {
			u := <-first.C()
			if len(u.Entries) > 0 {
				seen = u.Entries[len(u.Entries)-1].Seq
			}
		}
		s, missed, ok := tb.SubscribeAfter(2)
		defer s.Close()
		if !ok || len(missed) != 4 || missed[0].Seq != 3 || missed[3].Seq != 6 {
			t.Fatalf("resume after 2: ok %v, %d missed", ok, len(missed))
		}
		if _, missed, ok := tb.SubscribeAfter(6); !ok || len(missed) != 0 {
			t.Fatalf("resume at the head: ok %v, %d missed", ok, len(missed))
		}
	})
}

// TestResumeAfterRestart: a table started with a journaled session goes on
// from its state, with stamps after the session's, and the whole journal
// still replays. The session ends with an input journaled but not yet
// decided (the daemon was killed in between): the resumed table decides it.
func TestResumeAfterRestart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := &memJournal{}
		c, _ := newCore(engine.EMA2016, 0, 0)
		step(c, j, 2*time.Second, ev(0, 0, engine.Discard), ev(300*ms, 2, engine.Pon))
		step(c, j, 2*time.Second, ev(2500*ms, 2, engine.Discard)) // journaled, not yet decided
		// The journal's next number is further on (a note was written).
		tb, err := New(Config{Profile: engine.EMA2016, Journal: j, FirstSeq: uint64(len(j.entries) + 2), Resume: j.all()})
		if err != nil {
			t.Fatal(err)
		}
		if st := tb.State(); st.Turn != 2 || len(st.Melds[2]) != 1 {
			t.Fatalf("resumed state: turn %d melds %v", st.Turn, st.Melds[2])
		}
		if seq := tb.Seq(); seq != uint64(len(j.entries)+1) {
			t.Fatalf("the resumed table goes on from %d, not from the journal's next number", seq)
		}
		if now := tb.Now(); now <= 2500*ms {
			t.Fatalf("the clock did not go on after the session: %v", now)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- tb.Run(ctx) }()
		sub := tb.Subscribe()
		tb.Submit(t.Context(), ev(tb.Now(), 3, engine.Chii))
		for decided := false; !decided; {
			decided = len(decisions((<-sub.C()).Entries)) > 0
		}
		cancel()
		<-done
		if err := Verify(engine.EMA2016, 0, j.all()); err != nil {
			t.Fatal(err)
		}
	})
}

// TestNewHandFilesTheEndUnderItsHand: a new hand called during play ends
// the hand being played as a draw; that hand_end is the old hand's, the
// deal and what follows the new one's.
func TestNewHandFilesTheEndUnderItsHand(t *testing.T) {
	j := &memJournal{}
	c, _ := newCore(engine.EMA2016, 0, 0)
	step(c, j, time.Second, ev(0, 0, engine.Discard))
	step(c, j, 3*time.Second, ev(2*time.Second, engine.NoSeat, engine.NewHand))
	step(c, j, 5*time.Second, ev(4*time.Second, 0, engine.Discard))
	var got []string
	for _, e := range j.entries {
		if e.Outcome != nil && (e.Outcome.Kind == engine.KindHandEnd || e.Outcome.Kind == engine.KindDeal) {
			got = append(got, fmt.Sprintf("%s in hand %d", e.Outcome.Kind, e.Hand))
		}
	}
	if want := []string{"hand_end in hand 1", "deal in hand 2"}; !slices.Equal(got, want) {
		t.Fatalf("outcomes %v, want %v", got, want)
	}
	for _, e := range j.entries {
		if e.Input != nil && e.At == 4*time.Second && e.Hand != 2 {
			t.Fatalf("the next discard: %+v, want hand 2", e)
		}
	}
}

// TestRevisionKeepsEachStandingOutcomeOnce: a late dora read is decided
// before two decisions that stand; the table then holds each published
// outcome once, under its own number, and a later revision withdraws the
// decision it replaces by that number. (The outcomes shown again were
// once written over the list they were read from: a new outcome before
// one that stood took its place, and a revision then retracted one
// outcome twice and another never.)
func TestRevisionKeepsEachStandingOutcomeOnce(t *testing.T) {
	j := &memJournal{}
	c, _ := newCore(engine.EMA2016, 0, 0)
	step(c, j, 3*time.Second, ev(0, 0, engine.Discard), ev(200*ms, 1, engine.Chii), ev(time.Second, 1, engine.Discard), ev(1200*ms, 3, engine.Pon))
	dora := engine.Event{At: 300 * ms, Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("3m"), Dealer: engine.NoSeat}
	step(c, j, 3500*ms, dora)
	published := map[uint64]*engine.Outcome{}
	for _, e := range j.all() {
		if e.Outcome != nil {
			published[e.Seq] = e.Outcome
		}
	}
	seen := map[uint64]bool{}
	for _, p := range c.shown {
		if seen[p.seq] || published[p.seq] == nil || !reflect.DeepEqual(*published[p.seq], p.raw) {
			t.Fatalf("the table holds outcome %d (%s at %v) twice or not as it was published: %+v", p.seq, p.raw.Kind, p.raw.At, c.shown)
		}
		seen[p.seq] = true
	}
	if len(c.shown) != 3 || c.shown[0].raw.Kind != engine.KindDora {
		t.Fatalf("want the dora, then the chii and the pon decisions, got %+v", c.shown)
	}
	chii := c.shown[1].seq
	es := step(c, j, 4*time.Second, ev(250*ms, 2, engine.Ron))
	for _, e := range es {
		if e.Revision != nil && (len(e.Revision.Retracted) == 0 || e.Revision.Retracted[0] != chii || len(slices.Compact(slices.Clone(e.Revision.Retracted))) != len(e.Revision.Retracted)) {
			t.Fatalf("the late ron withdraws %v, want the chii's decision %d first, each once", e.Revision.Retracted, chii)
		}
	}
	if err := Verify(engine.EMA2016, 0, j.all()); err != nil {
		t.Fatal(err)
	}
}
