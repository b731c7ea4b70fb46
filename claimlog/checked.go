package claimlog

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Open once read every file of the log to find the highest number ever
// written and every damaged line: a restart cost as much as the log was
// long. checkedName remembers, beside the log, the files an earlier Open
// read through and found whole and undamaged, with what the file system
// said of each (inode, size, times) and a checksum of its last block; an
// Open reads again only the files that are new, changed or damaged, and
// takes the others' numbers from it (doc.go, "Opening a long log").

// checkedName is the file that remembers the files found whole.
const checkedName = "tabled.checked"

// checkedHeader is its first line; another version is not read.
const checkedHeader = "tabled.checked 1"

// maxChecked bounds what is read of it: a few hundred thousand files.
const maxChecked = 32 << 20

// tailCheck is how much of a file's end its checksum covers: one block,
// where a card that lost its last writes (doc.go) shows it.
const tailCheck = 4 << 10

// stamp is what the file system says of a file: a write through it
// changes the size or the change time (ctime), which no one can set back.
type stamp struct {
	ino          uint64
	size         int64
	mtime, ctime int64
}

// checkedFile is one file an Open read through and found whole and
// undamaged.
type checkedFile struct {
	name string
	stamp
	tail uint32 // CRC-32C of its last tailCheck bytes
	// prev is the last record read before the file (0: none): the file
	// was found undamaged after that record, and is taken as read only
	// after it again (a gap or a number used twice at its first record
	// would be its damage).
	prev uint64
	// last is its last record (prev when it has none).
	last uint64
}

// checker is Open's pass over the files: each file is read through by the
// scanner unless the sidecar shows it unchanged since a read found it
// undamaged, in the same place in the log.
type checker struct {
	dir string
	// since is the lock file's change time at this Open: a file changed
	// at that time or after is not remembered, since a change of it in the
	// same tick of the file system's clock would leave its times as they
	// were.
	since   int64
	known   map[string]checkedFile
	loaded  []checkedFile // as read, so that an unchanged list is not written again
	stale   bool          // the sidecar was there and unreadable: written again
	kept    []checkedFile // files taken as read
	read    []checkedFile // files read through this time, undamaged
	scanned []string      // the names of the files read through
	buf     []byte        // for the tails' checksums
}

// newChecker reads the sidecar of dir; anything wrong with it means every
// file is read, as if there were none.
func newChecker(dir string, lock *os.File) *checker {
	c := &checker{dir: dir, since: math.MinInt64}
	if fi, err := lock.Stat(); err == nil {
		if st, ok := stampOf(fi); ok {
			c.since = st.ctime
		}
	}
	b, err := readChecked(filepath.Join(dir, checkedName))
	if err != nil {
		c.stale = !errors.Is(err, os.ErrNotExist)
		return c
	}
	files, err := decodeChecked(b)
	if err != nil {
		c.stale = true
		return c
	}
	c.loaded = files
	c.known = make(map[string]checkedFile, len(files))
	for _, f := range files {
		c.known[f.name] = f
	}
	return c
}

func readChecked(path string) ([]byte, error) {
	f, err := openNoFollow(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxChecked+1))
	if err == nil && len(b) > maxChecked {
		err = fmt.Errorf("%s is longer than %d bytes", path, maxChecked)
	}
	return b, err
}

// pass takes lf as read if the sidecar vouches for it, and reads it
// through otherwise.
func (c *checker) pass(s *scanner, lf logFile) error {
	name := filepath.Base(lf.path)
	st, stOK := statStamp(lf.path)
	if e, ok := c.known[name]; ok && stOK && e.stamp == st && e.prev == s.prev && len(s.held) == 0 {
		if crc, err := c.tailCRC(lf.path, st.size); err == nil && crc == e.tail {
			if e.last > s.prev {
				s.prev, s.started = e.last, true
			}
			s.hi = max(s.hi, e.last)
			c.kept = append(c.kept, e)
			return nil
		}
	}
	// A damaged line held from the file before takes its numbers from
	// this file's first record, which is then not a gap: the file is not
	// remembered as undamaged in that place.
	prev, clean := s.prev, len(s.held) == 0
	c.scanned = append(c.scanned, name)
	if err := s.read(&fileState{logFile: lf}, true); err != nil {
		return err
	}
	if !clean || !stOK || st.ctime >= c.since {
		return nil
	}
	if after, ok := statStamp(lf.path); !ok || after != st {
		return nil
	}
	crc, err := c.tailCRC(lf.path, st.size)
	if err != nil {
		return nil
	}
	c.read = append(c.read, checkedFile{name: name, stamp: st, tail: crc, prev: prev, last: s.prev})
	return nil
}

// save writes the sidecar: the files taken as read and those read
// through and found undamaged (damage is looked for again at every Open).
// It is only a shortcut: an error writing it is dropped, and the next Open
// reads what it does not vouch for.
func (c *checker) save(damage []Damage) {
	bad := map[string]bool{}
	for _, d := range damage {
		bad[filepath.Base(d.File)] = true
	}
	files := slices.Clone(c.kept)
	for _, f := range c.read {
		if !bad[f.name] {
			files = append(files, f)
		}
	}
	slices.SortFunc(files, func(a, b checkedFile) int { return strings.Compare(a.name, b.name) })
	if !c.stale && slices.Equal(files, c.loaded) {
		return
	}
	path := filepath.Join(c.dir, checkedName)
	if err := writeFileAtomic(path, encodeChecked(files)); err != nil {
		os.Remove(path + ".tmp")
	}
}

// writeFileAtomic writes path's new bytes to a file beside it, fsyncs it
// and renames it over path: after a crash path is the old file or the new
// one, whole.
func writeFileAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := writeFileSync(tmp, b); err != nil {
		return fmt.Errorf("claimlog: write %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("claimlog: rename %s: %w", tmp, errOf(err))
	}
	return syncDir(filepath.Dir(path))
}

func stampOf(fi os.FileInfo) (stamp, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || !fi.Mode().IsRegular() {
		return stamp{}, false
	}
	return stamp{ino: uint64(st.Ino), size: fi.Size(), mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}, true
}

func statStamp(path string) (stamp, bool) {
	fi, err := os.Lstat(path)
	if err != nil {
		return stamp{}, false
	}
	return stampOf(fi)
}

// tailCRC is the CRC-32C of the last tailCheck bytes of a file of size
// bytes.
func (c *checker) tailCRC(path string, size int64) (uint32, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	if c.buf == nil {
		c.buf = make([]byte, tailCheck)
	}
	b := c.buf[:min(size, tailCheck)]
	if _, err := f.ReadAt(b, size-int64(len(b))); err != nil {
		return 0, err
	}
	return crc32.Checksum(b, castagnoli), nil
}

// encodeChecked is the sidecar's bytes: its header, a line per file
// (name, inode, size, modification and change times in nanoseconds, the
// tail's checksum, prev, last), and a last line with the CRC-32C of all
// the bytes before it.
func encodeChecked(files []checkedFile) []byte {
	var b bytes.Buffer
	b.WriteString(checkedHeader + "\n")
	for _, f := range files {
		fmt.Fprintf(&b, "%s %d %d %d %d %08x %d %d\n", f.name, f.ino, f.size, f.mtime, f.ctime, f.tail, f.prev, f.last)
	}
	fmt.Fprintf(&b, "crc %08x\n", crc32.Checksum(b.Bytes(), castagnoli))
	return b.Bytes()
}

// decodeChecked reads the sidecar's bytes, all or nothing: an error says
// what is wrong and on which line.
func decodeChecked(b []byte) ([]checkedFile, error) {
	body, crcLine, ok := cutLastLine(b)
	if !ok {
		return nil, errors.New("claimlog: checked files: no checksum line at the end")
	}
	hex, ok := strings.CutPrefix(crcLine, "crc ")
	want, err := strconv.ParseUint(hex, 16, 32)
	if !ok || err != nil || len(hex) != 8 {
		return nil, fmt.Errorf("claimlog: checked files: last line %q is not a checksum", crcLine)
	}
	if got := crc32.Checksum(body, castagnoli); uint64(got) != want {
		return nil, fmt.Errorf("claimlog: checked files: checksum %08x, the bytes' is %08x", want, got)
	}
	lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
	if lines[0] != checkedHeader {
		return nil, fmt.Errorf("claimlog: checked files: line 1 is %q, not %q", lines[0], checkedHeader)
	}
	var files []checkedFile
	seen := map[string]bool{}
	for i, line := range lines[1:] {
		f, err := decodeCheckedLine(line)
		if err == nil && seen[f.name] {
			err = fmt.Errorf("%s named twice", f.name)
		}
		if err != nil {
			return nil, fmt.Errorf("claimlog: checked files: line %d: %w", i+2, err)
		}
		seen[f.name] = true
		files = append(files, f)
	}
	return files, nil
}

// cutLastLine splits b, which must end with a newline, before its last
// line, and returns that line without its newline.
func cutLastLine(b []byte) (body []byte, last string, ok bool) {
	if len(b) == 0 || b[len(b)-1] != '\n' {
		return nil, "", false
	}
	i := bytes.LastIndexByte(b[:len(b)-1], '\n') + 1
	if i == 0 {
		return nil, "", false
	}
	return b[:i], string(b[i : len(b)-1]), true
}

func decodeCheckedLine(line string) (checkedFile, error) {
	fields := strings.Split(line, " ")
	if len(fields) != 8 {
		return checkedFile{}, fmt.Errorf("%d fields, want 8", len(fields))
	}
	var f checkedFile
	f.name = fields[0]
	if _, _, ok := parseName(f.name); !ok || filepath.Base(f.name) != f.name {
		return f, fmt.Errorf("%q is not the name of a log file", f.name)
	}
	nums := []struct {
		what string
		u    *uint64
		i    *int64
	}{{"inode", &f.ino, nil}, {"size", nil, &f.size}, {"modification time", nil, &f.mtime}, {"change time", nil, &f.ctime},
		{"prev", &f.prev, nil}, {"last", &f.last, nil}}
	for k, n := range nums {
		v := fields[k+1]
		if k >= 4 {
			v = fields[k+2] // after the tail checksum
		}
		var err error
		if n.u != nil {
			*n.u, err = strconv.ParseUint(v, 10, 64)
		} else {
			*n.i, err = strconv.ParseInt(v, 10, 64)
		}
		if err != nil {
			return f, fmt.Errorf("%s %q: %w", n.what, v, err)
		}
	}
	crc, err := strconv.ParseUint(fields[5], 16, 32)
	if err != nil || len(fields[5]) != 8 {
		return f, fmt.Errorf("tail checksum %q is not 8 hex digits", fields[5])
	}
	f.tail = uint32(crc)
	if f.size < 0 || f.last < f.prev {
		return f, fmt.Errorf("size %d, prev %d, last %d do not go together", f.size, f.prev, f.last)
	}
	return f, nil
}
