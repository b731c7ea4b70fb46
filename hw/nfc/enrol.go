package nfc

import (
	"context"
	"errors"
	"fmt"
	"github.com/tabled/tabled/outcome"
	"io"
	"io/fs"

	"github.com/tabled/tabled/engine"
)

// Enrolled is the registry at path an enrolment goes on with: empty when
// there is none or restart is set; an error when it does not follow order
// (EnrolmentOrder). How far it had got is said on stdout.
func Enrolled(path string, order []engine.Tile, restart bool, stdout io.Writer) (*Registry, error) {
	if restart {
		return &Registry{}, nil
	}
	old, err := Load(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &Registry{}, nil
	case err != nil:
		return nil, fmt.Errorf("%w (--restart to start afresh)", err)
	}
	for i, e := range old.Entries() {
		if i >= len(order) || e.Tile != order[i] {
			return nil, fmt.Errorf("%s does not follow the enrolment order at tile %d (%s where %s was due); --restart to start afresh",
				path, i+1, e.Tile, order[min(i, len(order)-1)])
		}
	}
	if old.Len() > 0 {
		fmt.Fprintf(stdout, "going on with %s: %d of %d tiles enrolled\n", path, old.Len(), len(order))
	}
	return old, nil
}

// Enrol asks on stdout for each tile of order not yet in reg, in order,
// and enrols the tag read for it (uids), saving reg to path after each,
// so an interrupted enrolment goes on where it stopped; a tag already
// enrolled is refused, and the same tile asked again. It returns nil once
// the set is whole, ctx's error when it ends first (what is done is kept),
// or the error of a save.
func Enrol(ctx context.Context, reg *Registry, order []engine.Tile, path string, uids <-chan []byte, stdout io.Writer) error {
	fmt.Fprintf(stdout, "put each tile on the reader when asked, then take it off; Ctrl-C stops (and keeps what is done)\n")
	for reg.Len() < len(order) {
		i := reg.Len()
		tile := order[i]
		fmt.Fprintf(stdout, "[%3d/%d] scan %s (%s)\n", i+1, len(order), tile, outcome.TileWords(nil, tile))
		var uid []byte
		select {
		case <-ctx.Done():
			fmt.Fprintf(stdout, "stopped: %d of %d tiles enrolled in %s; run tabled enroll again to go on\n", reg.Len(), len(order), path)
			return ctx.Err()
		case uid = <-uids:
		}
		if err := reg.Add(uid, tile); err != nil {
			fmt.Fprintf(stdout, "        %v: put that one aside and scan a %s\n", err, tile)
			continue
		}
		if err := reg.Save(path); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "done: %d tiles enrolled in %s\n", reg.Len(), path)
	return nil
}
