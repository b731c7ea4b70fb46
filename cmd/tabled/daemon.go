package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/web"
)

// cmdRun runs the daemon: "tabled run [--sim] [--listen ADDR]".
func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sim := fs.Bool("sim", false, "run a simulated table: seats driven from this terminal and from the status page")
	listen := fs.String("listen", "127.0.0.1:8080", "address of the status page")
	rules := fs.String("rules", engine.DefaultProfile, "rule profile: ema2016 or ema2008")
	window := fs.Duration("window", 0, "simultaneity window (0: the profile's)")
	dealer := fs.Int("dealer", 0, "physical seat (0..3) of East in the first hand")
	latency := fs.Duration("latency", 30*time.Millisecond, "input latency allowance for reordering")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !*sim {
		fmt.Fprintln(stderr, "tabled run: no hardware is configured in this build yet; use --sim for a simulated table")
		return 2
	}
	p, err := engine.ProfileByName(*rules)
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: --rules: %v\n", err)
		return 2
	}
	if *window > 0 {
		p.Window = *window
	}
	if *dealer < 0 || *dealer > 3 {
		fmt.Fprintf(stderr, "tabled run: --dealer %d is not a seat 0..3\n", *dealer)
		return 2
	}
	t, err := table.New(table.Config{Profile: p, Dealer: engine.Seat(*dealer), Latency: *latency})
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	errc := make(chan error, 2)
	go func() { errc <- t.Run(ctx) }()
	go func() { errc <- web.ListenAndServe(ctx, *listen, web.New(web.Config{Table: t, Sim: *sim})) }()
	go printOutcomes(t, stdout)
	fmt.Fprintf(stdout, "tabled: simulated table (%s), status page on http://%s/\n", p.Name, *listen)
	fmt.Fprintln(stdout, `type a seat wind and an action ("E discard 3p", "S pon", "dora 4m", "newhand"); Ctrl-C stops`)
	go readTerminal(ctx, t, os.Stdin, stderr)

	code := 0
	for i := 0; i < 2; i++ {
		if err := <-errc; err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "tabled: %v\n", err)
			code = 1
			stop()
		}
	}
	return code
}

// printOutcomes shows every outcome on the terminal as the panel would.
func printOutcomes(t *table.Table, w io.Writer) {
	sub := t.Subscribe()
	for u := range sub.C() {
		for _, e := range u.Entries {
			if e.Outcome != nil {
				fmt.Fprintf(w, "%9.3fs  %s\n", e.At.Seconds(), script.Describe(*e.Outcome))
			}
		}
	}
}

// readTerminal turns typed commands into inputs stamped when Enter is pressed.
func readTerminal(ctx context.Context, t *table.Table, r io.Reader, stderr io.Writer) {
	sc := bufio.NewScanner(r)
	for sc.Scan() && ctx.Err() == nil {
		line := sc.Text()
		at := t.Now()
		st, err := script.ParseCommand(line)
		if err != nil {
			if len(line) > 0 {
				fmt.Fprintf(stderr, "? %v\n", err)
			}
			continue
		}
		st.At = at
		ev := st.Event(t.State().Dealer)
		ev.Source = engine.SourceScript
		if err := t.Submit(ev); err != nil {
			fmt.Fprintf(stderr, "? %v\n", err)
		}
	}
}
