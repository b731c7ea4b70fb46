package claimlog

import (
	"encoding/json"
	"fmt"
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
// when the note holds it, else the named profile with the note's window
// and deadline.
func (s Session) RuleProfile() (engine.Profile, error) {
	if s.Profile != nil {
		if err := s.Profile.Validate(); err != nil {
			return *s.Profile, fmt.Errorf("claimlog: session from record %d: %w", s.FirstSeq, err)
		}
		return *s.Profile, nil
	}
	p, err := engine.ProfileByName(s.Rules)
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
	var cur *Session
	var recs recordChunks
	s := &scanner{bodies: &bodySlab{}, fn: func(r Record) error {
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
// nil when the log holds none.
func LastSession(dir string) (*Session, []Record, error) {
	var last *Session
	var recs []Record
	err := Sessions(dir, func(s Session, r []Record) error {
		last, recs = &s, r
		return nil
	})
	return last, recs, err
}
