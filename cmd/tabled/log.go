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
	"strconv"
	"strings"
	"syscall"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/logtext"
)

// logSource is where the log and replay commands read the claim log:
// --dir, else the config's [log] dir (--config), else the simulated
// table's (--sim: where "tabled run --sim" without a config writes), else
// the daemon's default, or the simulated table's when that holds none
// (claimlog.Locate). looked lists every directory tried.
func logSource(dir, cfgFile string, sim bool) (d string, looked []string, err error) {
	return logSourceFrom(dir, cfgFile, sim, config.Default().Log.Dir)
}

// logSourceFrom is logSource with def the daemon's default directory.
func logSourceFrom(dir, cfgFile string, sim bool, def string) (d string, looked []string, err error) {
	switch {
	case dir != "":
		return dir, []string{dir}, nil
	case cfgFile != "":
		cfg, err := config.Load(cfgFile)
		if err != nil {
			return "", nil, err
		}
		return cfg.Log.Dir, []string{cfg.Log.Dir}, nil
	}
	if sim {
		d := config.SimLogDir(def)
		return d, []string{d}, nil
	}
	d, looked = claimlog.Locate(def, config.SimLogDir(def))
	return d, looked, nil
}

// cmdLog prints the claim log for a referee: "tabled log [filters]".
func cmdLog(args []string, stdout, stderr io.Writer) int {
	o, ok := parseLogFlags(args, stderr)
	if !ok {
		return 2
	}
	d, looked, err := logSource(o.dir, o.cfgFile, o.sim)
	if err != nil {
		fmt.Fprintf(stderr, "tabled log: %v\n", err)
		return 2
	}
	if !o.follow {
		if code := checkLog(o.lang, d, looked, "tabled log", stderr); code != 0 {
			return code
		}
	}
	// Damage is named by file and line, and the reading goes on past it.
	damaged := 0
	report := func(dmg claimlog.Damage) {
		damaged++
		fmt.Fprintf(stderr, "tabled log: %s\n", o.lang.Text("i33.cli.damage", "what", dmg.String()))
	}
	ctx := context.Background()
	if o.format == "text" {
		// --follow goes on until interrupted.
		var stop func()
		ctx, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
	}
	matched, err := logtext.Formats[o.format](ctx, stdout, d, logtext.Options{Filter: o.filter, Follow: o.follow, Lang: o.lang}, report)
	if unreadable(o.lang, "tabled log", d, err, stderr) {
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabled log: %v\n", err)
		return 1
	}
	if matched == 0 && !o.follow {
		fmt.Fprintf(stderr, "tabled log: %s\n", o.lang.Text("i33.cli.none_passes", "dir", d))
	}
	if damaged > 0 {
		fmt.Fprintf(stderr, "tabled log: %s\n", o.lang.Text("i33.cli.damaged", "n", strconv.Itoa(damaged), "dir", d))
		return 1
	}
	return 0
}

// logOptions are tabled log's flags, checked.
type logOptions struct {
	dir, cfgFile, format string
	sim, follow          bool
	filter               claimlog.Filter
	lang                 *catalog.Lang
}

// parseLogFlags parses tabled log's flags; when they are wrong it says so
// on stderr and returns false (exit 2).
func parseLogFlags(args []string, stderr io.Writer) (logOptions, bool) {
	var o logOptions
	fs := flag.NewFlagSet("log", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.dir, "dir", "", "claim-log directory (default: the config's, else the daemon's)")
	fs.StringVar(&o.cfgFile, "config", "", "configuration file, for the log directory")
	fs.BoolVar(&o.sim, "sim", false, `the log of "tabled run --sim" without a config (in the user's cache)`)
	f := &o.filter
	hand := fs.String("hand", "", "only this hand (1, 2, ...)")
	fs.StringVar(&f.Seat, "seat", "", "only what concerns this seat (E, S, W, N): its inputs, and the decisions it won or lost")
	fs.StringVar(&f.Kind, "kind", "", "only this kind: "+strings.Join(journal.Kinds, ", "))
	fs.StringVar(&f.Type, "type", "", "only this action, outcome or note type (pon, decision, ...)")
	fs.StringVar(&f.Source, "source", "", "only this source: "+strings.Join(journal.Sources, ", "))
	fs.Uint64Var(&f.FromSeq, "from", 0, "from this sequence number")
	at := fs.String("at", "", "time within the hand (from its deal), like 4s..6.5s; with --hand, in that hand")
	fs.StringVar(&o.format, "format", "text", "text, json, csv, mjai, or results (one CSV row per player per game that ended)")
	fs.BoolVar(&o.follow, "follow", false, "keep printing records as they are appended")
	langFlag := fs.String("lang", "", "the language of the text: "+strings.Join(catalog.Codes(), ", ")+" (default: the config's [table] language, else en)")
	if err := fs.Parse(args); err != nil {
		return o, false
	}
	var err error
	o.lang, err = config.TextLang(*langFlag, o.cfgFile)
	switch {
	case err != nil:
	case fs.NArg() > 0:
		err = catalog.Refuse("i33.cli.unexpected_argument", "word", catalog.Quoted(fs.Arg(0)))
	case logtext.Formats[o.format] == nil:
		err = catalog.Refuse("i33.cli.bad_format", "word", catalog.Quoted(o.format))
	default:
		if ferr := journal.ParseFilter(f, *hand, *at); ferr != nil {
			var why catalog.Worder = catalog.Refuse("i33.parse.as_is", "why", ferr.Error())
			var fe *journal.FilterError
			if errors.As(ferr, &fe) {
				why = fe
			}
			err = catalog.Refuse("i33.cli.flag", "why", why)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabled log: %s\n", catalog.ErrorIn(o.lang, err))
		return o, false
	}
	return o, true
}

// checkLog is exit code 2, said on stderr in l with every directory
// tried, when dir holds no claim log.
func checkLog(l *catalog.Lang, dir string, looked []string, cmd string, stderr io.Writer) int {
	files, err := claimlog.Files(dir)
	if unreadable(l, cmd, dir, err, stderr) {
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return 2
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "%s: %s\n", cmd, l.Text("i33.cli.no_log", "dirs", strings.Join(looked, l.Text("i33.cli.nor_in"))))
		return 2
	}
	if len(looked) > 1 {
		fmt.Fprintf(stderr, "%s: %s\n", cmd, l.Text("i33.cli.reading_sim", "looked", looked[0], "dir", dir))
	}
	return 0
}

// unreadable says in l, when err is a permission denied, that the claim
// log in dir cannot be read and how a referee comes to read it, and
// reports whether it said so.
func unreadable(l *catalog.Lang, cmd, dir string, err error, stderr io.Writer) bool {
	if !errors.Is(err, fs.ErrPermission) {
		return false
	}
	fmt.Fprintf(stderr, "%s: %s\n  %s\n", cmd, l.Text("i33.cli.unreadable", "dir", dir), l.Text("i33.cli.unreadable_how"))
	return true
}

// cmdReplay replays every session of the claim log through the engine. It
// exits 1 if any decision comes out differently or the log is damaged (each
// damage and sequence gap named by file and line), 2 if there is no log.
func cmdReplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "claim-log directory (default: the config's, else the daemon's)")
	cfgFile := fs.String("config", "", "configuration file, for the log directory")
	sim := fs.Bool("sim", false, `the log of "tabled run --sim" without a config (in the user's cache)`)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	d, looked, err := logSource(*dir, *cfgFile, *sim)
	if err != nil {
		fmt.Fprintf(stderr, "tabled replay: %v\n", err)
		return 2
	}
	if code := checkLog(nil, d, looked, "tabled replay", stderr); code != 0 {
		return code
	}
	sessions, ok, err := journal.ReplayLog(d, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "tabled replay: %v\n", err)
		return 1
	}
	if !ok {
		return 1
	}
	if sessions == 0 {
		// Records but no session note: nothing says which rules to replay by.
		fmt.Fprintf(stderr, "tabled replay: no session in %s: the log holds no session note to replay from\n", d)
		return 2
	}
	return 0
}
