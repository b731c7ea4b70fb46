package show_test

import (
	"context"
	"log"
	"os"

	"github.com/tabled/tabled/display/show"
	"github.com/tabled/tabled/display/strip"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// A table shown on the terminal and a (here discarded) LED strip, with the
// panel frames kept for the status page.
func ExampleDriver() {
	tb, err := table.New(table.Config{Profile: engine.EMA2016})
	if err != nil {
		log.Fatal(err)
	}
	lights, err := strip.New(nopWriter{}, strip.Layout{PerSeat: 8})
	if err != nil {
		log.Fatal(err)
	}
	d := &show.Driver{Lights: lights, Text: os.Stdout, URL: "http://tabled.local:8080/", Clock: tb.Now, Logf: log.Printf}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go d.Run(ctx, tb) // shows the table as it is, then every update
	go tb.Run(ctx)
	// The status page serves d.PNG(w) as /api/panel.png.
}

type nopWriter struct{}

func (nopWriter) Write(b []byte) (int, error) { return len(b), nil }
