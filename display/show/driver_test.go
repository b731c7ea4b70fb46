package show

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
	"github.com/tabled/tabled/table"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/display/render"
)

// updates runs a script on the engine and returns the table updates it
// makes, one per step, then one when time runs on by after.
func updates(t testing.TB, text string, after time.Duration) []table.Update {
	t.Helper()
	s, err := script.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(s.Profile, s.Dealer)
	if err != nil {
		t.Fatal(err)
	}
	var us []table.Update
	wrap := func(out []engine.Outcome) table.Update {
		u := table.Update{State: e.State()}
		for i := range out {
			u.Entries = append(u.Entries, table.Entry{At: out[i].At, Outcome: &out[i]})
		}
		return u
	}
	var last time.Duration
	for _, st := range s.Steps {
		out, err := e.Apply(st.Event(e.State().Dealer), nil)
		if err != nil {
			t.Fatal(err)
		}
		us = append(us, wrap(out))
		last = st.At
	}
	return append(us, wrap(e.Advance(last+after, nil)))
}

// recLights records what the lights were asked to show.
type recLights struct {
	mu    sync.Mutex
	shown []display.View
}

func (l *recLights) Show(v display.View) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.shown = append(l.shown, v)
	return nil
}

// first is the first view shown in which a seat shows sig.
func (l *recLights) first(sig display.Signal) (display.View, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, v := range l.shown {
		for _, s := range v.Seats {
			if s.Signal == sig {
				return v, true
			}
		}
	}
	return display.View{}, false
}

func (l *recLights) last() display.View {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.shown[len(l.shown)-1]
}

// slowPanel is an e-ink whose refresh lasts until the test says: a Draw
// blocks until gate is closed (a nil gate does not block), as a real
// e-ink's Draw blocks for its 2 s refresh.
type slowPanel struct {
	gate   chan struct{}
	mu     sync.Mutex
	busy   bool
	draws  []string // "full" or "partial"
	frames []*image.Gray
}

func (p *slowPanel) Bounds() image.Rectangle { return image.Rectangle{Max: render.EInkSize} }

func (p *slowPanel) Draw(frame image.Image, full bool) error {
	p.mu.Lock()
	p.busy = true
	g := image.NewGray(frame.Bounds())
	copy(g.Pix, frame.(*image.Gray).Pix)
	p.frames = append(p.frames, g)
	p.mu.Unlock()
	kind := "partial"
	if full {
		kind = "full"
	}
	if p.gate != nil {
		<-p.gate
	}
	p.mu.Lock()
	p.busy = false
	p.draws = append(p.draws, kind)
	p.mu.Unlock()
	return nil
}

// Sleep records a sleep among the draws, as "sleep".
func (p *slowPanel) Sleep() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.draws = append(p.draws, "sleep")
	return nil
}

func (p *slowPanel) state() (busy bool, draws []string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.busy, append([]string(nil), p.draws...)
}

// playOn submits the script's steps to a running table, each stamped base
// plus its script time, so the table applies them as its clock passes.
func playOn(t testing.TB, tb *table.Table, text string, base time.Duration) {
	t.Helper()
	s, err := script.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range s.Steps {
		st.At += base
		if _, err := tb.Submit(context.Background(), st.Event(s.Dealer)); err != nil {
			t.Fatal(err)
		}
	}
}

// runTable starts a table and a Driver following it (on the bubble's
// clock, in a synctest bubble); stop ends both and returns Run's error.
func runTable(t *testing.T, cfg table.Config, d *Driver) (tb *table.Table, stop func() error) {
	t.Helper()
	tb, err := table.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.Clock = tb.Now
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, tb) }()
	go tb.Run(ctx)
	return tb, func() error {
		cancel()
		if err := <-done; err != nil && err != context.Canceled {
			return err // the table stopping first ends Run with nil
		}
		return nil
	}
}

// waitFor waits, in a synctest bubble, until cond holds: it lets every
// other goroutine of the bubble run until it blocks, then moves the
// bubble's clock on a millisecond, for up to a minute of that clock.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		synctest.Wait()
		if cond() {
			return
		}
		if time.Since(start) > time.Minute {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// TestLightsDoNotWaitForEInk: a running table; while the e-ink is stuck in
// its full refresh for the new hand, the discards, the window and the pon
// decision reach the lights; once the refresh ends, the panel draws only
// the latest frame, with a partial refresh. The refresh lasts until the
// lights have shown the decision, so the test proves the order without
// timing it.
func TestLightsDoNotWaitForEInk(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		lights := &recLights{}
		panel := &slowPanel{gate: make(chan struct{})}
		d := &Driver{Lights: lights, Panel: panel, URL: displaytest.URL, Tick: 5 * time.Millisecond}
		tb, stop := runTable(t, table.Config{Profile: engine.EMA2016}, d)

		playOn(t, tb, "@0ms dora 3p", tb.Now())
		waitFor(t, "the hand's full refresh to begin", func() bool { busy, _ := panel.state(); return busy })
		playOn(t, tb, "@0ms E discard 1z\n+100ms S discard 2z\n+100ms W discard 6s\n+100ms N chii\n+180ms S pon", tb.Now())
		waitFor(t, "the decision on the lights", func() bool { return displaytest.Signals(lights.last()) == "E:- S:won W:- N:lost" })
		if v, ok := lights.first(display.SignalWon); ok {
			t.Logf("decision on the lights %v after it was made (table clock), the e-ink still refreshing", v.Now-v.Seats[1].Since)
		}
		if busy, draws := panel.state(); !busy || len(draws) != 0 {
			t.Fatalf("the panel was not still in its first refresh (busy %v, draws %v)", busy, draws)
		}
		close(panel.gate)

		// The panel catches up with one partial refresh of the latest frame.
		waitFor(t, "the panel to catch up", func() bool { busy, draws := panel.state(); return !busy && len(draws) == 2 })
		_, draws := panel.state()
		if draws[0] != "full" || draws[1] != "partial" {
			t.Errorf("draws %v, want a full refresh then a partial one", draws)
		}
		if diff := displaytest.Diff(panel.frames[1], render.Render(d.View(), render.EInkSize)); diff != "" {
			t.Errorf("the last frame drawn is not the decision: %s", diff)
		}
		if h := d.View().Board.Headline; h != "PON - South" {
			t.Errorf("headline %q", h)
		}
		if drawn, skipped := d.Frames(); drawn != 2 || skipped == 0 {
			t.Errorf("frames drawn %d, coalesced %d: want 2 drawn and the rest coalesced", drawn, skipped)
		}
		if err := stop(); err != nil {
			t.Errorf("Run: %v", err)
		}
	})
}

// TestRunCatchesUpAfterDrop: a Driver too slow for its subscription is cut
// off by the table; Run takes it up again from the table's backlog, and
// every outcome reaches Each exactly once, in order.
func TestRunCatchesUpAfterDrop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		hold, entered := make(chan struct{}), make(chan struct{})
		var once sync.Once
		var mu sync.Mutex
		var seqs []uint64
		var logs []string
		d := &Driver{
			Each: func(u table.Update) {
				once.Do(func() { close(entered) })
				<-hold // the first update waits until the table has dropped the subscription
				mu.Lock()
				defer mu.Unlock()
				for _, e := range u.Entries {
					if e.Outcome != nil {
						seqs = append(seqs, e.Seq)
					}
				}
			},
			Logf: func(f string, a ...any) { mu.Lock(); logs = append(logs, fmt.Sprintf(f, a...)); mu.Unlock() },
		}
		tb, stop := runTable(t, table.Config{Profile: engine.EMA2016, Buffer: 1}, d)
		<-entered // the driver has subscribed and is stuck in its first update
		// Each input is its own step and update: the second overflows the buffer of one.
		for _, line := range []string{"@0ms dora 3p", "@0ms E discard 1z", "@0ms S discard 2z", "@0ms W discard 6s", "@0ms N discard 7p"} {
			seq := tb.Seq()
			playOn(t, tb, line, tb.Now())
			waitFor(t, "the step", func() bool { return tb.Seq() > seq })
			time.Sleep(time.Millisecond) // the next input comes later, as at a real table
		}
		close(hold)
		want, _ := tb.Recent()
		waitFor(t, "every outcome", func() bool { mu.Lock(); defer mu.Unlock(); return len(seqs) >= len(want) })
		if err := stop(); err != nil {
			t.Errorf("Run: %v", err)
		}
		mu.Lock()
		defer mu.Unlock()
		for i, e := range want {
			if i >= len(seqs) || seqs[i] != e.Seq {
				t.Fatalf("outcomes seen %v, want the sequence numbers of %d outcomes", seqs, len(want))
			}
		}
		if len(seqs) != len(want) || !strings.Contains(strings.Join(logs, "\n"), "fell behind") {
			t.Errorf("seen %v of %d; logs %q", seqs, len(want), logs)
		}
		if got := d.View().Board.Headline; got != "North: 7 circles" {
			t.Errorf("headline %q after catching up", got)
		}
	})
}

// TestDriverHandStartIsFull: the first frame of a hand asks for a full
// refresh, later ones for partial ones; the text panel gets every board.
func TestDriverHandStartIsFull(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		us := updates(t, "@0ms dora 3p\n+1s E discard 1z\n+4s S tsumo\n+1s newhand\n+1s dora 7s\n+1s S discard 2z", time.Second)
		panel := &slowPanel{}
		var text bytes.Buffer
		d := &Driver{Panel: panel, Text: &text}
		ctx, cancel := context.WithCancel(t.Context())
		d.start(ctx)
		for _, u := range us {
			d.update(u)
			// Let the panel draw each frame, so none is coalesced.
			waitFor(t, "the panel to draw the frame", func() bool { busy, _ := panel.state(); return !d.pendingJob() && !busy })
		}
		cancel()
		d.panel.Wait()
		_, draws := panel.state()
		want := "full partial partial full partial partial" // dora, discard, tsumo; newhand, dora, discard
		if got := strings.Join(draws, " "); got != want {
			t.Errorf("refreshes %q, want %q", got, want)
		}
		if n := strings.Count(text.String(), "lights:"); n != len(draws) {
			t.Errorf("%d text panels for %d frames:\n%s", n, len(draws), text.String())
		}
	})
}

// TestDriverSleepsIdlePanel: a panel without a new frame for Sleep is put
// to sleep once, and the next frame wakes it.
func TestDriverSleepsIdlePanel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		us := updates(t, "@0ms dora 3p\n+1s E discard 1z", time.Second)
		panel := &slowPanel{}
		d := &Driver{Panel: panel, Sleep: 20 * time.Millisecond}
		ctx, cancel := context.WithCancel(t.Context())
		defer func() { cancel(); d.panel.Wait() }()
		d.start(ctx)
		d.update(us[0])
		waitFor(t, "the first frame", func() bool { _, draws := panel.state(); return len(draws) == 1 })
		time.Sleep(d.Sleep - time.Nanosecond)
		waitFor(t, "the panel awake until Sleep has passed", func() bool { _, draws := panel.state(); return len(draws) == 1 })
		time.Sleep(time.Nanosecond)
		waitFor(t, "the idle panel to sleep", func() bool { _, draws := panel.state(); return len(draws) == 2 })
		d.update(us[1])
		waitFor(t, "the next frame", func() bool { _, draws := panel.state(); return len(draws) == 3 })
		time.Sleep(d.Sleep)
		waitFor(t, "the second sleep", func() bool { _, draws := panel.state(); return len(draws) == 4 })
		if _, draws := panel.state(); strings.Join(draws, " ") != "full sleep partial sleep" {
			t.Errorf("panel calls %v", draws)
		}
	})
}

// pendingJob reports whether a frame waits for the panel goroutine.
func (d *Driver) pendingJob() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.job != nil
}

// TestDriverPNG: the PNG is the frame of the current board; it is encoded
// once per board, and a new board gives a new frame.
func TestDriverPNG(t *testing.T) {
	d := &Driver{URL: displaytest.URL}
	us := updates(t, displaytest.Named(t, "discard_open").Script, time.Second)
	d.update(us[0]) // the dora: idle, with the QR code
	frame := func() []byte {
		var buf bytes.Buffer
		if err := d.PNG(&buf); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if diff := displaytest.Diff(render.Render(d.View(), render.EInkSize), img); diff != "" {
			t.Fatalf("the PNG is not the board's frame: %s", diff)
		}
		return buf.Bytes()
	}
	idle := frame()
	if d.View().Board.Mode != display.ModeIdle || !bytes.Equal(frame(), idle) {
		t.Fatalf("mode %s; the same board gave other bytes", d.View().Board.Mode)
	}
	for _, u := range us[1:] {
		d.update(u)
	}
	if open := frame(); bytes.Equal(open, idle) || d.View().Board.Mode != display.ModeOpen {
		t.Errorf("after the discard: mode %s, same frame %v", d.View().Board.Mode, bytes.Equal(open, idle))
	}
}

// TestPNGWaitsForTheLatestUpdate: the status page asks for the panel as
// soon as an update reaches it; PNG waits for the Driver to have taken
// that update, so the frame it serves shows it.
func TestPNGWaitsForTheLatestUpdate(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		release, started := make(chan struct{}), make(chan struct{})
		var once sync.Once
		d := &Driver{URL: displaytest.URL, Each: func(u table.Update) {
			once.Do(func() { close(started) }) // Run follows the table
			if len(u.Entries) > 0 {
				<-release // the Driver is slow to take the dora read
			}
		}}
		tb, stop := runTable(t, table.Config{Profile: engine.EMA2016}, d)
		<-started
		playOn(t, tb, "@0ms dora 3p", tb.Now())
		waitFor(t, "the table to publish the dora", func() bool { return tb.Seq() > 0 })
		got := make(chan []byte)
		go func() {
			var buf bytes.Buffer
			if err := d.PNG(&buf); err != nil {
				t.Error(err)
			}
			got <- buf.Bytes()
		}()
		time.Sleep(CatchUp / 5)
		synctest.Wait()
		select {
		case <-got:
			t.Fatal("PNG served a frame while the Driver had not yet taken the table's latest update")
		default:
		}
		close(release)
		frame, err := png.Decode(bytes.NewReader(<-got))
		if err != nil {
			t.Fatal(err)
		}
		v := d.View()
		if len(v.Board.Indicators) != 1 {
			t.Fatalf("the Driver never took the dora: %+v", v.Board)
		}
		if diff := displaytest.Diff(render.Render(v, render.EInkSize), frame); diff != "" {
			t.Errorf("the frame served is not the one with the dora: %s", diff)
		}
		if err := stop(); err != nil {
			t.Error(err)
		}
	})
}

// TestRunLeavesAHungPanel: told to stop while the panel hangs in a
// refresh, Run gives up on it after StopWait, says so, and returns.
func TestRunLeavesAHungPanel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		panel := &slowPanel{gate: make(chan struct{})} // never opened
		defer close(panel.gate)
		var mu sync.Mutex
		var logs []string
		d := &Driver{Panel: panel, StopWait: 20 * time.Millisecond,
			Logf: func(f string, a ...any) { mu.Lock(); logs = append(logs, fmt.Sprintf(f, a...)); mu.Unlock() }}
		_, stop := runTable(t, table.Config{Profile: engine.EMA2016}, d)
		waitFor(t, "the panel to hang in its first refresh", func() bool { busy, _ := panel.state(); return busy })
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		if !strings.Contains(strings.Join(logs, "\n"), "still refreshing") {
			t.Errorf("logs %q", logs)
		}
	})
}

// TestDriverInFrench: a Driver given the table's language shows every
// board in it (the text panel, the panel's frame, the status page's PNG
// all follow the View), and the round's clock set in it.
func TestDriverInFrench(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		us := updates(t, "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m", 500*time.Millisecond)
		fr, _ := catalog.Get("fr")
		var text bytes.Buffer
		d := &Driver{Text: &text, Lang: fr}
		for _, u := range us {
			d.update(u)
		}
		if got := d.View().Board.Headline; got != "Sud : 5 caractères" {
			t.Errorf("headline %q, want it in French", got)
		}
		for _, want := range []string{"| Est 1  0 honba  0 riichi  mur 68  tour : Ouest", "|   Ouest doit piocher", "| lumières : E:- S:- O:tour N:-"} {
			if !strings.Contains(text.String(), want) {
				t.Errorf("the text panel has no %q:\n%s", want, text.String())
			}
		}
		d.SetClock(display.ClockWords(fr, 90*time.Second, "paused"))
		if got := d.View().Board.Clock; got != "! temps 1:30 (en pause)" {
			t.Errorf("clock %q", got)
		}
	})
}
