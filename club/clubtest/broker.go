// Package clubtest runs a real MQTT broker (Debian's mosquitto) for the
// tests of the club's publisher, watcher and console, in package club and
// through the tabled command.
package clubtest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Mosquitto is a real broker on a free loopback port, started and stopped
// by the test.
type Mosquitto struct {
	t    *testing.T
	dir  string
	port int
	cmd  *exec.Cmd
	tls  bool // StartTLS: the listener speaks only TLS
}

// Path is the mosquitto binary; CI installs it, so there a missing broker
// fails the test instead of skipping it.
func Path(t *testing.T) string {
	for _, p := range []string{"/usr/sbin/mosquitto", "/usr/bin/mosquitto"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("mosquitto is not installed (.ci/run installs Debian's mosquitto)")
	}
	t.Skip("mosquitto is not installed: apt-get install mosquitto")
	return ""
}

// Start runs a broker for the test; it is stopped when the test ends.
func Start(t *testing.T) *Mosquitto {
	t.Helper()
	return StartConf(t, func(dir string, port int) string {
		return fmt.Sprintf("listener %d 127.0.0.1\nallow_anonymous true\npersistence true\npersistence_location %s/\nautosave_interval 1\nmax_queued_messages 100000\n", port, dir)
	})
}

// StartConf runs a broker with the configuration conf makes for its
// directory and port (a test of logins and ACLs); it is stopped when the
// test ends.
func StartConf(t *testing.T, conf func(dir string, port int) string) *Mosquitto {
	t.Helper()
	Path(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	m := &Mosquitto{t: t, dir: t.TempDir(), port: port}
	if err := os.WriteFile(filepath.Join(m.dir, "mosquitto.conf"), []byte(conf(m.dir, port)), 0o644); err != nil {
		t.Fatal(err)
	}
	m.start()
	t.Cleanup(m.Stop)
	return m
}

// URL is the broker's address for a club.Broker: mqtts:// for one
// StartTLS started.
func (m *Mosquitto) URL() string {
	if m.tls {
		return fmt.Sprintf("mqtts://127.0.0.1:%d", m.port)
	}
	return fmt.Sprintf("mqtt://127.0.0.1:%d", m.port)
}

func (m *Mosquitto) start() {
	m.t.Helper()
	// The broker says "running" on stderr once its listener is open: the
	// test waits for that line rather than dialling until it answers. A
	// pipe of our own (not StderrPipe) lets Wait run while it is read.
	pr, pw, err := os.Pipe()
	if err != nil {
		m.t.Fatal(err)
	}
	m.cmd = exec.Command(Path(m.t), "-c", filepath.Join(m.dir, "mosquitto.conf"))
	m.cmd.Stdout, m.cmd.Stderr = nil, pw
	err = m.cmd.Start()
	pw.Close()
	if err != nil {
		pr.Close()
		m.t.Fatal(err)
	}
	// ready gets nil once the broker runs, or what it said before it ended.
	ready := make(chan error, 1)
	go func(ready chan<- error) {
		defer pr.Close()
		var said strings.Builder
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if ready != nil {
				said.WriteString(sc.Text() + "\n")
				if strings.Contains(sc.Text(), " running") {
					ready <- nil
					ready = nil
				}
			}
		}
		if ready != nil {
			ready <- fmt.Errorf("mosquitto ended before it ran: %s", said.String())
		}
	}(ready)
	select {
	case err := <-ready:
		if err != nil {
			m.t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		m.t.Fatal("mosquitto did not say it was running within 10s")
	}
}

// Stop ends the broker with SIGTERM, so it saves its persistence file.
func (m *Mosquitto) Stop() {
	if m.cmd == nil || m.cmd.Process == nil {
		return
	}
	m.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { m.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		m.cmd.Process.Kill()
		<-done
	}
	m.cmd = nil
}

// Restart stops the broker and starts it again on the same port, with
// what it persisted.
func (m *Mosquitto) Restart() {
	m.Stop()
	m.start()
}
