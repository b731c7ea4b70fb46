package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

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
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := config.Load(*path)
	if err != nil {
		fix := "correct the line named (tabled.example.toml in /usr/share/doc/tabled documents every key)"
		if errors.Is(err, os.ErrNotExist) {
			fix = "there is no configuration there: the package installs /etc/tabled/tabled.toml" +
				"; else copy tabled.example.toml (in /usr/share/doc/tabled or the source) there, or name yours with --config"
		}
		fmt.Fprintln(stdout, doctor.Result{Item: "config", Detail: err.Error(), Fix: fix})
		return 1
	}
	fmt.Fprintln(stdout, doctor.Result{Item: "config", OK: true, Detail: *path + " parses"})
	// Registers the board's pins and buses; on a machine without them the
	// checks say what is missing.
	if h, isHost := board.(interface{ Init() error }); isHost {
		if err := h.Init(); err != nil {
			fmt.Fprintln(stdout, doctor.Result{Item: "periph", Detail: err.Error(), Fix: "run on the Pi the table is wired to"})
			return 1
		}
	}
	m := doctorMachine
	m.Open = board // the daemon's opener: doctor looks names up as run does
	m.ConfigFile = *path
	if !doctor.Print(stdout, m.Check(cfg)) {
		return 1
	}
	return 0
}
