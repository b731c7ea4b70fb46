package claimlog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// recover is Open's work after the lock: cut the newest file's torn tail,
// find every damage and the highest number ever written (reading only the
// files the sidecar does not vouch for: checked.go), note what is new,
// and set the reserve aside.
func (w *Writer) recover() error {
	files, err := listFiles(w.dir)
	if err != nil {
		return err
	}
	var notes []noteRec
	var cut *tailCut
	if len(files) > 0 {
		if cut, err = repairTail(files[len(files)-1]); err != nil {
			return err
		}
	}
	s := &scanner{fn: func(Record) error { return nil }, onDamage: func(d Damage) { w.damage = append(w.damage, d) },
		bodies: &bodySlab{notesOnly: true}}
	ck := newChecker(w.dir, w.lock.f)
	for _, lf := range files {
		if err := ck.pass(s, lf); err != nil {
			return err
		}
	}
	s.finish()
	w.scanned = ck.scanned
	next := s.hi
	if cut != nil {
		b := writerNote{Text: cut.text}
		if cut.zeros > 0 {
			// The file's last bytes came back as zeros (its length
			// reached the disk and they did not, or, in the space its
			// writer allocated ahead, its sectors did not): a disk that
			// said a write was flushed and lost it (an SD card that lies
			// about fsync). Those records may have been
			// acknowledged: their numbers, at most one for every
			// minLineLen bytes lost, are not used again, and a person is
			// told.
			hi := next + uint64((cut.zeros+minLineLen-1)/minLineLen)
			cut.hi = max(cut.hi, hi)
			w.alerts = append(w.alerts, Alert{Kind: AlertLostWrites, Text: fmt.Sprintf(
				"%s ended in %d zero bytes where its last records were: the disk gave back zeros for bytes it may have said were written (an SD card that lies about fsync); records after %d, acknowledged or not, may be lost: check the card and its power",
				filepath.Base(files[len(files)-1].path), cut.zeros, next)})
		}
		if cut.hi > next {
			// Records of a batch cut short were never acknowledged, but a
			// reader may have seen them: their numbers are not used again.
			b.SkipFrom, b.SkipTo = next+1, cut.hi
			b.Text += fmt.Sprintf("; numbers %d-%d are not used again", b.SkipFrom, b.SkipTo)
			next = cut.hi
		}
		notes = append(notes, noteRec{TypeRepair, b})
	}
	if m := w.lock.prev; m > next {
		text := fmt.Sprintf("records %d-%d are missing from the log: its lock file says record %d was written", next+1, m, m)
		notes = append(notes, noteRec{TypeRepair, writerNote{Text: text, SkipFrom: next + 1, SkipTo: m}})
		w.alerts = append(w.alerts, Alert{Kind: AlertLostWrites, Text: text + "; numbers not used again"})
		next = m
	}
	notes = append(notes, w.keepAside()...)
	w.last = next
	size := w.opts.Reserve
	if size == 0 {
		size = DefaultReserve
	}
	if w.reserve, err = ensureReserve(w.dir, size); err != nil {
		return err
	}
	recs := make([]Record, len(notes))
	for i, n := range notes {
		body, err := json.Marshal(n.body)
		if err != nil {
			return fmt.Errorf("claimlog: note: %w", err)
		}
		recs[i] = Record{Kind: KindNote, Source: "table", Type: n.typ, Body: body}
		w.repairs = append(w.repairs, n.body.Text)
	}
	if err := w.Append(recs); err != nil {
		return err
	}
	ck.save(w.damage)
	return nil
}

// The types of the notes the writer adds itself: a repair of the newest
// file (what was cut), damage found in a whole line.
const (
	TypeRepair = "repair"
	TypeDamage = "damage"
)

type noteRec struct {
	typ  string
	body writerNote
}

// keepAside copies every damaged line, by file, to <file>.damaged with
// its line number, and returns a note for each file whose damage no
// earlier Open noted. The log files themselves are never rewritten.
func (w *Writer) keepAside() []noteRec {
	var order []string
	byFile := map[string][]Damage{}
	for _, d := range w.damage {
		if byFile[d.File] == nil {
			order = append(order, d.File)
		}
		byFile[d.File] = append(byFile[d.File], d)
	}
	var notes []noteRec
	for _, file := range order {
		var text, report []string
		var side bytes.Buffer
		for _, d := range byFile[file] {
			text = append(text, strings.TrimPrefix(d.String(), filepath.Base(file)+" "))
			// What was noted is the line and its bytes; which numbers it
			// held may be known better later.
			fmt.Fprintf(&side, "line %d: %s\n", d.Line, d.What)
			if d.raw != nil {
				fmt.Fprintf(&side, "\t%s\n", strconv.Quote(string(d.raw)))
			}
		}
		aside := file + ".damaged"
		if old, err := os.ReadFile(aside); err == nil && bytes.Equal(old, side.Bytes()) {
			continue // noted by an earlier Open
		}
		report = append(report, fmt.Sprintf("damage in %s: %s", filepath.Base(file), strings.Join(text, "; ")))
		if err := writeFileSync(aside, side.Bytes()); err != nil {
			report = append(report, fmt.Sprintf("(could not keep it aside: %v)", err))
		} else {
			report = append(report, fmt.Sprintf("(kept aside in %s)", filepath.Base(aside)))
		}
		notes = append(notes, noteRec{TypeDamage, writerNote{Text: strings.Join(report, " ")}})
	}
	return notes
}

func writeFileSync(path string, b []byte) error {
	f, err := openNoFollow(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return errOf(err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	return errors.Join(errOf(err), errOf(f.Close()))
}

// tailCut is what repairTail cut off the newest file.
type tailCut struct {
	text  string
	hi    uint64 // the highest number on a whole line cut
	zeros int    // the length of a torn last line of zero bytes only
}

// minLineLen is the shortest a record's line can be: that of a record
// with nothing in it but its number, 1.
var minLineLen = func() int {
	line, _ := encodeRecord(Record{Seq: 1}, 0)
	return len(line)
}()

// repairTail cuts off the newest file what a crash left unfinished: the
// fill its writer had put ahead, a last line without its newline, and the
// whole lines of a batch cut short. A whole line that is damaged is never
// cut.
func repairTail(lf logFile) (*tailCut, error) {
	if err := trimFillPath(lf.path); err != nil {
		return nil, err
	}
	if endsWhole(lf) {
		return nil, nil
	}
	b, err := os.ReadFile(lf.path)
	if err != nil {
		return nil, fmt.Errorf("claimlog: read %s: %w", lf.path, errOf(err))
	}
	keep, hi, recs := wholePrefix(b, lf.sealed)
	if keep == len(b) {
		return nil, nil
	}
	line := bytes.Count(b[:keep], []byte("\n")) + 1
	what := []string{}
	if recs > 0 {
		what = append(what, fmt.Sprintf("%d whole records of a batch cut short (%d-%d)", recs, hi-uint64(recs)+1, hi))
	}
	zeros := 0
	if torn := b[bytes.LastIndexByte(b, '\n')+1:]; len(torn) > 0 {
		if len(bytes.Trim(torn, "\x00")) == 0 {
			zeros = len(torn)
			what = append(what, fmt.Sprintf("a last line of %d zero bytes", len(torn)))
		} else {
			what = append(what, fmt.Sprintf("a torn last line of %d bytes", len(torn)))
		}
	}
	f, err := openNoFollow(lf.path, os.O_WRONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("claimlog: repair %s: %w", lf.path, errOf(err))
	}
	err = f.Truncate(int64(keep))
	if err == nil {
		err = f.Sync()
	}
	if err = errors.Join(errOf(err), errOf(f.Close())); err != nil {
		return nil, fmt.Errorf("claimlog: repair %s: %w", lf.path, err)
	}
	text := fmt.Sprintf("repaired %s: cut %s from line %d (%d bytes)", filepath.Base(lf.path), strings.Join(what, " and "), line, len(b)-keep)
	return &tailCut{text: text, hi: hi, zeros: zeros}, nil
}

// tailWindow is how much of the newest file's end endsWhole reads.
const tailWindow = 64 << 10

// endsWhole reports, from the end of the file alone, that repairTail has
// nothing to cut: the file is empty, or ends with a newline and its last
// line is not a record that says more of its batch follows (wholePrefix
// stops there). Reading the whole file for that was most of an Open. When
// it cannot tell (a last line longer than the window, an error reading),
// it says no, and the whole file is read as before (an error then is
// reported as it always was).
func endsWhole(lf logFile) bool {
	f, err := os.Open(lf.path)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	size := fi.Size()
	if size == 0 {
		return true
	}
	off := max(0, size-tailWindow)
	b := make([]byte, size-off)
	if _, err := f.ReadAt(b, off); err != nil || b[len(b)-1] != '\n' {
		return false
	}
	nl := bytes.LastIndexByte(b[:len(b)-1], '\n')
	if nl < 0 && off > 0 {
		return false // the last line starts before the window
	}
	w, err := decodeLine(b[nl+1:len(b)-1], lf.sealed, nil)
	return err != nil || w.Seq == 0 || w.More == 0
}

// wholePrefix is how much of a file's bytes to keep after a crash: up to
// the last newline, less the whole lines of a batch cut short at the end
// (records that say more of their batch follow, which do not). It returns
// the highest number on a whole line it cut and how many it cut.
func wholePrefix(b []byte, sealed bool) (keep int, hi uint64, recs int) {
	keep = bytes.LastIndexByte(b, '\n') + 1
	var next *wire
	for keep > 0 {
		start := bytes.LastIndexByte(b[:keep-1], '\n') + 1
		w, err := decodeLine(b[start:keep-1], sealed, nil)
		if err != nil || w.Seq == 0 || w.More == 0 {
			break
		}
		if next != nil && (next.Seq != w.Seq+1 || next.More != w.More-1) {
			break // not the same batch
		}
		hi, recs = max(hi, w.Seq), recs+1
		keep, next = start, &w
	}
	return keep, hi, recs
}
