package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/nfc"
	"github.com/tabled/tabled/script"
	"github.com/tabled/tabled/table"
	"github.com/tabled/tabled/web"
)

// cmdRun runs the daemon: "tabled run [--sim] [--listen ADDR]", until
// SIGINT or SIGTERM.
func cmdRun(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	out, errs := underJournal()
	return runDaemon(ctx, args, os.Stdin, withLevel(stdout, out, levelInfo), withLevel(stderr, errs, levelErr))
}

// runDaemon is the daemon until ctx ends.
func runDaemon(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sim := fs.Bool("sim", false, "run a simulated table: seats driven from this terminal and from the status page")
	cfgFile := fs.String("config", "", "configuration file (TOML; see tabled.example.toml); none: defaults")
	listen := fs.String("listen", "", "address of the status page (default: the config's; 127.0.0.1:8080 with --sim)")
	rules := fs.String("rules", "", "rule profile, ema2016 or ema2008 (default: the config's)")
	newGame := fs.Bool("new-game", false, "start a new session instead of resuming the last one in the claim log")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg := config.Default()
	if *cfgFile != "" {
		var err error
		if cfg, err = config.Load(*cfgFile); err != nil {
			fmt.Fprintf(stderr, "tabled run: %v\n", err)
			return 2
		}
	}
	if *sim && *listen == "" && *cfgFile == "" {
		cfg.Web.Listen = "127.0.0.1:8080" // a laptop: not on the LAN unless asked
	}
	if *listen != "" {
		cfg.Web.Listen = *listen
	}
	if *rules != "" {
		cfg.Table.Rules = *rules
	}
	p, err := cfg.Profile()
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: rules: %v\n", err)
		return 2
	}
	if *sim && *cfgFile == "" {
		cfg.Log.Dir = simLogDir(cfg.Log.Dir)
	}
	// The port first: a second daemon on a busy port stops here, before it
	// touches the log. The log's lock then keeps a second writer out even
	// on another port, and names the one that holds it.
	ln, err := net.Listen("tcp", cfg.Web.Listen)
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: status page: %v (is another tabled running?)\n", err)
		return 1
	}
	defer ln.Close()
	logw, err := claimlog.Open(cfg.Log.Dir, claimlog.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: %v\n", err)
		return 1
	}
	defer logw.Close()
	for _, r := range logw.Repairs() {
		fmt.Fprintf(warnings(stderr), "tabled: claim log: %s\n", r)
	}
	for _, d := range logw.Damage() {
		fmt.Fprintf(stderr, "tabled: claim log damage: %s\n", d)
	}
	logMetrics(logw)
	tcfg := table.Config{Profile: p, Dealer: engine.Seat(cfg.Table.Dealer), Latency: time.Duration(cfg.Table.InputLatency),
		Bound: time.Duration(cfg.Table.WaitBound)}
	// What the log meets becomes alerts; the club publisher's outbox is
	// the log, and each append wakes it.
	alerting := &alertingJournal{Journal: claimJournal(logw), w: logw}
	fed := newAppended()
	tcfg.Journal = fed.journal(alerting)
	sess := claimlog.Session{Version: version, Table: cfg.Table.Name, Rules: p.Name, WindowNS: int64(p.Window), DeadlineNS: int64(p.CallDeadline),
		Dealer: cfg.Table.Dealer, FirstSeq: logw.LastSeq() + 1, InputLatency: int64(cfg.Table.InputLatency), Profile: &p}
	restart := false
	var damaged []claimlog.Damage
	if !*newGame {
		// After a restart or a power cut the game goes on where the log left it.
		last, recs, err := claimlog.LastSession(cfg.Log.Dir)
		if err != nil {
			fmt.Fprintf(stderr, "tabled run: %v\n", err)
			return 1
		}
		if last != nil {
			damaged = damageIn(cfg.Log.Dir, last.FirstSeq, logw.Damage())
		}
		if len(damaged) > 0 {
			// A session that does not read back whole is no state to build
			// on: the table plays on in a new session; the damage is kept
			// aside, noted and shown as an alert, and tabled log names it.
			fmt.Fprintf(stderr, "tabled: the last session of the claim log is damaged (above): starting a new session instead of resuming\n")
		} else if last != nil && last.SameRules(sess) {
			if tcfg.Resume, err = claimlog.Entries(recs); err != nil {
				fmt.Fprintf(stderr, "tabled run: resume: %v\n", err)
				return 1
			}
			if n := len(recs); n > 0 && !recs[n-1].Wall.IsZero() {
				// How long the table was down: what a controller held
				// meanwhile is stamped in that gap.
				tcfg.Down = time.Since(recs[n-1].Wall)
			}
			restart = true
			fmt.Fprintf(stdout, "tabled: resuming the session of record %d (%d records; --new-game starts afresh)\n", last.FirstSeq, len(recs))
		}
	}
	note, err := sess.Note(restart)
	if err == nil {
		err = logw.Append([]claimlog.Record{note})
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: %v\n", err)
		return 1
	}
	tcfg.FirstSeq = logw.LastSeq() + 1
	t, err := table.New(tcfg)
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: %v\n", err)
		return 1
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	logf := func(format string, a ...any) { fmt.Fprintf(warnings(stderr), format+"\n", a...) }
	alert := func(kind, text string) {
		if err := t.Note(kind, text); err != nil {
			logf("tabled: note %q not journaled: %v", text, err)
		}
	}
	alerting.note = alert
	for i, d := range damaged {
		if i == maxDamageNotes {
			alert(noteLogDamage, fmt.Sprintf("claim log damage: %d places more (tabled log names them)", len(damaged)-i))
			break
		}
		alert(noteLogDamage, "claim log damaged, a new session started: "+d.String())
	}

	var registry *nfc.Registry
	var simc *simController
	// A simulated table whose config names a serial controller keeps it
	// (a real one, or tabled fwsim's): the status page adds virtual seat
	// buttons beside it.
	simulated := *sim && cfg.Serial == nil
	route := func(engine.Event) bool { return false }
	if simulated {
		// The simulated controller stands in for the seat panels and the
		// tile reader, on the same serial link code as a real one.
		if simc, err = startSimController(ctx, t.Now); err != nil {
			fmt.Fprintf(stderr, "tabled run: %v\n", err)
			return 1
		}
		cfg.Serial = &config.Serial{Path: simc.path, Baud: 115200}
		cfg.Buttons = append(cfg.Buttons, simButtons()...)
		cfg.NFC.Reader, cfg.Readers = "serial", simReaders()
		registry = simc.registry
		// Its seat lights show the light language; the panel is this
		// terminal and the status page.
		cfg.Display.Lights, cfg.Display.LightChannels, cfg.Display.Panel = "serial", simLightChannels(), "none"
		route = simc.routes
	} else if cfg.NFC.Reader != "none" && cfg.NFC.Registry != "" {
		if registry, err = nfc.Load(cfg.NFC.Registry); err != nil {
			fmt.Fprintf(stderr, "tabled run: %v (dora reads are not used until it is fixed; tabled enroll writes it)\n", err)
		}
	}
	in, err := startInputs(ctx, cfg, t, registry, newJournaledFrames(tcfg.Resume), logf)
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: %v\n", err)
		return 2
	}
	// The inputs (the serial link writes its seq file in the log
	// directory) have ended before the daemon returns.
	defer func() { stop(); in.wait() }()
	var panelText io.Writer
	if *sim {
		panelText = stdout
	}
	displays, lightsOff, err := newDisplays(cfg, in.link, stdout, panelText, logf)
	if err != nil {
		fmt.Fprintf(stderr, "tabled run: %v\n", err)
		return 2
	}
	if cfg.Club != nil {
		broker := club.Broker{URL: cfg.Club.Broker, Username: cfg.Club.Username, Password: cfg.Club.Password}
		if cfg.Club.CAFile != "" {
			if broker.TLS, err = club.TLSWithCA(cfg.Club.CAFile); err != nil {
				fmt.Fprintf(stderr, "tabled run: club: %v\n", err)
				return 2
			}
		}
		pub, err := club.NewPublisher(club.PublisherConfig{Table: cfg.Table.Name, Broker: broker, URL: statusURL(cfg.Web), Logf: logf,
			Outbox: logOutbox{dir: cfg.Log.Dir, w: logw, fed: fed}, AckFile: filepath.Join(cfg.Log.Dir, "club.ack")})
		if err != nil {
			fmt.Fprintf(stderr, "tabled run: club: %v\n", err)
			return 2
		}
		go func() {
			if err := pub.Run(ctx); err != nil {
				fmt.Fprintf(stderr, "tabled: club: %v\n", err)
			}
		}()
	}
	if *sim {
		fmt.Fprintf(stdout, "tabled: simulated table %q (%s), status page on %s, claim log in %s\n", cfg.Table.Name, p.Name, statusURL(cfg.Web), cfg.Log.Dir)
		if simc != nil {
			fmt.Fprintf(stdout, "tabled: seat buttons and the tile reader are a simulated controller on %s\n", simc.path)
		} else {
			fmt.Fprintf(stdout, "tabled: seat controller on %s, with virtual seat buttons on the status page\n", cfg.Serial.Path)
		}
		fmt.Fprintln(stdout, `type a seat wind and an action ("E discard 3p", "s pon", "dora 4m", "newhand"; "help" lists them); Ctrl-C stops`)
		go readTerminal(ctx, t, stdin, stderr, route)
	} else {
		fmt.Fprintf(stdout, "tabled: table %q (%s), %d buttons, status page on %s, claim log in %s\n", cfg.Table.Name, p.Name, len(cfg.Buttons), cfg.Web.Listen, cfg.Log.Dir)
	}
	go notifySystemd(ctx, t)

	return serve(ctx, stop, "tabled", stderr, t.Run, runDisplays(displays, t, lightsOff), func(ctx context.Context) error {
		return web.Serve(ctx, ln, web.New(web.Config{Table: t, Sim: *sim, RefereeToken: cfg.Web.RefereeToken,
			LogDir: cfg.Log.Dir, Panel: displays.PNG, Profile: p, Limits: web.Limits{MaxConns: cfg.Web.MaxConnections, MaxStreams: cfg.Web.MaxStreams}}))
	})
}

// readTerminal turns typed commands into inputs stamped when Enter is
// pressed; route takes those the simulated controller can make (button
// presses, tile reads), so they travel the serial link like real ones.
func readTerminal(ctx context.Context, t *table.Table, r io.Reader, stderr io.Writer, route func(engine.Event) bool) {
	sc := bufio.NewScanner(r)
	for sc.Scan() && ctx.Err() == nil {
		line := sc.Text()
		at := t.Now()
		st, err := script.ParseCommand(line)
		if errors.Is(err, script.ErrHelp) {
			fmt.Fprint(stderr, script.CommandHelp)
			continue
		}
		if err != nil {
			if len(line) > 0 {
				fmt.Fprintf(stderr, "? %v\n", err)
			}
			continue
		}
		st.At = at
		ev := st.Event(t.State().Dealer)
		ev.Source = engine.SourceScript
		if route(ev) {
			continue
		}
		if _, err := t.Submit(ctx, ev); err != nil {
			fmt.Fprintf(stderr, "? %v\n", err)
		}
	}
}
