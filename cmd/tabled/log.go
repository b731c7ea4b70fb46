package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/mjai"
)

// logDir is the claim-log directory from --dir, else --config, else the default.
func logDir(dir, cfgFile string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	if cfgFile != "" {
		cfg, err := config.Load(cfgFile)
		if err != nil {
			return "", err
		}
		return cfg.Log.Dir, nil
	}
	return config.Default().Log.Dir, nil
}

// cmdLog prints the claim log for a referee: "tabled log [filters]".
func cmdLog(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("log", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "claim-log directory (default: the config's)")
	cfgFile := fs.String("config", "", "configuration file, for the log directory")
	var f claimlog.Filter
	fs.IntVar(&f.Hand, "hand", 0, "only this hand (1, 2, ...)")
	fs.StringVar(&f.Seat, "seat", "", "only this seat (E, S, W, N)")
	fs.StringVar(&f.Kind, "kind", "", "only input, outcome, void or note")
	fs.StringVar(&f.Type, "type", "", "only this action or outcome type (pon, decision, ...)")
	fs.StringVar(&f.Source, "source", "", "only this source (gpio, serial, nfc, web, script, referee, table)")
	fs.Uint64Var(&f.FromSeq, "from", 0, "from this sequence number")
	at := fs.String("at", "", "table time window, like 4s..6.5s")
	format := fs.String("format", "text", "text, json, csv or mjai")
	follow := fs.Bool("follow", false, "keep printing records as they are appended")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	d, err := logDir(*dir, *cfgFile)
	if err != nil {
		fmt.Fprintf(stderr, "tabled log: %v\n", err)
		return 2
	}
	if *at != "" {
		from, to, ok := strings.Cut(*at, "..")
		a, err1 := time.ParseDuration(from)
		b, err2 := time.ParseDuration(to)
		if !ok || err1 != nil || err2 != nil || b < a {
			fmt.Fprintf(stderr, "tabled log: --at %q is not a table time window like 4s..6.5s\n", *at)
			return 2
		}
		f.MonoFrom, f.MonoTo = int64(a), int64(b)
	}
	if !*follow {
		if code := checkLog(d, "tabled log", stderr); code != 0 {
			return code
		}
	}
	// Damage is named by file and line, and the reading goes on past it.
	damaged := 0
	report := func(dmg claimlog.Damage) {
		damaged++
		fmt.Fprintf(stderr, "tabled log: damage: %s\n", dmg)
	}
	nop := func(claimlog.Record) error { return nil }
	switch *format {
	case "csv":
		err = claimlog.WriteCSV(stdout, d, f)
	case "json":
		err = claimlog.WriteJSON(stdout, d, f)
	case "mjai":
		err = mjai.FromLog(stdout, d, f)
	case "text":
		print := func(r claimlog.Record) error { _, err := fmt.Fprintln(stdout, describeRecord(r)); return err }
		if *follow {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			err = claimlog.FollowScan(ctx, d, f, 100*time.Millisecond, print, report)
		} else {
			err = claimlog.Scan(d, f, print, report)
		}
		nop = nil
	default:
		fmt.Fprintf(stderr, "tabled log: --format %q is not text, json, csv or mjai\n", *format)
		return 2
	}
	if err == nil && nop != nil {
		err = claimlog.Scan(d, claimlog.Filter{}, nop, report)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabled log: %v\n", err)
		return 1
	}
	if damaged > 0 {
		fmt.Fprintf(stderr, "tabled log: %d damaged places in the claim log in %s\n", damaged, d)
		return 1
	}
	return 0
}

// checkLog is exit code 2, said on stderr, when dir holds no claim log.
func checkLog(dir, cmd string, stderr io.Writer) int {
	files, err := claimlog.Files(dir)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return 2
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "%s: no claim log in %s\n", cmd, dir)
		return 2
	}
	return 0
}

// describeRecord is one record as a referee reads it.
func describeRecord(r claimlog.Record) string {
	what := string(r.Body)
	switch r.Kind {
	case claimlog.KindInput:
		var b inputBody
		if json.Unmarshal(r.Body, &b) == nil {
			what = b.Event.Action.String()
			if b.Event.Tile.Known() {
				what += " " + b.Event.Tile.String()
			}
			if b.Event.Uncertainty > 0 {
				what += fmt.Sprintf(" (±%v)", b.Event.Uncertainty)
			}
			if b.Note != "" {
				what += " [" + b.Note + "]"
			}
		}
	case claimlog.KindNote:
		what = strings.ToUpper(r.Type) + " " + what
	case claimlog.KindOutcome:
		var o struct {
			Reason       string   `json:"reason"`
			Result       string   `json:"result"`
			Winners      []string `json:"winners"`
			RoundWind    string   `json:"round_wind"`
			Hand         int      `json:"hand"`
			Honba        int      `json:"honba"`
			RiichiSticks int      `json:"riichi_sticks"`
			DealerSeat   int      `json:"dealer_seat"`
		}
		switch {
		case json.Unmarshal(r.Body, &o) != nil:
		case r.Type == "deal":
			what = fmt.Sprintf("DEAL: %s%d, %d honba, %d riichi sticks, seat %d deals", o.RoundWind, o.Hand, o.Honba, o.RiichiSticks, o.DealerSeat)
		case o.Reason != "":
			what = strings.ToUpper(r.Type) + ": " + o.Reason
		case o.Result != "":
			what = fmt.Sprintf("HAND END: %s %s", o.Result, strings.Join(o.Winners, " "))
		}
	}
	return fmt.Sprintf("%6d  %10.3fs  %s  hand %d  %-7s %-2s %s", r.Seq, time.Duration(r.Mono).Seconds(),
		r.Wall.Local().Format("15:04:05.000"), r.Hand, r.Source, r.Seat, what)
}

// cmdReplay replays every session of the claim log through the engine. It
// exits 1 if any decision comes out differently or the log is damaged (each
// damage and sequence gap named by file and line), 2 if there is no log.
func cmdReplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "claim-log directory (default: the config's)")
	cfgFile := fs.String("config", "", "configuration file, for the log directory")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	d, err := logDir(*dir, *cfgFile)
	if err != nil {
		fmt.Fprintf(stderr, "tabled replay: %v\n", err)
		return 2
	}
	if code := checkLog(d, "tabled replay", stderr); code != 0 {
		return code
	}
	// Damage first, by file and line: a replay past it may diverge for
	// that reason alone.
	failed := false
	err = claimlog.Scan(d, claimlog.Filter{}, func(claimlog.Record) error { return nil }, func(dmg claimlog.Damage) {
		failed = true
		fmt.Fprintf(stdout, "DAMAGE %s\n", dmg)
	})
	if err != nil {
		fmt.Fprintf(stderr, "tabled replay: %v\n", err)
		return 1
	}
	sessions := 0
	err = eachSession(d, func(s session, recs []claimlog.Record) {
		sessions++
		in, out, err := replaySession(s, recs)
		if err != nil {
			failed = true
			fmt.Fprintf(stdout, "session from record %d (%s): DIVERGES after %d inputs, %d outcomes: %v\n", s.FirstSeq, s.Rules, in, out, err)
			return
		}
		fmt.Fprintf(stdout, "session from record %d (%s): %d inputs, %d outcomes reproduced\n", s.FirstSeq, s.Rules, in, out)
	})
	if err != nil {
		fmt.Fprintf(stderr, "tabled replay: %v\n", err)
		return 1
	}
	if sessions == 0 {
		fmt.Fprintf(stderr, "tabled replay: no session in %s\n", d)
		return 1
	}
	if failed {
		return 1
	}
	return 0
}
