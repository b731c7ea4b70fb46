package show

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/render"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// DefaultTick is how often a pulsing light on a strip is redrawn.
const DefaultTick = 40 * time.Millisecond

// DefaultStopWait is how long Run waits, once it is told to stop, for the
// panel to finish its refresh: an e-ink cut off mid-refresh is left
// streaky, but a hung one must not hold the daemon up.
const DefaultStopWait = 5 * time.Second

// keepOutcomes is how many of the latest outcomes a Driver keeps: more
// than a hand ever needs on its panel.
const keepOutcomes = 64

// Driver shows a table on the lights, the panel and the text panel (Run).
// The lights are shown at once, on Run's goroutine; the panel is drawn on
// a goroutine of its own that always draws the latest frame and skips
// those a slow refresh made stale, so a 2 s e-ink refresh never delays the
// lights or the table. Display errors are logged, never returned: the
// table plays on without them.
//
// Set the fields before Run; a Driver must not be copied.
type Driver struct {
	// Lights shows the seat signals; nil for none.
	Lights Lights
	// Panel shows the panel frames; nil for none.
	Panel Panel
	// Text receives the text panel whenever the board changes (--sim); nil
	// for none.
	Text io.Writer
	// URL is the status page's address, shown as a QR code at idle.
	URL string
	// Cert is the start of the fingerprint of the certificate the table
	// made for its HTTPS page (web.ShortFingerprint), shown at idle on the
	// panels and the text panel; "" for none.
	Cert string
	// Clock is the table's clock (table.Table.Now). Nil: Run uses the
	// clock of the table it follows.
	Clock func() time.Duration
	// Tick is how often a pulsing light on a strip is redrawn; 0 is
	// DefaultTick. Other blinks are redrawn at their edges, and lights that
	// blink by themselves (SelfBlinking) only when a signal changes.
	Tick time.Duration
	// Logf logs display errors; nil drops them.
	Logf func(format string, args ...any)
	// StopWait bounds how long Run waits for the panel's refresh once it
	// is told to stop; 0 is DefaultStopWait.
	StopWait time.Duration
	// Sleep is how long the panel may go without a new frame before it is
	// put to sleep, if it can sleep (an e-ink keeps its image asleep, and
	// its controller should not stay powered for hours); 0 never.
	Sleep time.Duration
	// Each, when set, sees every update Run takes, just before it is shown
	// and on the same goroutine: the daemon prints the outcome lines with
	// it, so that they come before the text panel they lead to.
	Each func(u table.Update)
	// Wall is the wall clock that times the alerts; nil is time.Now.
	Wall func() time.Time
	// Lang is the language of the panels, the text panel and the status
	// page's picture of the panel (the table's [table] language); nil is
	// English.
	Lang *catalog.Lang

	// mu guards everything below; it is never held while a device draws a
	// panel frame or a PNG is encoded.
	mu     sync.Mutex
	alerts alert.List           // showing until the next deal
	clock  func() time.Duration // Clock, or the clock of the table Run follows
	src    *table.Table         // the table Run follows
	seq    uint64               // the latest entry taken from it
	taken  chan struct{}        // closed when an update is taken
	st     engine.State
	recent []engine.Outcome
	// recentSeq are the recent outcomes' sequence numbers, so that one a
	// void or a revision withdrew leaves the panel and the lights.
	recentSeq  []uint64
	view       display.View
	shown      bool // a board was posted
	handKey    [4]int
	pair       string    // the pairing code (SetPair)
	roundClock string    // the round's time left in words (SetClock)
	png        *pngFrame // the latest board's PNG, encoded once

	job    *panelJob     // the frame the panel goroutine draws next
	wake   chan struct{} // tells the panel goroutine a job waits
	panel  sync.WaitGroup
	frames int // panel frames drawn
	skips  int // panel frames coalesced away
}

type panelJob struct {
	v    display.View
	full bool
}

// pngFrame is a board's PNG, encoded by the first caller that wants it.
type pngFrame struct {
	board display.Board
	once  sync.Once
	b     []byte
	err   error
}

// start starts the panel goroutine; it ends when ctx is done.
func (d *Driver) start(ctx context.Context) {
	if d.Panel == nil {
		return
	}
	d.mu.Lock()
	if d.wake == nil {
		d.wake = make(chan struct{}, 1)
	}
	wake := d.wake
	d.mu.Unlock()
	d.panel.Go(func() { d.panelLoop(ctx, wake) })
}

// Run shows the table t until ctx is done or t stops: the state and the
// latest outcomes at once, then every update. Between updates a timer set
// to the lights' next change (a Hold running out, a blink's edge) redraws
// them, on the table's clock; nothing wakes while no light blinks or
// expires. A subscription the table drops for falling behind is taken up
// again after the last entry shown, so no outcome is lost or shown twice.
// Run returns when the panel goroutine has finished its current refresh,
// or after StopWait if it has not.
func (d *Driver) Run(ctx context.Context, t *table.Table) error {
	ctx, cancel := context.WithCancel(ctx)
	defer func() {
		cancel()
		d.waitPanel()
	}()
	d.start(ctx)
	// The lights' next change, on a timer of its own: stopped while
	// nothing blinks or expires.
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	arm := func() {
		if wait, ok := d.nextWait(); ok {
			timer.Reset(wait)
		} else {
			timer.Stop()
		}
	}

	recent, last := t.Recent()
	d.mu.Lock()
	d.src, d.taken = t, make(chan struct{})
	d.clock = d.Clock
	if d.clock == nil {
		d.clock = t.Now
	}
	d.mu.Unlock()
	sub, missed := follow(t, last, recent)
	defer func() { sub.Close() }()
	d.take(table.Update{Entries: append(recent, missed...), State: t.State()}, &last)
	arm()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case u, ok := <-sub.C():
			if !ok {
				if !sub.Dropped() {
					return nil // the table stopped
				}
				d.logf("display: fell behind the table after entry %d; catching up", last)
				recent, _ := t.Recent()
				sub, missed = follow(t, last, recent)
				u = table.Update{Entries: missed, State: t.State()}
			}
			d.take(u, &last)
		case <-timer.C:
			d.refresh()
		}
		arm()
	}
}

// waitPanel waits for the panel goroutine to end, for up to StopWait, and
// logs it when the panel is still busy then.
func (d *Driver) waitPanel() {
	limit := d.StopWait
	if limit <= 0 {
		limit = DefaultStopWait
	}
	done := make(chan struct{})
	go func() {
		d.panel.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(limit):
		d.logf("display: the panel is still refreshing %v after the stop; not waiting for it", limit)
	}
}

// nextWait is how long from now until the lights next change with no new
// update, and false when they do not (or there are no lights: the panel
// never changes by time alone).
func (d *Driver) nextWait() (time.Duration, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.Lights == nil {
		return 0, false
	}
	next, ok := d.view.NextChange(d.frame())
	if !ok {
		return 0, false
	}
	return max(next-d.now(), 0), true
}

// frame is how often the lights need redrawing while a light pulses, 0
// for lights that blink by themselves.
func (d *Driver) frame() time.Duration {
	if sb, ok := d.Lights.(SelfBlinking); ok && sb.BlinksItself() {
		return 0
	}
	if d.Tick > 0 {
		return d.Tick
	}
	return DefaultTick
}

// now is the table's time: the clock, never before the latest state; d.mu
// is held.
func (d *Driver) now() time.Duration {
	clock := d.clock
	if clock == nil {
		clock = d.Clock
	}
	if clock == nil {
		return d.st.Now
	}
	return max(clock(), d.st.Now)
}

// follow subscribes to t and returns the entries after last that were
// published before, from the table's backlog or, when that no longer
// reaches back, from the recent outcomes.
func follow(t *table.Table, last uint64, recent []table.Entry) (*table.Subscription, []table.Entry) {
	sub, missed, ok := t.SubscribeAfter(last)
	if ok {
		return sub, missed
	}
	for _, e := range recent {
		if e.Seq > last {
			missed = append(missed, e)
		}
	}
	return sub, missed
}

// take passes u to Each and shows it, and advances last past its entries.
func (d *Driver) take(u table.Update, last *uint64) {
	if d.Each != nil {
		d.Each(u)
	}
	d.update(u)
	for _, e := range u.Entries {
		*last = max(*last, e.Seq)
	}
	d.mu.Lock()
	d.seq = *last
	close(d.taken)
	d.taken = make(chan struct{})
	d.mu.Unlock()
}

// update takes a table update: its outcomes and state. The lights show it
// before update returns; the panel frame is handed to the panel goroutine.
func (d *Driver) update(u table.Update) {
	d.mu.Lock()
	defer d.mu.Unlock()
	wall := d.Wall
	if wall == nil {
		wall = time.Now
	}
	for _, e := range u.Entries {
		if e.Outcome != nil {
			d.recent, d.recentSeq = append(d.recent, *e.Outcome), append(d.recentSeq, e.Seq)
		}
		withdrawn := e.VoidWithdrew
		if e.Revision != nil {
			withdrawn = append(withdrawn, e.Revision.Retracted...)
		}
		d.withdraw(withdrawn)
		d.alerts.Entry(e, wall())
	}
	if n := len(d.recent); n > keepOutcomes {
		d.recent = append(d.recent[:0], d.recent[n-keepOutcomes:]...)
		d.recentSeq = append(d.recentSeq[:0], d.recentSeq[n-keepOutcomes:]...)
	}
	d.st = u.State
	d.show(true)
}

// withdraw takes the outcomes seqs names out of the recent ones: what a
// void or a revision withdrew is no longer shown (a refused value voided
// by the referee, a decision re-decided).
func (d *Driver) withdraw(seqs []uint64) {
	if len(seqs) == 0 {
		return
	}
	keep := 0
	for i, o := range d.recent {
		if !slices.Contains(seqs, d.recentSeq[i]) {
			d.recent[keep], d.recentSeq[keep] = o, d.recentSeq[i]
			keep++
		}
	}
	d.recent, d.recentSeq = d.recent[:keep], d.recentSeq[:keep]
}

// refresh recomputes the view at the clock's time and redraws the lights
// when their next change (a blink's edge, a Hold's end) has come. Run
// calls it on a timer set to that change.
func (d *Driver) refresh() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.Lights == nil {
		return
	}
	if next, ok := d.view.NextChange(d.frame()); ok && d.now() >= next {
		d.show(false)
	}
}

// show computes the view and shows it; d.mu is held.
func (d *Driver) show(changed bool) {
	v := display.NewViewIn(d.Lang, d.st, d.recent, d.now())
	v.Board.URL, v.Board.Pair, v.Board.Cert, v.Board.Clock = d.URL, d.pair, d.Cert, d.roundClock
	if d.alerts.Len() > 0 {
		v.Board.Alerts = d.alerts.Current()
	}
	prev := d.view
	d.view = v
	if d.Lights != nil {
		if err := d.Lights.Show(v); err != nil {
			d.logf("display: lights: %v", err)
		}
	}
	if !changed || (d.shown && v.Board.Equal(prev.Board)) {
		return
	}
	b := v.Board
	key := [4]int{int(b.RoundWind), b.HandNumber, b.Honba, int(b.Dealer)}
	full := !d.shown || key != d.handKey || (prev.Board.Mode == display.ModeHandEnd && b.Mode != display.ModeHandEnd)
	d.shown, d.handKey = true, key
	if d.Text != nil {
		if err := render.WriteText(d.Text, v); err != nil {
			d.logf("%v", err)
		}
	}
	d.post(panelJob{v: v, full: full})
}

// SetPair sets the pairing code the panels show at idle and at a hand's
// end, and redraws them; "" shows none. The image PNG serves never shows
// it: whoever can read the status page is not thereby at the table.
func (d *Driver) SetPair(code string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.pair = code
	if d.shown {
		d.show(true)
	}
}

// SetClock sets the tournament round's time left the panels show
// (display.ClockWords in Lang), and redraws them when it changed; ""
// shows none.
func (d *Driver) SetClock(words string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if words == d.roundClock {
		return
	}
	d.roundClock = words
	if d.shown {
		d.show(true)
	}
}

// View is the latest view.
func (d *Driver) View() display.View {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.view
}

// CatchUp is the longest PNG waits for the Driver to take the table's
// latest update.
const CatchUp = 250 * time.Millisecond

// PNG writes the panel frame as a PNG, for the status page. A page asks
// for it as soon as an update reaches it, which may be before Run has
// taken that update: PNG waits, up to CatchUp, until it has. Every tablet
// asks after every update, so a frame is encoded once and its bytes kept
// until the board changes.
func (d *Driver) PNG(w io.Writer) error {
	d.catchUp(CatchUp)
	d.mu.Lock()
	v := d.view
	// The code is for the people at the table, not the LAN; a fingerprint
	// the network delivers proves nothing about who delivers it.
	v.Board.Pair, v.Board.Cert = "", ""
	if d.png == nil || !d.png.board.Equal(v.Board) {
		d.png = &pngFrame{board: v.Board}
	}
	f := d.png
	d.mu.Unlock()
	f.once.Do(func() {
		var buf bytes.Buffer
		f.err = render.PNG(&buf, v)
		f.b = buf.Bytes()
	})
	if f.err != nil {
		return f.err
	}
	if _, err := w.Write(f.b); err != nil {
		return fmt.Errorf("display: panel PNG: %w", err)
	}
	return nil
}

// catchUp waits until Run has taken every entry the table has published,
// or for limit.
func (d *Driver) catchUp(limit time.Duration) {
	d.mu.Lock()
	t := d.src
	d.mu.Unlock()
	if t == nil {
		return
	}
	want := t.Seq()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		d.mu.Lock()
		seq, taken := d.seq, d.taken
		d.mu.Unlock()
		if seq >= want {
			return
		}
		select {
		case <-taken:
		case <-timer.C:
			return
		}
	}
}

// Frames reports how many panel frames were drawn and how many were
// coalesced away by a newer one before they could be.
func (d *Driver) Frames() (drawn, skipped int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.frames, d.skips
}

// post hands a frame to the panel goroutine: the latest wins, and a full
// refresh asked for by a frame it replaces is kept; d.mu is held.
func (d *Driver) post(j panelJob) {
	if d.Panel == nil {
		return
	}
	if d.job != nil {
		j.full = j.full || d.job.full
		d.skips++
	}
	d.job = &j
	if d.wake == nil {
		d.wake = make(chan struct{}, 1)
	}
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// panelLoop draws the posted frames on the panel until ctx is done, and
// puts the panel to sleep when no frame came for Sleep.
func (d *Driver) panelLoop(ctx context.Context, wake <-chan struct{}) {
	size := d.Panel.Bounds().Size()
	frame := image.NewGray(image.Rectangle{Max: size})
	var last []byte
	idle := time.NewTimer(time.Hour)
	idle.Stop()
	defer idle.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-idle.C:
			if s, ok := d.Panel.(Sleeper); ok {
				if err := s.Sleep(); err != nil {
					d.logf("display: panel sleep: %v", err)
				}
			}
			continue
		case <-wake:
		}
		d.mu.Lock()
		j := d.job
		d.job = nil
		d.mu.Unlock()
		if j == nil {
			continue
		}
		render.RenderTo(frame, j.v)
		if !j.full && last != nil && string(last) == string(frame.Pix) {
			continue
		}
		if err := d.Panel.Draw(frame, j.full); err != nil {
			d.logf("display: panel: %v", err)
			last = nil
			continue
		}
		last = append(last[:0], frame.Pix...)
		if d.Sleep > 0 {
			idle.Reset(d.Sleep)
		}
		d.mu.Lock()
		d.frames++
		d.mu.Unlock()
	}
}

func (d *Driver) logf(format string, args ...any) {
	if d.Logf != nil {
		d.Logf(format, args...)
	}
}
