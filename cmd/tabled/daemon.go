package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/display/show"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/internal/syslevel"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/pairing"
	"github.com/tabled/tabled/simtable"
	"github.com/tabled/tabled/web"
)

// cmdRun runs the daemon: "tabled run [--sim] [--listen ADDR]", until
// SIGINT or SIGTERM.
func cmdRun(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	out, errs := syslevel.UnderJournal()
	return runDaemon(ctx, args, os.Stdin, syslevel.New(stdout, out, syslevel.Info), syslevel.New(stderr, errs, syslevel.Err))
}

// runOptions are tabled run's flags, applied to the configuration.
type runOptions struct {
	sim, newGame bool
	// pair: a simulated table asks for its pairing code as a real one does.
	pair bool
	// fromFile: the configuration came from a file (--config).
	fromFile bool
	// madeToken: a simulated table without a configuration made its
	// referee token for this run (said at start).
	madeToken bool
	cfg       config.Config
	profile   engine.Profile
}

// parseRun reads tabled run's flags and the configuration they name; a
// code other than 0 is the exit code, the error said.
func parseRun(args []string, stderr io.Writer) (runOptions, int) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sim := fs.Bool("sim", false, "run a simulated table: seats driven from this terminal and from the status page")
	cfgFile := fs.String("config", "", "configuration file (TOML; see tabled.example.toml); none: defaults")
	listen := fs.String("listen", "", "address of the status page (default: the config's; 127.0.0.1:8080 with --sim)")
	rules := fs.String("rules", "", "rule profile: ema2016 (RCR 2016), wrc2015 (WRC 2015) or ema2008 (RCR 2008/2012) (default: the config's)")
	newGame := fs.Bool("new-game", false, "start a new session instead of resuming the last one in the claim log")
	pair := fs.Bool("pair", false, "with --sim: a tablet enters the pairing code on the panel before it enters hand values and names, as on a real table")
	logDir := fs.String("log-dir", "", "claim log directory (default: the config's; ~/.cache/tabled/sim-log with --sim)")
	lang := fs.String("lang", "", "the language of the table's words for people: "+strings.Join(catalog.Codes(), ", ")+" (default: the config's [table] language, else en)")
	if err := fs.Parse(args); err != nil {
		return runOptions{}, 2
	}
	o := runOptions{sim: *sim, pair: *pair, newGame: *newGame, fromFile: *cfgFile != "", cfg: config.Default()}
	if o.fromFile {
		var err error
		if o.cfg, err = config.Load(*cfgFile); err != nil {
			fmt.Fprintf(stderr, "tabled run: %v\n", err)
			return o, 2
		}
	}
	if o.sim && *listen == "" && !o.fromFile {
		o.cfg.Web.Listen = "127.0.0.1:8080" // a laptop: not on the LAN unless asked
	}
	if *listen != "" {
		o.cfg.Web.Listen = *listen
	}
	if *rules != "" {
		o.cfg.Table.Rules = *rules
	}
	if *lang != "" {
		l, err := config.TextLang(*lang, "")
		if err != nil {
			fmt.Fprintf(stderr, "tabled run: %v\n", err)
			return o, 2
		}
		o.cfg.Table.Language = l.Code()
	}
	if *pair && !*sim {
		fmt.Fprintf(stderr, "tabled run: %s\n", o.cfg.Lang().Text("i33.cli.pair_sim_only"))
		return o, 2
	}
	var err error
	if o.profile, err = o.cfg.Profile(); err != nil {
		fmt.Fprintf(stderr, "tabled run: %s\n", o.cfg.Lang().Text("i33.cli.rules", "why", err.Error()))
		return o, 2
	}
	if o.sim && !o.fromFile {
		o.cfg.Log.Dir = config.SimLogDir(o.cfg.Log.Dir)
		// A referee can try the referee's actions on a plain simulated
		// table: the environment's token, or one made for this run.
		if o.cfg.Web.RefereeToken, o.madeToken, err = config.SimRefereeToken(os.Getenv(config.EnvRefereeToken)); err != nil {
			fmt.Fprintf(stderr, "tabled run: %s: %v\n", config.EnvRefereeToken, err)
			return o, 2
		}
	}
	if *logDir != "" {
		o.cfg.Log.Dir = *logDir
	}
	return o, 0
}

// board opens the Pi's hardware for the daemon; tests replace it with a
// hostiotest.Board.
var board hostio.Opener = &hostio.Host{}

// tableClock, when set, is the table's clock instead of the process's
// monotonic clock from the table's start: the end-to-end tests of the
// seat controller set it to CLOCK_MONOTONIC, the clock a device harness
// reports its button edges on, to measure stamps against them.
var tableClock func() time.Duration

// clubPublisher is the service publishing the claim log to the club's
// broker, when the config names one. A broker that fails is reported and
// does not stop the table; stopped, it says offline before it returns.
// Another client taking the table's client id at the broker is noted, an
// alert on the table's own panel. The console's rounds go to tr.
func clubPublisher(cfg config.Config, logw *claimlog.Writer, fed *club.Appended, stderr io.Writer, logf func(string, ...any), note func(kind, text string), tr *club.TableRound) (func(context.Context) error, error) {
	if cfg.Club == nil {
		return func(context.Context) error { return nil }, nil
	}
	broker := club.Broker{URL: cfg.Club.Broker, Username: cfg.Club.Username, Password: cfg.Club.Password}
	if cfg.Club.CAFile != "" {
		var err error
		if broker.TLS, err = club.TLSWithCA(cfg.Club.CAFile); err != nil {
			return nil, err
		}
	}
	pub, err := club.NewPublisher(club.PublisherConfig{Table: cfg.Table.Name, Broker: broker, URL: web.StatusURL(cfg.Web.URL, cfg.Web.Listen), Logf: logf,
		Outbox: club.NewLogOutbox(cfg.Log.Dir, logw, fed), AckFile: filepath.Join(cfg.Log.Dir, "club.ack"),
		OnTakenOver: func(text string) { note(string(alert.ClientID), text) }, OnRound: tr.Take, Have: tr.Have})
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) error {
		// The round's clock runs beside the publisher: a table in a club
		// takes its rounds from the console.
		go tr.Run(ctx)
		if err := pub.Run(ctx); err != nil {
			fmt.Fprintf(stderr, "tabled: club: %v\n", err)
		}
		return nil
	}, nil
}

// pairingCode is the table's pairing code, shown on the panels d drives,
// or nil on a simulated table without --pair, where anyone may enter
// values. web.PairingRenewal draws a new one at a game's end.
func pairingCode(o runOptions, d *show.Driver) (*pairing.Code, error) {
	if o.sim && !o.pair {
		return nil, nil
	}
	pc, err := pairing.New(nil)
	if err != nil {
		return nil, err
	}
	pc.Watch(d.SetPair)
	d.SetPair(pc.Current())
	return pc, nil
}

// printSimStart says what the simulated table is and how to drive it.
func printSimStart(stdout io.Writer, cfg config.Config, p engine.Profile, sim *simtable.Controller, madeToken bool) {
	l := cfg.Lang()
	fmt.Fprintf(stdout, "tabled: %s\n", l.Text("i33.cli.sim_table", "name", catalog.Quoted(cfg.Table.Name), "follows", outcome.Follows(l, p),
		"url", web.StatusURL(cfg.Web.URL, cfg.Web.Listen), "dir", cfg.Log.Dir))
	if sim != nil {
		fmt.Fprintf(stdout, "tabled: %s\n", l.Text("i33.cli.sim_controller", "path", sim.Path()))
	} else {
		fmt.Fprintf(stdout, "tabled: %s\n", l.Text("i33.cli.seat_controller", "path", cfg.Serial.Path))
	}
	if madeToken {
		fmt.Fprintf(stdout, "tabled: %s\n", l.Text("i33.cli.referee_token", "token", cfg.Web.RefereeToken, "env", config.EnvRefereeToken))
	}
	fmt.Fprintln(stdout, l.Text("i33.cli.sim_type"))
}
