package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/display/show"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/web"
)

// newDisplays makes the Driver of the lights and the panel cfg names, and
// the cleanup that turns the lights off when the daemon stops. lk is the
// serial link, for lights on the seat controllers. Every outcome line
// goes to out as it is shown; text, when set, gets the text panel.
func newDisplays(cfg config.Config, op hostio.Opener, lk *link.Link, out, text io.Writer, logf func(string, ...any)) (*show.Driver, func(), error) {
	d := &show.Driver{Text: text, Lang: cfg.Lang(), URL: web.StatusURL(cfg.Web.URL, cfg.Web.Listen), Sleep: time.Duration(cfg.Display.Sleep), Logf: logf,
		Each: func(u table.Update) { printOutcomes(out, outcome.In(cfg.Lang()), u) }}
	off, err := d.Open(cfg.Display, op, lk)
	if err != nil {
		return nil, nil, err
	}
	return d, off, nil
}

// printOutcomes writes the update's outcomes, a line each, in words.
func printOutcomes(w io.Writer, words outcome.Words, u table.Update) {
	for _, e := range u.Entries {
		if e.Outcome != nil {
			fmt.Fprintf(w, "%9.3fs  %s\n", e.At.Seconds(), words.Line(outcome.Of(*e.Outcome)))
		}
	}
}

// runDisplays runs d on the table until ctx ends, then turns the lights off.
// The lights run on the table's clock: a won, lost or rejected light ends
// when its Hold has passed on that clock, not at the next update.
func runDisplays(d *show.Driver, t *table.Table, off func()) func(context.Context) error {
	d.Clock = t.Now
	return func(ctx context.Context) error {
		defer off()
		return d.Run(ctx, t)
	}
}
