package claimlog

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// maxLine bounds one record, so a corrupt file cannot exhaust memory.
const maxLine = 1 << 20

// Filter selects records; zero fields select everything.
type Filter struct {
	FromSeq          uint64
	Hand             int
	Seat             string
	Kind             string
	Type             string
	Source           string
	Since, Until     time.Time // wall time
	MonoFrom, MonoTo int64     // table time, ns; MonoTo 0 means no bound
}

// Match reports whether r passes the filter.
func (f Filter) Match(r Record) bool {
	switch {
	case r.Seq < f.FromSeq,
		f.Hand != 0 && r.Hand != f.Hand,
		f.Seat != "" && r.Seat != f.Seat,
		f.Kind != "" && r.Kind != f.Kind,
		f.Type != "" && r.Type != f.Type,
		f.Source != "" && r.Source != f.Source,
		!f.Since.IsZero() && r.Wall.Before(f.Since),
		!f.Until.IsZero() && r.Wall.After(f.Until),
		r.Mono < f.MonoFrom,
		f.MonoTo != 0 && r.Mono > f.MonoTo:
		return false
	}
	return true
}

// ErrStop, returned by a Read callback, ends the read without an error.
var ErrStop = errors.New("claimlog: stop")

// Read calls fn for every record of the log in dir that passes the filter,
// in order. A line that does not parse is an error naming its file and
// line, except an unfinished last line (a write in progress), which is left
// for later.
func Read(dir string, f Filter, fn func(Record) error) error {
	files, err := Files(dir)
	if err != nil {
		return err
	}
	for _, path := range files {
		if _, err := readFile(path, 0, f, fn); err != nil {
			if errors.Is(err, ErrStop) {
				return nil
			}
			return err
		}
	}
	return nil
}

// readFile reads path from byte offset off and returns the offset after the
// last whole line it read.
func readFile(path string, off int64, f Filter, fn func(Record) error) (int64, error) {
	fh, err := os.Open(path)
	if err != nil {
		return off, fmt.Errorf("claimlog: open %s: %w", path, err)
	}
	defer fh.Close()
	if _, err := fh.Seek(off, io.SeekStart); err != nil {
		return off, fmt.Errorf("claimlog: seek %s: %w", path, err)
	}
	br := bufio.NewReaderSize(fh, 64<<10)
	for {
		b, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// A long line: gather it whole, within bounds.
			long := append([]byte(nil), b...)
			for errors.Is(err, bufio.ErrBufferFull) && len(long) <= maxLine {
				b, err = br.ReadSlice('\n')
				long = append(long, b...)
			}
			if len(long) > maxLine {
				return off, fmt.Errorf("claimlog: %s: line at byte %d is longer than %d bytes", path, off, maxLine)
			}
			b = long
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return off, nil // an unfinished line is not a record yet
			}
			return off, fmt.Errorf("claimlog: read %s: %w", path, err)
		}
		var r Record
		if err := json.Unmarshal(bytes.TrimSpace(b), &r); err != nil || r.Seq == 0 {
			if err == nil {
				err = errors.New("no sequence number")
			}
			return off, fmt.Errorf("claimlog: %s: record at byte %d does not parse: %v", path, off, err)
		}
		off += int64(len(b))
		if f.Match(r) {
			if err := fn(r); err != nil {
				return off, err
			}
		}
	}
}

// Follow calls fn for every record passing the filter, then for every
// record appended later, across new files, until ctx is done or fn fails.
// It polls, so it follows a log written by another process.
func Follow(ctx context.Context, dir string, f Filter, poll time.Duration, fn func(Record) error) error {
	if poll <= 0 {
		poll = 100 * time.Millisecond
	}
	offsets := map[string]int64{}
	for {
		files, err := Files(dir)
		if err != nil {
			return err
		}
		for _, path := range files {
			off, err := readFile(path, offsets[path], f, fn)
			offsets[path] = off
			if err != nil {
				if errors.Is(err, ErrStop) {
					return nil
				}
				return err
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(poll):
		}
	}
}
