package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/doctor"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/hw/nfc"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// TestDoctorAllWell runs `tabled doctor` on a table whose every part is
// there: a GPIO button (a periph fake), a controller with a reader on a
// pty (hw/fwsim), a whole tile set, a writable log directory, a free port,
// a synchronised clock and a unit that lets the devices through. Every
// line is ok and the exit status is 0; one missing part makes it 1.
func TestDoctorAllWell(t *testing.T) {
	pin := &gpiotest.Pin{N: "DOCTOR_GPIO5", Num: -1}
	if err := gpioreg.Register(pin); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gpioreg.Unregister(pin.Name()) })

	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	serial := filepath.Join(dir, "usb-tabled_seats-if00")
	os.Symlink(slave.Name(), serial)
	slave.Close()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { fwsim.New(fwsim.Config{DeviceID: 7}).Serve(ctx, master); close(served) }()
	t.Cleanup(func() { cancel(); <-served; master.Close() })

	var reg nfc.Registry
	for i, tile := range nfc.EnrolmentOrder(false) {
		reg.Add([]byte{4, 0, byte(i), 1}, tile)
	}
	tiles := filepath.Join(dir, "tiles.txt")
	if err := reg.Save(tiles); err != nil {
		t.Fatal(err)
	}
	logDir := filepath.Join(dir, "log")
	os.Mkdir(logDir, 0o755)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	// The repository's unit, with a drop-in for the test's pty.
	unit := filepath.Join(dir, "tabled.service")
	b, _ := os.ReadFile("../../systemd/tabled.service")
	os.WriteFile(unit, b, 0o644)
	os.Mkdir(unit+".d", 0o755)
	os.WriteFile(filepath.Join(unit+".d", "pty.conf"), []byte("[Service]\nDeviceAllow=char-pts rw\n"), 0o644)

	cfg := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfg, []byte(fmt.Sprintf(`
[log]
dir = %q
[web]
listen = %q
[[button]]
seat = 0
call = "pon"
pin = "DOCTOR_GPIO5"
[serial]
path = %q
[nfc]
reader = "serial"
registry = %q
`, logDir, addr, serial, tiles)), 0o644)

	saved := doctorMachine
	t.Cleanup(func() { doctorMachine = saved })
	doctorMachine = doctor.System()
	doctorMachine.Units = []string{unit}
	doctorMachine.ClockSynced = func() (bool, error) { return true, nil }
	doctorMachine.GroupExists = func(string) bool { return true }
	doctorMachine.MinFree = 1

	var out, errb bytes.Buffer
	code := run([]string{"doctor", "--config", cfg}, &out, &errb)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "ok ") {
			t.Errorf("not ok: %s", l)
		}
	}
	for _, item := range []string{"config", "rules: ema2016 follows the EMA Riichi Competition Rules 2016", "gpio DOCTOR_GPIO5", "serial " + serial, "tiles", "reader", "log dir", "claim log lock", "web", "clock", "unit"} {
		if !strings.Contains(out.String(), "ok    "+item) {
			t.Errorf("no line for %s", item)
		}
	}
	if code != 0 || len(lines) != 11 {
		t.Fatalf("exit %d, %d lines:\n%s%s", code, len(lines), out.String(), errb.String())
	}

	// In French: every line in its words, the system's own (paths,
	// errors) as they are.
	out.Reset()
	code = run([]string{"doctor", "--lang", "fr", "--config", cfg}, &out, &errb)
	for _, want := range []string{"ok    config : " + cfg + " se lit", "ok    gpio DOCTOR_GPIO5 : bouton pon du siège 0 : présente et libre",
		"ok    tuiles : " + tiles + " : les 136 tuiles, sans cinq rouges", "ok    lecteur : le contrôleur série a 1 lecteur(s) de tuiles",
		"ok    horloge : synchronisée", "ok    unité : " + unit + " laisse passer",
		"ok    règles : ema2016 suit les EMA Riichi Competition Rules 2016 (fenêtre 250 ms, délai d'appel 3 s)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no line %q in French:\n%s", want, out.String())
		}
	}
	if n := len(strings.Split(strings.TrimSpace(out.String()), "\n")); code != 0 || n != 11 {
		t.Errorf("in French: exit %d, %d lines", code, n)
	}

	doctorMachine.ClockSynced = func() (bool, error) { return false, nil }
	out.Reset()
	if code := run([]string{"doctor", "--config", cfg}, &out, &errb); code != 1 || !strings.Contains(out.String(), "FAIL  clock: not synchronised") {
		t.Errorf("an unsynchronised clock: exit %d\n%s", code, out.String())
	}
	out.Reset()
	if code := run([]string{"doctor", "--lang", "fr", "--config", cfg}, &out, &errb); code != 1 || !strings.Contains(out.String(), "ÉCHEC horloge : pas synchronisée ; correction : un Pi n'a pas d'horloge temps réel") {
		t.Errorf("an unsynchronised clock in French: exit %d\n%s", code, out.String())
	}
	if code := run([]string{"doctor", "--lang", "xx", "--config", cfg}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `--lang "xx"`) {
		t.Errorf("--lang xx: exit %d, %s", code, errb.String())
	}
}

// TestDoctorBinaryBadConfig runs the real binary on a config with a typo:
// one line naming the line, exit status 1.
func TestDoctorBinaryBadConfig(t *testing.T) {
	bin := buildTabled(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfg, []byte("[table]\nwindw = \"250ms\"\n"), 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "doctor", "--config", cfg).Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit: %v\n%s", err, out)
	}
	if want := `FAIL  config: config: ` + cfg + `: line 2: unknown key "table.windw"`; !strings.HasPrefix(string(out), want) {
		t.Errorf("got %q, want it to start %q", out, want)
	}
}

// TestDoctorNoConfig: with no file where --config points, doctor says there
// is none and how to get one, not "correct the line named".
func TestDoctorNoConfig(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "tabled.toml")
	var out, errb bytes.Buffer
	if code := run([]string{"doctor", "--config", missing}, &out, &errb); code != 1 ||
		!strings.Contains(out.String(), "there is no configuration there") || strings.Contains(out.String(), "correct the line") {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errb.String())
	}
}

// TestDoctorMissingLogDir is `tabled doctor` as an organiser met it (issue
// 31: a log directory not made yet was "not writable"): on a config whose
// log directory does not exist yet under a writable parent, the log dir's
// line is ok and says tabled makes it at start; under a parent tabled
// cannot write, it fails and names that parent.
func TestDoctorMissingLogDir(t *testing.T) {
	dir := t.TempDir()
	doctorSays := func(logDir string) string {
		t.Helper()
		cfg := filepath.Join(dir, "tabled.toml")
		os.WriteFile(cfg, []byte(fmt.Sprintf("[log]\ndir = %q\n", logDir)), 0o644)
		var out, errb bytes.Buffer
		run([]string{"doctor", "--config", cfg}, &out, &errb)
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.Contains(line, "log dir "+logDir) {
				return line
			}
		}
		t.Fatalf("no line on the log dir %s:\n%s%s", logDir, out.String(), errb.String())
		return ""
	}
	missing := filepath.Join(dir, "tabled", "log")
	if line := doctorSays(missing); !strings.HasPrefix(line, "ok") || !strings.Contains(line, "does not exist yet: tabled makes it at start") || strings.Contains(line, "not writable") {
		t.Errorf("a log dir not made yet: %q", line)
	}
	if os.Geteuid() != 0 { // root writes anywhere
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o555)
		if line := doctorSays(filepath.Join(ro, "log")); !strings.HasPrefix(line, "FAIL") || !strings.Contains(line, ro+" is not writable") {
			t.Errorf("a log dir under a read-only parent: %q", line)
		}
	}
}
