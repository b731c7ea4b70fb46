package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testTags are enrolled tags: two 3p and a 5z.
var testTags = []struct {
	uid  []byte
	tile string
}{
	{[]byte{0x04, 0x03, 0x01, 0x00}, "3p"},
	{[]byte{0x04, 0x03, 0x02, 0x00}, "3p"},
	{[]byte{0x04, 0x35, 0x01, 0x00}, "5z"},
}

// TestDiscardReadersUnderRun: `tabled fwsim` with three readers drives
// `tabled run`: East lays a 3p on its discard reader (fwsim's `tile UID 1`),
// South pons it with a button, then lays the other 3p on its own reader.
// `tabled log` shows both discards with their tile from nfc and the
// swap-calling flag; its mjai export names the tiles.
func TestDiscardReadersUnderRun(t *testing.T) {
	var reg bytes.Buffer
	for _, tag := range testTags {
		fmt.Fprintf(&reg, "%X %s\n", tag.uid, tag.tile)
	}
	regFile := filepath.Join(t.TempDir(), "tiles.txt")
	if err := os.WriteFile(regFile, reg.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	cmds, cmdw := io.Pipe()
	defer cmdw.Close()
	var simOut, simErr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	simDone := make(chan int, 1)
	go func() { simDone <- runFwsim(ctx, []string{"-readers", "3"}, cmds, &simOut, &simErr) }()
	defer func() { cancel(); <-simDone }()
	var path string
	waitUntil(t, "the simulator's pty", func() bool {
		_, rest, ok := strings.Cut(simOut.String(), "fwsim: controller on ")
		path, _, _ = strings.Cut(rest, "\n")
		return ok && strings.HasSuffix(rest, "\n")
	})
	command := func(line string) {
		t.Helper()
		if _, err := io.WriteString(cmdw, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}

	d := startDaemon(t, fmt.Sprintf(`[serial]
path = %q

[nfc]
reader = "serial"
registry = %q

[[button]]
seat = 1
call = "pon"
channel = 1

[[reader]]
index = 1
role = "discard"
seat = 0

[[reader]]
index = 2
role = "discard"
seat = 1
`, path, regFile))

	command(fmt.Sprintf("tile %X 1", testTags[0].uid)) // East discards 3p
	command("tap 1")                                   // South pons it
	waitUntil(t, "South's pon", func() bool { return strings.Contains(d.stdout.String(), "DECISION") })
	command(fmt.Sprintf("tile %X 2", testTags[1].uid)) // South discards the other 3p
	waitUntil(t, "the swap-calling flag", func() bool { return strings.Contains(d.stdout.String(), "swap-calling") })
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	if e := simErr.String(); e != "" {
		t.Errorf("fwsim refused a command: %s", e)
	}

	log := d.log(t)
	t.Logf("tabled log:\n%s", log)
	for _, want := range []string{"nfc     E  discard 3p", "serial  S  pon", "DECISION: PON South", "nfc     S  discard 3p", "swap-calling (kuikae): South discards 3p"} {
		if !strings.Contains(log, want) {
			t.Errorf("tabled log has no %q", want)
		}
	}
	export := d.log(t, "--format", "mjai")
	for _, want := range []string{`{"actor":0,"pai":"3p","tsumogiri":false,"type":"dahai"}`, `"pai":"3p","target":0,"type":"pon"`, `{"actor":1,"pai":"3p","tsumogiri":false,"type":"dahai"}`} {
		if !strings.Contains(export, want) {
			t.Errorf("the mjai export has no %s:\n%s", want, export)
		}
	}
}

// TestSimDiscardReaders: on the simulated table, a typed discard naming
// its tile is laid on the seat's discard reader of the simulated
// controller, so the log has it from nfc, with its tile.
func TestSimDiscardReaders(t *testing.T) {
	typed, typer := io.Pipe()
	defer typer.Close()
	d := startDaemonWith(t, "", typed, "--sim")
	if _, err := io.WriteString(typer, "E discard 3p\nS discard 7z\n"); err != nil {
		t.Fatal(err)
	}
	var log string
	waitUntil(t, "both discards in the log", func() bool {
		log, _ = d.tryLog()
		return strings.Contains(log, "S  discard")
	})
	if code := d.stop(); code != 0 {
		t.Fatalf("daemon exited %d: %s", code, d.stderr.String())
	}
	for _, want := range []string{"nfc     E  discard 3p", "nfc     S  discard 7z"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %q:\n%s", want, log)
		}
	}
}
