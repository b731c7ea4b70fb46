package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
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
	"github.com/tabled/tabled/display/show"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/hostio"
	"github.com/tabled/tabled/hw/nfc"
	"github.com/tabled/tabled/inputs"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/pairing"
	"github.com/tabled/tabled/simtable"
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
	if err := fs.Parse(args); err != nil {
		return runOptions{}, 2
	}
	if *pair && !*sim {
		fmt.Fprintln(stderr, "tabled run: --pair is for a simulated table (--sim): a real table always asks for its pairing code")
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
	var err error
	if o.profile, err = o.cfg.Profile(); err != nil {
		fmt.Fprintf(stderr, "tabled run: rules: %v\n", err)
		return o, 2
	}
	if o.sim && !o.fromFile {
		o.cfg.Log.Dir = simLogDir(o.cfg.Log.Dir)
		// A referee can try the referee's actions on a plain simulated
		// table: the environment's token, or one made for this run.
		if o.cfg.Web.RefereeToken, o.madeToken, err = simToken(os.Getenv(config.EnvRefereeToken)); err != nil {
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

// runDaemon is the daemon until ctx ends: flags and configuration, the
// claim log (resumed or not), the table, its inputs, displays, club
// publisher and status page, all run by serve, which returns once each
// of them has ended.
func runDaemon(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, code := parseRun(args, stderr)
	if code != 0 {
		return code
	}
	cfg, p := o.cfg, o.profile
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "tabled run: %v\n", err)
		return code
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
	logw, err := openClaimLog(cfg.Log.Dir, stderr)
	if err != nil {
		return fail(1, err)
	}
	defer logw.Close()
	tcfg := table.Config{Profile: p, Dealer: engine.Seat(cfg.Table.Dealer), Latency: time.Duration(cfg.Table.InputLatency),
		Bound: time.Duration(cfg.Table.WaitBound), Clock: tableClock}
	// What the log meets becomes alerts; the club publisher's outbox is
	// the log, and each append wakes it.
	alerting := &alertingJournal{Journal: claimJournal(logw), w: logw}
	fed := newAppended()
	tcfg.Journal = fed.journal(alerting)
	res, err := resumeOrStart(cfg, p, logw, o.newGame, stdout, stderr)
	if err != nil {
		return fail(1, err)
	}
	if res.profile != nil {
		p = *res.profile
		tcfg.Profile = p
	}
	tcfg.Resume, tcfg.Down = res.entries, res.down
	tcfg.FirstSeq = logw.LastSeq() + 1
	t, err := table.New(tcfg)
	if err != nil {
		return fail(1, err)
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
	noteDamage(res.damaged, alert)

	hw, err := setUpHardware(&cfg, o.sim, t.Now, stderr)
	if err != nil {
		return fail(1, err)
	}
	defer hw.close()
	in, err := inputs.New(inputs.Config{Config: cfg, Open: board, Table: t, Registry: hw.registry, Resumed: tcfg.Resume, Logf: logf,
		Debugf: func(format string, a ...any) { fmt.Fprintf(debug(stderr), format+"\n", a...) }})
	if err != nil {
		return fail(2, err)
	}
	defer in.Close()
	var panelText io.Writer
	if o.sim {
		panelText = stdout
	}
	displays, lightsOff, err := newDisplays(cfg, board, in.Link(), stdout, panelText, logf)
	if err != nil {
		return fail(2, err)
	}
	pc, err := pairingCode(o, displays, logf)
	if err != nil {
		return fail(1, err)
	}
	tr := newTournament(t, logf)
	publish, err := clubPublisher(cfg, logw, fed, stderr, logf, alert, tr)
	if err != nil {
		return fail(2, fmt.Errorf("club: %w", err))
	}
	https, err := httpsListener(cfg, stdout)
	if err != nil {
		return fail(1, err)
	}
	displays.Cert = https.cert
	srv := web.New(web.Config{Table: t, Sim: o.sim, RefereeToken: cfg.Web.RefereeToken,
		LogDir: cfg.Log.Dir, Panel: displays.PNG, Pairing: pc, Profile: p, Limits: web.Limits{MaxConns: cfg.Web.MaxConnections, MaxStreams: cfg.Web.MaxStreams},
		Hosts: web.NewHosts(tableNames(cfg)...), Logf: logf, HTTPS: https.url, Clock: tr.Clock})
	services := []func(context.Context) error{t.Run, in.Run, runDisplays(displays, t, lightsOff), publish, notifier(t),
		func(ctx context.Context) error { return web.Serve(ctx, ln, srv) }}
	if https.ln != nil {
		defer https.ln.Close()
		services = append(services, func(ctx context.Context) error { return web.Serve(ctx, https.ln, srv) })
	}
	if hw.sim != nil {
		services = append(services, hw.sim.Run)
	}
	if cfg.Club != nil {
		services = append(services, tr.panelClock(displays.SetClock))
	}
	if o.sim {
		printSimStart(stdout, cfg, p, hw.sim, o.madeToken)
		services = append(services, terminal(t, stdin, stderr, hw.route))
	} else {
		fmt.Fprintf(stdout, "tabled: table %q (%s), %d buttons, status page on %s, claim log in %s\n", cfg.Table.Name, p.Follows(), len(cfg.Buttons), cfg.Web.Listen, cfg.Log.Dir)
	}
	return serve(ctx, stop, "tabled", stderr, services...)
}

// openClaimLog opens the claim log in dir, says what it repaired and what
// damage it found, and exports its metrics.
func openClaimLog(dir string, stderr io.Writer) (*claimlog.Writer, error) {
	logw, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		return nil, err
	}
	for _, r := range logw.Repairs() {
		fmt.Fprintf(warnings(stderr), "tabled: claim log: %s\n", r)
	}
	for _, d := range logw.Damage() {
		fmt.Fprintf(stderr, "tabled: claim log damage: %s\n", d)
	}
	logMetrics(logw)
	return logw, nil
}

// resumed is how a run starts: the entries of the session it resumes
// (none for a new one), how long the table was down, and the damage that
// made it start afresh.
type resumed struct {
	entries []table.Entry
	down    time.Duration
	damaged []claimlog.Damage
	// profile is the resumed session's own profile when this release's
	// profile of the same name differs from it; nil otherwise.
	profile *engine.Profile
}

// sameConfigured reports whether the session last was started with the
// configuration of sess (the rules' name, the window, the call deadline,
// the dealer), whatever this release's profile of that name now holds.
func sameConfigured(last, sess journal.Session) bool {
	p, err1 := last.RuleProfile()
	q, err2 := sess.RuleProfile()
	return err1 == nil && err2 == nil && p.Name == q.Name && p.Window == q.Window && p.CallDeadline == q.CallDeadline && last.Dealer == sess.Dealer
}

// rulesWords names a session's rules as the configuration sets them.
func rulesWords(s journal.Session) string {
	p, err := s.RuleProfile()
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s, window %v, call deadline %v, dealer seat %d", p.Name, p.Window, p.CallDeadline, s.Dealer)
}

// resumeOrStart decides whether the run resumes the claim log's last
// session (after a restart or a power cut the game goes on where the log
// left it) or starts a new one (--new-game, other rules, a damaged last
// session), and journals the session's note.
func resumeOrStart(cfg config.Config, p engine.Profile, logw *claimlog.Writer, newGame bool, stdout, stderr io.Writer) (resumed, error) {
	var res resumed
	sess := journal.Session{Version: version, Table: cfg.Table.Name, Rules: p.Name, WindowNS: int64(p.Window), DeadlineNS: int64(p.CallDeadline),
		Dealer: cfg.Table.Dealer, FirstSeq: logw.LastSeq() + 1, InputLatency: int64(cfg.Table.InputLatency), Profile: &p}
	restart := false
	if !newGame {
		last, recs, err := journal.LastSession(cfg.Log.Dir)
		if err != nil {
			return res, err
		}
		if last != nil {
			res.damaged = damageIn(cfg.Log.Dir, last.FirstSeq, logw.Damage())
		}
		if len(res.damaged) > 0 {
			// A session that does not read back whole is no state to build
			// on: the table plays on in a new session; the damage is kept
			// aside, noted and shown as an alert, and tabled log names it.
			fmt.Fprintf(stderr, "tabled: the last session of the claim log is damaged (above): starting a new session instead of resuming\n")
		} else if last != nil && !last.SameRules(sess) && !sameConfigured(*last, sess) {
			fmt.Fprintf(stderr, "tabled: the last session (record %d) was played under other rules (%s): starting a new session\n", last.FirstSeq, rulesWords(*last))
		} else if last != nil {
			if !last.SameRules(sess) {
				// The configuration is the session's, this release's profile
				// of that name is not (an upgrade added rules): the game goes
				// on by the rules it began with, as its replay decides it.
				rp, _ := last.RuleProfile()
				res.profile = &rp
				sess.Profile = &rp
				fmt.Fprintf(stdout, "tabled: the session of record %d goes on by its own %s rules; this release's apply from the next session\n", last.FirstSeq, rp.Name)
			}
			if res.entries, err = journal.Entries(recs); err != nil {
				return res, fmt.Errorf("resume: %w", err)
			}
			if n := len(recs); n > 0 && !recs[n-1].Wall.IsZero() {
				// How long the table was down: what a controller held
				// meanwhile is stamped in that gap.
				res.down = time.Since(recs[n-1].Wall)
			}
			restart = true
			fmt.Fprintf(stdout, "tabled: resuming the session of record %d (%d records; --new-game starts afresh)\n", last.FirstSeq, len(recs))
		}
	}
	note, err := sess.Note(restart)
	if err == nil {
		err = logw.Append([]claimlog.Record{note})
	}
	return res, err
}

// noteDamage journals the damage that made the run start a new session,
// as alerts, a bounded number of them.
func noteDamage(damaged []claimlog.Damage, alert func(kind, text string)) {
	for i, d := range damaged {
		if i == maxDamageNotes {
			alert(noteLogDamage, fmt.Sprintf("claim log damage: %d places more (tabled log names them)", len(damaged)-i))
			return
		}
		alert(noteLogDamage, "claim log damaged, a new session started: "+d.String())
	}
}

// hardware is what stands in for or beside the configured inputs: the
// tile registry, and on a simulated table its controller and the router
// of typed inputs to it.
type hardware struct {
	registry *nfc.Registry
	sim      *simtable.Controller
	route    func(engine.Event) bool
}

func (h hardware) close() {
	if h.sim != nil {
		h.sim.Close()
	}
}

// setUpHardware makes the simulated controller of a simulated table with
// no [serial] (a simulated table whose config names a serial controller
// keeps it, a real one or tabled fwsim's: the status page adds virtual
// seat buttons beside it), configuring cfg for it; or loads the tile
// registry the config names.
func setUpHardware(cfg *config.Config, sim bool, clock func() time.Duration, stderr io.Writer) (hardware, error) {
	h := hardware{route: func(engine.Event) bool { return false }}
	if sim && cfg.Serial == nil {
		// The simulated controller stands in for the seat panels and the
		// tile reader, on the same serial link code as a real one.
		c, err := simtable.New(clock)
		if err != nil {
			return h, err
		}
		c.Configure(cfg)
		h.sim, h.registry, h.route = c, c.Registry(), c.Route
		return h, nil
	}
	if cfg.NFC.Reader != config.ReaderNone && cfg.NFC.Registry != "" {
		var err error
		if h.registry, err = nfc.Load(cfg.NFC.Registry); err != nil {
			fmt.Fprintf(stderr, "tabled run: %v (dora reads are not used until it is fixed; tabled enroll writes it)\n", err)
		}
	}
	return h, nil
}

// clubPublisher is the service publishing the claim log to the club's
// broker, when the config names one. A broker that fails is reported and
// does not stop the table; stopped, it says offline before it returns.
// Another client taking the table's client id at the broker is noted, an
// alert on the table's own panel. The console's rounds go to tr.
func clubPublisher(cfg config.Config, logw *claimlog.Writer, fed *appended, stderr io.Writer, logf func(string, ...any), note func(kind, text string), tr *tournament) (func(context.Context) error, error) {
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
	pub, err := club.NewPublisher(club.PublisherConfig{Table: cfg.Table.Name, Broker: broker, URL: statusURL(cfg.Web), Logf: logf,
		Outbox: newLogOutbox(cfg.Log.Dir, logw, fed), AckFile: filepath.Join(cfg.Log.Dir, "club.ack"),
		OnTakenOver: func(text string) { note(noteClientID, text) }, OnRound: tr.Take, Have: tr.Have})
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

// pairingCode is the table's pairing code, shown on the panels, or nil
// on a simulated table without --pair, where anyone may enter values. A
// game's end draws a new code: the next game's players pair afresh.
func pairingCode(o runOptions, d *show.Driver, logf func(string, ...any)) (*pairing.Code, error) {
	if o.sim && !o.pair {
		return nil, nil
	}
	pc, err := pairing.New(nil)
	if err != nil {
		return nil, err
	}
	pc.Watch(d.SetPair)
	d.SetPair(pc.Current())
	each := d.Each
	d.Each = func(u table.Update) {
		if each != nil {
			each(u)
		}
		for _, e := range u.Entries {
			if e.Outcome != nil && e.Outcome.Kind == engine.KindGameEnd {
				if err := pc.Renew(); err != nil {
					logf("tabled: %v", err)
				}
			}
		}
	}
	return pc, nil
}

// simToken is a simulated table's referee token: env's when set (checked
// as a configured one is), else one made for this run (made true).
func simToken(env string) (tok string, made bool, err error) {
	if env != "" {
		return env, false, config.CheckToken(env)
	}
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", false, fmt.Errorf("making a referee token: %w", err)
	}
	return hex.EncodeToString(b), true, nil
}

// printSimStart says what the simulated table is and how to drive it.
func printSimStart(stdout io.Writer, cfg config.Config, p engine.Profile, sim *simtable.Controller, madeToken bool) {
	fmt.Fprintf(stdout, "tabled: simulated table %q (%s), status page on %s, claim log in %s\n", cfg.Table.Name, p.Follows(), statusURL(cfg.Web), cfg.Log.Dir)
	if sim != nil {
		fmt.Fprintf(stdout, "tabled: seat buttons and the tile reader are a simulated controller on %s\n", sim.Path())
	} else {
		fmt.Fprintf(stdout, "tabled: seat controller on %s, with virtual seat buttons on the status page\n", cfg.Serial.Path)
	}
	if madeToken {
		fmt.Fprintf(stdout, "tabled: referee token for this run: %s (the referee's actions: docs/referee.md; %s sets your own)\n", cfg.Web.RefereeToken, config.EnvRefereeToken)
	}
	fmt.Fprintln(stdout, `type a seat wind and an action ("E discard 3p", "s pon", "dora 4m", "newhand"; "help" lists them); Ctrl-C stops`)
}
