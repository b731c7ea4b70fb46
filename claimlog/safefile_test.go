package claimlog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLinksInTheLogDirRefused: symbolic links planted in the log directory
// under the lock's and the reserve's names (another user's doing, in a
// directory it can reach) are refused: the files they point at are
// neither written, truncated nor grown.
func TestLinksInTheLogDirRefused(t *testing.T) {
	for _, name := range []string{lockName, reserveName} {
		t.Run(name, func(t *testing.T) {
			dir, elsewhere := t.TempDir(), t.TempDir()
			victim := filepath.Join(elsewhere, "victim")
			if err := os.WriteFile(victim, []byte("someone else's file\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(victim, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
			w, err := Open(dir, Options{Reserve: 64 << 10})
			if err == nil {
				w.Close()
				t.Fatalf("Open took a log directory whose %s is a link", name)
			}
			if !strings.Contains(err.Error(), "symbolic link") {
				t.Errorf("Open: %v, want it to say a symbolic link was refused", err)
			}
			if b, _ := os.ReadFile(victim); string(b) != "someone else's file\n" {
				t.Errorf("the file the link points at was changed: %q", b)
			}
		})
	}
}

// TestHardLinkRefused: a hard link planted as the lock is refused too.
func TestHardLinkRefused(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("x\n"), 0o644)
	if err := os.Link(victim, filepath.Join(dir, lockName)); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	if w, err := Open(dir, Options{}); err == nil {
		w.Close()
		t.Fatal("Open took a lock that is a hard link to another file")
	}
}

// TestLogDirMustBeOwn: a log directory others may write in is refused with
// the reason; the daemon's own is taken.
func TestLogDirMustBeOwn(t *testing.T) {
	for _, tc := range []struct {
		mode os.FileMode
		ok   bool
	}{{0o700, true}, {0o755, true}, {0o750, true}, {0o775, false}, {0o777, false}, {0o1777, false}} {
		dir := filepath.Join(t.TempDir(), "log")
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, tc.mode); err != nil {
			t.Fatal(err)
		}
		w, err := Open(dir, Options{})
		if err == nil {
			w.Close()
		}
		if (err == nil) != tc.ok {
			t.Errorf("a log directory of mode %v: %v, want taken %v", tc.mode, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "writable by its group or by others") {
			t.Errorf("mode %v refused without the reason: %v", tc.mode, err)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("giving a directory to another user needs root")
	}
	dir := filepath.Join(t.TempDir(), "log")
	os.Mkdir(dir, 0o755)
	if err := os.Chown(dir, 12345, 12345); err != nil {
		t.Fatal(err)
	}
	if w, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "belongs to user 12345") {
		if w != nil {
			w.Close()
		}
		t.Errorf("a log directory of another user: %v, want refused naming its owner", err)
	}
}
