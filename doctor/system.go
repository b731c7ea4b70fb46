package doctor

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/tabled/tabled/claimlog"
)

// missingLogDir judges a log directory that is not there yet: tabled
// makes it at start (with its parents), so it is well when the nearest
// folder above it that exists is writable.
func (w words) missingLogDir(item, fix, dir string) []Result {
	parent := filepath.Dir(filepath.Clean(dir))
	for {
		if _, err := os.Stat(parent); err == nil || parent == filepath.Dir(parent) {
			break
		}
		parent = filepath.Dir(parent)
	}
	f, err := os.CreateTemp(parent, ".tabled-doctor-*")
	if err != nil {
		return []Result{w.fail(item, fix, "doctor.logdir.cannot_make", "parent", parent, "error", err)}
	}
	f.Close()
	os.Remove(f.Name())
	return []Result{w.ok(item, "doctor.logdir.made_at_start", "parent", parent)}
}

func (m Machine) checkLogDir(dir string) []Result {
	w := m.words()
	item := w.t("doctor.item.log_dir", "dir", dir)
	fix := w.t("doctor.logdir.fix", "dir", dir)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return w.missingLogDir(item, fix, dir)
	}
	f, err := os.CreateTemp(dir, ".tabled-doctor-*")
	if err != nil {
		return []Result{w.fail(item, fix, "doctor.logdir.not_writable", "error", err)}
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
		return []Result{w.fail(item, fix, "doctor.logdir.not_durable", "error", err)}
	}
	rs := []Result{}
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		rs = append(rs, w.fail(item, "", "doctor.logdir.space_unknown", "error", err))
	} else if free := uint64(st.Bavail) * uint64(st.Bsize); free < m.MinFree {
		rs = append(rs, w.fail(item, w.t("doctor.logdir.free_fix", "dir", dir),
			"doctor.logdir.low", "free", w.bytesize(free), "need", w.bytesize(m.MinFree)))
	} else {
		rs = append(rs, w.ok(item, "doctor.logdir.ok", "free", w.bytesize(free)))
	}
	if r, checked := w.logDirLock(dir); checked {
		rs = append(rs, r)
	}
	return rs
}

// logDirLock checks that no other process holds the claim log's lock on
// dir (a tabled already running, or one started by hand beside the
// service), without taking it or writing anything.
func (w words) logDirLock(dir string) (r Result, checked bool) {
	item := w.t("doctor.item.lock", "dir", dir)
	if err := claimlog.Held(dir); err != nil {
		if errors.Is(err, claimlog.ErrLocked) {
			return w.fail(item, w.t("doctor.lock.held_fix"), "doctor.error", "error", err), true
		}
		return w.fail(item, w.t("doctor.lock.fix"), "doctor.error", "error", err), true
	}
	return w.ok(item, "doctor.lock.free"), true
}

// bytesize is a size as people read it: "1.5 GB", "120 MB", "64 KB".
func (w words) bytesize(n uint64) string {
	switch {
	case n >= 1<<30:
		tenths := n * 10 / (1 << 30)
		return w.t("doctor.size.gb", "units", tenths/10, "tenths", tenths%10)
	case n >= 1<<20:
		return w.t("doctor.size.mb", "n", n>>20)
	}
	return w.t("doctor.size.kb", "n", n>>10)
}

func (m Machine) checkPort(addr string) Result {
	w := m.words()
	item := "web " + addr
	l, err := m.Listen("tcp", addr)
	if err != nil {
		fix := w.t("doctor.web.busy_fix")
		if errors.Is(err, syscall.EACCES) {
			fix = w.t("doctor.web.low_port_fix")
		}
		return w.fail(item, fix, "doctor.web.cannot_listen", "error", err)
	}
	if err := l.Close(); err != nil {
		return w.fail(item, "", "doctor.web.close", "error", err)
	}
	return w.ok(item, "doctor.web.ok")
}

func (m Machine) checkClock() Result {
	w := m.words()
	item := w.t("doctor.item.clock")
	synced, err := m.ClockSynced()
	switch {
	case err != nil:
		return w.fail(item, "", "doctor.clock.unknown", "error", err)
	case !synced:
		return w.fail(item, w.t("doctor.clock.fix"), "doctor.clock.not_synced")
	}
	return w.ok(item, "doctor.clock.ok")
}
