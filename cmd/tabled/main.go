// Command tabled runs a riichi mahjong table: it reads call buttons and NFC
// tiles, arbitrates claims under the EMA rules, logs every decision and
// shows it at the table and on the LAN.
//
// Usage:
//
//	tabled [run] --sim [--listen ADDR]  run a simulated table with its status page
//	tabled sim --script FILE [--json]   run a scenario script through the engine
//	tabled seating --players N --hanchan R [--seed S] [--json]
//	                                    print a tournament's seating
//	tabled version                      print the version
package main

import (
	"fmt"
	"io"
	"os"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// commands are the subcommands, by name.
var commands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"club":    cmdClub,
	"doctor":  cmdDoctor,
	"enroll":  cmdEnroll,
	"fwsim":   cmdFwsim,
	"log":     cmdLog,
	"replay":  cmdReplay,
	"run":     cmdRun,
	"seating": cmdSeating,
	"sim":     cmdSim,
	"version": cmdVersion,
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && args[0] != "-h" && args[0] != "--help" {
		args = append([]string{"run"}, args...) // "tabled --sim" is "tabled run --sim"
	}
	if len(args) == 0 {
		usage(stderr) // a mistake: the usage goes with the errors
		return 2
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout) // asked for: the answer is the output
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "tabled: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: tabled <command> [flags]

commands:
  run [--sim] [--listen ADDR] [--log-dir D]
                               run the table daemon (the default command: "tabled --sim")
  sim --script FILE [--json]   run a scenario script through the engine and print every outcome
  club --broker URL            the head referee's console: every table of the club, live
  log [--sim|--dir D|--config F] [--hand N] [--seat S] [--kind K] [--type T] [--at 4s..6s]
      [--format text|json|csv|mjai|results] [--follow]
                               the claim log, for a referee (--at: time within the hand)
  enroll [--config F] [--red-fives] [--restart]
                               build the tile registry by scanning a set in order
  doctor [--config F]          check the config against this machine: one line per item, exit 0 when all is well
  fwsim [--link PATH]          a simulated seat/reader controller on a pty (see firmware-protocol.md)
  replay [--sim|--dir D|--config F]
                               replay the claim log through the engine; exit 1 on damage or a divergence, 2 with no log
  seating --players N --hanchan R [--seed S] [--json]
                               a tournament's seating: each hanchan's tables, players East South West North
  version                      print the version
`)
}

func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "tabled %s\n", version)
	return 0
}
