package claimlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

const filePrefix, fileSuffix = "tabled-", ".jsonl"

// seqDigits is the width of the sequence number in a file name, so names
// sort as numbers.
const seqDigits = 20

// castagnoli is the CRC-32C table of the line checksums.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// crcSuffix is how every line of a sealed file ends: `,"crc":"hhhhhhhh"}`.
const crcSuffixLen = len(`,"crc":"00000000"}`)

// wire is one line as written: a record with its batch marker, or an
// annotation (a writer's note that takes no sequence number).
type wire struct {
	Record
	// More is how many records of the same Append follow this one.
	More       int    `json:"more,omitempty"`
	Annotation string `json:"annotation,omitempty"`
	After      uint64 `json:"after,omitempty"`
	// The line's "crc" is checked before it is decoded, and not kept.
}

// encodeRecord is a record's line, sealed with its checksum.
func encodeRecord(r Record, more int) ([]byte, error) {
	b, err := json.Marshal(struct {
		Record
		More int `json:"more,omitempty"`
	}{r, more})
	if err != nil {
		return nil, fmt.Errorf("claimlog: record %d: %w", r.Seq, err)
	}
	return seal(b), nil
}

// encodeAnnotation is an annotation line: text about the log, after the
// record numbered after, that takes no sequence number of its own.
func encodeAnnotation(text string, after uint64, wall time.Time) []byte {
	b, _ := json.Marshal(struct {
		Annotation string    `json:"annotation"`
		After      uint64    `json:"after"`
		Wall       time.Time `json:"wall"`
	}{text, after, wall}) // strings, a number and a time always marshal
	return seal(b)
}

// seal ends a JSON object with its CRC-32C and a newline: the checksum
// covers every byte before `,"crc"`, so any flipped byte is seen.
func seal(obj []byte) []byte {
	body := obj[:len(obj)-1]
	out := make([]byte, 0, len(obj)+crcSuffixLen+1)
	out = append(out, body...)
	out = fmt.Appendf(out, `,"crc":"%08x"}`, crc32.Checksum(body, castagnoli))
	return append(out, '\n')
}

// errNoSeq is a line that parses but is neither a record nor an annotation.
var errNoSeq = errors.New("no sequence number")

// decodeLine parses one line without its newline. A sealed line must carry
// a checksum that matches; an old, unsealed file's lines need only parse.
// bodies, if not nil, is where the fast path copies the body.
func decodeLine(line []byte, sealed bool, bodies *bodySlab) (wire, error) {
	if sealed {
		n := len(line) - crcSuffixLen
		if n < 1 || !bytes.HasPrefix(line[n:], []byte(`,"crc":"`)) || !bytes.HasSuffix(line, []byte(`"}`)) {
			return wire{}, errors.New("no checksum")
		}
		want, ok := hex32(line[n+8 : n+16])
		if !ok {
			return wire{}, errors.New("no checksum")
		}
		if crc32.Checksum(line[:n], castagnoli) != want {
			return wire{}, errors.New("checksum mismatch (a changed byte)")
		}
		if fw, ok := decodeSealedFast(line, bodies); ok && (fw.Seq != 0 || fw.Annotation != "") && fw.More >= 0 {
			return fw, nil
		}
	}
	return decodeLineJSON(line, sealed)
}

// decodeLineJSON is decodeLine by encoding/json, apart so that the fast
// path's wire stays off the heap.
func decodeLineJSON(line []byte, sealed bool) (wire, error) {
	var w wire
	if err := json.Unmarshal(bytes.TrimSpace(line), &w); err != nil {
		return w, fmt.Errorf("does not parse: %v", err)
	}
	if w.Seq == 0 && (w.Annotation == "" || !sealed) {
		return w, errNoSeq
	}
	if w.More < 0 {
		return w, errors.New("a negative batch marker")
	}
	return w, nil
}

// hex32 reads 8 hex digits (either case, as encoding/hex does) without
// allocating: every line's checksum goes through it.
func hex32(b []byte) (uint32, bool) {
	if len(b) != 8 {
		return 0, false
	}
	var v uint32
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | uint32(c)
	}
	return v, true
}

// fileName is the name of a file whose first record is seq; n > 1 tells
// apart files that would otherwise share a name.
func fileName(seq uint64, n int) string {
	name := filePrefix + fmt.Sprintf("%0*d", seqDigits, seq)
	if n > 1 {
		name += "-" + strconv.Itoa(n)
	}
	return name + fileSuffix
}

// parseName tells a log file's name apart: a sealed file named by its first
// sequence number, or an old file named by the wall time (seq 0: unknown).
func parseName(base string) (seq uint64, sealed, ok bool) {
	if !strings.HasPrefix(base, filePrefix) || !strings.HasSuffix(base, fileSuffix) {
		return 0, false, false
	}
	mid := strings.TrimSuffix(strings.TrimPrefix(base, filePrefix), fileSuffix)
	digits, n, hasN := strings.Cut(mid, "-")
	if len(digits) == seqDigits && allDigits(digits) && (!hasN || (n != "" && allDigits(n))) {
		seq, err := strconv.ParseUint(digits, 10, 64)
		return seq, err == nil, true
	}
	return 0, false, true
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// logFile is a file of the log with where it stands in sequence order.
type logFile struct {
	path   string
	first  uint64 // the first record's seq; 0 if it has none
	sealed bool
}

// Files lists the log files of dir in sequence order: by the sequence
// number of each file's first record, never by the wall clock.
func Files(dir string) ([]string, error) {
	fs, err := listFiles(dir)
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.path
	}
	return out, err
}

func listFiles(dir string) ([]logFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("claimlog: read %s: %w", dir, err)
	}
	var out []logFile
	for _, e := range ents {
		seq, sealed, ok := parseName(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		f := logFile{path: filepath.Join(dir, e.Name()), first: seq, sealed: sealed}
		if !sealed {
			// An old file is named by the wall clock, which may have
			// stepped back: its place comes from its first record.
			if f.first, err = firstSeq(f.path); err != nil {
				return nil, err
			}
		}
		out = append(out, f)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].first != out[j].first {
			return out[i].first < out[j].first
		}
		return out[i].path < out[j].path
	})
	return out, nil
}

// firstSeq is the sequence number of an old file's first readable record.
func firstSeq(path string) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("claimlog: open %s: %w", path, errOf(err))
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			continue
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return 0, nil
			}
			return 0, fmt.Errorf("claimlog: read %s: %w", path, errOf(err))
		}
		if w, err := decodeLine(bytes.TrimSuffix(line, []byte("\n")), false, nil); err == nil {
			return w.Seq, nil
		}
	}
}

// errOf is the cause of a path error, so a message names its path once.
func errOf(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
