// Package nfc maps the NFC tags in tiles to tiles and reads them: a tile
// registry (UID to tile, a text file written by `tabled enroll`), a
// presence tracker that turns a reader's polls into "tile placed" and
// "tile removed", and a direct MFRC522 reader on SPI through periph.io.
package nfc

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabled/tabled/engine"
)

// Registry maps tag UIDs to tiles.
type Registry struct {
	byUID   map[string]engine.Tile
	entries []Entry
}

// Entry is one enrolled tag.
type Entry struct {
	UID  []byte
	Tile engine.Tile
}

// CopiesPerKind is how many tiles of a kind a set has (red fives count as
// fives).
const CopiesPerKind = 4

// Len is how many tags are enrolled.
func (r *Registry) Len() int { return len(r.entries) }

// Entries are the enrolled tags in enrolment order.
func (r *Registry) Entries() []Entry { return slices.Clone(r.entries) }

// Tile is the tile whose tag has uid.
func (r *Registry) Tile(uid []byte) (engine.Tile, bool) {
	t, ok := r.byUID[string(uid)]
	return t, ok
}

// Count is how many tags of t's kind are enrolled.
func (r *Registry) Count(t engine.Tile) int {
	n := 0
	for _, e := range r.entries {
		if e.Tile.SameKind(t) {
			n++
		}
	}
	return n
}

// Add enrols a tag. A UID already enrolled, a fifth tile of a kind or a
// UID of the wrong length is an error that says which.
func (r *Registry) Add(uid []byte, t engine.Tile) error {
	if n := len(uid); n != 4 && n != 7 && n != 10 {
		return fmt.Errorf("UID %X has %d bytes; NFC tags have 4, 7 or 10", uid, n)
	}
	if !t.Known() {
		return fmt.Errorf("UID %X: no tile", uid)
	}
	if old, ok := r.byUID[string(uid)]; ok {
		return fmt.Errorf("tag %X is already enrolled as %s", uid, old)
	}
	if r.Count(t) == CopiesPerKind {
		return fmt.Errorf("a fifth %s (a set has %d of each)", t, CopiesPerKind)
	}
	if r.byUID == nil {
		r.byUID = map[string]engine.Tile{}
	}
	uid = slices.Clone(uid)
	r.byUID[string(uid)] = t
	r.entries = append(r.entries, Entry{UID: uid, Tile: t})
	return nil
}

// Parse reads a registry: one tag per line, its UID in hex and its tile
// in mpsz ("04A1B2C3D4E5F6 5p", "0p" a red five); blank lines and text
// after # are ignored. An error names the line.
func Parse(rd io.Reader) (*Registry, error) {
	r := &Registry{}
	sc := bufio.NewScanner(rd)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 {
			return nil, fmt.Errorf("line %d: want a UID and a tile (\"04A1B2C3D4E5F6 5p\"), got %q", n, strings.TrimSpace(line))
		}
		uid, err := hex.DecodeString(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: UID %q is not hex", n, f[0])
		}
		t, err := engine.ParseTile(f[1])
		if err != nil {
			return nil, fmt.Errorf("line %d: %q is not a tile like 5p, 0p (red five) or 7z", n, f[1])
		}
		if err := r.Add(uid, t); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	return r, nil
}

// MaxRegistryBytes caps a registry file: a full set with spares is a few
// kilobytes, and a wrong path to a huge file must not be read whole.
const MaxRegistryBytes = 1 << 20

// Load reads the registry file at path.
func Load(path string) (*Registry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nfc: registry: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxRegistryBytes+1))
	if err != nil {
		return nil, fmt.Errorf("nfc: registry: read %s: %w", path, err)
	}
	if len(b) > MaxRegistryBytes {
		return nil, fmt.Errorf("nfc: registry %s is larger than %d bytes, the cap for a tile registry", path, MaxRegistryBytes)
	}
	r, err := Parse(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("nfc: registry %s: %w", path, err)
	}
	return r, nil
}

// Marshal writes the registry in the format Parse reads.
func (r *Registry) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString("# tabled tile registry (written by tabled enroll): tag UID in hex, tile in mpsz, 0 = red five\n")
	for _, e := range r.entries {
		fmt.Fprintf(&b, "%X %s\n", e.UID, e.Tile)
	}
	return b.Bytes()
}

// Save writes the registry to path atomically: a new file, fsynced, renamed
// over the old, so a power cut leaves the old registry or the new, never
// half of one.
func (r *Registry) Save(path string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tiles-*")
	if err != nil {
		return fmt.Errorf("nfc: save registry: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(r.Marshal()); err != nil {
		tmp.Close()
		return fmt.Errorf("nfc: save registry: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("nfc: save registry: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("nfc: save registry: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("nfc: save registry: %w", err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync() // the rename itself survives a power cut
		d.Close()
	}
	return nil
}
