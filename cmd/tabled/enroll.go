package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/tabled/tabled/config"
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
	reg, err := nfc.Enrolled(path, order, *restart, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "tabled enroll: %v\n", err)
		return 1
	}

	uids := make(chan []byte, 16)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	read, code := tileReader(cfg, stderr, uids)
	if code != 0 {
		return code
	}
	var reading sync.WaitGroup
	reading.Go(func() { read(ctx) })
	defer func() { cancel(); reading.Wait() }() // the reader is closed before we return
	if err := nfc.Enrol(ctx, reg, order, path, uids, stdout); err != nil {
		if ctx.Err() == nil {
			fmt.Fprintf(stderr, "tabled enroll: %v\n", err)
		}
		return 1
	}
	return 0
}

// tileReader is the tile reader cfg names (inputs.TileReader), through
// the daemon's opener, with the controller's coming and going said on
// stderr. A code other than 0 is the exit code, the error said.
func tileReader(cfg config.Config, stderr io.Writer, uids chan<- []byte) (read func(context.Context), code int) {
	switch cfg.NFC.Reader {
	case config.ReaderSerial, config.ReaderMFRC522:
	default:
		fmt.Fprintln(stderr, "tabled enroll: no tile reader: set nfc.reader to serial or mfrc522, or give --serial PATH")
		return nil, 2
	}
	if cfg.NFC.Reader == config.ReaderSerial && cfg.Serial == nil {
		fmt.Fprintln(stderr, "tabled enroll: reader serial needs [serial] in the config, or --serial PATH")
		return nil, 2
	}
	logf := func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) }
	// A controller that goes away is said, not waited for in silence
	// under the last prompt.
	notice := func(n link.Notice) {
		switch n.Kind {
		case link.NoticeLinkLost:
			logf("tabled enroll: the controller stopped answering (%s): plug it back in to go on, or Ctrl-C (what is done is kept)", cfg.Serial.Path)
		case link.NoticeLinkBack:
			logf("tabled enroll: the controller answers again: go on with the tile asked for")
		}
	}
	read, err := inputs.TileReader(cfg, board, monotonic(), uids, logf, notice)
	if err != nil {
		fmt.Fprintf(stderr, "tabled enroll: %v\n", err)
		return nil, 1
	}
	return read, 0
}

// monotonic is a clock from now, for tools that stamp nothing lasting.
func monotonic() func() time.Duration {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}
