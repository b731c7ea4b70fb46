package main

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// cardWrites is how long each phase of TestCardWrites lasts:
// TABLED_CARD_WRITES (a Go duration); unset, the test is skipped.
func cardWrites(t *testing.T) time.Duration {
	s := os.Getenv("TABLED_CARD_WRITES")
	if s == "" {
		t.Skip("set TABLED_CARD_WRITES=60s (as root) to measure what tabled run --sim writes to a loop-mounted ext4")
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatalf("TABLED_CARD_WRITES: %v", err)
	}
	if os.Geteuid() != 0 {
		t.Skip("TestCardWrites needs root: it sets up a loop device and mounts it")
	}
	for _, tool := range []string{"findmnt", "mkfs.ext4", "mount", "umount", "sync"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found", tool)
		}
	}
	return d
}

// loopExt4 makes a fresh ext4 of 4 KiB blocks on a loop device, as a Pi's
// card is formatted, mounts it with the default options and returns the
// device's name (loopN) and the mount point. Its inode tables and journal
// are written at mkfs, so the kernel's lazy initialisation does not write
// into the measurement.
func loopExt4(t *testing.T) (dev, mnt string) {
	t.Helper()
	run := func(name string, args ...string) string {
		t.Helper()
		out, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	work := t.TempDir()
	img := filepath.Join(work, "card.img")
	run("truncate", "-s", "512M", img)
	run("mkfs.ext4", "-q", "-F", "-b", "4096", "-E", "lazy_itable_init=0,lazy_journal_init=0", img)
	mnt = filepath.Join(work, "mnt")
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	// mount sets the loop device up itself, and lets it go at umount.
	run("mount", "-t", "ext4", "-o", "loop", img, mnt)
	t.Cleanup(func() {
		if out, err := exec.Command("umount", mnt).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v\n%s", mnt, err, out)
		}
	})
	dev = run("findmnt", "-n", "-o", "SOURCE", mnt)
	return filepath.Base(dev), mnt
}

// loopSectors is the device's count of 512-byte sectors written (the
// seventh field of /sys/block/loopN/stat), after sync has written out
// everything the kernel held dirty for the file system at mnt: what a
// card would be sent sooner or later is counted now.
func loopSectors(t *testing.T, dev, mnt string) uint64 {
	t.Helper()
	if out, err := exec.Command("sync", "-f", mnt).CombinedOutput(); err != nil {
		t.Fatalf("sync: %v\n%s", err, out)
	}
	b, err := os.ReadFile("/sys/block/" + dev + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b))
	if len(f) < 7 {
		t.Fatalf("/sys/block/%s/stat: %q", dev, b)
	}
	n, err := strconv.ParseUint(f[6], 10, 64)
	if err != nil {
		t.Fatalf("/sys/block/%s/stat: %v", dev, err)
	}
	return n
}

// TestCardWrites measures what tabled run --sim writes to its card, as the
// block device counts it: its cache directory (the claim log, the lock
// and the reserve, everything the simulated table keeps) on a fresh ext4
// of 4 KiB blocks on a loop device. A phase idle, then a phase of presses
// over HTTP, one at a time, each acknowledged before the next, 4 a second
// at most; the idle rate is taken off the presses' figure. It needs root.
// TABLED_CARD_WRITES_BIN names another build to measure (the one before a
// change). docs/performance.md has the figures.
//
//	sudo TABLED_CARD_WRITES=60s go test -count=1 -run '^TestCardWrites$' -v ./cmd/tabled
func TestCardWrites(t *testing.T) {
	phase := cardWrites(t)
	bin := os.Getenv("TABLED_CARD_WRITES_BIN")
	if bin == "" {
		bin = buildTabled(t)
	}
	dev, mnt := loopExt4(t)
	addr := freeAddr(t)
	cmd := exec.Command(bin, "run", "--sim", "--listen", addr)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+mnt)
	stdin, err := cmd.StdinPipe() // the simulated seats' terminal, kept open
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var out syncBuffer
	startLogged(t, cmd, &out)
	tab := newTablet(addr)
	tab.pace = 250 * time.Millisecond
	waitUntilFor(t, "the status page", time.Minute, tab.up)
	// The start's own writes (the session note, the reserve file, the
	// first reads' access times) are counted before the window: the
	// table settles, then sync writes out what it left dirty.
	time.Sleep(10 * time.Second) // settling before the measurement's window, not a wait on tabled
	s0 := loopSectors(t, dev, mnt)
	t0 := time.Now()
	time.Sleep(phase) // the idle phase is this long: the measurement's window
	s1 := loopSectors(t, dev, mnt)
	idleFor := time.Since(t0)
	t1 := time.Now()
	ctx, stop := context.WithTimeout(context.Background(), phase)
	tab.play(ctx, rand.New(rand.NewPCG(1, 28)))
	stop()
	s2 := loopSectors(t, dev, mnt)
	playFor := time.Since(t1)
	acked, sent := tab.counts()
	if acked == 0 || s2 <= s1 {
		t.Fatalf("nothing measured: %d presses acknowledged of %d, sectors %d, %d, %d\n%s", acked, sent, s0, s1, s2, out.String())
	}
	idle := float64(s1-s0) * 512 / idleFor.Seconds()
	perPress := (float64(s2-s1)*512 - idle*playFor.Seconds()) / float64(acked)
	t.Logf("%s: idle %.0f bytes/s (%d sectors in %v), %.2f MB an hour; playing: %d presses acknowledged of %d (%s) in %v, %.1f a second, %d sectors: %.0f bytes (%.1f KiB) a press beyond idle",
		bin, idle, s1-s0, idleFor.Round(time.Millisecond), idle*3600/1e6, acked, sent, tab.statuses(), playFor.Round(time.Millisecond),
		float64(acked)/playFor.Seconds(), s2-s1, perPress, perPress/1024)
	if os.Getenv("TABLED_CARD_WRITES_BIN") == "" {
		// This build's promise (docs/performance.md): near the floor of
		// one 4 KiB block a press, nothing much while idle.
		if perPress > 8<<10 {
			t.Errorf("%.0f bytes written a press: more than 8 KiB", perPress)
		}
		if idle*3600 > 0.5e6 {
			t.Errorf("%.0f bytes an hour written idle: more than 0.5 MB", idle*3600)
		}
	}
}
