package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tabled/tabled/script"
)

// cmdSim runs a scenario script: "tabled sim --script FILE [--json]".
func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("script", "", "scenario script to run (- for standard input)")
	asJSON := fs.Bool("json", false, "print one JSON object per outcome (the scenario contract)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *file == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "tabled sim: usage: tabled sim --script FILE [--json]")
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
		fmt.Fprintf(stderr, "tabled sim: %s: %v\n", *file, err)
		return 1
	}
	write := script.WriteText
	if *asJSON {
		write = script.WriteJSON
	}
	if err := write(s, stdout); err != nil {
		fmt.Fprintf(stderr, "tabled sim: %s: %v\n", *file, err)
		return 1
	}
	return 0
}
