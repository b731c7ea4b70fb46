package claimlog

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// The types of the notes that open a session.
const (
	// TypeSession opens a session: a table started with fresh state.
	TypeSession = "session"
	// TypeRestart is a table that resumed the session before it (after a
	// restart or a power cut): its records belong to that session.
	TypeRestart = "restart"
)

// Sessions calls fn with the note that opens every session of the log in
// dir (a TypeSession note: package journal reads its body), in order, and
// the records after it up to the next session's (a restart note and
// what a resumed table wrote stay with the session it resumed). Records
// before the first session note belong to none and are skipped. It reads
// past damage as Read does; an error from fn ends it. fn may keep the
// records: each session's are a slice of their own.
func Sessions(dir string, fn func(note Record, recs []Record) error) error {
	return sessionsFrom(dir, 0, fn)
}

// sessionsFrom is Sessions over the files from the one that holds record
// from on (0: every file).
func sessionsFrom(dir string, from uint64, fn func(Record, []Record) error) error {
	var cur *Record
	var recs recordChunks
	s := &scanner{f: Filter{FromSeq: from}, bodies: &bodySlab{}, fn: func(r Record) error {
		if r.Kind == KindNote && r.Type == TypeSession {
			if cur != nil {
				if err := fn(*cur, recs.take()); err != nil {
					return err
				}
			}
			cur = &r
			recs.reset()
			return nil
		}
		if cur != nil {
			recs.add(r)
		}
		return nil
	}}
	err := s.all(dir)
	if err == nil && cur != nil {
		err = fn(*cur, recs.take())
	}
	return err
}

// chunkLen is how many records a chunk of recordChunks holds.
const chunkLen = 1024

// recordChunks gathers a session's records in fixed chunks, reused from
// one session to the next, and makes them one slice once at the end: a
// slice grown record by record was copied over and over, and most of a
// resume's reading was that.
type recordChunks struct {
	chunks [][]Record
	n      int
}

func (c *recordChunks) add(r Record) {
	i := c.n / chunkLen
	if i == len(c.chunks) {
		c.chunks = append(c.chunks, make([]Record, 0, chunkLen))
	}
	c.chunks[i] = append(c.chunks[i], r)
	c.n++
}

// take is the records gathered since the last reset, in a slice of their
// own (nil when there are none).
func (c *recordChunks) take() []Record {
	if c.n == 0 {
		return nil
	}
	out := make([]Record, 0, c.n)
	for _, ch := range c.chunks {
		out = append(out, ch...)
	}
	return out
}

// reset empties the chunks for the next session; their arrays are kept.
func (c *recordChunks) reset() {
	for i := range c.chunks {
		clear(c.chunks[i])
		c.chunks[i] = c.chunks[i][:0]
	}
	c.n = 0
}

// LastSession is the note that opens the newest session of the log in dir
// and the session's records; nil when the log holds none. It reads from the newest file that holds a
// session note on: a restart after weeks of play reads its last session,
// not the whole history.
func LastSession(dir string) (*Record, []Record, error) {
	from, err := lastNoteFile(dir)
	if err != nil {
		return nil, nil, err
	}
	var last *Record
	var recs []Record
	err = sessionsFrom(dir, from, func(note Record, r []Record) error {
		last, recs = &note, r
		return nil
	})
	return last, recs, err
}

// sessionMark is what the line of every session note holds, and no other
// line can (a string inside a body has its quotes escaped).
var sessionMark = typeMark(TypeSession)

// lastNoteFile is the first record number of the newest file of the log in
// dir whose bytes hold a session note; 0 (read every file) when none does.
// It only looks: the records are read, checked and parsed by the scan.
func lastNoteFile(dir string) (uint64, error) {
	files, err := listFiles(dir)
	if err != nil {
		return 0, err
	}
	for i := len(files) - 1; i > 0; i-- {
		found, err := fileHolds(files[i].path, sessionMark)
		if err != nil {
			return 0, err
		}
		if found {
			return files[i].first, nil
		}
	}
	return 0, nil
}

// fileHolds reports whether the file at path holds mark, reading it in
// blocks rather than whole (a day's file can be tens of megabytes).
func fileHolds(path string, mark []byte) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, fmt.Errorf("claimlog: open %s: %w", path, err)
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	tail := 0 // the end of the last block, where a mark may begin
	for {
		n, err := f.Read(buf[tail:])
		end := tail + n
		if bytes.Contains(buf[:end], mark) {
			return true, nil
		}
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("claimlog: read %s: %w", path, err)
		}
		tail = min(len(mark)-1, end)
		copy(buf, buf[end-tail:end])
	}
}
