package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwsim"
)

// powerCuts is how many times TestPowerCut cuts the power:
// TABLED_POWERCUTS; unset or 0, the test is skipped (it boots a virtual
// machine on an emulated CPU, about 10 s a boot). CI runs a few; 100 is
// the full set.
func powerCuts(t *testing.T) int {
	n, _ := strconv.Atoi(os.Getenv("TABLED_POWERCUTS"))
	if n <= 0 {
		t.Skip("set TABLED_POWERCUTS=N to cut a virtual machine's power N times (scripts/powercut/vm.sh)")
	}
	if raceEnabled {
		t.Skip("an emulated machine: run without -race")
	}
	for _, tool := range []string{"qemu-system-x86_64", "busybox", "cpio", "mkfs.ext4", "debugfs", "apt-get", "dpkg-deb"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found (.ci/run installs what the power-cut harness needs)", tool)
		}
	}
	return n
}

// powerVM is the harness's virtual machine (scripts/powercut/vm.sh): the
// static tabled on Debian's kernel, its claim log on an ext4 image, the
// status page forwarded to addr and its seat controller's serial port
// served by dev, which outlives every boot as a real controller would.
type powerVM struct {
	t      *testing.T
	dir    string // the kernel, shared by runs
	initrd string // this run's initramfs, with the binary under test
	image  string
	addr   string
	work   string // sockets and consoles
	dev    *fwsim.Device

	boots   int
	cmd     *exec.Cmd
	console string
	served  sync.WaitGroup
	stop    context.CancelFunc
}

// newPowerVM builds the machine around a static build of this tabled and
// a fresh disk.
func newPowerVM(t *testing.T) *powerVM {
	t.Helper()
	work := t.TempDir()
	bin := filepath.Join(work, "tabled")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	// The kernel is downloaded once and kept: TABLED_POWERCUT_VM names
	// where (by default a folder in the system's temporary directory).
	dir := os.Getenv("TABLED_POWERCUT_VM")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "tabled-powercut-vm")
	}
	vm := &powerVM{t: t, dir: dir, addr: freeAddr(t), work: work,
		dev: fwsim.New(fwsim.Config{Clock: sinceStart(), Latency: time.Millisecond, BootID: 28, DeviceID: 0x9C07})}
	// The initramfs holds the binary under test: it is this run's own, so a
	// run beside it (another checkout's CI) cannot swap the binary between
	// two boots, which once made a boot start a new session under another
	// release's rules.
	vm.initrd = filepath.Join(work, "initramfs.gz")
	vm.sh("build", dir, bin, vm.initrd)
	// The image on tmpfs where there is one: writethrough's host flushes
	// are free there, and the host never loses power in this test.
	imgDir := work
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if d, err := os.MkdirTemp("/dev/shm", "tabled-powercut-"); err == nil {
			imgDir = d
			t.Cleanup(func() { os.RemoveAll(d) })
		}
	}
	vm.image = filepath.Join(imgDir, "disk.img")
	vm.sh("disk", vm.image)
	t.Cleanup(vm.cut)
	return vm
}

func (vm *powerVM) sh(args ...string) {
	vm.t.Helper()
	out, err := exec.Command("sh", append([]string{"../../scripts/powercut/vm.sh"}, args...)...).CombinedOutput()
	if err != nil {
		vm.t.Fatalf("vm.sh %s: %v\n%s", args[0], err, out)
	}
}

// boot starts the machine in mode (run, lie or check).
func (vm *powerVM) boot(mode string) {
	vm.t.Helper()
	vm.boots++
	sock := filepath.Join(vm.work, fmt.Sprintf("seats%d.sock", vm.boots))
	vm.console = filepath.Join(vm.work, fmt.Sprintf("console%d.log", vm.boots))
	_, port, _ := net.SplitHostPort(vm.addr)
	vm.cmd = exec.Command("sh", "../../scripts/powercut/vm.sh", "boot", vm.dir, vm.initrd, vm.image, port, sock, vm.console, mode)
	var qemuOut bytes.Buffer
	vm.cmd.Stdout, vm.cmd.Stderr = &qemuOut, &qemuOut
	if err := vm.cmd.Start(); err != nil {
		vm.t.Fatal(err)
	}
}

// plug serves the seat controller on the booted machine's serial port,
// once its table is up, as a USB controller is readable only once the
// daemon opens its port: a controller writing into the virtual port
// through a whole boot would pile up thousands of stale resends there.
func (vm *powerVM) plug() {
	sock := filepath.Join(vm.work, fmt.Sprintf("seats%d.sock", vm.boots))
	ctx, cancel := context.WithCancel(context.Background())
	vm.stop = cancel
	vm.served.Add(1)
	go func() {
		defer vm.served.Done()
		var conn net.Conn
		for ctx.Err() == nil {
			var err error
			if conn, err = net.Dial("unix", sock); err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond) // qemu making its socket: pacing, not a wait
		}
		if conn == nil {
			return
		}
		go func() { <-ctx.Done(); conn.Close() }()
		vm.dev.Serve(ctx, conn)
	}()
}

// cut is the power cut: qemu killed, whatever it held lost.
func (vm *powerVM) cut() {
	if vm.cmd == nil {
		return
	}
	vm.cmd.Process.Kill()
	vm.cmd.Wait()
	vm.cmd = nil
	if vm.stop != nil {
		vm.stop()
		vm.served.Wait()
		vm.stop = nil
	}
}

// halt waits for a machine booted in check mode to power itself off.
func (vm *powerVM) halt() {
	vm.t.Helper()
	done := make(chan error, 1)
	go func() { done <- vm.cmd.Wait() }()
	select {
	case err := <-done:
		vm.cmd = nil
		if err != nil {
			vm.t.Fatalf("the check boot: %v", err)
		}
	case <-time.After(3 * time.Minute):
		vm.t.Fatalf("the check boot did not power off:\n%s", vm.consoleText())
	}
	if !strings.Contains(vm.consoleText(), "tabled-vm: unmounted") {
		vm.t.Fatalf("the check boot did not unmount the disk cleanly:\n%s", vm.consoleText())
	}
}

func (vm *powerVM) consoleText() string {
	b, _ := os.ReadFile(vm.console)
	return string(b)
}

// resumed is what the boot's table said its resume cost ("resumed 812
// entries in 143ms"), or "a new session".
func (vm *powerVM) resumed() string {
	for _, line := range strings.Split(vm.consoleText(), "\n") {
		if _, r, ok := strings.Cut(line, "tabled: resumed "); ok {
			return "resumed " + strings.TrimSpace(r)
		}
	}
	return "a new session"
}

// sectorsWritten is the guest's count of 512-byte sectors written to its
// disk (/sys/block/vda/stat, the seventh field) at its last report.
func (vm *powerVM) sectorsWritten() uint64 {
	var n uint64
	for _, line := range strings.Split(vm.consoleText(), "\n") {
		if f := strings.Fields(strings.TrimPrefix(line, "tabled-vm: vda ")); strings.HasPrefix(line, "tabled-vm: vda ") && len(f) >= 7 {
			n, _ = strconv.ParseUint(f[6], 10, 64)
		}
	}
	return n
}

// logFiles copies the claim log out of the image (cleanly unmounted by a
// check boot) with debugfs, which reads ext4 without mounting it.
func (vm *powerVM) logFiles() string {
	vm.t.Helper()
	out := filepath.Join(vm.work, fmt.Sprintf("log%d", vm.boots))
	os.MkdirAll(out, 0o755)
	if b, err := exec.Command("debugfs", "-R", "rdump /log "+out, vm.image).CombinedOutput(); err != nil {
		vm.t.Fatalf("debugfs rdump: %v\n%s", err, b)
	}
	return filepath.Join(out, "log")
}

// finalLog cuts the power a last time, boots to unmount the disk
// cleanly, reads the log out of the image and checks that it reads back
// without damage or unexplained gaps and that `tabled replay` exits 0.
func (vm *powerVM) finalLog() logSummary {
	t := vm.t
	t.Helper()
	vm.cut()
	vm.boot("check")
	vm.halt()
	dir := vm.logFiles()
	sum := readLog(t, dir)
	if len(sum.damage) > 0 {
		t.Errorf("the log reads back with damage or unexplained gaps: %q", sum.damage)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", dir}, &out, &errb); code != 0 {
		t.Errorf("replay exit %d:\n%s\n%s", code, out.String(), errb.String())
	}
	return sum
}

// settledState is the table's state from its status page once nothing is
// pending, no claim window is open (a call inside its window is decided
// by the next decision, or by a revision, on either side of a restart)
// and an open tile's call deadline has passed, less what a restart changes by itself (the clock, the alerts of this
// run, the sequence number its notes took).
func settledState(t *testing.T, tab *tablet) map[string]json.RawMessage {
	t.Helper()
	// Settled: no call pending, and the same state over a second and a
	// half, twice the table's wait bound (500 ms) and more, so that an
	// input acknowledged before the first look and still held for
	// ordering has been decided in it (CI once saw a newhand answered 202
	// a moment before a look that did not have it yet). The engine's clock
	// stands still on an idle table, so the look's own clock measures it.
	const bound = 1500 * time.Millisecond
	var state map[string]json.RawMessage
	var first string
	var since time.Time
	waitUntilFor(t, "the table's pending calls decided", time.Minute, func() bool {
		resp, err := tab.client.Get(tab.base + "/api/state")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		var v struct {
			State map[string]json.RawMessage `json:"state"`
		}
		if json.NewDecoder(resp.Body).Decode(&v) != nil {
			return false
		}
		if p := string(v.State["pending"]); p != "[]" && p != "null" && p != "" {
			since = time.Time{}
			return false
		}
		// A discard stays open (for a win, until the next discard), so
		// "open" is compared, not waited out; but until its call deadline
		// a call on it could still be on time, and at the deadline what
		// the seat to draw may press changes with no press (a kan of its
		// own rather than a claim on the tile): the state is settled once
		// it has stood the deadline too. A restart's clock has moved on by
		// the time it was down, past that deadline.
		hold := bound
		var open struct {
			DeadlineMS int64 `json:"deadline_ms"`
		}
		if json.Unmarshal(v.State["open"], &open) == nil {
			hold += time.Duration(open.DeadlineMS) * time.Millisecond
		}
		for _, k := range []string{"seq", "now_ms", "alerts"} {
			delete(v.State, k)
		}
		b, _ := json.Marshal(v.State)
		if since.IsZero() || string(b) != first {
			first, since = string(b), time.Now()
			return false
		}
		state = v.State
		return time.Since(since) > hold
	})
	return state
}

// stateDiff says how two settled states differ in the fields both have,
// at any depth (a release may add fields to the status page, a seat's
// `win` among them), or "".
func stateDiff(before, after map[string]json.RawMessage) string {
	var diff []string
	for k, b := range before {
		a, ok := after[k]
		if !ok || bytes.Equal(a, b) {
			continue
		}
		var bv, av any
		if json.Unmarshal(b, &bv) != nil || json.Unmarshal(a, &av) != nil || !keptIn(bv, av) {
			diff = append(diff, fmt.Sprintf("%s: before %s, after %s", k, b, a))
		}
	}
	slices.Sort(diff)
	return strings.Join(diff, "\n")
}

// keptIn reports whether the decoded JSON value after holds before: the
// same scalars, arrays of the same length holding each element, objects
// holding each of before's keys (and perhaps more).
func keptIn(before, after any) bool {
	switch b := before.(type) {
	case map[string]any:
		a, ok := after.(map[string]any)
		if !ok {
			return false
		}
		for k, bv := range b {
			av, ok := a[k]
			if !ok || !keptIn(bv, av) {
				return false
			}
		}
		return true
	case []any:
		a, ok := after.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range b {
			if !keptIn(b[i], a[i]) {
				return false
			}
		}
		return true
	default:
		return before == after
	}
}

// TestPowerCut is the power-cut harness: `tabled run` in a virtual machine
// with a real Linux kernel and its claim log on ext4 on a virtio disk (see
// scripts/powercut/vm.sh for why the cache mode loses exactly what the
// guest never wrote out), a tablet pressing over HTTP through a forwarded
// port and a seat controller pressing over a virtual serial port. At a
// random moment the power is cut (qemu killed) and the machine booted
// again on the same disk, TABLED_POWERCUTS times. Then: every press
// answered 202 and every frame acknowledged to the controller is in the
// log, the sequence numbers are unbroken (or explained by a repair note),
// `tabled replay` exits 0, and a table cut while quiet resumes to the
// state it showed.
//
//	TABLED_POWERCUTS=100 go test -run '^TestPowerCut$' -v -timeout 3h ./cmd/tabled
func TestPowerCut(t *testing.T) {
	n := powerCuts(t)
	vm := newPowerVM(t)
	tab := newTablet(vm.addr)
	// QEMU's user network brings every forwarded connection to the guest
	// from its gateway (10.0.2.2): one client, not loopback, which the
	// table lets press 8 times a second (web's pressesPerSecond). Two
	// players who wait 300 ms after each answer make at most 6.7 a second,
	// so their presses are taken, not refused.
	tab.pace = 300 * time.Millisecond
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 28))

	ctx, stopPress := context.WithCancel(context.Background())
	var pressers sync.WaitGroup
	for i := range 2 {
		pressers.Go(func() { tab.play(ctx, rand.New(rand.NewPCG(rng.Uint64(), uint64(i)))) })
	}
	// The controller presses every 5-20 ms while the table is up; what it
	// holds unacknowledged at a cut it sends again after the boot.
	// TABLED_POWERCUT_SEAT_PRESSES=0 leaves it plugged in but idle (only
	// the presses over HTTP are checked).
	seatPresses := os.Getenv("TABLED_POWERCUT_SEAT_PRESSES") != "0"
	var tableUp atomic.Bool
	pressers.Go(func() {
		for ctx.Err() == nil {
			if seatPresses && tableUp.Load() {
				vm.dev.Press(uint8(1 + rand.IntN(2)))
			}
			time.Sleep(time.Duration(5+rand.IntN(15)) * time.Millisecond)
		}
	})
	var upTimes, cycle time.Duration
	for i := range n {
		start := time.Now()
		vm.boot("run")
		waitUntilFor(t, fmt.Sprintf("boot %d's status page", i+1), 3*time.Minute, tab.up)
		vm.plug()
		upTimes += time.Since(start)
		tableUp.Store(true)
		// The workload, not a wait: the table plays 0.2-5 s before the
		// cut, so cuts fall at every stage (during the resume, amid
		// presses, before and after the controller's clock fit).
		time.Sleep(time.Duration(200+rng.IntN(4800)) * time.Millisecond)
		tableUp.Store(false)
		vm.cut()
		cycle += time.Since(start)
		acked, sent := tab.counts()
		t.Logf("cut %d after %v (%s): %d presses acknowledged of %d answered so far", i+1, time.Since(start).Round(time.Millisecond), vm.resumed(), acked, sent)
	}
	stopPress()
	pressers.Wait()

	// A quiet table cut and booted again resumes to the state it showed;
	// the controller's last presses are taken first.
	vm.boot("run")
	waitUntilFor(t, "the quiet boot's status page", 3*time.Minute, tab.up)
	vm.plug()
	waitUntilFor(t, "the controller's queue to drain", 2*time.Minute, func() bool { return vm.dev.Unacked() == 0 })
	before := settledState(t, tab)
	vm.cut()
	vm.boot("run")
	waitUntilFor(t, "the last boot's status page", 3*time.Minute, tab.up)
	vm.plug()
	if d := stateDiff(before, settledState(t, tab)); d != "" {
		t.Errorf("the table resumed to another state after a quiet power cut:\n%s", d)
	}
	sum := vm.finalLog()
	lostWeb := sum.lost(tab.ackedSeqs())
	lostFrames, twice := sum.lostFrames(vm.dev)
	lostSerial := len(lostFrames)
	acked, sent := tab.counts()
	t.Logf("%d power cuts, %v a cut (%v of it booting): %d web presses acknowledged of %d answered (%s), %d lost; %d controller presses acknowledged, %d lost; %d repair notes",
		n, (cycle / time.Duration(n)).Round(100*time.Millisecond), (upTimes / time.Duration(n)).Round(100*time.Millisecond),
		acked, sent, tab.statuses(), len(lostWeb), len(vm.dev.Acked()), lostSerial, len(sum.repairs))
	if twice > 0 {
		t.Errorf("%d controller presses were taken twice", twice)
	}
	if len(lostWeb) > 0 || lostSerial > 0 {
		t.Errorf("acknowledged presses lost in power cuts: %d over HTTP (%v), %d over the serial link (the first: %+v)",
			len(lostWeb), lostWeb, lostSerial, lostFrames[:min(len(lostFrames), 10)])
		var logged []string
		for k, n := range sum.serial {
			logged = append(logged, fmt.Sprintf("%d@%d×%d", k[0], k[1], n))
		}
		slices.Sort(logged)
		t.Logf("controller presses in the log (channel@stamp×times): %v", logged)
	}
	if acked == 0 {
		t.Errorf("no press was acknowledged: the test proves nothing")
	}
}

// TestPowerCutLyingCard is the harness with a card that lies about fsync:
// after a power cut, the last line of the newest log file (a batch the
// table had fsynced and acknowledged) comes back as zeros, the file's
// length kept (scripts/powercut/init's lie mode). The table must start,
// show a claimlog-lost-writes alert and log a repair note whose skip
// keeps the lost numbers from being used again; every acknowledged press
// is in the log or among those numbers, and replay exits 0.
//
//	TABLED_POWERCUTS=1 go test -run PowerCutLyingCard -v ./cmd/tabled
func TestPowerCutLyingCard(t *testing.T) {
	powerCuts(t)
	vm := newPowerVM(t)
	tab := newTablet(vm.addr)
	ctx, stopPress := context.WithCancel(context.Background())
	var pressers sync.WaitGroup
	pressers.Go(func() { tab.play(ctx, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 28))) })
	defer func() {
		stopPress()
		pressers.Wait()
	}()

	vm.boot("run")
	waitUntilFor(t, "the status page", 3*time.Minute, tab.up)
	waitUntilFor(t, "20 presses acknowledged", 2*time.Minute, func() bool { acked, _ := tab.counts(); return acked >= 20 })
	vm.cut()
	vm.boot("lie")
	waitUntilFor(t, "the status page after the lie", 3*time.Minute, tab.up)
	if !strings.Contains(vm.consoleText(), "tabled-vm: the card lied") {
		t.Fatalf("the lie boot did not zero the log's last line:\n%s", vm.consoleText())
	}
	waitUntilFor(t, "a claimlog-lost-writes alert on the status page", 2*time.Minute, func() bool {
		resp, err := tab.client.Get(tab.base + "/api/state")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		var v struct {
			State struct {
				Alerts []struct{ Kind, Text string } `json:"alerts"`
			} `json:"state"`
		}
		json.NewDecoder(resp.Body).Decode(&v)
		for _, a := range v.State.Alerts {
			if a.Kind == "claimlog-lost-writes" {
				t.Logf("alert: %s", a.Text)
				return true
			}
		}
		return false
	})
	stopPress()
	pressers.Wait()
	sum := vm.finalLog()
	if !strings.Contains(strings.Join(sum.repairs, "\n"), "zero bytes") || len(sum.skips) == 0 {
		t.Errorf("no repair note skips the lost numbers: %q", sum.repairs)
	}
	lost := sum.lost(tab.ackedSeqs())
	for _, seq := range lost {
		if !sum.skipped(seq) {
			t.Errorf("acknowledged press %d is lost and its number not declared skipped: a record may have taken it", seq)
		}
	}
	acked, _ := tab.counts()
	t.Logf("a lying card: %d presses acknowledged, %d lost with the card's last write (numbers %v never used again); repair notes %q",
		acked, len(lost), sum.skips, sum.repairs)
}

// writeVolume is how long each phase of TestWriteVolume lasts:
// TABLED_WRITE_VOLUME (a Go duration); unset, the test is skipped.
func writeVolume(t *testing.T) time.Duration {
	s := os.Getenv("TABLED_WRITE_VOLUME")
	if s == "" {
		t.Skip("set TABLED_WRITE_VOLUME=60s to measure what tabled writes to its disk (in the power-cut harness's machine)")
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatalf("TABLED_WRITE_VOLUME: %v", err)
	}
	powerCuts(t) // its checks of the tools; the count is not used
	return d
}

// TestWriteVolume measures what tabled writes to its disk, as the disk
// counts it (the guest's /sys/block/vda/stat: records, fsyncs, ext4's
// journal, the lock and link state files): a phase idle, then a phase
// with a press every 250 ms over HTTP, each TABLED_WRITE_VOLUME long,
// and extrapolates to an hour of play. docs/power-cuts.md has the
// figures and what they mean for an SD card.
//
//	TABLED_POWERCUTS=1 TABLED_WRITE_VOLUME=120s go test -run WriteVolume -v ./cmd/tabled
func TestWriteVolume(t *testing.T) {
	phase := writeVolume(t)
	vm := newPowerVM(t)
	tab := newTablet(vm.addr)
	tab.pace = 250 * time.Millisecond
	vm.boot("run")
	waitUntilFor(t, "the status page", 3*time.Minute, tab.up)
	// The counters start once the boot's own writes (the session note,
	// the reserve file) are done and reported.
	time.Sleep(3 * time.Second) // the guest reports its counters every second: a fresh report, not a wait on tabled
	s0 := vm.sectorsWritten()
	time.Sleep(phase) // the idle phase is this long: the measurement's window
	s1 := vm.sectorsWritten()
	ctx, stop := context.WithTimeout(context.Background(), phase)
	tab.play(ctx, rand.New(rand.NewPCG(1, 28)))
	stop()
	time.Sleep(3 * time.Second) // a report after the last press
	s2 := vm.sectorsWritten()
	acked, _ := tab.counts()
	if acked == 0 || s2 <= s1 {
		t.Fatalf("nothing measured: %d presses acknowledged, sectors %d, %d, %d", acked, s0, s1, s2)
	}
	idle := float64(s1-s0) * 512 / phase.Seconds()
	perPress := (float64(s2-s1)*512 - idle*(phase.Seconds()+3)) / float64(acked)
	t.Logf("idle: %.0f bytes/s written (%d sectors in %v); playing: %d presses acknowledged in %v, %d sectors: %.0f bytes a press beyond idle",
		idle, s1-s0, phase, acked, phase, s2-s1, perPress)
	for _, rate := range []int{600, 1200, 3600} {
		perHour := idle*3600 + perPress*float64(rate)
		t.Logf("at %d presses an hour: %.1f MB an hour, %.2f GB a year of 4 h a day, 365 days", rate, perHour/1e6, perHour*4*365/1e9)
	}
}
