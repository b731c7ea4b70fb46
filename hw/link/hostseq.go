package link

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// seqBlock is how many command seqs are reserved in the state file at a
// time: one small fsynced write per 16 commands, and at most 15 seqs
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

// reserve writes n+seqBlock to the state file, atomically and durably.
func (h *hostSeqs) reserve() error {
	if h.path == "" {
		return nil
	}
	want := h.n + seqBlock
	tmp, err := os.CreateTemp(filepath.Dir(h.path), ".seq-*")
	if err != nil {
		return fmt.Errorf("link: save command seq state: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = fmt.Fprintf(tmp, "%d\n", want)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), h.path)
	}
	if err != nil {
		return fmt.Errorf("link: save command seq state %s: %w", h.path, err)
	}
	if d, err := os.Open(filepath.Dir(h.path)); err == nil {
		d.Sync() // the rename itself survives a power cut
		d.Close()
	}
	h.reserved = want
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
