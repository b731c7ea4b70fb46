package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/hw/fwsim"
	"golang.org/x/sys/unix"
)

// seatDevice is a seat and tile-reader controller a test drives: the Go
// simulator (hw/fwsim) or the real firmware run cycle-accurately in
// simavr (firmware/harness). One test body drives both, so the simulator
// and the firmware are held to one behaviour.
type seatDevice interface {
	// Port is the path for [serial] path; it survives replugs.
	Port() string
	// Press presses channel ch for hold and returns the host time
	// (monoClock) of its first edge.
	Press(t *testing.T, ch int, hold time.Duration) time.Duration
	// PressTogether presses every channel in chs at one instant of the
	// device's time for hold: two players' calls together, however long a
	// loaded machine takes between two commands.
	PressTogether(t *testing.T, hold time.Duration, chs ...int)
	// Tile lays a tag on reader for gone (0: it stays).
	Tile(t *testing.T, uid []byte, reader int, gone time.Duration)
	// Reboot is a power cycle behind a port that stays open.
	Reboot(t *testing.T)
	// Hang hangs the device's main loop: its watchdog must bring it back.
	Hang(t *testing.T)
	// Unplug pulls the cable for d; the device goes on stamping presses.
	Unplug(t *testing.T, d time.Duration)
	// Garbage puts n bytes of line noise on the device's wire to the host
	// (the harness: also into the firmware's receiver).
	Garbage(t *testing.T, n int)
	// Light is the colour light ch shows (the simulator: the colour the
	// host last commanded), 0 for off.
	Light(t *testing.T, ch int) uint32
	// Blink is the colour light ch shows when lit and how it blinks:
	// steady, slow, fast, double (the simulator: as commanded).
	Blink(t *testing.T, ch int) (lit uint32, blink string)
	// Unacked is how many events wait for the host's acknowledgement.
	Unacked(t *testing.T) int
	// Acked counts the events the host acknowledged in this boot (up to
	// 254: the firmware's seq less its queue).
	Acked(t *testing.T) int
	// BootID is the device's boot id now.
	BootID(t *testing.T) uint32
}

// monoClock is CLOCK_MONOTONIC: the clock the harness stamps its edges on,
// made the table's clock (tableClock) for these tests.
func monoClock() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		panic(err)
	}
	return time.Duration(ts.Nano())
}

// simDevice is the Go simulator behind a pty whose symlink survives replugs.
type simDevice struct {
	dev  *fwsim.Device
	plug *fwsim.Plug
	mu   sync.Mutex
}

func newSimDevice(t *testing.T) seatDevice {
	dev := fwsim.New(fwsim.Config{Clock: monoClock, Latency: time.Millisecond, Jitter: 500 * time.Microsecond,
		DriftPPM: 80, BootID: 1, DeviceID: 0x2a, Buttons: 30, Readers: 2, Literal: true})
	s := &simDevice{dev: dev, plug: &fwsim.Plug{Dev: dev, Link: filepath.Join(t.TempDir(), "seat")}}
	if err := s.plug.Plug(io.Discard); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.plug.Unplug()
	})
	return s
}

func (s *simDevice) Port() string { return s.plug.Link }

func (s *simDevice) Press(t *testing.T, ch int, hold time.Duration) time.Duration {
	at := s.dev.Press(uint8(ch))
	time.AfterFunc(hold, func() { s.dev.Release(uint8(ch)) })
	return at
}

func (s *simDevice) PressTogether(t *testing.T, hold time.Duration, chs ...int) {
	at := monoClock()
	for _, ch := range chs {
		s.dev.PressAgo(uint8(ch), monoClock()-at)
		time.AfterFunc(hold, func() { s.dev.Release(uint8(ch)) })
	}
}

func (s *simDevice) Tile(t *testing.T, uid []byte, reader int, gone time.Duration) {
	s.dev.PlaceTile(uint8(reader), uid)
	if gone > 0 {
		time.AfterFunc(gone, func() { s.dev.RemoveTile(uint8(reader), uid) })
	}
}

func (s *simDevice) Reboot(t *testing.T) { s.dev.Reboot() }

// Hang is what the firmware's watchdog makes of a hung loop: deaf for
// its 250 ms, then a new boot that says why.
func (s *simDevice) Hang(t *testing.T) {
	s.dev.Deaf(250 * time.Millisecond)
	time.AfterFunc(250*time.Millisecond, func() {
		s.dev.Reboot()
		if err := s.dev.Report(0, "watchdog reset"); err != nil {
			t.Error(err)
		}
	})
}

func (s *simDevice) Unplug(t *testing.T, d time.Duration) {
	s.mu.Lock()
	s.plug.Unplug()
	s.mu.Unlock()
	time.AfterFunc(d, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if err := s.plug.Plug(io.Discard); err != nil {
			t.Errorf("replug: %v", err)
		}
	})
}

func (s *simDevice) Garbage(t *testing.T, n int) {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*73 + 11)
	}
	s.dev.Inject(b)
}

func (s *simDevice) Light(t *testing.T, ch int) uint32 {
	l, ok := s.dev.LED(uint8(ch))
	if !ok {
		return 0
	}
	return uint32(l.R)<<16 | uint32(l.G)<<8 | uint32(l.B)
}

func (s *simDevice) Blink(t *testing.T, ch int) (uint32, string) {
	l, _ := s.dev.LED(uint8(ch))
	return s.Light(t, ch), [...]string{"steady", "slow", "fast", "double"}[min(int(l.Pattern), 3)]
}

func (s *simDevice) Unacked(t *testing.T) int { return s.dev.Unacked() }

func (s *simDevice) Acked(t *testing.T) int { return len(s.dev.Acked()) }

func (s *simDevice) BootID(t *testing.T) uint32 { return s.dev.BootID() }

// harnessDevice is the firmware in simavr, driven on its control port.
type harnessDevice struct {
	port string
	conn net.Conn
	rd   *bufio.Reader
	mu   sync.Mutex
}

// firmwareBuild builds the firmware and its harness once per test binary:
// make -C firmware (avr-gcc) and make -C firmware harness (libsimavr).
// TABLED_SEAT_ELF and TABLED_SEAT_HARNESS name prebuilt ones.
var firmwareBuild = sync.OnceValues(func() (firmwareFiles, error) {
	f := firmwareFiles{os.Getenv("TABLED_SEAT_ELF"), os.Getenv("TABLED_SEAT_HARNESS")}
	if f.elf != "" && f.harness != "" {
		return f, nil
	}
	for _, tool := range []string{"avr-gcc", "make", "cc", "pkg-config"} {
		if _, err := exec.LookPath(tool); err != nil {
			return f, fmt.Errorf("no %s", tool)
		}
	}
	if _, err := os.Stat("/usr/include/simavr/sim_avr.h"); err != nil {
		return f, fmt.Errorf("no libsimavr-dev headers")
	}
	dir, err := filepath.Abs("../../firmware")
	if err != nil {
		return f, err
	}
	out, err := exec.Command("make", "-s", "-C", dir, "all", "harness").CombinedOutput()
	if err != nil {
		return f, fmt.Errorf("make -C firmware all harness: %v\n%s", err, out)
	}
	return firmwareFiles{filepath.Join(dir, "build", "tabled-seat.elf"), filepath.Join(dir, "build", "seat-harness")}, nil
})

// firmwareFiles are the firmware's ELF and the harness that runs it.
type firmwareFiles struct{ elf, harness string }

func newHarnessDevice(t *testing.T) seatDevice {
	fw, err := firmwareBuild()
	if err != nil {
		t.Skipf("the seat firmware under simavr needs avr-gcc, avr-libc, simavr, libsimavr-dev and libelf-dev (.ci/run installs them): %v", err)
	}
	h := &harnessDevice{port: filepath.Join(t.TempDir(), "seat")}
	control := freeAddr(t)
	cmd := exec.Command(fw.harness, "--link", h.port, "--control", control, "--ppm", "80", "--device-id", "2a",
		"--chips", "3", "--readers", "2", fw.elf)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("seat-harness stderr:\n%s", stderr.String())
		}
	})
	// simavr says what it loaded first.
	out := bufio.NewReader(stdout)
	line, err := out.ReadString('\n')
	for err == nil && !strings.HasPrefix(line, "seat-harness: controller on ") {
		line, err = out.ReadString('\n')
	}
	if err != nil {
		t.Fatalf("seat-harness did not start: %v %s", err, stderr.String())
	}
	go io.Copy(io.Discard, out)
	t.Log(strings.TrimSpace(line))
	if h.conn, err = net.Dial("tcp", control); err != nil {
		t.Fatal(err)
	}
	h.rd = bufio.NewReader(h.conn)
	t.Cleanup(func() { h.conn.Close() })
	return h
}

// do sends one command and decodes its JSON answer into v (if not nil).
func (h *harnessDevice) do(t *testing.T, v any, format string, args ...any) {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	line := fmt.Sprintf(format, args...)
	if _, err := fmt.Fprintln(h.conn, line); err != nil {
		t.Fatalf("seat-harness %q: %v", line, err)
	}
	h.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	answer, err := h.rd.ReadBytes('\n')
	if err != nil {
		t.Fatalf("seat-harness %q: %v", line, err)
	}
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(answer, &e); e.Error != "" {
		t.Fatalf("seat-harness %q: %s", line, e.Error)
	}
	if v != nil {
		if err := json.Unmarshal(answer, v); err != nil {
			t.Fatalf("seat-harness %q: %v: %s", line, err, answer)
		}
	}
}

func (h *harnessDevice) Port() string { return h.port }

func (h *harnessDevice) Press(t *testing.T, ch int, hold time.Duration) time.Duration {
	var a struct {
		EdgeUS int64 `json:"edge_us"`
	}
	h.do(t, &a, "press %d hold=%d", ch, hold.Milliseconds())
	return time.Duration(a.EdgeUS) * time.Microsecond
}

func (h *harnessDevice) PressTogether(t *testing.T, hold time.Duration, chs ...int) {
	list := make([]string, len(chs))
	for i, ch := range chs {
		list[i] = strconv.Itoa(ch)
	}
	h.do(t, nil, "press %s hold=%d", strings.Join(list, ","), hold.Milliseconds())
}

func (h *harnessDevice) Tile(t *testing.T, uid []byte, reader int, gone time.Duration) {
	h.do(t, nil, "tile %X reader=%d gone=%d", uid, reader, gone.Milliseconds())
}

func (h *harnessDevice) Reboot(t *testing.T) { h.do(t, nil, "reboot") }

func (h *harnessDevice) Hang(t *testing.T) {
	var a struct {
		After int64 `json:"watchdog_reset_after_us"`
	}
	h.do(t, &a, "mute 2000")
	t.Logf("the watchdog reset the hung firmware after %v", time.Duration(a.After)*time.Microsecond)
}

func (h *harnessDevice) Unplug(t *testing.T, d time.Duration) {
	h.do(t, nil, "unplug %d", d.Milliseconds())
}

func (h *harnessDevice) Garbage(t *testing.T, n int) { h.do(t, nil, "garbage %d", n) }

// harnessState is the harness's `state` answer.
type harnessState struct {
	BootID     uint32 `json:"boot_id"`
	Unacked    int    `json:"unacked"`
	Seq        int    `json:"seq"`
	Watchdog   int    `json:"watchdog_resets"`
	StackFree  int    `json:"stack_free"`
	LagMaxUS   int64  `json:"lag_max_us"`
	LagRecent  int64  `json:"lag_recent_us"`
	DeviceUS   int64  `json:"device_us"`
	Plugged    bool   `json:"plugged"`
	Resets     int    `json:"resets"`
	RebootsCmd int    `json:"reboots"`
}

func (h *harnessDevice) state(t *testing.T) harnessState {
	var s harnessState
	h.do(t, &s, "state")
	return s
}

func (h *harnessDevice) Unacked(t *testing.T) int { return h.state(t).Unacked }

func (h *harnessDevice) BootID(t *testing.T) uint32 { return h.state(t).BootID }

func (h *harnessDevice) Acked(t *testing.T) int {
	s := h.state(t)
	return s.Seq - s.Unacked
}

// harnessLight is one channel of the harness's `lights` answer.
type harnessLight struct {
	Ch      int    `json:"ch"`
	RGB     string `json:"rgb"`
	Lit     string `json:"lit"`
	Blink   string `json:"blink"`
	Changes []struct {
		US  int64  `json:"us"`
		RGB string `json:"rgb"`
	} `json:"changes"`
}

func (h *harnessDevice) lights(t *testing.T) map[int]harnessLight {
	var a struct {
		Lights []harnessLight `json:"lights"`
	}
	h.do(t, &a, "lights")
	m := map[int]harnessLight{}
	for _, l := range a.Lights {
		m[l.Ch] = l
	}
	return m
}

func (h *harnessDevice) Light(t *testing.T, ch int) uint32 {
	return parseRGB(h.lights(t)[ch].RGB)
}

func (h *harnessDevice) Blink(t *testing.T, ch int) (uint32, string) {
	l := h.lights(t)[ch]
	return parseRGB(l.Lit), l.Blink
}

// parseRGB is a colour the harness wrote as RRGGBB hex, 0 if none.
func parseRGB(s string) uint32 {
	rgb, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0
	}
	return uint32(rgb)
}
