package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/claimlog"
)

// TestDamageInLastSessionStartsANewOne: a byte flipped in the session the
// daemon would resume does not stop the table: it plays on in a new
// session, the damage is kept aside and journaled as an alert note (the
// panel, the status page and the club show notes), and `tabled log` names
// the file and line. A second start, with nothing newly damaged, resumes
// the new session.
func TestDamageInLastSessionStartsANewOne(t *testing.T) {
	dir := t.TempDir()
	logDir := filepath.Join(dir, "log")
	cfgFile := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfgFile, []byte(fmt.Sprintf("[log]\ndir = %q\n\n[web]\nlisten = \"127.0.0.1:0\"\n", logDir)), 0o644)
	start := func() (stdout string) {
		var out, errb syncBuffer
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		go func() {
			done <- runDaemon(ctx, []string{"--sim", "--config", cfgFile}, strings.NewReader(""), &out, &errb)
		}()
		waitUntil(t, "the daemon", func() bool { return strings.Contains(out.String(), "simulated table") })
		cancel()
		if code := <-done; code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	// The start line says which book the profile follows.
	if out := start(); !strings.Contains(out, `(ema2016 follows the EMA Riichi Competition Rules 2016)`) {
		t.Errorf("the start line does not name the book: %s", out)
	}
	start() // a second file: the restart's
	files, _ := claimlog.Files(logDir)
	last := files[len(files)-1]
	b, _ := os.ReadFile(last)
	i := bytes.Index(b, []byte(`"session"`))
	if i < 0 {
		i = bytes.Index(b, []byte(`"restart"`))
	}
	b[i+2] ^= 0x20 // a flipped bit inside a whole line
	os.WriteFile(last, b, 0o644)

	if out := start(); strings.Contains(out, "resuming") {
		t.Fatalf("resumed a damaged session:\n%s", out)
	}
	var out, errb bytes.Buffer
	code := run([]string{"log", "--dir", logDir}, &out, &errb)
	if code != 1 || !strings.Contains(out.String()+errb.String(), filepath.Base(last)+" line") {
		t.Errorf("tabled log exit %d does not name the damage:\n%s%s", code, out.String(), errb.String())
	}
	notes := 0
	claimlog.Read(logDir, claimlog.Filter{}, func(r claimlog.Record) error {
		if r.Kind == claimlog.KindNote && r.Type == string(alert.LogDamage) {
			notes++
		}
		return nil
	})
	if notes == 0 {
		t.Errorf("no alert note for the damage:\n%s", out.String())
	}
	if out := start(); !strings.Contains(out, "resuming") {
		t.Errorf("the new session was not resumed on the next start:\n%s", out)
	}
}
