package link

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// seqBlock is how many command seqs are reserved in the state file at a
// time: one small durable write per 16 commands, and at most 15 seqs
// skipped over a restart.
const seqBlock = 16

// hostSeqs numbers the host's commands. A device remembers the last 128
// seqs it took, and forgets them only when it boots, not when the host
// restarts; so the host never starts again from 1 but goes on from a count
// kept in a state file, reserved a block ahead before any seq of the block
// is sent: after a crash the next run starts past every seq that may have
// gone out.
type hostSeqs struct {
	path     string
	n        uint64 // commands numbered so far; seq is 1 + n%255
	reserved uint64 // every n below this may have been sent
}

// load reads the state file, and reserves the first block.
func (h *hostSeqs) load() error {
	if h.path == "" {
		return nil
	}
	b, err := os.ReadFile(h.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("link: read command seq state: %w", err)
	default:
		v, perr := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
		if perr != nil {
			return fmt.Errorf("link: command seq state %s: %q is not a count", h.path, strings.TrimSpace(string(b)))
		}
		h.n = v
	}
	h.reserved = h.n
	return h.reserve()
}

// stateSize is the state file's size: the count, a newline and spaces,
// one disk sector. A file of that size is rewritten in place.
const stateSize = 512

// reserve writes n+seqBlock to the state file, atomically and durably.
// Once the file is there, at its size, the count is written over it in
// place and made durable with fdatasync: one sector, whose size and
// blocks do not change, so the card is sent that block and no journal
// commit (a new file and a rename cost two commits of ext4's journal,
// several 4 KiB blocks each, every 16 commands: more than the claim log's
// own records). A disk writes a sector whole or not at all; the first
// save, and one over a file of another size (an older version's), makes
// a new file and renames it into place.
func (h *hostSeqs) reserve() error {
	if h.path == "" {
		return nil
	}
	want := h.n + seqBlock
	content := fmt.Appendf(nil, "%d\n", want)
	content = append(content, bytes.Repeat([]byte{' '}, stateSize-len(content))...)
	err := writeInPlace(h.path, content)
	if errors.Is(err, errNotInPlace) {
		err = replaceFile(h.path, content)
	}
	if err != nil {
		return fmt.Errorf("link: save command seq state %s: %w", h.path, err)
	}
	h.reserved = want
	return nil
}

// errNotInPlace is a state file missing or of another size.
var errNotInPlace = errors.New("not a state file to write in place")

// writeInPlace writes content over the file at path, of the same size,
// and fdatasyncs it.
func writeInPlace(path string, content []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return errNotInPlace
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(content)) {
		return errNotInPlace
	}
	if _, err := f.WriteAt(content, 0); err != nil {
		return err
	}
	return unix.Fdatasync(int(f.Fd()))
}

// replaceFile puts content at path through a new file, fsynced, renamed
// into place, and the directory fsynced so the rename survives a power
// cut.
func replaceFile(path string, content []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".seq-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(content)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync() // the rename itself survives a power cut
		d.Close()
	}
	return nil
}

// next is the seq for a new command, not one still pending. An error
// saving the state is reported, and the seq is still good for this run.
func (h *hostSeqs) next(pending []outgoing) (uint8, error) {
	var err error
	for {
		if h.path != "" && h.n >= h.reserved {
			if rerr := h.reserve(); rerr != nil {
				err = rerr
				h.reserved = h.n + seqBlock // try again a block on
			}
		}
		seq := uint8(1 + h.n%255)
		h.n++
		free := true
		for _, p := range pending {
			free = free && p.seq != seq
		}
		if free {
			return seq, err
		}
	}
}
