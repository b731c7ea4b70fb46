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
	"syscall"
	"time"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/hw/nfc"
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
		cfg.Serial, cfg.NFC.Reader = &config.Serial{Path: *serialPath, Baud: 115200}, "serial"
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
	reg := &nfc.Registry{}
	if !*restart {
		old, err := nfc.Load(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			fmt.Fprintf(stderr, "tabled enroll: %v (--restart to start afresh)\n", err)
			return 1
		default:
			for i, e := range old.Entries() {
				if i >= len(order) || e.Tile != order[i] {
					fmt.Fprintf(stderr, "tabled enroll: %s does not follow the enrolment order at tile %d (%s where %s was due); --restart to start afresh\n",
						path, i+1, e.Tile, order[min(i, len(order)-1)])
					return 1
				}
			}
			reg = old
			if reg.Len() > 0 {
				fmt.Fprintf(stdout, "going on with %s: %d of %d tiles enrolled\n", path, reg.Len(), len(order))
			}
		}
	}

	uids := make(chan []byte, 16)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	switch cfg.NFC.Reader {
	case "serial":
		if cfg.Serial == nil {
			fmt.Fprintln(stderr, "tabled enroll: reader serial needs [serial] in the config, or --serial PATH")
			return 2
		}
		l := link.New(link.Config{Open: link.Serial(cfg.Serial.Path, max(cfg.Serial.Baud, 9600)), Name: cfg.Serial.Path, Clock: monotonic(),
			Logf: func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) },
			OnEvent: func(ev link.Event) error {
				if ev.Kind == link.TileRead {
					select { // never block the link: it must close when we stop
					case uids <- ev.UID:
					case <-ctx.Done():
						return ctx.Err()
					}
				}
				return nil
			}})
		linkDone := make(chan struct{})
		go func() { l.Run(ctx); close(linkDone) }()
		defer func() { cancel(); <-linkDone }() // the port is closed before we return
	case "mfrc522":
		dev, err := nfc.OpenMFRC522(cfg.NFC.SPI, cfg.NFC.ResetPin, cfg.NFC.IRQPin)
		if err != nil {
			fmt.Fprintf(stderr, "tabled enroll: %v\n", err)
			return 1
		}
		defer dev.Halt()
		go nfc.Poll(ctx, dev, 0, monotonic(), func(r nfc.Read) {
			if !r.Gone {
				select {
				case uids <- r.UID:
				case <-ctx.Done():
				}
			}
		}, func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) })
	default:
		fmt.Fprintln(stderr, "tabled enroll: no tile reader: set nfc.reader to serial or mfrc522, or give --serial PATH")
		return 2
	}

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
