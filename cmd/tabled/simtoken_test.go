package main

import (
	"context"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPlainSimTableHasARefereeToken: `tabled run --sim --log-dir D` with no
// configuration makes a referee token and says it at start; the referee's
// actions take it; the claim log is in D; TABLED_REFEREE_TOKEN, when set,
// is the token instead, checked as a configured one is.
func TestPlainSimTableHasARefereeToken(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("TABLED_REFEREE_TOKEN", "")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dir := filepath.Join(t.TempDir(), "second-table")
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int, 1)
	typed, typer := net.Pipe()
	defer typer.Close()
	go func() {
		done <- runDaemon(ctx, []string{"--sim", "--listen", addr, "--log-dir", dir}, typed, &out, &errb)
	}()
	defer func() { cancel(); <-done }()
	said := regexp.MustCompile(`referee token for this run: ([0-9a-f]{32}) `)
	waitUntil(t, "the token said at start", func() bool { return said.MatchString(out.String()) })
	tok := said.FindStringSubmatch(out.String())[1]
	refer := func(tok string) int {
		req, _ := http.NewRequest("POST", "http://"+addr+"/api/referee", strings.NewReader(`{"action":"newhand"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := refer(tok); code >= 300 {
		t.Errorf("the referee's newhand with the token said: %d", code)
	}
	if code := refer("not-the-token-0123456789"); code != http.StatusUnauthorized {
		t.Errorf("another token: %d, want 401", code)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl")); len(files) == 0 {
		t.Errorf("no claim log in --log-dir %s", dir)
	}
	var o2, e2 syncBuffer
	t.Setenv("TABLED_REFEREE_TOKEN", "short")
	if code := runDaemon(context.Background(), []string{"--sim", "--listen", "127.0.0.1:0", "--log-dir", t.TempDir()}, nil, &o2, &e2); code != 2 ||
		!strings.Contains(e2.String(), "TABLED_REFEREE_TOKEN") {
		t.Errorf("a short token: exit %d, %s", code, e2.String())
	}
}

// TestSimPanelDropsAVoidedRefusal: a value refused at the terminal ("did
// you mean 40?") and then voided by the referee leaves the text panel: its
// next frame does not show the refusal any more.
func TestSimPanelDropsAVoidedRefusal(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("TABLED_REFEREE_TOKEN", "referee-token-for-this-test")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int, 1)
	typer, typed := simTerminal(t)
	go func() {
		done <- runDaemon(ctx, []string{"--sim", "--listen", addr, "--log-dir", dir}, typed, &out, &errb)
	}()
	defer func() { cancel(); <-done }()
	waitUntil(t, "the start", func() bool { return strings.Contains(out.String(), "Ctrl-C stops") })
	if _, err := typer.Write([]byte("e discard 3p\ns ron\n")); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the ron", func() bool { return strings.Contains(out.String(), "HAND END ron") })
	if _, err := typer.Write([]byte("s value 3 35\n")); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the refusal", func() bool { return strings.Contains(out.String(), "did you mean 40?") })
	var log, lerr strings.Builder
	if code := run([]string{"log", "--dir", dir, "--kind", "input", "--type", "value"}, &log, &lerr); code != 0 {
		t.Fatalf("tabled log: %d %s", code, lerr.String())
	}
	seq := strings.Fields(log.String())[0]
	mark := len(out.String())
	req, _ := http.NewRequest("POST", "http://"+addr+"/api/referee", strings.NewReader(`{"action":"void","seq":`+seq+`}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer referee-token-for-this-test")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Fatalf("void: %d", resp.StatusCode)
	}
	// The panel's frame after the void.
	waitUntil(t, "a frame after the void", func() bool { return strings.Contains(out.String()[mark:], "| lights:") })
	frame := out.String()[mark:]
	if strings.Contains(frame, "[REJECTED]") || strings.Contains(frame, "did you mean") {
		t.Fatalf("the voided refusal is still on the panel:\n%s", frame)
	}
}
