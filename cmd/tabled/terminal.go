package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
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

// terminal is the service that turns typed commands into inputs stamped
// when Enter is pressed; route takes those the simulated controller can
// make (button presses, tile reads), so they travel the serial link like
// real ones. An input it cannot carry (a chii naming its tiles, a referee
// action) goes to the table directly, but only once the routed inputs
// typed before it have arrived, stamped then: the two paths keep the order
// the lines were typed in. It ends when ctx does or the input ends.
func terminal(t *table.Table, r io.Reader, stderr io.Writer, route func(engine.Event) bool) func(context.Context) error {
	type line struct {
		text string
		at   time.Duration
	}
	return func(ctx context.Context) error {
		lines := make(chan line)
		// A read of the terminal cannot be interrupted: this reader ends at
		// the next line or the end of the input, and hands nothing on once
		// ctx has ended. It holds nothing the daemon closes.
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(r)
			for sc.Scan() {
				select {
				case lines <- line{sc.Text(), t.Now()}:
				case <-ctx.Done():
					return
				}
			}
		}()
		p := &typist{t: t, stderr: stderr, route: route, sub: t.Subscribe()}
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
}

// typist takes typed commands: routed ones through the simulated
// controller, the others to the table once the routed ones before them
// have arrived.
type typist struct {
	t      *table.Table
	stderr io.Writer
	route  func(engine.Event) bool
	sub    *table.Subscription
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
	st, err := script.ParseCommand(seatInEnglish(line))
	if errors.Is(err, script.ErrHelp) {
		fmt.Fprint(p.stderr, script.CommandHelp+script.NowHelp(p.t.State()))
		return
	}
	if err != nil {
		if len(line) > 0 {
			fmt.Fprintf(p.stderr, "? %v\n", err)
		}
		return
	}
	st.At = at
	ev := st.Event(p.t.State().Dealer)
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
		fmt.Fprintf(p.stderr, "? %v\n", err)
	}
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

// seatInEnglish is line with its first word, a seat named by its wind in
// any language of the catalog ("O", "Ouest", "west"), as the letter the
// command language takes ("W"): a player types the seat as it is said at
// the table, and scripts keep E S W N. Any other line is unchanged.
func seatInEnglish(line string) string {
	lead := len(line) - len(strings.TrimLeft(line, " \t"))
	first, rest := line[lead:], ""
	if i := strings.IndexAny(first, " \t"); i >= 0 {
		first, rest = first[:i], first[i+1:]
	}
	if first == "" {
		return line
	}
	for _, code := range catalog.Codes() {
		l, _ := catalog.Get(code)
		for _, w := range [...]engine.Wind{engine.East, engine.South, engine.West, engine.North} {
			letter := w.String()[:1]
			if strings.EqualFold(first, l.Text("wind."+letter)) || strings.EqualFold(first, l.Text("wind.letter."+letter)) {
				return letter + " " + rest
			}
		}
	}
	return line
}
