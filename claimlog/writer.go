package claimlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// Writer appends records to the log in a directory.
type Writer struct {
	dir string
	now func() time.Time

	mu      sync.Mutex
	f       *os.File
	day     string
	last    uint64
	repairs []string
}

// Options adjust a Writer.
type Options struct {
	// Now is the wall clock; nil uses time.Now.
	Now func() time.Time
}

const filePrefix, fileSuffix = "tabled-", ".jsonl"

// Open opens the log in dir (creating dir), repairs a torn last line of the
// newest file, continues its sequence numbers and starts a new file for
// this session.
func Open(dir string, opts Options) (*Writer, error) {
	w := &Writer{dir: dir, now: opts.Now}
	if w.now == nil {
		w.now = time.Now
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("claimlog: open %s: %w", dir, err)
	}
	files, err := Files(dir)
	if err != nil {
		return nil, err
	}
	if len(files) > 0 {
		newest := files[len(files)-1]
		last, note, err := repair(newest)
		if err != nil {
			return nil, err
		}
		w.last = last
		if note != "" {
			w.repairs = append(w.repairs, note)
		}
		// Sessions killed before their first record leave empty files: the
		// sequence goes on from the newest file that holds one.
		for i := len(files) - 2; w.last == 0 && i >= 0; i-- {
			if w.last, err = lastSeq(files[i]); err != nil {
				return nil, err
			}
		}
	}
	if err := w.rotate(); err != nil {
		return nil, err
	}
	for _, n := range w.repairs {
		body, _ := json.Marshal(map[string]string{"text": n})
		if err := w.Append([]Record{{Kind: KindNote, Source: "table", Type: "repair", Body: body}}); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// Repairs are what Open cut off torn lines, as the notes it logged say.
func (w *Writer) Repairs() []string { return w.repairs }

// LastSeq is the sequence number of the latest record.
func (w *Writer) LastSeq() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.last
}

// Files lists the log files of dir, oldest first.
func Files(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("claimlog: read %s: %w", dir, err)
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); strings.HasPrefix(n, filePrefix) && strings.HasSuffix(n, fileSuffix) && !e.IsDir() {
			out = append(out, filepath.Join(dir, n))
		}
	}
	sort.Strings(out)
	return out, nil
}

// rotate starts a new file named by the wall time, and syncs the directory
// so the new name survives a power cut.
func (w *Writer) rotate() error {
	now := w.now().UTC()
	name := filepath.Join(w.dir, filePrefix+now.Format("20060102-150405.000000000")+fileSuffix)
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("claimlog: create %s: %w", name, err)
	}
	if err := syncDir(w.dir); err != nil {
		f.Close()
		return err
	}
	if w.f != nil {
		if err := w.f.Close(); err != nil {
			return fmt.Errorf("claimlog: close %s: %w", w.f.Name(), err)
		}
	}
	w.f, w.day = f, now.Format("20060102")
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("claimlog: sync %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("claimlog: sync %s: %w", dir, err)
	}
	return nil
}

// Append writes records as one batch and fsyncs before it returns. A record
// with Seq 0 gets the next number; one with a number must have exactly it.
// Wall is filled in when zero.
func (w *Writer) Append(recs []Record) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return errors.New("claimlog: append to a closed log")
	}
	now := w.now()
	if now.UTC().Format("20060102") != w.day {
		if err := w.rotate(); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
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
		b, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("claimlog: record %d: %w", r.Seq, err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	if _, err := w.f.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("claimlog: write %s: %w", w.f.Name(), err)
	}
	if err := w.f.Sync(); err != nil {
		return fmt.Errorf("claimlog: fsync %s: %w", w.f.Name(), err)
	}
	w.last = seq
	return nil
}

// Close closes the log; records appended before are on disk.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	err := w.f.Close()
	w.f = nil
	if err != nil {
		return fmt.Errorf("claimlog: close: %w", err)
	}
	return nil
}

// repair cuts a torn tail off a log file: bytes after the last newline, or
// a last line that does not parse. It returns the last whole record's
// sequence number and, if it cut anything, what.
func repair(path string) (uint64, string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, "", fmt.Errorf("claimlog: read %s: %w", path, err)
	}
	good, last := wholePrefix(b)
	if good == len(b) {
		return last, "", nil
	}
	note := fmt.Sprintf("repaired %s: cut %d bytes of a torn last record at offset %d", filepath.Base(path), len(b)-good, good)
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return 0, "", fmt.Errorf("claimlog: repair %s: %w", path, err)
	}
	defer f.Close()
	if err := f.Truncate(int64(good)); err != nil {
		return 0, "", fmt.Errorf("claimlog: repair %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		return 0, "", fmt.Errorf("claimlog: repair %s: %w", path, err)
	}
	return last, note, nil
}

// wholePrefix is how much of a log file's bytes to keep: up to the end of
// the last line that parses as a record, and that record's sequence number.
// Everything after it is a torn write.
func wholePrefix(b []byte) (good int, last uint64) {
	good = bytes.LastIndexByte(b, '\n') + 1
	for good > 0 {
		start := bytes.LastIndexByte(b[:good-1], '\n') + 1
		var r Record
		if err := json.Unmarshal(b[start:good-1], &r); err == nil && r.Seq > 0 {
			return good, r.Seq
		}
		good = start // a whole but unreadable last line: torn as well
	}
	return 0, 0
}

// lastSeq is the sequence number of a file's last record.
func lastSeq(path string) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("claimlog: open %s: %w", path, err)
	}
	defer f.Close()
	var last uint64
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, maxLine)
	for sc.Scan() {
		var r Record
		if json.Unmarshal(sc.Bytes(), &r) == nil {
			last = r.Seq
		}
	}
	if err := sc.Err(); err != nil && err != io.EOF {
		return 0, fmt.Errorf("claimlog: read %s: %w", path, err)
	}
	return last, nil
}
