package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/tabled/tabled/club"
)

// statusSeen collects the table statuses a club watcher gets.
type statusSeen struct {
	mu   sync.Mutex
	last map[string]club.Status
}

func (s *statusSeen) status(st club.Status) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		s.last = map[string]club.Status{}
	}
	s.last[st.Table] = st
}

func (s *statusSeen) of(table string) (club.Status, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.last[table]
	return st, ok
}

// watchStatus runs a club watcher on broker until the test ends.
func watchStatus(t *testing.T, broker, id string) *statusSeen {
	t.Helper()
	seen := &statusSeen{}
	w, err := club.NewWatcher(club.WatcherConfig{Broker: club.Broker{URL: broker}, ClientID: id, OnStatus: seen.status})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return seen
}

// TestStopSaysOfflineBeforeReturning: tabled run with a club broker
// (mosquitto) says it is online; stopped, it has published its offline
// status before runDaemon returns, since the publisher runs through serve
// like every other long-running part: a watcher that connects only after
// the return finds the table offline (the retained status).
func TestStopSaysOfflineBeforeReturning(t *testing.T) {
	dir := t.TempDir()
	broker := startBroker(t, filepath.Join(dir, "broker"))
	online := watchStatus(t, broker, "shutdown-test-before")
	cfgFile := filepath.Join(dir, "tabled.toml")
	cfg := fmt.Sprintf("[table]\nname = \"t-shutdown\"\n[log]\ndir = %q\n[web]\nlisten = \"127.0.0.1:0\"\n[club]\nbroker = %q\n", filepath.Join(dir, "log"), broker)
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- runDaemon(ctx, []string{"--config", cfgFile}, strings.NewReader(""), &stdout, &stderr) }()
	waitUntil(t, "the table online at the broker", func() bool {
		st, ok := online.of("t-shutdown")
		return ok && st.Online
	})
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("daemon exited %d: %s", code, stderr.String())
	}
	// Nothing of the daemon's long-running parts outlives it.
	stacks := make([]byte, 1<<22)
	stacks = stacks[:runtime.Stack(stacks, true)]
	for _, part := range []string{"club.(*Publisher).Run", "sdnotify.Run", "inputs.(*Inputs).Run", "show.(*Driver).Run"} {
		if strings.Contains(string(stacks), part) {
			t.Errorf("%s still runs after runDaemon returned", part)
		}
	}
	after := watchStatus(t, broker, "shutdown-test-after")
	waitUntil(t, "the retained status", func() bool { _, ok := after.of("t-shutdown"); return ok })
	if st, _ := after.of("t-shutdown"); st.Online {
		t.Fatalf("the table is still online at the broker after runDaemon returned: %+v\n%s", st, stderr.String())
	}
}
