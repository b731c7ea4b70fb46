package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/doctor"
)

// doctorMachine is where `tabled doctor` looks; tests replace it.
var doctorMachine = doctor.System()

// cmdDoctor checks the configuration against this machine, one line per
// item; the exit status is 0 only when every check passes.
func cmdDoctor(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", "/etc/tabled/tabled.toml", "the configuration to check")
	langFlag := fs.String("lang", catalog.Default, "the language of the lines: "+strings.Join(catalog.Codes(), ", "))
	if err := fs.Parse(args); err != nil {
		return 2
	}
	l, known := catalog.Get(*langFlag)
	if !known {
		fmt.Fprintf(stderr, "tabled doctor: --lang %q: the languages are %s\n", *langFlag, strings.Join(catalog.Codes(), ", "))
		return 2
	}
	cfg, err := config.Load(*path)
	if err != nil {
		fix := l.Text("doctor.config.fix")
		if errors.Is(err, os.ErrNotExist) {
			fix = l.Text("doctor.config.none_fix")
		}
		fmt.Fprintln(stdout, doctor.Result{Item: "config", Detail: err.Error(), Fix: fix}.Line(l))
		return 1
	}
	fmt.Fprintln(stdout, doctor.Result{Item: "config", OK: true, Detail: l.Text("doctor.config.ok", "path", *path)}.Line(l))
	// Registers the board's pins and buses; on a machine without them the
	// checks say what is missing.
	if h, isHost := board.(interface{ Init() error }); isHost {
		if err := h.Init(); err != nil {
			fmt.Fprintln(stdout, doctor.Result{Item: "periph", Detail: err.Error(), Fix: l.Text("doctor.on_the_pi")}.Line(l))
			return 1
		}
	}
	m := doctorMachine
	m.Open = board // the daemon's opener: doctor looks names up as run does
	m.ConfigFile = *path
	m.Lang = l
	if !doctor.PrintIn(stdout, l, m.Check(cfg)) {
		return 1
	}
	return 0
}
