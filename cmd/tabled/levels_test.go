package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestJournalDetectedByJournalStream runs the real binary with stderr on a
// file, as systemd runs it with stderr on the journal's socket: with
// JOURNAL_STREAM naming that file's device and inode the error carries
// <3>; with it naming another file, or unset, the text is plain.
func TestJournalDetectedByJournalStream(t *testing.T) {
	bin := buildTabled(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfg, []byte("[table]\nrules = \"ema1999\"\n"), 0o644)
	for _, c := range []struct {
		name   string
		stream func(f *os.File) string
		prefix string
	}{
		{"journal", devIno, "<3>tabled run: "},
		{"another file", func(*os.File) string { return devIno(os.Stdin) }, "tabled run: "},
		{"unset", func(*os.File) string { return "" }, "tabled run: "},
	} {
		f, err := os.Create(filepath.Join(dir, c.name))
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "run", "--config", cfg)
		cmd.Stderr = f
		cmd.Env = append(os.Environ(), "JOURNAL_STREAM="+c.stream(f))
		if err := cmd.Run(); err == nil {
			t.Fatalf("%s: a bad config ran", c.name)
		}
		f.Close()
		got, _ := os.ReadFile(f.Name())
		if !strings.HasPrefix(string(got), c.prefix) || (c.prefix[0] != '<' && got[0] == '<') {
			t.Errorf("%s: got %q, want it to start %q", c.name, got, c.prefix)
		}
	}
}

// devIno is a file's "device:inode", as systemd writes JOURNAL_STREAM.
func devIno(f *os.File) string {
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return "0:0"
	}
	return fmt.Sprintf("%d:%d", st.Dev, st.Ino)
}

// buildTabled builds the real binary into the test's temporary directory.
func buildTabled(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "tabled")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}
