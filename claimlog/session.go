package claimlog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"time"

	"github.com/tabled/tabled/engine"
)

// The types of the notes that open a session.
const (
	// TypeSession opens a session: a table started with fresh state.
	TypeSession = "session"
	// TypeRestart is a table that resumed the session before it (after a
	// restart or a power cut): its records belong to that session.
	TypeRestart = "restart"
)

// Session is the body of the note that opens each session of the log (and
// of the note a resumed table writes): the rules in force, so that a replay
// needs nothing but the log.
type Session struct {
	Version      string `json:"version"`
	Table        string `json:"table"`
	Rules        string `json:"rules"`
	WindowNS     int64  `json:"window_ns"`
	DeadlineNS   int64  `json:"call_deadline_ns"`
	Dealer       int    `json:"dealer"`
	FirstSeq     uint64 `json:"first_seq"`
	InputLatency int64  `json:"input_latency_ns"`
	// Profile is the whole rule profile in force, so that a replay never
	// depends on the defaults of the code that reads the log. Logs written
	// before it was recorded name the profile by Rules, window and deadline.
	Profile *engine.Profile `json:"profile,omitempty"`
}

// RuleProfile is the rule profile the session was played under: Profile
// when the note holds it (fields it lacks decode to what the code that
// wrote it did), else the profile its name meant when such notes were
// written (ema2016 then ruled as wrc2015 does now), with the note's window
// and deadline.
func (s Session) RuleProfile() (engine.Profile, error) {
	if s.Profile != nil {
		if err := s.Profile.Validate(); err != nil {
			return *s.Profile, fmt.Errorf("claimlog: session from record %d: %w", s.FirstSeq, err)
		}
		return *s.Profile, nil
	}
	p, err := engine.RecordedProfile(s.Rules)
	if err != nil {
		return p, fmt.Errorf("claimlog: session from record %d: %w", s.FirstSeq, err)
	}
	p.Window, p.CallDeadline = time.Duration(s.WindowNS), time.Duration(s.DeadlineNS)
	if err := p.Validate(); err != nil {
		return p, fmt.Errorf("claimlog: session from record %d: %w", s.FirstSeq, err)
	}
	return p, nil
}

// SameRules reports whether o was played under the rules of s (the whole
// profile and the first dealer), so a table of o may resume s.
func (s Session) SameRules(o Session) bool {
	p, err1 := s.RuleProfile()
	q, err2 := o.RuleProfile()
	return err1 == nil && err2 == nil && reflect.DeepEqual(p, q) && s.Dealer == o.Dealer
}

// Note is the record that opens the session (TypeSession) or, with
// restart, says a table resumed it (TypeRestart).
func (s Session) Note(restart bool) (Record, error) {
	typ := TypeSession
	if restart {
		typ = TypeRestart
	}
	body, err := json.Marshal(s)
	if err != nil {
		return Record{}, fmt.Errorf("claimlog: session note: %w", err)
	}
	return Record{Kind: KindNote, Source: "table", Type: typ, Body: body}, nil
}

// Session decodes the body of a session or restart note.
func (r Record) Session() (Session, error) {
	var s Session
	if err := json.Unmarshal(r.Body, &s); err != nil {
		return s, fmt.Errorf("claimlog: record %d: session note: %w", r.Seq, err)
	}
	return s, nil
}

// Sessions calls fn with every session of the log in dir, in order, and
// the records after its note up to the next session's (a restart note and
// what a resumed table wrote stay with the session it resumed). Records
// before the first session note belong to none and are skipped. It reads
// past damage as Read does; an error from fn ends it. fn may keep the
// records: each session's are a slice of their own.
func Sessions(dir string, fn func(Session, []Record) error) error {
	return sessionsFrom(dir, 0, fn)
}

// sessionsFrom is Sessions over the files from the one that holds record
// from on (0: every file).
func sessionsFrom(dir string, from uint64, fn func(Session, []Record) error) error {
	var cur *Session
	var recs recordChunks
	s := &scanner{f: Filter{FromSeq: from}, bodies: &bodySlab{}, fn: func(r Record) error {
		if r.Kind == KindNote && r.Type == TypeSession {
			if cur != nil {
				if err := fn(*cur, recs.take()); err != nil {
					return err
				}
			}
			s, err := r.Session()
			if err != nil {
				return err
			}
			cur = &s
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

// LastSession is the newest session of the log in dir and its records;
// nil when the log holds none. It reads from the newest file that holds a
// session note on: a restart after weeks of play reads its last session,
// not the whole history.
func LastSession(dir string) (*Session, []Record, error) {
	from, err := lastNoteFile(dir)
	if err != nil {
		return nil, nil, err
	}
	var last *Session
	var recs []Record
	err = sessionsFrom(dir, from, func(s Session, r []Record) error {
		last, recs = &s, r
		return nil
	})
	return last, recs, err
}

// sessionMark is what the line of every session note holds, and no other
// line can (a string inside a body has its quotes escaped).
var sessionMark = []byte(`,"type":"` + TypeSession + `",`)

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
