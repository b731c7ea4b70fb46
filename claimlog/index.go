package claimlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"sync"
	"time"
)

// Index finds records of a log without reading it through: it keeps, for
// every record, its sequence number, where its line is (file and byte
// offset) and the fields a Filter looks at, in sequence order and by hand.
// Bodies stay on disk. Refresh reads only what was appended since the last
// call, so a reader that refreshes per request follows a growing log at the
// cost of a directory listing; Page reads only the lines it returns.
//
// A line that does not parse is skipped and counted (Damaged), so damage in
// one place does not hide the rest of the log. A file that shrank, vanished
// or was replaced makes the next Refresh rebuild the index.
type Index struct {
	dir string

	mu      sync.Mutex
	files   []*indexedFile
	recs    []indexed       // by sequence number
	byHand  map[int][]int32 // positions in recs, ascending
	strs    []string        // interned kind, source, seat and type values
	strID   map[string]uint16
	damaged []string
	clock   HandClock // the time within the hand, as records are indexed
	marks   Marks     // what the voids and revisions indexed say
}

// indexedFile is one log file and how far it has been read.
type indexedFile struct {
	path string
	info os.FileInfo
	off  int64 // after the last whole line read
	line int   // lines read
	fill fillSeen
}

// indexed is one record without its body: 64 bytes.
type indexed struct {
	seq                     uint64
	mono, wall, off         int64
	inHand                  int64 // the time within its hand (HandClock)
	file, size, hand        int32
	kind, source, seat, typ uint16
	seats                   uint8 // the winners and losers its body names, for Filter.Seat
}

// NewIndex returns an empty index of the log in dir; the first Refresh
// (or Page) reads it.
func NewIndex(dir string) *Index {
	return &Index{dir: dir}
}

// Refresh reads what was appended to the log since the last call.
func (x *Index) Refresh() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.refresh()
}

func (x *Index) refresh() error {
	paths, err := Files(x.dir)
	if err != nil {
		return err
	}
	known := make(map[string]bool, len(x.files))
	for _, f := range x.files {
		info, err := os.Stat(f.path)
		if err != nil || !os.SameFile(info, f.info) || info.Size() < f.off || !slices.Contains(paths, f.path) {
			x.reset()
			break
		}
		f.info = info
		known[f.path] = true
	}
	if x.files == nil {
		known = map[string]bool{}
	}
	for _, p := range paths {
		if !known[p] {
			info, err := os.Stat(p)
			if err != nil {
				return fmt.Errorf("claimlog: index %s: %w", p, err)
			}
			x.files = append(x.files, &indexedFile{path: p, info: info})
		}
	}
	sorted := true
	for i, f := range x.files {
		if f.info.Size() == f.off {
			continue
		}
		n := len(x.recs)
		if err := x.scan(int32(i), f); err != nil {
			return err
		}
		if n > 0 && len(x.recs) > n && x.recs[n].seq < x.recs[n-1].seq {
			sorted = false
		}
		for j := n; j < len(x.recs); j++ {
			x.byHand[int(x.recs[j].hand)] = append(x.byHand[int(x.recs[j].hand)], int32(j))
		}
	}
	if !sorted {
		// Files out of order (a clock stepped back): order by sequence.
		slices.SortStableFunc(x.recs, func(a, b indexed) int { return compareSeq(a.seq, b.seq) })
		x.byHand = map[int][]int32{}
		for j, r := range x.recs {
			x.byHand[int(r.hand)] = append(x.byHand[int(r.hand)], int32(j))
		}
	}
	return nil
}

func compareSeq(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (x *Index) reset() {
	x.files, x.recs, x.damaged = nil, nil, nil
	x.byHand = map[int][]int32{}
	x.strs, x.strID = nil, nil
	x.clock = HandClock{}
	x.marks = Marks{}
}

// recordHead is a Record without its body, which Unmarshal then skips
// without keeping.
type recordHead struct {
	Seq    uint64    `json:"seq"`
	Mono   int64     `json:"mono"`
	Wall   time.Time `json:"wall"`
	Kind   string    `json:"kind"`
	Source string    `json:"source"`
	Hand   int       `json:"hand"`
	Seat   string    `json:"seat"`
	Type   string    `json:"type"`
	// Annotation marks a line about the log that is no record.
	Annotation string `json:"annotation"`
	// Body keeps only the seats of a decision or hand end, and what a
	// void or revision says of earlier records (Marks).
	Body struct {
		Won     []struct{ Seat string } `json:"won"`
		Lost    []struct{ Seat string } `json:"lost"`
		Winners []string                `json:"winners"`
		VoidBody
	} `json:"body"`
}

// scan indexes the whole lines of f after f.off.
func (x *Index) scan(file int32, f *indexedFile) error {
	if x.byHand == nil {
		x.byHand = map[int][]int32{}
	}
	fh, err := os.Open(f.path)
	if err != nil {
		return fmt.Errorf("claimlog: index %s: %w", f.path, err)
	}
	defer fh.Close()
	// The file being written: nothing new is fill from the last line on.
	if end, err := f.fill.restIsFill(fh, f.off, f.info.Size()); err != nil {
		return fmt.Errorf("claimlog: index %s: %w", f.path, err)
	} else if end {
		return nil
	}
	br := bufio.NewReaderSize(io.NewSectionReader(fh, f.off, f.info.Size()-f.off), 64<<10)
	for {
		if p, err := br.Peek(1); err == nil && p[0] == fillByte {
			// The space a writer allocated ahead ends what is written.
			end, err := f.fill.restIsFill(fh, f.off, f.info.Size())
			if err != nil {
				return fmt.Errorf("claimlog: index %s: %w", f.path, err)
			}
			if end {
				return nil
			}
		}
		b, err := br.ReadSlice('\n')
		size := int64(len(b))
		for errors.Is(err, bufio.ErrBufferFull) {
			// A long line: only its length is needed here.
			b, err = br.ReadSlice('\n')
			size += int64(len(b))
		}
		if errors.Is(err, io.EOF) {
			return nil // an unfinished line is not a record yet
		}
		if err != nil {
			return fmt.Errorf("claimlog: index %s: %w", f.path, err)
		}
		f.line++
		var h recordHead
		switch {
		case size > maxLine:
			x.damaged = append(x.damaged, fmt.Sprintf("%s line %d: longer than %d bytes", f.path, f.line, maxLine))
		case size != int64(len(b)):
			// Long but within bounds: read it whole to parse it.
			long := make([]byte, size)
			if _, err := fh.ReadAt(long, f.off); err != nil {
				return fmt.Errorf("claimlog: index %s: %w", f.path, err)
			}
			b = long
			fallthrough
		default:
			line := bytes.TrimSpace(b)
			err := json.Unmarshal(line, &h)
			if err != nil {
				// A body whose fields the head reads hold other types
				// (a "retracted" of 4.0) is still a record, as the reader
				// delivers it: indexed without the seats or marks it
				// would have given, as Marks and Filter.Seat read it.
				h = recordHead{}
				err = json.Unmarshal(line, &struct {
					*recordHead
					Body json.RawMessage `json:"body"`
				}{recordHead: &h})
			}
			if err == nil && h.Seq == 0 && h.Annotation != "" {
				break // a note about the log (a deleted file written again), not a record
			}
			if err != nil || h.Seq == 0 {
				if err == nil {
					err = errors.New("no sequence number")
				}
				x.damaged = append(x.damaged, fmt.Sprintf("%s line %d: %v", f.path, f.line, err))
				break
			}
			var seats uint8
			if h.Kind == KindOutcome {
				for _, c := range slices.Concat(h.Body.Won, h.Body.Lost) {
					seats |= seatBit(c.Seat)
				}
				for _, w := range h.Body.Winners {
					seats |= seatBit(w)
				}
			}
			x.marks.seeBody(h.Kind, h.Seq, h.Body.VoidBody)
			x.recs = append(x.recs, indexed{seq: h.Seq, mono: h.Mono, wall: h.Wall.UnixNano(), off: f.off, file: file,
				size: int32(size), hand: int32(h.Hand), kind: x.intern(h.Kind), source: x.intern(h.Source), seat: x.intern(h.Seat), typ: x.intern(h.Type),
				inHand: int64(x.clock.see(h.Kind, h.Type, h.Hand, h.Mono)), seats: seats})
		}
		f.off += size
	}
}

// intern numbers a field value; a log holds a few dozen distinct ones.
func (x *Index) intern(s string) uint16 {
	if id, ok := x.strID[s]; ok {
		return id
	}
	if x.strID == nil {
		x.strID = map[string]uint16{}
	}
	if len(x.strs) == 1<<16-1 {
		return 0 // absurdly many: the filter then sees the first value
	}
	id := uint16(len(x.strs))
	x.strs = append(x.strs, s)
	x.strID[s] = id
	return id
}

// head is the record r describes, without its body, for Filter.Match.
func (x *Index) head(r indexed) Record {
	return Record{Seq: r.seq, Mono: r.mono, Wall: time.Unix(0, r.wall), Kind: x.strs[r.kind], Source: x.strs[r.source],
		Hand: int(r.hand), Seat: x.strs[r.seat], Type: x.strs[r.typ]}
}

// Marks are what the voids and revisions indexed so far say of earlier
// records, as of the last Refresh or Page.
func (x *Index) Marks() Marks {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.marks.Clone()
}

// InHand is the time in its hand (HandClock) of the record numbered seq,
// as of the last Refresh or Page; false when the index holds no such
// record.
func (x *Index) InHand(seq uint64) (time.Duration, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	i := sort.Search(len(x.recs), func(i int) bool { return x.recs[i].seq >= seq })
	if i == len(x.recs) || x.recs[i].seq != seq {
		return 0, false
	}
	return time.Duration(x.recs[i].inHand), true
}

// Len is how many records the index holds.
func (x *Index) Len() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.recs)
}

// Damaged lists the lines the index skipped, by file and line.
func (x *Index) Damaged() []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	return slices.Clone(x.damaged)
}

// Page refreshes the index and returns the first limit records that pass
// the filter, read from their files, and the sequence number of the next
// one (0 if none).
func (x *Index) Page(f Filter, limit int) ([]Record, uint64, error) {
	x.mu.Lock()
	if err := x.refresh(); err != nil {
		x.mu.Unlock()
		return nil, 0, err
	}
	start := sort.Search(len(x.recs), func(i int) bool { return x.recs[i].seq >= f.FromSeq })
	var hits []indexed
	var next uint64
	take := func(r indexed) bool {
		if !f.matchHead(x.head(r)) || !f.matchInHand(time.Duration(r.inHand)) ||
			(f.Seat != "" && x.strs[r.seat] != f.Seat && r.seats&seatBit(f.Seat) == 0) {
			return true
		}
		if len(hits) == limit {
			next = r.seq
			return false
		}
		hits = append(hits, r)
		return true
	}
	if f.Hand != 0 {
		pos := x.byHand[f.Hand]
		i := sort.Search(len(pos), func(i int) bool { return int(pos[i]) >= start })
		for _, p := range pos[i:] {
			if !take(x.recs[p]) {
				break
			}
		}
	} else {
		for _, r := range x.recs[start:] {
			if !take(r) {
				break
			}
		}
	}
	paths := make([]string, len(x.files))
	for i, fl := range x.files {
		paths[i] = fl.path
	}
	x.mu.Unlock()
	recs, err := readAt(paths, hits)
	return recs, next, err
}

// readAt reads the records hits point at, keeping each file open across
// its records.
func readAt(paths []string, hits []indexed) ([]Record, error) {
	out := make([]Record, 0, len(hits))
	var fh *os.File
	open := int32(-1)
	defer func() {
		if fh != nil {
			fh.Close()
		}
	}()
	var buf []byte
	for _, h := range hits {
		if h.file != open {
			if fh != nil {
				fh.Close()
			}
			var err error
			if fh, err = os.Open(paths[h.file]); err != nil {
				return nil, fmt.Errorf("claimlog: read %s: %w", paths[h.file], err)
			}
			open = h.file
		}
		buf = slices.Grow(buf[:0], int(h.size))[:h.size]
		if _, err := fh.ReadAt(buf, h.off); err != nil {
			return nil, fmt.Errorf("claimlog: read %s at byte %d: %w", paths[h.file], h.off, err)
		}
		var r Record
		if err := json.Unmarshal(bytes.TrimSpace(buf), &r); err != nil || r.Seq != h.seq {
			return nil, fmt.Errorf("claimlog: %s: record %d at byte %d changed since it was indexed", paths[h.file], h.seq, h.off)
		}
		out = append(out, r)
	}
	return out, nil
}
