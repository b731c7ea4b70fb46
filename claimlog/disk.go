package claimlog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

// reserveName is the file that holds space for the last records and a
// note when the disk fills up.
const reserveName = "tabled.reserve"

// DefaultReserve is the space held in reserve unless Options says otherwise.
const DefaultReserve = 256 << 10

// DefaultLowSpace is the free space below which LowSpace reports true,
// unless Options says otherwise.
const DefaultLowSpace = 64 << 20

// FreeBytes is the space free to an unprivileged writer on the file system
// that holds dir.
func FreeBytes(dir string) (uint64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, fmt.Errorf("claimlog: statfs %s: %w", dir, err)
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}

// isNoSpace reports a full disk or an exhausted quota.
func isNoSpace(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// ensureReserve makes the reserve file hold size bytes of allocated disk,
// and reports whether it does. A disk too full for it is no error: the log
// runs without a reserve and says it is low on space.
func ensureReserve(dir string, size int64) (bool, error) {
	path := filepath.Join(dir, reserveName)
	if size <= 0 {
		return false, nil
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Size() >= size {
		return true, nil
	}
	f, err := openNoFollow(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		if isNoSpace(err) {
			return false, nil
		}
		return false, fmt.Errorf("claimlog: reserve %s: %w", path, errOf(err))
	}
	err = unix.Fallocate(int(f.Fd()), 0, 0, size)
	if errors.Is(err, unix.EOPNOTSUPP) {
		// Zeros, written for real, where the file system cannot allocate.
		_, err = f.WriteAt(make([]byte, size), 0)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path) // a partial reserve would only take space
		if isNoSpace(err) {
			return false, nil
		}
		return false, fmt.Errorf("claimlog: reserve %s: %w", path, errOf(err))
	}
	return true, nil
}

// releaseReserve frees the reserve, so what must be written fits.
func releaseReserve(dir string) error {
	path := filepath.Join(dir, reserveName)
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("claimlog: release %s: %w", path, errOf(err))
	}
	return nil
}
