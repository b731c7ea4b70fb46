package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
)

// TestOneWriterPerLog: a second daemon on a busy port stops before it
// touches the claim log (no note, no sequence number taken), and one on
// another port stops at the log's lock, naming the daemon that holds it;
// both exit non-zero. The first daemon's log reads back unbroken.
func TestOneWriterPerLog(t *testing.T) {
	dir := t.TempDir()
	logDir := filepath.Join(dir, "log")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	config := func(name, listen string) string {
		f := filepath.Join(dir, name)
		os.WriteFile(f, []byte(fmt.Sprintf("[log]\ndir = %q\n\n[web]\nlisten = %q\n", logDir, listen)), 0o644)
		return f
	}
	var out1, err1 syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- runDaemon(ctx, []string{"--sim", "--config", config("a.toml", addr)}, strings.NewReader(""), &out1, &err1)
	}()
	waitUntil(t, "the first daemon", func() bool { return strings.Contains(out1.String(), "simulated table") })
	records := func() int {
		n := 0
		claimlog.Read(logDir, claimlog.Filter{}, func(claimlog.Record) error { n++; return nil })
		return n
	}
	before := records()

	var out2, err2 syncBuffer
	if code := runDaemon(context.Background(), []string{"--sim", "--config", config("b.toml", addr)}, strings.NewReader(""), &out2, &err2); code == 0 {
		t.Fatal("a second daemon on a busy port exited 0")
	}
	if !strings.Contains(err2.String(), "address already in use") {
		t.Errorf("busy port: %s", err2.String())
	}
	if n := records(); n != before {
		t.Fatalf("the second daemon wrote %d records to the first's log", n-before)
	}
	var out3, err3 syncBuffer
	if code := runDaemon(context.Background(), []string{"--sim", "--config", config("c.toml", "127.0.0.1:0")}, strings.NewReader(""), &out3, &err3); code == 0 {
		t.Fatal("a second writer on another port exited 0")
	}
	if !strings.Contains(err3.String(), fmt.Sprintf("in use by pid %d", os.Getpid())) {
		t.Errorf("the lock's error does not name the holder: %s", err3.String())
	}
	if n := records(); n != before {
		t.Fatalf("the second writer wrote %d records", n-before)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("first daemon exit %d: %s", code, err1.String())
	}
	var out, errb syncBuffer
	if code := run([]string{"replay", "--dir", logDir}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d: %s %s", code, out.String(), errb.String())
	}
	// The session note holds the whole rule profile, so a replay never
	// depends on the defaults of the code that reads the log.
	last, _, err := journal.LastSession(logDir)
	if err != nil || last == nil || last.Profile == nil || !reflect.DeepEqual(*last.Profile, engine.EMA2016) {
		t.Fatalf("session note's profile: %+v, %v", last, err)
	}
}
