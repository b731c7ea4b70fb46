package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
	"github.com/tabled/tabled/table"
)

// terminal is the service that turns typed commands into inputs stamped
// when Enter is pressed; route takes those the simulated controller can
// make (button presses, tile reads), so they travel the serial link like
// real ones. It ends when ctx does or the input ends.
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
		for {
			select {
			case <-ctx.Done():
				return nil
			case l, ok := <-lines:
				if !ok {
					return nil
				}
				typed(ctx, t, l.text, l.at, stderr, route)
			}
		}
	}
}

// typed takes one typed command, stamped at.
func typed(ctx context.Context, t *table.Table, line string, at time.Duration, stderr io.Writer, route func(engine.Event) bool) {
	st, err := script.ParseCommand(line)
	if errors.Is(err, script.ErrHelp) {
		fmt.Fprint(stderr, script.CommandHelp+script.NowHelp(t.State()))
		return
	}
	if err != nil {
		if len(line) > 0 {
			fmt.Fprintf(stderr, "? %v\n", err)
		}
		return
	}
	st.At = at
	ev := st.Event(t.State().Dealer)
	ev.Source = engine.SourceTerminal
	if route(ev) {
		return
	}
	if _, err := t.Submit(ctx, ev); err != nil {
		fmt.Fprintf(stderr, "? %v\n", err)
	}
}
