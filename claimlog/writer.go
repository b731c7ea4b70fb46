package claimlog

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Writer appends records to the log in a directory. Only one Writer, in
// any process, holds a directory at a time.
type Writer struct {
	dir  string
	now  func() time.Time
	opts Options
	lock *dirLock

	mu     sync.Mutex
	f      *os.File // the current file; nil until the next Append creates one
	path   string
	first  uint64 // the number of the current file's first record
	size   int64  // bytes of whole batches in the current file
	alloc  int64  // the current file's size: written bytes and fill after them
	dio    direct // how the current file is written: O_DIRECT or not
	day    string
	last   uint64
	closed bool
	// orphan is a current file deleted or replaced under the writer; its
	// bytes, still readable through the descriptor, go into the next file.
	orphan      *os.File
	orphanWhy   string
	orphanFirst uint64
	orphanSize  int64

	reserve   bool // the reserve file is held
	onReserve bool // it was released for a full disk
	repairs   []string
	damage    []Damage
	alerts    []Alert
	scanned   []string // the files Open read through (the others it took from tabled.checked)
}

// Options adjust a Writer.
type Options struct {
	// Now is the wall clock; nil uses time.Now. It stamps records and
	// starts a file per day; it never orders anything.
	Now func() time.Time
	// Reserve is the disk space held back, in a file in the log directory,
	// for the last records and a note when the disk fills: 0 means
	// DefaultReserve, a negative value none.
	Reserve int64
	// LowSpace is the free space under which LowSpace reports true: 0
	// means DefaultLowSpace.
	LowSpace uint64
}

// Open locks the log in dir (creating dir) against any other writer,
// repairs what a crash left, reports damage and goes on: it never refuses
// to start because of damage. A torn last line or batch of the newest file
// is cut off; damaged lines stay where they are, are copied aside to
// <file>.damaged and noted. Sequence numbers go on above every number ever
// written. The notes are the first records of this session's file. A log
// held by another writer is an error that errors.Is ErrLocked and names
// the holder.
func Open(dir string, opts Options) (*Writer, error) {
	w := &Writer{dir: dir, now: opts.Now, opts: opts}
	if w.now == nil {
		w.now = time.Now
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("claimlog: open %s: %w", dir, errOf(err))
	}
	if err := checkDir(dir); err != nil {
		return nil, err
	}
	lk, err := lockDir(dir, w.now())
	if err != nil {
		return nil, err
	}
	w.lock = lk
	if err := w.recover(); err != nil {
		return nil, errors.Join(err, w.closeAll())
	}
	return w, nil
}

// Repairs are the notes Open logged: what it cut off and what damage it
// found that no earlier Open had noted.
func (w *Writer) Repairs() []string { return w.repairs }

// Damage is every damage Open found in the log, noted before or not.
func (w *Writer) Damage() []Damage { return w.damage }

// Alert is something the writer met that a person should know.
type Alert struct {
	// Kind is AlertDiskFull, AlertFileReplaced, AlertLock or
	// AlertLostWrites.
	Kind string
	// Text says it in words.
	Text string
}

// The kinds of Alert; they are also the kinds of the notes the daemon
// journals for them.
const (
	AlertDiskFull     = "disk-full"
	AlertFileReplaced = "log-file-replaced"
	AlertLock         = "claimlog-lock"
	// AlertLostWrites is records found missing at Open that the disk had
	// taken: bytes it said were flushed came back as zeros, or the lock
	// file's count of records written is past the log's end.
	AlertLostWrites = "claimlog-lost-writes"
)

// Alerts are what the writer met since Open that a person should know: a
// file deleted or replaced under it, the disk full, and what Open found
// lost.
func (w *Writer) Alerts() []Alert {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]Alert(nil), w.alerts...)
}

// LastSeq is the sequence number of the latest record.
func (w *Writer) LastSeq() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.last
}

// FreeBytes is the free space of the log directory's file system.
func (w *Writer) FreeBytes() (uint64, error) { return FreeBytes(w.dir) }

// LowSpace reports the disk low: under the Options' threshold, or the
// reserve not held (released for a full disk, or never fitted).
func (w *Writer) LowSpace() bool {
	w.mu.Lock()
	held := w.reserve || w.opts.Reserve < 0
	w.mu.Unlock()
	limit := w.opts.LowSpace
	if limit == 0 {
		limit = DefaultLowSpace
	}
	free, err := w.FreeBytes()
	return !held || err != nil || free < limit
}

// Append writes records as one batch and fsyncs before it returns. A record
// with Seq 0 gets the next number; one with a number must have exactly it.
// Wall is filled in when zero. Every record of a batch carries how many of
// the batch follow it, so a repair can cut a batch torn by a crash whole.
func (w *Writer) Append(recs []Record) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return errors.New("claimlog: append to a closed log")
	}
	if len(recs) == 0 {
		return nil
	}
	now := w.now()
	var buf []byte
	seq := w.last
	for i := range recs {
		r := recs[i]
		seq++
		switch {
		case r.Seq == 0:
			r.Seq = seq
		case r.Seq != seq:
			return fmt.Errorf("claimlog: record %d appended after %d: sequence numbers must follow on", r.Seq, seq-1)
		}
		if r.Wall.IsZero() {
			r.Wall = now
		}
		line, err := encodeRecord(r, len(recs)-1-i)
		if err != nil {
			return err
		}
		buf = append(buf, line...)
	}
	if err := w.write(buf, w.last+1, now); err != nil {
		return err
	}
	w.last = seq
	if err := w.lock.mark(seq); err != nil {
		// The records are on disk: the mark is only a second witness.
		w.alerts = append(w.alerts, Alert{Kind: AlertLock, Text: err.Error()})
	}
	return nil
}

// maxFileSize is how large a file grows before the next batch starts a new
// one: a restart reads the log's end a file at a time (Tail), so a file
// is a few thousand records however long the table runs.
var maxFileSize int64 = 1 << 20

// write puts a batch whose first record is first on disk, in the current
// file or a new one, and fsyncs it.
func (w *Writer) write(batch []byte, first uint64, now time.Time) error {
	day := now.UTC().Format("20060102")
	if w.f != nil && (w.day != day || w.size >= maxFileSize) {
		if err := w.closeFile(); err != nil {
			return err
		}
	}
	if w.f != nil {
		if err := w.checkFile(); err != nil {
			return err
		}
	}
	var data []byte
	if w.orphan != nil {
		// The file is gone from the directory but its bytes are not: they
		// open the next file, with a note saying why.
		old := make([]byte, w.orphanSize)
		if _, err := w.orphan.ReadAt(old, 0); err != nil {
			return fmt.Errorf("claimlog: read back %s: %w", w.orphan.Name(), errOf(err))
		}
		data = append(old, encodeAnnotation(w.orphanWhy, first-1, now)...)
		first = w.orphanFirst
	}
	data = append(data, batch...)
	created := false
	attempt := func(data []byte) error {
		if w.f == nil {
			if err := w.create(first, day); err != nil {
				return err
			}
			created = true
		}
		if err := w.grow(len(data)); err != nil {
			return err
		}
		return w.writeSynced(data)
	}
	err := attempt(data)
	if err != nil && isNoSpace(err) && w.reserve {
		if rerr := releaseReserve(w.dir); rerr != nil {
			return errors.Join(err, rerr)
		}
		w.reserve, w.onReserve = false, true
		free, _ := FreeBytes(w.dir)
		why := fmt.Sprintf("the disk is full: the claim log released its reserve (%d bytes free after); free space now, or the next records cannot be written", free)
		w.alerts = append(w.alerts, Alert{Kind: AlertDiskFull, Text: why})
		err = attempt(append(data, encodeAnnotation(why, first+uint64(bytes.Count(batch, []byte("\n")))-1, now)...))
	}
	if err != nil {
		if created && w.f != nil && w.size == 0 {
			// No 0-byte file left behind by a full disk.
			err = errors.Join(err, w.closeFile(), removeSync(w.path))
		}
		return err
	}
	if w.orphan != nil {
		w.alerts = append(w.alerts, Alert{Kind: AlertFileReplaced, Text: w.orphanWhy})
		w.orphan.Close() // read only from now on: its bytes are in the new file
		w.orphan = nil
	}
	return nil
}

// checkFile notices the current file deleted or replaced: the descriptor
// and the name no longer lead to the same file.
func (w *Writer) checkFile() error {
	why := ""
	fi, err := os.Stat(w.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		why = "was deleted"
	case err != nil:
		return fmt.Errorf("claimlog: stat %s: %w", w.path, errOf(err))
	default:
		mine, err := w.f.Stat()
		if err != nil {
			return fmt.Errorf("claimlog: stat %s: %w", w.path, errOf(err))
		}
		if !os.SameFile(fi, mine) {
			why = "was replaced by another file"
		}
	}
	if why == "" {
		return nil
	}
	w.dio.stop(w.f) // its bytes are read back through the page cache
	w.orphan, w.orphanFirst, w.orphanSize = w.f, w.first, w.size
	w.orphanWhy = fmt.Sprintf("%s %s while the log was open: its records %d-%d are written again here from the open file",
		filepath.Base(w.path), why, w.first, w.last)
	w.f = nil
	return nil
}

// create starts a file named by the number of its first record, and syncs
// the directory so the name survives a power cut. It is empty: the first
// batch grows it.
func (w *Writer) create(first uint64, day string) error {
	for n := 1; ; n++ {
		path := filepath.Join(w.dir, fileName(first, n))
		f, err := openNoFollow(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("claimlog: create %s: %w", path, errOf(err))
		}
		w.f, w.path, w.first, w.size, w.alloc, w.day = f, path, first, 0, 0, day
		w.dio.startDirect(f)
		if err := syncDir(w.dir); err != nil {
			return errors.Join(err, w.closeFile(), os.Remove(path))
		}
		return nil
	}
}

// writeSynced writes data after the file's whole batches, over the fill
// grow put there, and makes it durable with fdatasync. On failure the fill
// is written back, so nothing half-written stays behind the last batch.
func (w *Writer) writeSynced(data []byte) error {
	err := w.dio.writeAt(w.f, data, w.size)
	if err == nil {
		err = dataSync(w.f)
	}
	if err != nil {
		err = fmt.Errorf("claimlog: write %s: %w", w.path, errOf(err))
		if ferr := w.dio.unwrite(w.f, w.size, len(data)); ferr != nil {
			return errors.Join(err, fmt.Errorf("claimlog: cut back %s: %w", w.path, errOf(ferr)))
		}
		return err
	}
	w.size += int64(len(data))
	return nil
}

// closeFile leaves the current file: its fill is cut off (fsynced), so
// that it ends with its last line as a file did before segments.
func (w *Writer) closeFile() error {
	f := w.f
	w.f = nil
	w.dio.stop(f)
	var err error
	if w.alloc > w.size {
		if err = f.Truncate(w.size); err == nil {
			err = f.Sync()
		}
		if err != nil {
			err = fmt.Errorf("claimlog: trim %s: %w", w.path, errOf(err))
		}
	}
	if cerr := f.Close(); cerr != nil {
		err = errors.Join(err, fmt.Errorf("claimlog: close %s: %w", w.path, errOf(cerr)))
	}
	return err
}

func removeSync(path string) error {
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("claimlog: remove %s: %w", path, errOf(err))
	}
	return syncDir(filepath.Dir(path))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("claimlog: sync %s: %w", dir, errOf(err))
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("claimlog: sync %s: %w", dir, errOf(err))
	}
	return nil
}

// Close closes the log and releases its lock; records appended before are
// on disk. A current file deleted since the last Append is written again.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	var err error
	if w.f != nil {
		err = w.checkFile()
	}
	if err == nil && w.orphan != nil {
		err = w.write(nil, w.last+1, w.now())
	}
	return errors.Join(err, w.closeAll())
}

func (w *Writer) closeAll() error {
	w.closed = true
	var errs []error
	if w.f != nil {
		errs = append(errs, w.closeFile())
	}
	if w.orphan != nil {
		w.orphan.Close()
		w.orphan = nil
	}
	if w.lock != nil {
		errs = append(errs, w.lock.release())
	}
	return errors.Join(errs...)
}
