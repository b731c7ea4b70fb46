package journal

import (
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
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
	// Revising is how the table re-decided when inputs came late
	// (Revises, which a table starting a session writes): a note without
	// it was written by a release whose tables re-decided as
	// table.Config.OverwritingRevisions says, and its session replays and
	// resumes so, as it was decided.
	Revising int `json:"revising,omitempty"`
}

// RevisingKept is the Revising of the tables that keep each standing
// outcome once when they re-decide; Revises is this release's.
const (
	RevisingKept = 1
	Revises      = RevisingKept
)

// Overwriting reports whether the session's table re-decided as the
// releases before Revising was recorded did.
func (s Session) Overwriting() bool { return s.Revising < RevisingKept }

// RuleProfile is the rule profile the session was played under: Profile
// when the note holds it (fields it lacks decode to what the code that
// wrote it did), else the profile its name meant when such notes were
// written (ema2016 then ruled as wrc2015 does now), with the note's window
// and deadline.
func (s Session) RuleProfile() (engine.Profile, error) {
	if s.Profile != nil {
		if err := s.Profile.Validate(); err != nil {
			return *s.Profile, fmt.Errorf("journal: session from record %d: %w", s.FirstSeq, err)
		}
		return *s.Profile, nil
	}
	p, err := engine.RecordedProfile(s.Rules)
	if err != nil {
		return p, fmt.Errorf("journal: session from record %d: %w", s.FirstSeq, err)
	}
	p.Window, p.CallDeadline = time.Duration(s.WindowNS), time.Duration(s.DeadlineNS)
	// Such a log was written before the score was kept: it replays
	// without one, as it was decided.
	p.Score = nil
	if err := p.Validate(); err != nil {
		return p, fmt.Errorf("journal: session from record %d: %w", s.FirstSeq, err)
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
func (s Session) Note(restart bool) (claimlog.Record, error) {
	typ := claimlog.TypeSession
	if restart {
		typ = claimlog.TypeRestart
	}
	body, err := json.Marshal(s)
	if err != nil {
		return claimlog.Record{}, fmt.Errorf("journal: session note: %w", err)
	}
	return claimlog.Record{Kind: claimlog.KindNote, Source: "table", Type: typ, Body: body}, nil
}

// SessionOf decodes the body of a session or restart note.
func SessionOf(r claimlog.Record) (Session, error) {
	var s Session
	if err := json.Unmarshal(r.Body, &s); err != nil {
		return s, fmt.Errorf("journal: record %d: session note: %w", r.Seq, err)
	}
	return s, nil
}

// Sessions calls fn with every session of the log in dir, in order, and
// the records after its note up to the next session's (claimlog.Sessions).
func Sessions(dir string, fn func(Session, []claimlog.Record) error) error {
	return claimlog.Sessions(dir, func(note claimlog.Record, recs []claimlog.Record) error {
		s, err := SessionOf(note)
		if err != nil {
			return err
		}
		return fn(s, recs)
	})
}

// LastSession is the newest session of the log in dir and its records;
// nil when the log holds none (claimlog.LastSession).
func LastSession(dir string) (*Session, []claimlog.Record, error) {
	note, recs, err := claimlog.LastSession(dir)
	if err != nil || note == nil {
		return nil, recs, err
	}
	s, err := SessionOf(*note)
	if err != nil {
		return nil, nil, err
	}
	return &s, recs, nil
}
