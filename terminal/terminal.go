// Package terminal is the simulated table's keyboard: a line typed at the
// terminal of `tabled run --sim` ("S pon", "Ana discard 3p", "seat 2 ron")
// becomes an input stamped when Enter is pressed. A seat is named as a
// person names it (its wind this hand in any language of the catalog, its
// player's name, or its physical seat as the status page numbers it) and
// handed to the scenario command language (package script) as the wind
// letter that language takes, so scripts keep E S W N. Its help and
// messages come from the catalog, in the table's language.
package terminal

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
	"github.com/tabled/tabled/table"
)

// routedWait bounds how long a typed input the simulated controller cannot
// carry waits for the routed ones typed before it to reach the table (a
// tile read takes the reader's poll; a lost one must not stop the terminal).
const routedWait = 2 * time.Second

// Terminal turns typed commands into inputs stamped when Enter is pressed;
// Route takes those the simulated controller can make (button presses,
// tile reads), so they travel the serial link like real ones. An input it
// cannot carry (a chii naming its tiles, a referee action) goes to the
// table directly, but only once the routed inputs typed before it have
// arrived, stamped then: the two paths keep the order the lines were
// typed in.
type Terminal struct {
	t     *table.Table
	in    io.Reader
	out   io.Writer
	route func(engine.Event) bool
	lang  *catalog.Lang
}

// New is the terminal of table t reading lines from in and writing its
// help and refusals to out, in lang (nil: the catalog's default). route
// reports whether the simulated controller took an input; nil routes
// nothing.
func New(t *table.Table, in io.Reader, out io.Writer, route func(engine.Event) bool, lang *catalog.Lang) *Terminal {
	if route == nil {
		route = func(engine.Event) bool { return false }
	}
	if lang == nil {
		lang = catalog.English()
	}
	return &Terminal{t: t, in: in, out: out, route: route, lang: lang}
}

// Run reads and takes lines until ctx ends or the input does.
func (term *Terminal) Run(ctx context.Context) error {
	type line struct {
		text string
		at   time.Duration
	}
	lines := make(chan line)
	// A read of the terminal cannot be interrupted: this reader ends at
	// the next line or the end of the input, and hands nothing on once
	// ctx has ended. It holds nothing the daemon closes.
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(term.in)
		for sc.Scan() {
			select {
			case lines <- line{sc.Text(), term.t.Now()}:
			case <-ctx.Done():
				return
			}
		}
	}()
	p := &typist{Terminal: term, sub: term.t.Subscribe()}
	defer func() {
		if p.sub != nil {
			p.sub.Close()
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case u, ok := <-p.updates():
			p.took(u, ok)
		case l, ok := <-lines:
			if !ok {
				return nil
			}
			p.typed(ctx, l.text, l.at)
		}
	}
}

// typist takes typed commands: routed ones through the simulated
// controller, the others to the table once the routed ones before them
// have arrived.
type typist struct {
	*Terminal
	sub *table.Subscription
	// routed counts the inputs handed to the controller, arrived those
	// of its sources (serial, nfc) the table has taken since.
	routed, arrived int
}

// updates is the subscription's channel; nil (never ready) once the
// table has stopped.
func (p *typist) updates() <-chan table.Update {
	if p.sub == nil {
		return nil
	}
	return p.sub.C()
}

// took counts the controller's inputs in u; !ok: the subscription ended,
// cut off for falling behind (then a new one starts, and nothing is owed)
// or with the table.
func (p *typist) took(u table.Update, ok bool) {
	if !ok {
		dropped := p.sub.Dropped()
		p.sub, p.arrived = nil, p.routed
		if dropped {
			p.sub = p.t.Subscribe()
		}
		return
	}
	for _, e := range u.Entries {
		if e.Input != nil && (e.Input.Source == engine.SourceSerial || e.Input.Source == engine.SourceNFC) {
			p.arrived++
		}
	}
}

// typed takes one typed command, stamped at.
func (p *typist) typed(ctx context.Context, line string, at time.Duration) {
	st := p.t.State()
	cmd, err := inLetters(line, st)
	if err != nil {
		p.refuse(catalog.ErrorIn(p.lang, err))
		return
	}
	step, err := script.ParseCommand(cmd)
	if errors.Is(err, script.ErrHelp) {
		fmt.Fprint(p.out, Help(p.lang)+Now(p.lang, st))
		return
	}
	if err != nil {
		if len(line) > 0 {
			p.refuse(unknownSeat(cmd, st, p.lang, err))
		}
		return
	}
	step.At = at
	ev := step.Event(st.Dealer)
	ev.Source = engine.SourceTerminal
	if p.route(ev) {
		p.routed++
		return
	}
	if p.routed > p.arrived {
		p.awaitRouted(ctx)
		ev.At = max(ev.At, p.t.Now())
	}
	if _, err := p.t.Submit(ctx, ev); err != nil {
		p.refuse(catalog.ErrorIn(p.lang, err))
	}
}

// refuse says why a line was not taken.
func (p *typist) refuse(reason string) {
	fmt.Fprintln(p.out, p.lang.Text("terminal.refused", "reason", reason))
}

// awaitRouted waits, at most routedWait, for the routed inputs to arrive.
func (p *typist) awaitRouted(ctx context.Context) {
	bound := time.NewTimer(routedWait)
	defer bound.Stop()
	for p.routed > p.arrived {
		select {
		case u, ok := <-p.updates():
			p.took(u, ok)
		case <-bound.C:
			p.arrived = p.routed // lost on the way: do not wait for it again
			return
		case <-ctx.Done():
			return
		}
	}
}
