package claimlog

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// lockName is the lock file in the log directory. It holds the writer's
// pid, when it took the lock, and the highest sequence number it has
// written, so that a file deleted while no writer runs cannot make a
// sequence number come round again.
const lockName = "tabled.lock"

// ErrLocked is the error, under errors.Is, of an Open of a log that another
// writer holds.
var ErrLocked = errors.New("claimlog: the claim log is in use by another writer")

// LockedError says who holds the log.
type LockedError struct {
	Dir   string
	PID   int
	Since time.Time
}

func (e *LockedError) Error() string {
	holder := "another process"
	if e.PID > 0 {
		holder = "pid " + strconv.Itoa(e.PID)
	}
	since := ""
	if !e.Since.IsZero() {
		since = " since " + e.Since.Format(time.RFC3339)
	}
	return fmt.Sprintf("claimlog: claim log %s is in use by %s%s", e.Dir, holder, since)
}

// Unwrap makes errors.Is(err, ErrLocked) true.
func (e *LockedError) Unwrap() error { return ErrLocked }

// dirLock is a held lock on a log directory.
type dirLock struct {
	f       *os.File
	markOff int64
	prev    uint64 // the high-water mark a previous writer left
}

const markFmt = "%0*d\n"

// lockDir takes the exclusive lock on dir, or says who holds it. The lock
// is a flock on an open file: it goes with the process, so a killed writer
// never leaves a stale lock.
func lockDir(dir string, now time.Time) (*dirLock, error) {
	path := filepath.Join(dir, lockName)
	f, err := openNoFollow(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("claimlog: lock %s: %w", path, errOf(err))
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		b, _ := os.ReadFile(path) // only to name the holder
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			pid, since, _ := parseLock(b)
			return nil, &LockedError{Dir: dir, PID: pid, Since: since}
		}
		return nil, fmt.Errorf("claimlog: lock %s: %w", path, err)
	}
	l := &dirLock{f: f}
	old, err := os.ReadFile(path)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("claimlog: read %s: %w", path, errOf(err))
	}
	_, _, l.prev = parseLock(old)
	head := fmt.Sprintf("pid %d\nsince %s\nseq ", os.Getpid(), now.UTC().Format(time.RFC3339Nano))
	l.markOff = int64(len(head))
	content := append([]byte(head), fmt.Sprintf(markFmt, seqDigits, l.prev)...)
	if err := writeLock(f, content); err != nil {
		f.Close()
		return nil, fmt.Errorf("claimlog: write %s: %w", path, err)
	}
	return l, nil
}

func writeLock(f *os.File, content []byte) error {
	if err := f.Truncate(0); err != nil {
		return errOf(err)
	}
	_, err := f.WriteAt(content, 0)
	return errOf(err) // not fsynced: the holder's name need not outlive it
}

// mark records the highest sequence number written. It is not fsynced:
// the log files are, and this is only a second witness.
func (l *dirLock) mark(seq uint64) error {
	if _, err := l.f.WriteAt(fmt.Appendf(nil, markFmt, seqDigits, seq), l.markOff); err != nil {
		return fmt.Errorf("claimlog: write %s: %w", l.f.Name(), errOf(err))
	}
	return nil
}

func (l *dirLock) release() error {
	if err := l.f.Close(); err != nil { // closing the descriptor drops the flock
		return fmt.Errorf("claimlog: unlock %s: %w", l.f.Name(), errOf(err))
	}
	return nil
}

// parseLock reads a lock file: "pid N", "since T", "seq S", one a line.
func parseLock(b []byte) (pid int, since time.Time, seq uint64) {
	for _, line := range bytes.Split(b, []byte("\n")) {
		k, v, _ := strings.Cut(string(line), " ")
		switch k {
		case "pid":
			pid, _ = strconv.Atoi(v)
		case "since":
			since, _ = time.Parse(time.RFC3339Nano, v)
		case "seq":
			seq, _ = strconv.ParseUint(v, 10, 64)
		}
	}
	return pid, since, seq
}

// Held reports whether another process holds the log in dir, without
// taking it and without writing anything: a *LockedError naming the
// holder, or nil when the log is free (or has never been opened).
func Held(dir string) error {
	path := filepath.Join(dir, lockName)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("claimlog: lock %s: %w", path, errOf(err))
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		if errors.Is(err, unix.EWOULDBLOCK) {
			b, _ := os.ReadFile(path)
			pid, since, _ := parseLock(b)
			return &LockedError{Dir: dir, PID: pid, Since: since}
		}
		return fmt.Errorf("claimlog: lock %s: %w", path, err)
	}
	return nil // closing f drops the lock taken to look
}
