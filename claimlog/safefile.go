package claimlog

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// The log directory may be somewhere other users can reach (a custom
// directory under a shared temporary folder): a symbolic link planted
// there under the name of the lock or the reserve would have the daemon
// write, truncate or grow the file it points at, with the daemon's rights.
// So the directory must be the daemon's own, and every file the writer
// writes is opened without following links.

// checkDir refuses a log directory that another user could write in: it
// must belong to the daemon's user (or to root) and not be writable by
// its group or others.
func checkDir(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("claimlog: open %s: %w", dir, errOf(err))
	}
	if !fi.IsDir() {
		return fmt.Errorf("claimlog: open %s: not a directory", dir)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	uid := uint32(os.Geteuid())
	switch {
	case st.Uid != uid && st.Uid != 0:
		return fmt.Errorf("claimlog: open %s: the directory belongs to user %d, not to this one (%d): another user could put files (or links to files) in the claim log's place; use a directory of its own (chown it, or let tabled create it)", dir, st.Uid, uid)
	case fi.Mode().Perm()&0o022 != 0:
		return fmt.Errorf("claimlog: open %s: the directory is writable by its group or by others (%v): another user could put files (or links to files) in the claim log's place; chmod go-w it, or use a directory of its own", dir, fi.Mode())
	}
	return nil
}

// openNoFollow opens path for writing as os.OpenFile does, but refuses a
// symbolic link and a file that is not a plain file with one name (a hard
// link to another file).
func openNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|unix.O_NOFOLLOW, perm)
	if errors.Is(err, unix.ELOOP) {
		return nil, fmt.Errorf("%s is a symbolic link: refused, the claim log writes only its own files", path)
	}
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !fi.Mode().IsRegular() || ok && st.Nlink > 1 {
		f.Close()
		return nil, fmt.Errorf("%s is not a plain file of its own (a device, or a hard link to another file): refused", path)
	}
	return f, nil
}
