package claimlog

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// A batch written through the page cache goes to the card as whole 4 KiB
// pages: a press's input and its outcome, a few hundred bytes each and
// each made durable on its own, cost two pages. Written with O_DIRECT, a
// batch goes as the disk sectors it spans (512 bytes on a card): the
// sector it starts in, rewritten with the bytes before it, and the sectors
// after, padded with fill. Where the file system cannot (no O_DIRECT, or
// it says no alignment), the writer writes through the page cache as
// before; the durability is the same either way (fdatasync after).

// direct is the writer's O_DIRECT state for its current file.
type direct struct {
	on    bool
	align int64  // the file offsets' alignment (the sector)
	mem   int    // the buffer's alignment in memory
	tail  []byte // the bytes of the current sector before the end
	buf   []byte // an aligned buffer (mmap'd: page-aligned)
}

// startDirect turns O_DIRECT on for f, a new, empty file, when its file
// system says how to align it.
func (d *direct) startDirect(f *os.File) {
	d.stop(f)
	var st unix.Statx_t
	if err := unix.Statx(int(f.Fd()), "", unix.AT_EMPTY_PATH, unix.STATX_DIOALIGN, &st); err != nil ||
		st.Mask&unix.STATX_DIOALIGN == 0 || st.Dio_offset_align == 0 || st.Dio_mem_align == 0 ||
		blockSize%int64(st.Dio_offset_align) != 0 || os.Getpagesize()%int(st.Dio_mem_align) != 0 {
		return
	}
	flags, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
	if err != nil {
		return
	}
	if _, err := unix.FcntlInt(f.Fd(), unix.F_SETFL, flags|unix.O_DIRECT); err != nil {
		return
	}
	d.on, d.align, d.mem, d.tail = true, int64(st.Dio_offset_align), int(st.Dio_mem_align), d.tail[:0]
}

// stop turns O_DIRECT off for f (a file read back, or written no more)
// and frees the buffer.
func (d *direct) stop(f *os.File) {
	if d.on && f != nil {
		if flags, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0); err == nil {
			unix.FcntlInt(f.Fd(), unix.F_SETFL, flags&^unix.O_DIRECT) // best effort: reads of it then work as ever
		}
	}
	d.on = false
	if d.buf != nil {
		unix.Munmap(d.buf)
		d.buf = nil
	}
}

// buffer is an aligned buffer of n bytes.
func (d *direct) buffer(n int) ([]byte, error) {
	if len(d.buf) < n {
		if d.buf != nil {
			unix.Munmap(d.buf)
			d.buf = nil
		}
		size := max(n, 64<<10)
		b, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
		if err != nil {
			return nil, err
		}
		d.buf = b
	}
	return d.buf[:n], nil
}

// writeAt writes data into f at off, the end of what is written, with fill
// after it to the next aligned offset: through O_DIRECT when on, else
// through the page cache. A file system that refuses the direct write
// (EINVAL) is written through the page cache from then on.
func (d *direct) writeAt(f *os.File, data []byte, off int64) error {
	if !d.on {
		_, err := f.WriteAt(data, off)
		return err
	}
	lo := off - int64(len(d.tail))
	end := off + int64(len(data))
	hi := (end + d.align - 1) / d.align * d.align
	buf, err := d.buffer(int(hi - lo))
	if err != nil {
		return err
	}
	n := copy(buf, d.tail)
	n += copy(buf[n:], data)
	for i := n; i < len(buf); i++ {
		buf[i] = fillByte
	}
	if _, err = f.WriteAt(buf, lo); errors.Is(err, unix.EINVAL) {
		d.stop(f)
		_, err = f.WriteAt(data, off)
		return err
	}
	if err != nil {
		return err
	}
	// The new end's sector, up to the end: what the next write starts with.
	from := end / d.align * d.align
	d.tail = append(d.tail[:0], buf[from-lo:end-lo]...)
	return nil
}

// fill writes fill into f from off to end, both block-aligned (grow).
func (d *direct) fill(f *os.File, off, end int64) error {
	if !d.on {
		return writeFill(f, off, end)
	}
	buf, err := d.buffer(int(min(end-off, int64(len(fillChunk)))))
	if err != nil {
		return err
	}
	copy(buf, fillChunk)
	for off < end {
		n := min(end-off, int64(len(buf)))
		if _, err := f.WriteAt(buf[:n], off); err != nil {
			return err
		}
		off += n
	}
	return nil
}

// unwrite puts fill back over n bytes written at off, the end of what is
// written, after a write that failed: the tail stays what it was.
func (d *direct) unwrite(f *os.File, off int64, n int) error {
	if !d.on {
		return writeFill(f, off, off+int64(n))
	}
	lo := off - int64(len(d.tail))
	hi := (off + int64(n) + d.align - 1) / d.align * d.align
	buf, err := d.buffer(int(hi - lo))
	if err != nil {
		return err
	}
	k := copy(buf, d.tail)
	for i := k; i < len(buf); i++ {
		buf[i] = fillByte
	}
	_, err = f.WriteAt(buf, lo)
	return err
}
