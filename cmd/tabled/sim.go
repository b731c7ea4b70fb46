package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/script"
)

// cmdSim runs a scenario script: "tabled sim --script FILE [--json]
// [--lang fr]".
func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("script", "", "scenario script to run (- for standard input)")
	asJSON := fs.Bool("json", false, "print one JSON object per outcome (the scenario contract)")
	lang := fs.String("lang", "", "the language of the text (not of --json, which keeps codes and English): "+strings.Join(catalog.Codes(), ", ")+" (default en)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	l, err := config.TextLang(*lang, "")
	if err != nil {
		fmt.Fprintf(stderr, "tabled sim: %v\n", err)
		return 2
	}
	if *file == "" || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tabled sim: %s\n", l.Text("i33.cli.sim_usage"))
		return 2
	}
	in := io.Reader(os.Stdin)
	if *file != "-" {
		f, err := os.Open(*file)
		if err != nil {
			fmt.Fprintf(stderr, "tabled sim: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	s, err := script.Parse(in)
	if err != nil {
		why := err.Error()
		if !*asJSON {
			why = catalog.ErrorIn(l, err) // --json keeps the contract's English, its errors too
		}
		fmt.Fprintf(stderr, "tabled sim: %s: %s\n", *file, why)
		return 1
	}
	write := func(s *script.Script, w io.Writer) error { return script.WriteTextIn(l, s, w) }
	if *asJSON {
		write = script.WriteJSON
	}
	if err := write(s, stdout); err != nil {
		why := err.Error()
		if !*asJSON {
			why = catalog.ErrorIn(l, err)
		}
		fmt.Fprintf(stderr, "tabled sim: %s: %s\n", *file, why)
		return 1
	}
	return 0
}
