package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwsim"
)

// TestMain lets a test run the daemon, or the console, as a child process
// of its own (the test binary itself), so that it can be killed with
// SIGKILL.
func TestMain(m *testing.M) {
	if args := os.Getenv("TABLED_TEST_DAEMON"); args != "" {
		os.Exit(cmdRun(strings.Fields(args), os.Stdout, os.Stderr))
	}
	if args := os.Getenv("TABLED_TEST_CLUB"); args != "" {
		os.Exit(cmdClub(strings.Fields(args), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// kills is how many times TestKillNineLosesNoAcknowledgedPress kills the
// daemon: TABLED_KILLS, or 30 (10 under the race detector, whose child
// processes start slowly).
func kills(t *testing.T) int {
	if n, err := strconv.Atoi(os.Getenv("TABLED_KILLS")); err == nil && n > 0 {
		return n
	}
	if raceEnabled {
		return 10
	}
	return 30
}

// TestKillNineLosesNoAcknowledgedPress kills `tabled run` with SIGKILL
// (every fifth time SIGTERM) again and again while a tablet presses over HTTP and a seat controller
// (the firmware simulator on a real pty, outliving every daemon as a real
// one would) presses over the serial link. Every press that was
// acknowledged (an HTTP 202 with its sequence number; a frame the
// controller saw acknowledged) is in the claim log afterwards, the
// sequence numbers are unbroken, and `tabled replay` exits 0.
//
//	TABLED_KILLS=200 go test -run KillNine -v ./cmd/tabled
func TestKillNineLosesNoAcknowledgedPress(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a daemon many times")
	}
	dir := t.TempDir()
	if d := os.Getenv("TABLED_KILL_DIR"); d != "" {
		dir = d // kept, to look at afterwards
	}
	logDir := filepath.Join(dir, "log")
	addr := freeAddr(t)
	dev := fwsim.New(fwsim.Config{Clock: sinceStart(), Latency: time.Millisecond, BootID: 9, DeviceID: 0x7AB1E})
	port := plugController(t, dev)

	cfgFile := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfgFile, []byte(fmt.Sprintf(`[log]
dir = %q

[web]
listen = %q

[serial]
path = %q

[[button]]
seat = 1
call = "chii"
channel = 1

[[button]]
seat = 2
call = "pon"
channel = 2
`, logDir, addr, port)), 0o644)

	var (
		mu      sync.Mutex
		webAck  = map[uint64]string{} // sequence numbers answered 202
		webSent int
	)
	client := &http.Client{Timeout: 5 * time.Second}
	press := func(ctx context.Context) {
		for ctx.Err() == nil {
			body := `{"seat":3,"action":"pon"}`
			resp, err := client.Post("http://"+addr+"/api/press", "application/json", strings.NewReader(body))
			if err != nil {
				// No daemon between a kill and the next start: the tablet
				// tries again soon, as a tablet would (pacing, not a wait).
				time.Sleep(5 * time.Millisecond)
				continue
			}
			var ack struct {
				Seq uint64 `json:"seq"`
			}
			json.NewDecoder(resp.Body).Decode(&ack)
			resp.Body.Close()
			mu.Lock()
			webSent++
			if resp.StatusCode == http.StatusAccepted {
				webAck[ack.Seq] = "pon"
			}
			mu.Unlock()
		}
	}
	pressCtx, stopPress := context.WithCancel(context.Background())
	var pressers sync.WaitGroup
	for range 2 {
		pressers.Go(func() { press(pressCtx) })
	}
	// The workload, not a wait: the controller presses every 2-10 ms, at
	// random, whatever state the daemon is in.
	pressers.Go(func() {
		for pressCtx.Err() == nil {
			dev.Press(uint8(1 + rand.IntN(2)))
			time.Sleep(time.Duration(2+rand.IntN(8)) * time.Millisecond)
		}
	})

	var childOut syncBuffer
	daemon := func() *exec.Cmd { return startChild(t, cfgFile, &childOut) }
	up := func() bool {
		resp, err := client.Get("http://" + addr + "/api/state")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the last daemon said:\n%s", childOut.String())
		}
	})
	n := kills(t)
	for i := range n {
		cmd := daemon()
		waitUntilFor(t, fmt.Sprintf("daemon %d to come up", i), 30*time.Second, up)
		// The workload, not a wait: the daemon runs 20-420 ms, at random,
		// before it is killed, so that kills fall at every stage (before
		// the link's Hello, during its clock fit, amid taken presses).
		time.Sleep(time.Duration(20+rand.IntN(400)) * time.Millisecond)
		// Every fifth stop is a SIGTERM: the daemon refuses new presses at
		// once (503) and must not answer 202 for one it then drops.
		sig := syscall.SIGKILL
		if i%5 == 4 {
			sig = syscall.SIGTERM
		}
		cmd.Process.Signal(sig)
		cmd.Wait()
	}
	stopPress()
	pressers.Wait()
	// A last daemon takes what the controller still holds, then stops.
	cmd := daemon()
	waitUntil(t, "the last daemon", up)
	waitUntil(t, "the controller's queue to drain", func() bool { return dev.Unacked() == 0 })
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the last daemon: %v\n%s", err, childOut.String())
	}

	sum := readLog(t, logDir)
	if len(sum.damage) > 0 {
		t.Errorf("the log reads back with damage or gaps: %q", sum.damage)
	}
	lostWeb := len(sum.lost(webAck))
	acked := dev.Acked()
	lostFrames, twice := sum.lostFrames(dev)
	lostSerial := len(lostFrames)
	t.Logf("%d kills: %d web presses acknowledged of %d answered, %d lost; %d serial presses acknowledged, %d lost, %d logged twice",
		n, len(webAck), webSent, lostWeb, len(acked), lostSerial, twice)
	if lostWeb > 0 || lostSerial > 0 {
		t.Errorf("acknowledged presses lost: %d over HTTP, %d over the serial link", lostWeb, lostSerial)
	}
	if twice > 0 {
		t.Errorf("%d controller presses were taken twice (journaled, then sent again after a kill)", twice)
	}
	if len(webAck) == 0 || len(acked) == 0 {
		t.Errorf("nothing was acknowledged (web %d, serial %d): the test proves nothing", len(webAck), len(acked))
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", logDir}, &out, &errb); code != 0 {
		t.Fatalf("replay exit %d:\n%s\n%s", code, out.String(), errb.String())
	}
}

// startChild starts `tabled run --sim [flags] --config cfgFile` as a
// child process (the test binary itself, see TestMain), its output in
// out, so that a test can kill it with SIGKILL.
func startChild(t *testing.T, cfgFile string, out *syncBuffer, flags ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "TABLED_TEST_DAEMON="+strings.Join(append(append([]string{"--sim"}, flags...), "--config", cfgFile), " "))
	return startLogged(t, cmd, out)
}
