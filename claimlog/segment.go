package claimlog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// A file being written is allocated ahead, a segment at a time, and the
// space not yet written holds fillByte: every byte written for real and
// fsynced once, when the segment is added. A batch then overwrites space
// that is already the file's, so the file's size and its blocks do not
// change per batch and fdatasync, which skips a change of times alone,
// flushes only the batch's blocks: no journal commit per press (doc.go,
// "Writing near the floor").

// fillByte is what the unwritten space of a file holds: a space, which
// no line begins with (a record's line begins with '{'), which is JSON
// white space to any tool that reads the file as JSON, and which is not
// the zeros a card that lost a flushed write gives back (so a lost write
// is still seen as "zero bytes", as it was before).
const fillByte = ' '

// segmentSize is how much a file grows by at a time: a few hundred
// presses' records. A larger segment means fewer growths and more space
// ahead; readers look over the space ahead once per new write.
const segmentSize = 256 << 10

// blockSize is the smallest growth, when the disk has no room for a
// segment: a file system block.
const blockSize = 4 << 10

// fillChunk is a buffer of fill for writing and comparing.
var fillChunk = bytes.Repeat([]byte{fillByte}, 64<<10)

// writeFill writes fill into f from off up to end.
func writeFill(f *os.File, off, end int64) error {
	for off < end {
		n := min(end-off, int64(len(fillChunk)))
		if _, err := f.WriteAt(fillChunk[:n], off); err != nil {
			return err
		}
		off += n
	}
	return nil
}

// grow makes room in the current file for n more bytes after the written
// ones: fill up to the next segment's end, fsynced (the file's size and
// blocks change here, once a segment, not once a batch). A disk without
// room for a segment gets as few blocks as the bytes need.
func (w *Writer) grow(n int) error {
	need := w.size + int64(n)
	if need <= w.alloc {
		return nil
	}
	var err error
	for _, step := range []int64{segmentSize, blockSize} {
		to := (need + step - 1) / step * step
		err = w.dio.fill(w.f, w.alloc, to)
		if err == nil {
			err = w.f.Sync()
		}
		if err == nil {
			w.alloc = to
			return nil
		}
		// No half-grown file: its size stays what was fsynced.
		if terr := w.f.Truncate(w.alloc); terr != nil {
			return errors.Join(fmt.Errorf("claimlog: grow %s: %w", w.path, errOf(err)), fmt.Errorf("claimlog: cut back %s: %w", w.path, errOf(terr)))
		}
		if !isNoSpace(err) {
			break
		}
	}
	return fmt.Errorf("claimlog: grow %s: %w", w.path, errOf(err))
}

// dataSync makes the current file's written bytes durable without its
// times: fdatasync, which on ext4 writes the blocks and a cache flush
// and no journal commit when only the times changed.
func dataSync(f *os.File) error {
	for {
		err := unix.Fdatasync(int(f.Fd()))
		if !errors.Is(err, unix.EINTR) {
			return err
		}
	}
}

// trimFill cuts a file's unwritten space off its end and fsyncs it, so a
// file no writer goes on with is a file of lines as before segments: what
// a writer does when it leaves a file, and Open for the newest file a
// crash left. A file without fill at its end is not touched.
func trimFill(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return errOf(err)
	}
	end, err := dataEnd(f, fi.Size())
	if err != nil || end == fi.Size() {
		return err
	}
	if err := f.Truncate(end); err != nil {
		return errOf(err)
	}
	return errOf(f.Sync())
}

// trimFillPath is trimFill on the file at path. A file that does not end
// in fill is only read.
func trimFillPath(path string) error {
	if ok, err := endsInFill(path); err != nil || !ok {
		return err
	}
	f, err := openNoFollow(path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("claimlog: trim %s: %w", path, errOf(err))
	}
	err = trimFill(f)
	if cerr := f.Close(); err == nil {
		err = errOf(cerr)
	}
	if err != nil {
		return fmt.Errorf("claimlog: trim %s: %w", path, err)
	}
	return nil
}

// endsInFill reports whether the file at path ends in fill.
func endsInFill(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, fmt.Errorf("claimlog: open %s: %w", path, errOf(err))
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return false, errOf(err)
	}
	last := make([]byte, 1)
	if _, err := f.ReadAt(last, fi.Size()-1); err != nil {
		return false, fmt.Errorf("claimlog: read %s: %w", path, errOf(err))
	}
	return last[0] == fillByte, nil
}

// dataEnd is where the fill at the end of a file of size bytes begins:
// size if it ends in anything else (a line's newline, a torn line).
func dataEnd(r io.ReaderAt, size int64) (int64, error) {
	buf := make([]byte, len(fillChunk))
	end := size
	for end > 0 {
		off := max(0, end-int64(len(buf)))
		b := buf[:end-off]
		if _, err := r.ReadAt(b, off); err != nil {
			return 0, err
		}
		t := bytes.TrimRight(b, string(fillByte))
		end = off + int64(len(t))
		if len(t) > 0 {
			break
		}
	}
	return end, nil
}

// fillSeen remembers how far a reader found fill after an offset, so that
// a follower polling the file being written reads its space ahead once,
// not once a poll.
type fillSeen struct{ from, to int64 }

// restIsFill reports whether everything in r from off to size is fill:
// the written part of the file ends at off. The writer writes only at the
// end of what it wrote, so once the rest was seen to be fill, only the
// first sector after off can have changed: it is looked at every time,
// the rest once.
func (c *fillSeen) restIsFill(r io.ReaderAt, off, size int64) (bool, error) {
	if c.from != off {
		c.from, c.to = off, off
	}
	buf := make([]byte, len(fillChunk))
	at := off
	for look := int64(512); at < size; look = int64(len(buf)) {
		b := buf[:min(size-at, look)]
		n, err := r.ReadAt(b, at)
		if n == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				return true, nil // shorter than it was: cut back
			}
			return false, err
		}
		if rest := bytes.TrimLeft(b[:n], string(fillByte)); len(rest) > 0 {
			c.to = off // not fill: nothing to remember
			return false, nil
		}
		at += int64(n)
		if at < c.to {
			at = c.to // seen before
		}
	}
	c.to = max(c.to, at)
	return true, nil
}
