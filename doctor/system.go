package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/tabled/tabled/claimlog"
)

// missingLogDir judges a log directory that is not there yet: tabled
// makes it at start (with its parents), so it is well when the nearest
// folder above it that exists is writable.
func missingLogDir(item, fix, dir string) []Result {
	parent := filepath.Dir(filepath.Clean(dir))
	for {
		if _, err := os.Stat(parent); err == nil || parent == filepath.Dir(parent) {
			break
		}
		parent = filepath.Dir(parent)
	}
	f, err := os.CreateTemp(parent, ".tabled-doctor-*")
	if err != nil {
		return []Result{fail(item, fix, "does not exist, and tabled cannot make it at start: %s is not writable (%v)", parent, err)}
	}
	f.Close()
	os.Remove(f.Name())
	return []Result{ok(item, "does not exist yet: tabled makes it at start (%s is writable)", parent)}
}

func (m Machine) checkLogDir(dir string) []Result {
	item := "log dir " + dir
	fix := fmt.Sprintf("create it writable for tabled (the package's unit owns /var/lib/tabled; by hand: sudo install -d %s)", dir)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return missingLogDir(item, fix, dir)
	}
	f, err := os.CreateTemp(dir, ".tabled-doctor-*")
	if err != nil {
		return []Result{fail(item, fix, "not writable: %v", err)}
	}
	name := f.Name()
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if rerr := os.Remove(name); err == nil {
		err = rerr
	}
	if err != nil {
		return []Result{fail(item, fix, "a file written there does not reach the disk: %v", err)}
	}
	rs := []Result{}
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		rs = append(rs, fail(item, "", "free space unknown: %v", err))
	} else if free := uint64(st.Bavail) * uint64(st.Bsize); free < m.MinFree {
		rs = append(rs, fail(item, "free space on "+dir+"'s file system (old logs: tabled log --format csv > archive, then remove them)",
			"writable, but only %s free (at least %s needed)", bytesize(free), bytesize(m.MinFree)))
	} else {
		rs = append(rs, ok(item, "writable, %s free", bytesize(free)))
	}
	if r, checked := logDirLock(dir); checked {
		rs = append(rs, r)
	}
	return rs
}

// logDirLock checks that no other process holds the claim log's lock on
// dir (a tabled already running, or one started by hand beside the
// service), without taking it or writing anything.
func logDirLock(dir string) (r Result, checked bool) {
	item := "claim log lock " + dir
	if err := claimlog.Held(dir); err != nil {
		if errors.Is(err, claimlog.ErrLocked) {
			return fail(item, "stop the other tabled (systemctl stop tabled) before running one by hand", "%v", err), true
		}
		return fail(item, "check the directory's permissions", "%v", err), true
	}
	return ok(item, "free"), true
}

func bytesize(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

func (m Machine) checkPort(addr string) Result {
	item := "web " + addr
	l, err := m.Listen("tcp", addr)
	if err != nil {
		fix := "is tabled already running (sudo systemctl stop tabled, then run tabled doctor again)? otherwise set [web] listen to a free port"
		if errors.Is(err, syscall.EACCES) {
			fix = "use a port above 1023 in [web] listen: tabled holds no capability"
		}
		return fail(item, fix, "cannot listen: %v", err)
	}
	if err := l.Close(); err != nil {
		return fail(item, "", "close: %v", err)
	}
	return ok(item, "port free")
}

func (m Machine) checkClock() Result {
	synced, err := m.ClockSynced()
	switch {
	case err != nil:
		return fail("clock", "", "synchronisation unknown: %v", err)
	case !synced:
		return fail("clock", "a Pi has no real-time clock: connect it to a network with a time server and enable systemd-timesyncd (sudo timedatectl set-ntp true); the log's wall times are wrong until then",
			"not synchronised")
	}
	return ok("clock", "synchronised")
}
