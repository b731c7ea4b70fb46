package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/display/show"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/nfc"
	"github.com/tabled/tabled/inputs"
	"github.com/tabled/tabled/internal/sdnotify"
	"github.com/tabled/tabled/internal/services"
	"github.com/tabled/tabled/internal/syslevel"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/pairing"
	"github.com/tabled/tabled/simtable"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/terminal"
	"github.com/tabled/tabled/web"
)

// running is a running table's parts, each made by one of runDaemon's
// steps from the configuration and the parts made before it.
type running struct {
	o              runOptions
	cfg            config.Config
	p              engine.Profile
	stdin          io.Reader
	stdout, stderr io.Writer
	// closers are run in reverse once the services have ended.
	closers  []func()
	services []func(context.Context) error
	ln       net.Listener
	logw     *claimlog.Writer
	fed      *club.Appended
	t        *table.Table
	resumed  []table.Entry // the session the table resumed
	logf     func(format string, a ...any)
	alert    func(kind, text string)
	// sim is a simulated table's controller, route the router of typed
	// inputs to it; registry maps tags to tiles.
	sim      *simtable.Controller
	route    func(engine.Event) bool
	registry *nfc.Registry
	in       *inputs.Inputs
	displays *show.Driver
	pc       *pairing.Code
	tr       *club.TableRound
}

// runDaemon is the daemon until ctx ends: flags and configuration, then
// its parts started in order (each step's exit code if it fails), all run
// by serve, which returns once each of them has ended.
func runDaemon(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, code := parseRun(args, stderr)
	if code != 0 {
		return code
	}
	d := &running{o: o, cfg: o.cfg, p: o.profile, stdin: stdin, stdout: stdout, stderr: stderr,
		logf: func(format string, a ...any) { fmt.Fprintf(syslevel.At(stderr, syslevel.Warning), format+"\n", a...) }}
	defer func() {
		for i := len(d.closers) - 1; i >= 0; i-- {
			d.closers[i]()
		}
	}()
	for _, step := range []struct {
		code  int
		start func() error
	}{
		{1, d.listen},      // the port first: a second daemon stops here, before the log
		{1, d.startTable},  // the claim log, the session resumed or begun, the table
		{1, d.startHW},     // the simulated controller or the tile registry
		{2, d.startInputs}, // buttons, tiles, the seat controller's link
		{2, d.startDisplays},
		{1, d.startPairing},
		{2, d.startClub},
		{1, d.startWeb},
	} {
		if err := step.start(); err != nil {
			fmt.Fprintf(stderr, "tabled run: %v\n", err)
			return step.code
		}
	}
	d.sayStart()
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	return services.Run(ctx, stop, "tabled", stderr, d.services...)
}

// listen opens the status page's port. The log's lock then keeps a
// second writer out even on another port, and names the one that holds it.
func (d *running) listen() error {
	ln, err := net.Listen("tcp", d.cfg.Web.Listen)
	if err != nil {
		return fmt.Errorf("status page: %w (is another tabled running?)", err)
	}
	d.ln = ln
	d.closers = append(d.closers, func() { ln.Close() })
	return nil
}

// startTable opens the claim log, resumes its last session or begins one
// (journal.Resume), and makes the table on it. What the log meets becomes
// alerts (journal.Alerting); the club publisher's outbox is the log, and
// each append wakes it.
func (d *running) startTable() error {
	cfg := d.cfg
	began := time.Now()
	logw, err := journal.OpenLog(cfg.Log.Dir, syslevel.At(d.stderr, syslevel.Warning), d.stderr)
	if err != nil {
		return err
	}
	d.logw = logw
	d.closers = append(d.closers, func() { logw.Close() })
	alerting := &journal.Alerting{Journal: journal.Metered(logw), W: logw}
	d.fed = club.NewAppended()
	sess := journal.Session{Revising: journal.Revises, Version: version, Table: cfg.Table.Name, Rules: d.p.Name, WindowNS: int64(d.p.Window), DeadlineNS: int64(d.p.CallDeadline),
		Dealer: cfg.Table.Dealer, FirstSeq: logw.LastSeq() + 1, InputLatency: int64(cfg.Table.InputLatency), Profile: &d.p}
	res, err := journal.Resume(sess, cfg.Log.Dir, logw, d.o.newGame, d.stdout, d.stderr)
	if err != nil {
		return err
	}
	if res.Profile != nil {
		d.p = *res.Profile
	}
	d.resumed = res.Read
	d.t, err = table.New(table.Config{Profile: d.p, Dealer: engine.Seat(cfg.Table.Dealer), Latency: time.Duration(cfg.Table.InputLatency),
		Bound: time.Duration(cfg.Table.WaitBound), Clock: tableClock, Journal: d.fed.Journal(alerting),
		Resume: res.Entries, Earlier: res.Earlier, Session: res.Session, OverwritingRevisions: res.Overwriting, Down: res.Down, FirstSeq: logw.LastSeq() + 1, Lang: cfg.Lang()})
	if err != nil {
		return err
	}
	if len(res.Entries) > 0 {
		// What a restart cost, for whoever watches a table come back
		// (and the power-cut test, which reads it from the console).
		fmt.Fprintf(d.stdout, "tabled: resumed %d entries in %v\n", len(res.Entries), time.Since(began).Round(time.Millisecond))
	}
	d.alert = func(kind, text string) {
		if err := d.t.Note(kind, text); err != nil {
			d.logf("tabled: note %q not journaled: %v", text, err)
		}
	}
	alerting.Note = d.alert
	journal.NoteDamage(res.Damaged, d.alert)
	// systemd hears the table is ready, and its watchdog that the
	// table's loop answers.
	d.services = append(d.services, d.t.Run, func(ctx context.Context) error { sdnotify.Run(ctx, d.t.Alive); return nil })
	return nil
}

// startHW sets up what stands in for or beside the configured inputs: on
// a simulated table with no [serial], the simulated controller (the seat
// panels and the tile reader, on the same serial link code as a real
// one), configuring d.cfg for it; else the tile registry the config
// names. A simulated table whose config names a serial controller keeps
// it, a real one or tabled fwsim's: the status page adds virtual seat
// buttons beside it.
func (d *running) startHW() error {
	if !d.o.sim || d.cfg.Serial != nil {
		var err error
		if d.registry, err = inputs.LoadRegistry(d.cfg.NFC); err != nil {
			fmt.Fprintf(d.stderr, "tabled run: %s\n", d.cfg.Lang().Text("i33.cli.no_registry", "why", err.Error()))
		}
		return nil // no route: the terminal sends every input to the table
	}
	c, err := simtable.New(d.t.Now)
	if err != nil {
		return err
	}
	c.Configure(&d.cfg)
	d.sim, d.registry, d.route = c, c.Registry(), c.Route
	d.closers = append(d.closers, c.Close)
	d.services = append(d.services, c.Run)
	return nil
}

// startInputs opens the configured buttons, tile readers and seat
// controller, resumed where the table's session was.
func (d *running) startInputs() error {
	in, err := inputs.New(inputs.Config{Config: d.cfg, Open: board, Table: d.t, Registry: d.registry, Resumed: d.resumed, Logf: d.logf,
		Debugf: func(format string, a ...any) { fmt.Fprintf(syslevel.At(d.stderr, syslevel.Debug), format+"\n", a...) }})
	if err != nil {
		return err
	}
	d.in = in
	d.closers = append(d.closers, in.Close)
	d.services = append(d.services, in.Run)
	return nil
}

// startDisplays drives the lights and the panel [display] names
// (show.Driver.Open; lights on the seat controllers over the serial
// link), on the table's clock: a won, lost or rejected light ends when
// its Hold has passed on that clock, not at the next update. Every
// outcome line goes to stdout as it is shown, and a simulated table's
// panel text too; the lights go off when the table stops.
func (d *running) startDisplays() error {
	cfg := d.cfg
	displays := &show.Driver{Lang: cfg.Lang(), URL: web.StatusURL(cfg.Web.URL, cfg.Web.Listen), Sleep: time.Duration(cfg.Display.Sleep), Logf: d.logf,
		Clock: d.t.Now, Each: show.OutcomeLines(d.stdout, outcome.In(cfg.Lang()))}
	if d.o.sim {
		displays.Text = d.stdout
	}
	lightsOff, err := displays.Open(cfg.Display, board, d.in.Link())
	if err != nil {
		return err
	}
	d.displays = displays
	d.services = append(d.services, func(ctx context.Context) error {
		defer lightsOff()
		return displays.Run(ctx, d.t)
	})
	return nil
}

// startPairing draws the pairing code the panels show, renewed at each
// game's end by a follower of the table of its own.
func (d *running) startPairing() error {
	pc, err := pairingCode(d.o, d.displays)
	if err != nil || pc == nil {
		return err
	}
	d.pc = pc
	r := web.PairingRenewal{Code: pc, Logf: d.logf}
	d.services = append(d.services, func(ctx context.Context) error { return r.Run(ctx, d.t) })
	return nil
}

// startClub publishes the claim log to the club's broker, when the config
// names one, and follows the console's rounds on the panels' clock.
func (d *running) startClub() error {
	d.tr = club.NewTableRound(d.t, d.logf)
	publish, err := clubPublisher(d.cfg, d.logw, d.fed, d.stderr, d.logf, d.alert, d.tr)
	if err != nil {
		return fmt.Errorf("club: %w", err)
	}
	d.services = append(d.services, publish)
	if d.cfg.Club != nil {
		d.services = append(d.services, func(ctx context.Context) error { d.displays.ShowClock(ctx, d.tr.Clock); return nil })
	}
	return nil
}

// startWeb serves the status page, and over HTTPS as well when configured.
func (d *running) startWeb() error {
	cfg := d.cfg
	https, err := web.ListenHTTPS(httpsConfig(cfg), d.stdout)
	if err != nil {
		return err
	}
	d.displays.Cert = https.Cert
	srv := web.New(web.Config{Table: d.t, Sim: d.o.sim, RefereeToken: cfg.Web.RefereeToken,
		LogDir: cfg.Log.Dir, Panel: d.displays.PNG, Pairing: d.pc, Profile: d.p, Limits: web.Limits{MaxConns: cfg.Web.MaxConnections, MaxStreams: cfg.Web.MaxStreams},
		Hosts: web.NewHosts(tableNames(cfg)...), Logf: d.logf, HTTPS: https.URL, Clock: d.tr.Clock})
	d.services = append(d.services, func(ctx context.Context) error { return web.Serve(ctx, d.ln, srv) })
	if https.Listener != nil {
		d.closers = append(d.closers, func() { https.Listener.Close() })
		d.services = append(d.services, func(ctx context.Context) error { return web.Serve(ctx, https.Listener, srv) })
	}
	return nil
}

// sayStart says what runs where; a simulated table also reads typed
// inputs from the terminal.
func (d *running) sayStart() {
	cfg := d.cfg
	if d.o.sim {
		printSimStart(d.stdout, cfg, d.p, d.sim, d.o.madeToken)
		d.services = append(d.services, terminal.New(d.t, d.stdin, d.stderr, d.route, d.cfg.Lang()).Run)
		return
	}
	fmt.Fprintf(d.stdout, "tabled: %s\n", cfg.Lang().Text("i33.cli.table", "name", catalog.Quoted(cfg.Table.Name), "follows", outcome.Follows(cfg.Lang(), d.p),
		"buttons", strconv.Itoa(len(cfg.Buttons)), "url", cfg.Web.Listen, "dir", cfg.Log.Dir))
}
