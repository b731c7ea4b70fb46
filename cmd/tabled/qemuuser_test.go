package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/journal"
)

// piTarget is a Raspberry Pi build of tabled and the qemu-user emulator
// (Debian's qemu-user-static) that runs it on this machine.
type piTarget struct {
	name, goarch, goarm string
	emulator            string
	cpu                 []string // emulator flags that pick the Pi's own CPU
}

var piTargets = []piTarget{
	// Every Pi on a 32-bit OS, the Zero and the Pi 1 included: ARMv6 with
	// the arm1176's VFPv2, where 64-bit atomics need 8-byte alignment.
	{name: "armv6", goarch: "arm", goarm: "6", emulator: "qemu-arm-static", cpu: []string{"-cpu", "arm1176"}},
	{name: "arm64", goarch: "arm64", emulator: "qemu-aarch64-static"},
}

// piRunFor is how long each Pi build's `tabled run --sim` takes presses:
// TABLED_QEMU_RUN (a Go duration), or 10 s.
func piRunFor(t *testing.T) time.Duration {
	if s := os.Getenv("TABLED_QEMU_RUN"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatalf("TABLED_QEMU_RUN: %v", err)
		}
		return d
	}
	return 10 * time.Second
}

// TestPiBinariesUnderQEMU runs the Pi builds (linux/arm GOARM=6 under
// qemu-arm-static -cpu arm1176, linux/arm64 under qemu-aarch64-static),
// cross-compiled as packaging/build.sh does, where cross-compiled Go
// breaks: 64-bit atomics, alignment, byte order. Every scenario script
// gives the same bytes (and exit code) from `tabled sim --json` as the
// host build; `tabled run --sim` takes presses over HTTP, decides them,
// and writes a claim log that the host build reads the same and replays
// (exit 0), with every acknowledged press in it.
//
// It emulates a CPU, so it runs without the race detector (.ci/run's
// qemu step): go test -run PiBinaries -v ./cmd/tabled
func TestPiBinariesUnderQEMU(t *testing.T) {
	if raceEnabled {
		t.Skip("emulated CPUs: run without -race")
	}
	if testing.Short() {
		t.Skip("builds and emulates the Pi binaries")
	}
	for _, pt := range piTargets {
		if _, err := exec.LookPath(pt.emulator); err != nil {
			t.Skipf("%s not found (Debian's qemu-user-static)", pt.emulator)
		}
	}
	host := buildTabled(t)
	scripts, err := filepath.Glob("../../script/testdata/*/*.tbl")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scenario scripts found: %v", err)
	}
	for _, pt := range piTargets {
		t.Run(pt.name, func(t *testing.T) {
			bin := crossBuild(t, pt)
			emulated := func(args ...string) *exec.Cmd {
				return exec.Command(pt.emulator, append(append(append([]string(nil), pt.cpu...), bin), args...)...)
			}
			t.Run("sim", func(t *testing.T) {
				for _, s := range scripts {
					want, wantCode := output(exec.Command(host, "sim", "--script", s, "--json"))
					got, gotCode := output(emulated("sim", "--script", s, "--json"))
					if gotCode != wantCode || !bytes.Equal(got, want) {
						t.Errorf("%s: %s gives exit %d and\n%s\nthe host build exit %d and\n%s", s, pt.name, gotCode, got, wantCode, want)
					}
				}
				t.Logf("%d scripts: the same bytes as the host build", len(scripts))
			})
			t.Run("run", func(t *testing.T) {
				piRun(t, host, emulated)
			})
		})
	}
}

// crossBuild builds tabled for pt as packaging/build.sh does.
func crossBuild(t *testing.T, pt piTarget) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tabled-"+pt.name)
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+pt.goarch, "GOARM="+pt.goarm, "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", pt.name, err, out)
	}
	return bin
}

// output is a command's standard output (with its standard error after
// it) and exit code. The metrics library's notice at package init that it
// cannot read the kernel's pressure (PSI) files is left out: it is printed
// before main runs, by a library, and under qemu-user only sometimes (the
// emulated /proc), so it is not the daemon's output to compare.
func output(cmd *exec.Cmd) ([]byte, int) {
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		code = -1
		fmt.Fprintf(&errb, "%v", err)
	}
	var kept []byte
	for _, line := range bytes.SplitAfter(errb.Bytes(), []byte("\n")) {
		if !bytes.Contains(line, []byte("INFO: metrics: disable exposing PSI metrics")) {
			kept = append(kept, line...)
		}
	}
	return append(out.Bytes(), kept...), code
}

// piRun is the emulated `tabled run --sim` with a tablet pressing for
// piRunFor, then stopped with SIGTERM as systemd stops it; the host build
// checks what it wrote.
func piRun(t *testing.T, host string, emulated func(...string) *exec.Cmd) {
	dir := t.TempDir()
	addr := freeAddr(t)
	cmd := emulated("run", "--sim", "--listen", addr)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+dir)
	var out syncBuffer
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the emulated daemon said:\n%s", out.String())
		}
	})
	startLogged(t, cmd, &out)
	tab := newTablet(addr)
	waitUntilFor(t, "the emulated daemon's status page", time.Minute, tab.up)
	ctx, stop := context.WithTimeout(context.Background(), piRunFor(t))
	defer stop()
	done := make(chan struct{})
	for i := range 2 {
		go func() {
			defer func() { done <- struct{}{} }()
			tab.play(ctx, rand.New(rand.NewPCG(uint64(i), 28)))
		}()
	}
	<-done
	<-done
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the emulated daemon stopped with %v", err)
	}
	logDir := filepath.Join(dir, "tabled", "sim-log")
	sum := readLog(t, logDir)
	acked, sent := tab.counts()
	t.Logf("%d presses answered, %d acknowledged; the log has %d inputs and %d outcomes", sent, acked, len(sum.inputs), sum.outcomes)
	if acked == 0 || sum.outcomes == 0 {
		t.Fatalf("nothing was acknowledged or decided (%d presses, %d outcomes): the test proves nothing", acked, sum.outcomes)
	}
	if lost := sum.lost(tab.ackedSeqs()); len(lost) > 0 {
		t.Errorf("acknowledged presses missing from the log: %v", lost)
	}
	if len(sum.damage) > 0 {
		t.Errorf("the log reads back with damage: %q", sum.damage)
	}
	replay, code := output(exec.Command(host, "replay", "--dir", logDir))
	if code != 0 {
		t.Errorf("the host build's replay of the emulated log: exit %d\n%s", code, replay)
	}
	// The same bytes from either build's reader of the same log.
	want, wantCode := output(exec.Command(host, "log", "--dir", logDir, "--format", "json"))
	got, gotCode := output(emulated("log", "--dir", logDir, "--format", "json"))
	if gotCode != 0 || wantCode != 0 || !bytes.Equal(got, want) {
		t.Errorf("tabled log --format json: the emulated build exit %d, %d bytes; the host build exit %d, %d bytes", gotCode, len(got), wantCode, len(want))
	}
}

// logSummary is what the tests that cut a daemon short look for in its
// claim log.
type logSummary struct {
	inputs   map[uint64]string // sequence number -> "source action"
	serial   map[[2]uint64]int // (seat, device stamp) -> controller presses logged
	outcomes int
	repairs  []string    // the bodies of the repair notes
	skips    [][2]uint64 // the numbers they declare not used
	damage   []string
	lastSeq  uint64
}

// readLog reads the claim log in dir whole.
func readLog(t *testing.T, dir string) logSummary {
	t.Helper()
	s := logSummary{inputs: map[uint64]string{}, serial: map[[2]uint64]int{}}
	err := claimlog.Scan(dir, claimlog.Filter{}, func(r claimlog.Record) error {
		s.lastSeq = r.Seq
		switch {
		case r.Kind == claimlog.KindInput:
			s.inputs[r.Seq] = r.Source + " " + r.Type
			if r.Source == "serial" {
				b, err := journal.Input(r)
				if err != nil {
					return err
				}
				s.serial[[2]uint64{uint64(b.Event.Seat), b.Event.Device}]++
			}
		case r.Kind == claimlog.KindOutcome:
			s.outcomes++
		case r.Kind == claimlog.KindNote && r.Type == "repair":
			s.repairs = append(s.repairs, string(r.Body))
			var skip struct {
				From uint64 `json:"skip_from"`
				To   uint64 `json:"skip_to"`
			}
			if json.Unmarshal(r.Body, &skip) == nil && skip.From > 0 {
				s.skips = append(s.skips, [2]uint64{skip.From, skip.To})
			}
		}
		return nil
	}, func(d claimlog.Damage) { s.damage = append(s.damage, d.String()) })
	if err != nil {
		t.Fatalf("read the claim log: %v", err)
	}
	return s
}

// lostFrames are the controller's presses it saw acknowledged that are
// not in the log, and the count of those in it twice. The tests'
// configurations put seat 1's button on channel 1 and seat 2's on
// channel 2.
func (s logSummary) lostFrames(dev *fwsim.Device) (lost []fwproto.Button, twice int) {
	for _, m := range dev.Acked() {
		p, ok := m.(fwproto.Button)
		if !ok || !p.Pressed {
			continue
		}
		switch s.serial[[2]uint64{uint64(p.Channel), p.Time}] {
		case 0:
			lost = append(lost, p)
		case 1:
		default:
			twice++
		}
	}
	return lost, twice
}

// lost are the acknowledged presses (sequence number -> action) that are
// not in the log as the same web input.
func (s logSummary) lost(acked map[uint64]string) []uint64 {
	var lost []uint64
	for seq, action := range acked {
		if s.inputs[seq] != "web "+action {
			lost = append(lost, seq)
		}
	}
	slices.Sort(lost)
	return lost
}

// skipped reports whether a repair note declared seq not used.
func (s logSummary) skipped(seq uint64) bool {
	for _, k := range s.skips {
		if k[0] <= seq && seq <= k[1] {
			return true
		}
	}
	return false
}
