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
)

// maxLine bounds one record, so a corrupt file cannot exhaust memory.
const maxLine = 1 << 20

// The kinds of Damage.
const (
	// DamageLine is a whole line that does not parse or fails its checksum.
	DamageLine = "damaged"
	// DamageTorn is a file that is not the newest and ends in the middle
	// of a line or of a batch.
	DamageTorn = "torn"
	// DamageGap is sequence numbers missing between two records.
	DamageGap = "gap"
	// DamageOrder is a record whose number is not above the one before:
	// a number used twice. The record is skipped.
	DamageOrder = "order"
)

// Damage is one place where the log is not what a single writer wrote.
type Damage struct {
	// File is the path of the file, Line the line in it (from 1).
	File string
	Line int
	Kind string
	// FirstSeq..LastSeq are the records missing there, when known.
	FirstSeq, LastSeq uint64
	What              string
	raw               []byte
	guess             uint64 // the number a damaged line would hold by its place
}

// String names the file and line and says what is wrong.
func (d Damage) String() string {
	s := fmt.Sprintf("%s line %d: %s", filepath.Base(d.File), d.Line, d.What)
	switch {
	case d.Kind == DamageGap || d.Kind == DamageOrder || d.FirstSeq == 0:
	case d.FirstSeq == d.LastSeq:
		s += fmt.Sprintf("; record %d is missing", d.FirstSeq)
	default:
		s += fmt.Sprintf("; records %d-%d are missing", d.FirstSeq, d.LastSeq)
	}
	return s
}

// scanner reads files in sequence order, checking that numbers run on.
type scanner struct {
	f        Filter
	fn       func(Record) error
	onDamage func(Damage)
	prev     uint64 // the last record delivered
	started  bool
	held     []Damage // damaged lines waiting for the next record's number
	hi       uint64   // the highest number read, or implied by a damaged line's place
	clock    HandClock
	// bodies, if set, is where records' bodies are copied to (a read
	// that keeps every record).
	bodies *bodySlab
}

// fileState is how far a file has been read.
type fileState struct {
	logFile
	off     int64
	line    int
	pos     uint64 // the number the last line held, or would have held
	pending []pendingRec
	done    bool
	fill    fillSeen
}

type pendingRec struct {
	w    wire
	line int
}

// read goes on reading fs from where it stopped. final says a newer file
// follows, so an unfinished tail is damage, not a write in progress.
func (s *scanner) read(fs *fileState, final bool) error {
	fh, err := os.Open(fs.path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil // removed since it was listed
		}
		return fmt.Errorf("claimlog: open %s: %w", fs.path, errOf(err))
	}
	defer fh.Close()
	if _, err := fh.Seek(fs.off, io.SeekStart); err != nil {
		return fmt.Errorf("claimlog: seek %s: %w", fs.path, errOf(err))
	}
	if fs.line == 0 {
		fs.pos = s.prev
		if fs.sealed && fs.first > 0 {
			fs.pos = fs.first - 1
		}
	}
	br := bufio.NewReaderSize(fh, 64<<10)
	for first := true; ; first = false {
		end, err := s.atFill(fs, fh, br, first)
		if err != nil {
			return err
		}
		if end {
			// The space a writer allocated ahead: the written part ends.
			if final {
				return s.end(fs, nil)
			}
			return nil
		}
		line, n, long, err := readLine(br)
		if errors.Is(err, io.EOF) {
			if final {
				return s.end(fs, line)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("claimlog: read %s: %w", fs.path, errOf(err))
		}
		fs.off += int64(n)
		fs.line++
		if long {
			if err := s.flush(fs, ""); err != nil {
				return err
			}
			s.damaged(fs, fmt.Sprintf("a line longer than %d bytes", maxLine), line[:64])
			continue
		}
		w, derr := decodeLine(bytes.TrimSuffix(line, []byte("\n")), fs.sealed, s.bodies)
		if derr != nil {
			if err := s.flush(fs, ""); err != nil {
				return err
			}
			s.damaged(fs, derr.Error(), line)
			continue
		}
		if w.Seq == 0 { // an annotation comes between batches
			if err := s.flush(fs, "a batch is cut short by a note"); err != nil {
				return err
			}
			continue
		}
		if k := len(fs.pending); k > 0 {
			if last := fs.pending[k-1].w; w.Seq != last.Seq+1 || w.More != last.More-1 {
				if err := s.flush(fs, "a batch is cut short"); err != nil {
					return err
				}
			}
		}
		fs.pending = append(fs.pending, pendingRec{w, fs.line})
		fs.pos, s.hi = w.Seq, max(s.hi, w.Seq)
		if w.More == 0 {
			if err := s.flush(fs, ""); err != nil {
				return err
			}
		}
	}
}

// atFill reports whether the file's written part ends at fs.off: fill
// from there to the end of the file. Fill followed by anything else is
// read as a line, as any other bytes. first says nothing was read yet:
// the file is looked at directly, not through br's 64 KiB (a follower
// polling the file being written, where nothing new is, reads a sector).
func (s *scanner) atFill(fs *fileState, fh *os.File, br *bufio.Reader, first bool) (bool, error) {
	if !first {
		if b, err := br.Peek(1); err != nil || b[0] != fillByte {
			return false, nil
		}
	}
	fi, err := fh.Stat()
	if err != nil {
		return false, fmt.Errorf("claimlog: stat %s: %w", fs.path, errOf(err))
	}
	end, err := fs.fill.restIsFill(fh, fs.off, fi.Size())
	if err != nil {
		return false, fmt.Errorf("claimlog: read %s: %w", fs.path, errOf(err))
	}
	return end, nil
}

// end closes a file that a newer one follows: an unfinished line or batch
// there is damage (a crash that was never repaired, or a truncated file).
func (s *scanner) end(fs *fileState, tail []byte) error {
	fs.done = true
	switch {
	case len(tail) > 0:
		fs.line++
		why := fmt.Sprintf("the file ends in the middle of a line (%d bytes)", len(tail))
		if len(fs.pending) > 0 {
			why += ", and of a batch"
		}
		if err := s.flush(fs, ""); err != nil {
			return err
		}
		fs.pos++
		s.held = append(s.held, Damage{File: fs.path, Line: fs.line, Kind: DamageTorn, What: why, raw: clip(tail), guess: fs.pos})
		s.hi = max(s.hi, fs.pos)
	case len(fs.pending) > 0:
		return s.flush(fs, "the file ends in the middle of a batch")
	}
	return nil
}

// damaged holds a damaged line until the next record tells what it held.
func (s *scanner) damaged(fs *fileState, what string, raw []byte) {
	fs.pos++
	s.hi = max(s.hi, fs.pos)
	s.held = append(s.held, Damage{File: fs.path, Line: fs.line, Kind: DamageLine, What: what, raw: clip(raw), guess: fs.pos})
}

func clip(b []byte) []byte {
	return append([]byte(nil), b[:min(len(b), maxLine)]...)
}

// flush delivers the pending batch; broken, if not empty, says why the
// batch is incomplete, reported at its first line.
func (s *scanner) flush(fs *fileState, broken string) error {
	p := fs.pending
	// The array is kept for the next batch (deliver copies each record
	// out): a batch per line allocated anew was much of a read.
	fs.pending = p[:0]
	if len(p) > 0 && broken != "" {
		s.report(Damage{File: fs.path, Line: p[0].line, Kind: DamageTorn, What: broken})
	}
	for _, pr := range p {
		if err := s.deliver(fs, pr); err != nil {
			return err
		}
	}
	return nil
}

func (s *scanner) deliver(fs *fileState, pr pendingRec) error {
	r := pr.w.Record
	switch {
	case s.started && r.Seq <= s.prev:
		s.emitHeld(0, 0)
		s.report(Damage{File: fs.path, Line: pr.line, Kind: DamageOrder, FirstSeq: r.Seq, LastSeq: r.Seq,
			What: fmt.Sprintf("record %d comes after record %d: a number used twice or out of order, skipped", r.Seq, s.prev)})
		return nil
	case s.started && r.Seq > s.prev+1:
		from, to := s.prev+1, r.Seq-1
		switch {
		case len(s.held) > 0:
			s.emitHeld(from, to)
		case !declaredSkip(r, from, to):
			what := fmt.Sprintf("records %d-%d are missing before record %d", from, to, r.Seq)
			if from == to {
				what = fmt.Sprintf("record %d is missing before record %d", from, r.Seq)
			}
			s.report(Damage{File: fs.path, Line: pr.line, Kind: DamageGap, FirstSeq: from, LastSeq: to, What: what})
		}
	default:
		s.emitHeld(0, 0)
	}
	s.prev, s.started = r.Seq, true
	if inHand := s.clock.Since(r); s.f.Match(r) && s.f.matchInHand(inHand) {
		return s.fn(r)
	}
	return nil
}

func (s *scanner) emitHeld(from, to uint64) {
	for _, d := range s.held {
		d.FirstSeq, d.LastSeq = from, to
		s.report(d)
	}
	s.held = nil
}

// finish reports damage after the last record: what a damaged line held
// is guessed from its place, one number a line.
func (s *scanner) finish() {
	for _, d := range s.held {
		if d.guess > s.prev {
			d.FirstSeq, d.LastSeq = d.guess, d.guess
		}
		s.report(d)
	}
	s.held = nil
}

func (s *scanner) report(d Damage) {
	if s.onDamage != nil {
		s.onDamage(d)
	}
}

// declaredSkip reports whether r is a writer's note that says the numbers
// from..to were never acknowledged (a batch cut short by a crash) and are
// skipped on purpose.
func declaredSkip(r Record, from, to uint64) bool {
	if r.Kind != KindNote {
		return false
	}
	var b writerNote
	return json.Unmarshal(r.Body, &b) == nil && b.SkipFrom > 0 && b.SkipFrom <= from && to <= b.SkipTo
}

// writerNote is the body of the notes the writer itself logs (repair,
// damage, skip); the table's notes are NoteBody.
type writerNote struct {
	Text     string `json:"text"`
	SkipFrom uint64 `json:"skip_from,omitempty"`
	SkipTo   uint64 `json:"skip_to,omitempty"`
}

// readLine reads one line and how many bytes it took. At the end of the
// file it returns the unfinished tail with io.EOF, not consumed. A line
// longer than maxLine is consumed whole but returned clipped, with long.
func readLine(br *bufio.Reader) (line []byte, n int, long bool, err error) {
	b, err := br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return b, len(b), false, err
	}
	buf := append([]byte(nil), b...)
	n = len(b)
	for errors.Is(err, bufio.ErrBufferFull) {
		b, err = br.ReadSlice('\n')
		n += len(b)
		if len(buf) <= maxLine {
			buf = append(buf, b...)
		}
	}
	if err != nil {
		return buf, n, false, err
	}
	return buf, n, n > maxLine, nil
}
