package main

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// unitName is the installed unit whose ExecStart and User the upgrade
// test runs the daemon with, as systemd would.
const unitName = "/usr/lib/systemd/system/tabled.service"

// unitCommand is the unit's ExecStart, with extra arguments, run as its
// User. There is no systemd where the test runs (a container, CI):
// setpriv drops to the user as the unit's User= does.
func unitCommand(t *testing.T, extra ...string) *exec.Cmd {
	t.Helper()
	user, start := unitExec(t)
	return asUser(user, append(start, extra...)...)
}

// unitExec reads the installed unit's User and ExecStart.
func unitExec(t *testing.T) (user string, start []string) {
	t.Helper()
	f, err := os.Open(unitName)
	if err != nil {
		t.Fatalf("the installed unit: %v", err)
	}
	defer f.Close()
	user = "root"
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), "=")
		switch k {
		case "ExecStart":
			start = strings.Fields(v)
		case "User":
			user = v
		}
	}
	if len(start) == 0 {
		t.Fatalf("%s has no ExecStart", unitName)
	}
	return user, start
}

func asUser(user string, args ...string) *exec.Cmd {
	return exec.Command("setpriv", append([]string{"--reuid=" + user, "--regid=" + user, "--init-groups", "--"}, args...)...)
}

// TestUpgradeMidGame installs the previous release's package, runs its
// daemon as the unit does and plays; installs the new package over it
// while presses come in; then restarts the daemon as the package's
// postinst has systemd do, and checks that the new binary resumes the
// session at the state the old one showed, that every press either
// acknowledged is in the log, and that the new build replays the log the
// two wrote (the same decisions). It installs packages, so it runs only
// from packaging/upgrade-test.sh, which builds both packages and names
// them in TABLED_UPGRADE ("previous.deb new.deb").
//
// The daemon runs with --sim added to the unit's command line: the
// status page's virtual seat buttons are how the test presses.
func TestUpgradeMidGame(t *testing.T) {
	debs := strings.Fields(os.Getenv("TABLED_UPGRADE"))
	if len(debs) != 2 {
		t.Skip("packaging/upgrade-test.sh runs it (as root: it installs packages)")
	}
	install := func(deb string) {
		t.Helper()
		cmd := exec.Command("apt-get", "install", "-y", "-qq", "--allow-downgrades", "-o", "DPkg::Lock::Timeout=300", "-o", "Dpkg::Options::=--force-confold", deb)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("install %s: %v\n%s", deb, err, out)
		}
	}
	exec.Command("dpkg", "--purge", "tabled").Run()
	t.Cleanup(func() { exec.Command("dpkg", "--purge", "tabled").Run() })
	install(debs[0])
	oldVersion, _ := exec.Command("/usr/bin/tabled", "version").Output()

	// The admin's configuration: a table with no hardware on this machine.
	addr := freeAddr(t)
	cfg := fmt.Sprintf("[table]\nname = \"upgrade\"\n[log]\ndir = \"/var/lib/tabled/log\"\n[web]\nlisten = %q\n", addr)
	if err := os.WriteFile("/etc/tabled/tabled.toml", []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}

	var out syncBuffer
	start := func() *exec.Cmd { return startLogged(t, unitCommand(t, "--sim"), &out) }
	stop := func(cmd *exec.Cmd) {
		t.Helper()
		cmd.Process.Signal(syscall.SIGTERM) // systemd's KillSignal
		if err := cmd.Wait(); err != nil {
			t.Fatalf("the daemon stopped with %v:\n%s", err, out.String())
		}
	}
	tab := newTablet(addr)
	tab.pace = 5 * time.Millisecond
	var wg sync.WaitGroup
	play := func() context.CancelFunc {
		ctx, cancel := context.WithCancel(context.Background())
		wg.Go(func() { tab.play(ctx, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 28))) })
		return func() { cancel(); wg.Wait() }
	}
	ackedAtLeast := func(n int) func() bool {
		return func() bool { a, _ := tab.counts(); return a >= n }
	}

	daemon := start()
	waitUntil(t, "the previous release's daemon", tab.up)
	pause := play()
	waitUntil(t, "50 presses acknowledged by the previous release", ackedAtLeast(50))
	// The new package goes in while the old daemon plays on (dpkg
	// replaces the binary under it).
	install(debs[1])
	newVersion, _ := exec.Command("/usr/bin/tabled", "version").Output()
	if string(newVersion) == string(oldVersion) {
		t.Fatalf("the upgrade left the version at %s", oldVersion)
	}
	acked, _ := tab.counts()
	waitUntil(t, "presses acknowledged after the install", ackedAtLeast(acked+20))
	pause()
	before := settledState(t, tab)

	// postinst's restart of the unit: the old daemon stopped, the new
	// binary started on the same log.
	stop(daemon)
	daemon = start()
	waitUntil(t, "the new release's daemon", tab.up)
	if !strings.Contains(out.String(), "tabled: resuming the session of record") {
		t.Errorf("the new release did not resume the session:\n%s", out.String())
	}
	if d := stateDiff(before, settledState(t, tab)); d != "" {
		t.Errorf("the new release resumed to another state:\n%s", d)
	}
	pause = play()
	acked, _ = tab.counts()
	waitUntil(t, "50 presses acknowledged by the new release", ackedAtLeast(acked+50))
	pause()
	stop(daemon)

	sum := readLog(t, "/var/lib/tabled/log")
	if len(sum.damage) > 0 {
		t.Errorf("the log reads back with damage: %q", sum.damage)
	}
	if lost := sum.lost(tab.ackedSeqs()); len(lost) > 0 {
		t.Errorf("acknowledged presses lost in the upgrade: %v", lost)
	}
	// The new build replays what both wrote: the old release's decisions
	// come out the same.
	user, _ := unitExec(t)
	if b, err := asUser(user, "/usr/bin/tabled", "replay", "--config", "/etc/tabled/tabled.toml").CombinedOutput(); err != nil {
		t.Errorf("the new release's replay: %v\n%s", err, b)
	}
	acked, sent := tab.counts()
	t.Logf("upgrade %s -> %s mid-game: %d presses acknowledged of %d answered, none lost; %d outcomes; the session resumed at the same state and replays",
		strings.TrimSpace(string(oldVersion)), strings.TrimSpace(string(newVersion)), acked, sent, sum.outcomes)
}
