package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
	"github.com/tabled/tabled/inputs"
)

// cmdEnroll builds the tile registry: "tabled enroll".
func cmdEnroll(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return runEnroll(ctx, args, stdout, stderr)
}

// runEnroll asks for each tile of a set in EnrolmentOrder, reads its tag,
// refuses a tag already enrolled, and saves the registry after every tile,
// so an interrupted enrolment goes on where it stopped.
func runEnroll(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("enroll", flag.ContinueOnError)
	flags.SetOutput(stderr)
	cfgFile := flags.String("config", "", "configuration file: the reader and the registry path")
	out := flags.String("out", "", "registry file to write (default: the config's nfc.registry)")
	serialPath := flags.String("serial", "", "read tags from the controller on this serial port instead of the config's")
	redFives := flags.Bool("red-fives", false, "the set has a red five of each suit (scanned first among its fives)")
	restart := flags.Bool("restart", false, "start afresh instead of going on with an existing registry")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	cfg := config.Default()
	if *cfgFile != "" {
		var err error
		if cfg, err = config.Load(*cfgFile); err != nil {
			fmt.Fprintf(stderr, "tabled enroll: %v\n", err)
			return 2
		}
	}
	if *serialPath != "" {
		cfg.Serial, cfg.NFC.Reader = &config.Serial{Path: *serialPath}, config.ReaderSerial
	}
	path := *out
	if path == "" {
		path = cfg.NFC.Registry
	}
	if path == "" {
		fmt.Fprintln(stderr, "tabled enroll: no registry file: give --out or nfc.registry in the config")
		return 2
	}
	order := nfc.EnrolmentOrder(*redFives)
	reg, err := enrolled(path, order, *restart, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "tabled enroll: %v\n", err)
		return 1
	}

	uids := make(chan []byte, 16)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	read, code := tileReader(cfg, stderr, func(ctx context.Context, ev link.Event) error {
		if ev.Kind == link.TileRead {
			select { // never block the reader: it must close when we stop
			case uids <- ev.UID:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	if code != 0 {
		return code
	}
	var reading sync.WaitGroup
	reading.Go(func() { read(ctx) })
	defer func() { cancel(); reading.Wait() }() // the reader is closed before we return
	return scanSet(ctx, reg, order, path, uids, stdout, stderr)
}

// enrolled is the registry at path to go on with: empty when there is none
// or restart is set; an error when it does not follow order.
func enrolled(path string, order []engine.Tile, restart bool, stdout io.Writer) (*nfc.Registry, error) {
	if restart {
		return &nfc.Registry{}, nil
	}
	old, err := nfc.Load(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &nfc.Registry{}, nil
	case err != nil:
		return nil, fmt.Errorf("%w (--restart to start afresh)", err)
	}
	for i, e := range old.Entries() {
		if i >= len(order) || e.Tile != order[i] {
			return nil, fmt.Errorf("%s does not follow the enrolment order at tile %d (%s where %s was due); --restart to start afresh",
				path, i+1, e.Tile, order[min(i, len(order)-1)])
		}
	}
	if old.Len() > 0 {
		fmt.Fprintf(stdout, "going on with %s: %d of %d tiles enrolled\n", path, old.Len(), len(order))
	}
	return old, nil
}

// tileReader is the tile reader cfg names, opened as tabled run opens it
// (inputs.LinkConfig, inputs.OpenMFRC522 through the same opener): read
// runs it until ctx ends, handing each event to emit. A code other than 0
// is the exit code, the error said.
func tileReader(cfg config.Config, stderr io.Writer, emit func(context.Context, link.Event) error) (read func(context.Context), code int) {
	logf := func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) }
	clock := monotonic()
	switch cfg.NFC.Reader {
	case config.ReaderSerial:
		if cfg.Serial == nil {
			fmt.Fprintln(stderr, "tabled enroll: reader serial needs [serial] in the config, or --serial PATH")
			return nil, 2
		}
		return func(ctx context.Context) {
			lc, err := inputs.LinkConfig(*cfg.Serial, clock, func(ev link.Event) error { return emit(ctx, ev) }, logf)
			if err != nil {
				logf("tabled enroll: %v", err)
				return
			}
			// A controller that goes away is said, not waited for in
			// silence under the last prompt.
			lc.OnNotice = func(n link.Notice) {
				switch n.Kind {
				case link.NoticeLinkLost:
					logf("tabled enroll: the controller stopped answering (%s): plug it back in to go on, or Ctrl-C (what is done is kept)", cfg.Serial.Path)
				case link.NoticeLinkBack:
					logf("tabled enroll: the controller answers again: go on with the tile asked for")
				}
			}
			link.New(lc).Run(ctx)
		}, 0
	case config.ReaderMFRC522:
		r, err := inputs.OpenMFRC522(board, cfg.NFC)
		if err != nil {
			fmt.Fprintf(stderr, "tabled enroll: %v\n", err)
			return nil, 1
		}
		return func(ctx context.Context) {
			defer r.Close()
			r.Run(ctx, clock, func(ev link.Event) error { return emit(ctx, ev) }, logf)
		}, 0
	}
	fmt.Fprintln(stderr, "tabled enroll: no tile reader: set nfc.reader to serial or mfrc522, or give --serial PATH")
	return nil, 2
}

// scanSet asks for each tile not yet in reg, in order, and enrols the tag
// read for it, saving reg to path after each; until the set is whole
// (exit 0) or ctx ends (exit 1, what is done is kept).
func scanSet(ctx context.Context, reg *nfc.Registry, order []engine.Tile, path string, uids <-chan []byte, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "put each tile on the reader when asked, then take it off; Ctrl-C stops (and keeps what is done)\n")
	for reg.Len() < len(order) {
		i := reg.Len()
		tile := order[i]
		fmt.Fprintf(stdout, "[%3d/%d] scan %s (%s)\n", i+1, len(order), tile, tile.Name())
		var uid []byte
		select {
		case <-ctx.Done():
			fmt.Fprintf(stdout, "stopped: %d of %d tiles enrolled in %s; run tabled enroll again to go on\n", reg.Len(), len(order), path)
			return 1
		case uid = <-uids:
		}
		if err := reg.Add(uid, tile); err != nil {
			fmt.Fprintf(stdout, "        %v: put that one aside and scan a %s\n", err, tile)
			continue
		}
		if err := reg.Save(path); err != nil {
			fmt.Fprintf(stderr, "tabled enroll: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "done: %d tiles enrolled in %s\n", reg.Len(), path)
	return 0
}

// monotonic is a clock from now, for tools that stamp nothing lasting.
func monotonic() func() time.Duration {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}
